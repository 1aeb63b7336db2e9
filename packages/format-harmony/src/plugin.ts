/**
 * The plugin the router registers: the family id `harmony` (the format's name), the alias
 * `gpt-oss` (the models'), and the names gpt-oss is served under.
 */
import { definePlugin, type ModelPattern } from '@toolformat/core';
import { createHarmonyFormat } from './format.js';
import { HARMONY_ID } from './markup.js';

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
  create: () => createHarmonyFormat(),
});
