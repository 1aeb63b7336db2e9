/**
 * The handler: the markup (markup.ts) run by the core stream engine, with the variant's prompt,
 * stops and renderers (variants.ts).
 *
 * The plugin the router registers: the family id `harmony` (the format's name), the alias
 * `gpt-oss` (the models'), and the names gpt-oss is served under.
 */

import { definePlugin, type ModelPattern } from '@toolformat/core';
import { type DetectSign, defineFormat, detectSigns, type MarkupFormatHandler } from '@toolformat/core/kit';
import { buildMarkup, HARMONY_ID } from './markup.js';
import { CALL, CHANNEL, CONSTRAIN, FUNCTIONS_PREFIX, MESSAGE, RETURN, START_ASSISTANT } from './tokens.js';
import { VARIANTS } from './variants.js';

/**
 * How sure a text holds harmony markup. The special tokens are the format's own (no other family
 * writes `<|channel|>` or `<|message|>`); `to=functions.` is the recipient written without them;
 * the stop tokens alone say little.
 */
const SIGNS: readonly DetectSign[] = [
  [CHANNEL, 0.95],
  [CONSTRAIN, 0.95],
  [MESSAGE, 0.9],
  [START_ASSISTANT, 0.9],
  [`to=${FUNCTIONS_PREFIX}`, 0.8],
  [CALL, 0.5],
  [RETURN, 0.5],
];

export function createHarmonyFormat(variant: string = VARIANTS.defaultVariant): MarkupFormatHandler {
  const { def } = VARIANTS.resolve(variant);
  return defineFormat({ markup: buildMarkup(), variant: def, detect: detectSigns(SIGNS) });
}

const modelPatterns: ModelPattern[] = [
  // Hugging Face (`openai/gpt-oss-20b`), GGUF repackagings (`unsloth/gpt-oss-120b-GGUF`),
  // Ollama (`gpt-oss:20b`), OpenRouter (`openai/gpt-oss-120b:free`).
  { match: 'gpt-oss*' },
  { match: 'openai/gpt-oss-*' },
  { match: '*gpt-oss*' },
];

export const harmonyPlugin = definePlugin({
  id: HARMONY_ID,
  aliases: ['gpt-oss'],
  modelPatterns,
  create: (options) =>
    createHarmonyFormat(typeof options?.variant === 'string' ? options.variant : undefined),
});
