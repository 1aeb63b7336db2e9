/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers.
 *
 * The plugin the router registers: the family id `mistral` (the current generation, v13), an
 * alias per generation, and the model names each one serves. The router takes the most specific
 * pattern, so `mistral-small-3.2*` (v11) beats `mistral-small*` (v3).
 */

import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { VARIANTS } from './variants.js';

/** What each generation's markup is reported as, whichever variant read it. */
const GENERATION_FORMATS = {
  v3: VARIANTS.handlerId('v3'),
  v11: VARIANTS.handlerId('v11'),
  v13: VARIANTS.handlerId('v13'),
};

export function createMistralFormat(variant: string = VARIANTS.defaultVariant): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: buildMarkup(id, GENERATION_FORMATS),
    variant: def,
  });
}

const aliases: FormatAlias[] = [
  { id: 'mistral-v3', variant: 'v3' },
  { id: 'mistral-v11', variant: 'v11' },
  { id: 'mistral-v13', variant: 'v13' },
];

const modelPatterns: ModelPattern[] = [
  // v3 / v7 tokenizers: `[TOOL_CALLS][{…, "id"}]`.
  { match: '*mistral-7b-instruct-v0.3*', variant: 'v3' },
  { match: 'mistral:7b*', variant: 'v3' },
  { match: 'mistral:latest', variant: 'v3' },
  { match: '*mistral-nemo*', variant: 'v3' },
  { match: 'mistral-nemo:*', variant: 'v3' },
  { match: '*mistral-small*', variant: 'v3' },
  { match: '*mistral-large-2407*', variant: 'v3' },
  { match: '*mistral-large-2411*', variant: 'v3' },
  { match: '*mistral-large-instruct-2407*', variant: 'v3' },
  { match: '*mistral-large-instruct-2411*', variant: 'v3' },
  { match: '*mixtral-8x22b*', variant: 'v3' },
  { match: '*ministral-8b*', variant: 'v3' },
  { match: '*devstral-small-2505*', variant: 'v3' },
  // v11: `NAME[CALL_ID]ID[ARGS]{…}`.
  { match: '*mistral-small-3.2*', variant: 'v11' },
  { match: '*mistral-small3.2*', variant: 'v11' },
  { match: '*mistral-small-2506*', variant: 'v11' },
  { match: '*mistral-small-3.2-24b-instruct-2506*', variant: 'v11' },
  { match: '*magistral-small-2506*', variant: 'v11' },
  { match: '*magistral-medium-2506*', variant: 'v11' },
  // v13: `NAME[ARGS]{…}`, `[THINK]` on reasoning models.
  { match: '*devstral*', variant: 'v13' },
  { match: '*magistral*', variant: 'v13' },
  { match: '*ministral-3*', variant: 'v13' },
  { match: 'ministral-3:*', variant: 'v13' },
  { match: '*mistral-large-3*', variant: 'v13' },
  { match: '*mistral-medium*', variant: 'v13' },
];

export const mistralPlugin = definePlugin({
  id: 'mistral',
  aliases,
  modelPatterns,
  create: (options) =>
    createMistralFormat(typeof options?.variant === 'string' ? options.variant : VARIANTS.defaultVariant),
});
