/**
 * One variant → a complete handler: the variant's markup (markup.ts) run by the core stream
 * engine, its prompt, stops and renderers, and the family's sanitizer and detector.
 *
 * The plugin the router registers: the family id `solar`, the alias `solar-open`, and the model
 * names it serves. Model names are matched case-insensitively, also after the last `/`
 * (`upstage/Solar-Open-100B`). Upstage's other Solar models (Solar Pro, Solar Mini, the older
 * SOLAR-10.7B) have other chat formats and are deliberately not matched.
 */

import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import { type DetectSign, defineFormat, detectSigns, type MarkupFormatHandler } from '@toolformat/core/kit';
import {
  BEGIN_ASSISTANT,
  CALL_BEGIN,
  CONTENT,
  OPEN2_CALL_START,
  STRAY_TOKENS,
  TOOL_CALLS,
} from './tokens.js';
import { VARIANTS } from './variants.js';

/**
 * How sure the text holds Solar Open markup: a call token, the calls token, or at least the
 * assistant header or content token (the answer segment of a Solar turn).
 */
const SIGNS: readonly DetectSign[] = [
  [CALL_BEGIN, 0.95],
  [OPEN2_CALL_START, 0.95],
  [TOOL_CALLS, 0.9],
  [BEGIN_ASSISTANT, 0.5],
  [CONTENT, 0.5],
];

export function createSolarFormat(variant: string = VARIANTS.defaultVariant): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: def.markup(id),
    variant: def,
    strayTokens: STRAY_TOKENS,
    detect: detectSigns(SIGNS),
  });
}

const aliases: FormatAlias[] = [
  { id: 'solar-open', variant: 'open' },
  { id: 'solar-open2', variant: 'open2' },
  { id: 'solar_open2', variant: 'open2' },
];

const modelPatterns: ModelPattern[] = [
  // More specific than `*solar-open*`, so Solar Open 2 names take their own variant.
  { match: '*solar-open2*', variant: 'open2' },
  { match: '*solar-open-2*', variant: 'open2' },
  { match: '*solar_open2*', variant: 'open2' },
  { match: '*solar-open*', variant: 'open' },
  { match: '*solar_open*', variant: 'open' },
];

export const solarPlugin = definePlugin({
  id: 'solar',
  aliases,
  modelPatterns,
  create: (options) => createSolarFormat(typeof options?.variant === 'string' ? options.variant : 'open'),
});
