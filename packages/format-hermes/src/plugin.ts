/**
 * The plugin the router registers: the family id `hermes`, an alias per variant (so that every
 * family id of the peer conformance corpus is a valid `--format`), and the model names each
 * variant serves.
 * When two patterns match a model, the router takes the more specific one (`qwen3-coder-*`, which
 * the XML package claims, beats `qwen3-*`).
 */
import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import { createHermesFormat } from './format.js';
import { VARIANTS } from './variants.js';

// Every variant but the default is also a format id of its own (`--format granite`).
const variantAliases: FormatAlias[] = VARIANTS.ids
  .filter((id) => id !== VARIANTS.defaultVariant)
  .map((id): FormatAlias => ({ id, variant: id }));

// vLLM's parser name for the Phi-4-mini template's format.
variantAliases.push({ id: 'phi4_mini_json', variant: 'phi4-mini-json' });

// vLLM's `granite4` parser: Granite 4 writes Qwen's `<tool_call>{json}</tool_call>` (its models are
// routed to the `qwen` variant below); the alias names that family for `--format` and conformance.
variantAliases.push({ id: 'granite4', variant: 'qwen' });

const modelPatterns: ModelPattern[] = [
  // Hermes 2 Pro / 3 / 4 and their fine-tunes.
  { match: '*hermes-2-pro*' },
  { match: '*hermes-3*' },
  { match: '*hermes-4*' },
  { match: 'openhermes*' },
  // A Hermes fine-tune of Llama (`Hermes-3-Llama-3.1-8B`, `DeepHermes-3-Llama-3-8B`) writes
  // Hermes calls: the fine-tune's name must outweigh the base model's (`*llama-3.1*`).
  { match: '*hermes-*-llama*' },
  // Qwen2.5 / QwQ / Qwen3 (Qwen3-Coder and Qwen3.5 are XML: their patterns are more specific).
  { match: 'qwen2.5-*', variant: 'qwen' },
  { match: 'qwen2.5:*', variant: 'qwen' },
  { match: 'qwen3-*', variant: 'qwen' },
  { match: 'qwen3:*', variant: 'qwen' },
  { match: 'qwq*', variant: 'qwen' },
  { match: 'qwen3-next*', variant: 'qwen' },
  { match: 'granite-4*', variant: 'qwen' },
  { match: 'granite4*', variant: 'qwen' },
  { match: 'smollm3*', variant: 'qwen' },
  { match: '*cogito*', variant: 'qwen' },
  { match: 'granite-3*', variant: 'granite' },
  { match: 'granite3*', variant: 'granite' },
  { match: 'granite-20b-function*', variant: 'granite-20b-fc' },
  { match: 'xlam*', variant: 'json' },
  { match: '*-xlam-*', variant: 'json' },
  { match: 'lfm2*', variant: 'lfm2' },
  { match: '*nemotron-nano-*v2*', variant: 'nemotron' },
  { match: 'nemotron-mini*' },
  { match: 'minimax-m1*', variant: 'minimax-m1' },
  { match: '*jamba*', variant: 'jamba' },
  { match: 'hunyuan*', variant: 'hunyuan' },
  { match: 'phi-4-mini*', variant: 'phi4' },
  { match: 'phi4-mini*', variant: 'phi4' },
  { match: 'firefunction*', variant: 'firefunction' },
  { match: 'apertus*', variant: 'apertus' },
  { match: 'internlm2*', variant: 'internlm' },
  { match: 'internlm*', variant: 'internlm' },
  { match: 'longcat*', variant: 'longcat' },
  { match: 'ernie-4.5*', variant: 'ernie' },
  { match: '*gigachat*', variant: 'gigachat' },
  { match: '*inkling*', variant: 'inkling' },
];

export const hermesPlugin = definePlugin({
  id: 'hermes',
  aliases: variantAliases,
  modelPatterns,
  create: (options) => createHermesFormat(typeof options?.variant === 'string' ? options.variant : 'hermes'),
});
