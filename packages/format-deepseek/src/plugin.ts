/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers.
 *
 * The plugin the router registers: the family id `deepseek`, an alias per version, and the model
 * names each version serves. Where two patterns match a model the router takes the more specific
 * one: `*deepseek-v3.1*` beats `*deepseek-v3*`. models.yaml overrides any of them
 * (`format: deepseek-v3.2`).
 */

import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { VARIANTS } from './variants.js';

export function createDeepseekFormat(variant: string = 'v3'): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: buildMarkup({ id: id, familyFormats: variant === 'v3' }),
    variant: def,
  });
}

const aliases: FormatAlias[] = [
  { id: 'deepseek-v2.5', variant: 'v3' },
  { id: 'deepseek-v3', variant: 'v3' },
  { id: 'deepseek-r1', variant: 'r1' },
  { id: 'deepseek-v3.1', variant: 'v3.1' },
  { id: 'deepseek-v3.2', variant: 'v3.2' },
  { id: 'deepseek-v4', variant: 'v4' },
  { id: 'dsml', variant: 'v3.2' },
];

/** Each version under the spellings model names use: `deepseek-v3.1`, `deepseek_v3_1`, `DeepSeek-V3.1-Terminus`. */
function versions(version: string, variant: string): ModelPattern[] {
  const underscored = version.replaceAll('.', '_');
  const forms = new Set([`*deepseek-${version}*`, `*deepseek_${underscored}*`, `*deepseek-${underscored}*`]);
  return [...forms].map((match) => ({ match, variant }));
}

const modelPatterns: ModelPattern[] = [
  ...versions('v2.5', 'v3'),
  ...versions('v3', 'v3'),
  ...versions('r1', 'r1'),
  ...versions('v3.1', 'v3.1'),
  ...versions('v3.2', 'v3.2'),
  ...versions('v4', 'v4'),
  { match: '*deepseek-reasoner*', variant: 'r1' },
];

export const deepseekPlugin = definePlugin({
  id: 'deepseek',
  aliases,
  modelPatterns,
  create: (options) => createDeepseekFormat(typeof options?.variant === 'string' ? options.variant : 'v3'),
});
