/**
 * The plugin the router registers: the family id `llama`, an alias per variant (the corpus
 * families `llama`, `pythonic`, `functionary` are valid `--format`s), and the models each serves.
 */
import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import { createLlamaFormat } from './format.js';

const aliases: FormatAlias[] = [
  { id: 'pythonic', variant: 'pythonic' },
  { id: 'llama3.2', variant: 'pythonic' },
  { id: 'olmo3', variant: 'pythonic' },
  { id: 'llama4', variant: 'llama4' },
  { id: 'functionary', variant: 'functionary' },
  { id: 'functionary-v3.2', variant: 'functionary' },
  { id: 'functionary-v3.1', variant: 'functionary-v3.1' },
  { id: 'llama3.1', variant: 'llama' },
];

const modelPatterns: ModelPattern[] = [
  { match: '*llama-3.1*' },
  { match: '*llama3.1*' },
  { match: '*llama-3.3*' },
  { match: '*llama3.3*' },
  { match: '*llama-3.2*', variant: 'pythonic' },
  { match: '*llama3.2*', variant: 'pythonic' },
  { match: '*llama-4*', variant: 'llama4' },
  { match: '*llama4*', variant: 'llama4' },
  { match: 'olmo-3*', variant: 'pythonic' },
  { match: '*olmo-3*', variant: 'pythonic' },
  { match: '*functionary*v3.2*', variant: 'functionary' },
  { match: '*functionary*v3.1*', variant: 'functionary-v3.1' },
  { match: '*functionary*', variant: 'functionary' },
];

export const llamaPlugin = definePlugin({
  id: 'llama',
  aliases,
  modelPatterns,
  create: (options) => createLlamaFormat(typeof options?.variant === 'string' ? options.variant : 'llama'),
});
