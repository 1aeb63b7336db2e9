/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers.
 *
 * The plugin the router registers: the family id `kimi`, an alias per model, and the model names
 * each one serves. The router takes the most specific pattern, so `*kimi-k2-thinking*` beats
 * `*kimi-k2*`. Model names are matched case-insensitively, also after the last `/`
 * (`moonshotai/Kimi-K2-Instruct-0905`).
 */

import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import { type DetectSign, defineFormat, detectSigns, type MarkupFormatHandler } from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { CALL_BEGIN, K3_CALL_OPEN, SECTION_BEGIN, SECTION_BEGIN_SINGULAR, STRAY_TOKENS } from './tokens.js';
import { VARIANTS } from './variants.js';

/** How sure the text holds Kimi markup: a call token, or at least the section token. */
const SIGNS: readonly DetectSign[] = [
  [CALL_BEGIN, 0.95],
  [K3_CALL_OPEN, 0.95],
  [SECTION_BEGIN, 0.9],
  [SECTION_BEGIN_SINGULAR, 0.9],
];

export function createKimiFormat(variant: string = VARIANTS.defaultVariant): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: buildMarkup(id),
    variant: def,
    strayTokens: STRAY_TOKENS,
    detect: detectSigns(SIGNS),
  });
}

const aliases: FormatAlias[] = [
  { id: 'kimi-k2', variant: 'instruct' },
  { id: 'kimi-k2-0905', variant: '0905' },
  { id: 'kimi-k2-thinking', variant: 'thinking' },
  { id: 'kimi-k3', variant: 'k3' },
  // vLLM's parser name.
  { id: 'kimi_k3', variant: 'k3' },
];

const modelPatterns: ModelPattern[] = [
  // Kimi K2 Instruct (0711), and K2 models served under the family name (Ollama `kimi-k2:1t`).
  { match: '*kimi-k2*', variant: 'instruct' },
  { match: '*kimi_k2*', variant: 'instruct' },
  // Kimi K2 Instruct 0905.
  { match: '*kimi-k2-0905*', variant: '0905' },
  { match: '*kimi-k2-instruct-0905*', variant: '0905' },
  // Kimi K2 Thinking.
  { match: '*kimi-k2-thinking*', variant: 'thinking' },
  { match: '*kimi_k2_thinking*', variant: 'thinking' },
  // Kimi K3: XTML.
  { match: '*kimi-k3*', variant: 'k3' },
  { match: '*kimi_k3*', variant: 'k3' },
];

export const kimiPlugin = definePlugin({
  id: 'kimi',
  aliases,
  modelPatterns,
  create: (options) =>
    createKimiFormat(typeof options?.variant === 'string' ? options.variant : VARIANTS.defaultVariant),
});
