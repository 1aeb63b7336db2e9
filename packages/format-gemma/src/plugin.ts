/**
 * The plugin the router registers: the family id `gemma`, an alias per variant, and the models
 * each serves (the variant is chosen by model name; models.yaml can override it).
 */
import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import { createGemmaFormat } from './format.js';

const aliases: FormatAlias[] = [
  { id: 'functiongemma', variant: 'functiongemma' },
  { id: 'gemma4', variant: 'gemma4' },
  { id: 'gemma-pythonic', variant: 'pythonic' },
  { id: 'tool-request', variant: 'tool-request' },
  { id: 'lmstudio', variant: 'tool-request' },
  { id: 'tool-code', variant: 'gemma' },
];

const modelPatterns: ModelPattern[] = [
  { match: 'gemma-2-*' },
  { match: 'gemma-3-*' },
  { match: 'gemma-3n-*' },
  { match: 'gemma2*' },
  { match: 'gemma3*' },
  { match: '*/gemma-2-*' },
  { match: '*/gemma-3-*' },
  { match: '*/gemma-3n-*' },
  { match: 'functiongemma*', variant: 'functiongemma' },
  { match: '*/functiongemma*', variant: 'functiongemma' },
  { match: 'gemma-4-*', variant: 'gemma4' },
  { match: 'gemma4*', variant: 'gemma4' },
  { match: '*/gemma-4-*', variant: 'gemma4' },
];

export const gemmaPlugin = definePlugin({
  id: 'gemma',
  aliases,
  modelPatterns,
  create: (options) => createGemmaFormat(typeof options?.variant === 'string' ? options.variant : 'gemma'),
});
