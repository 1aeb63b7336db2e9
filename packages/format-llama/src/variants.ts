/**
 * The variants of the family: one per prompt/renderer style. Parsing is shared: every variant
 * reads every form.
 */
import { defineVariants, type FormatVariant } from '@toolformat/core/kit';
import { END_TOKENS } from './markup.js';
import { functionaryPrompt, functionTagPrompt, llamaJsonPrompt, pythonicPrompt } from './prompt.js';
import { renderCalls, renderResult } from './render.js';

export interface VariantDefinition extends FormatVariant {
  /** The prompt ends with `>>>` (Functionary v3.2): the output may start at a recipient. */
  recipientStart?: boolean;
}

const LLAMA3_STOPS = ['<|eot_id|>', '<|eom_id|>'];
const LLAMA4_STOPS = ['<|eot|>', '<|eom|>'];

export const VARIANTS = defineVariants('llama', 'llama', {
  /** Llama 3.1 / 3.3 (HF template): JSON calls, built-in tools after `<|python_tag|>`. */
  llama: {
    prompt: llamaJsonPrompt,
    stops: LLAMA3_STOPS,
    calls: renderCalls.json,
    result: renderResult.tojson,
  },
  /** Llama 3.2 (doc, vLLM's pythonic template), OLMo 3. */
  pythonic: {
    prompt: pythonicPrompt,
    stops: LLAMA3_STOPS,
    calls: renderCalls.pythonic,
    result: renderResult.tojson,
  },
  /** Llama 4: pythonic, end tokens `<|eot|>` / `<|eom|>`. */
  llama4: {
    prompt: pythonicPrompt,
    stops: LLAMA4_STOPS,
    calls: renderCalls.pythonic,
    result: renderResult.tojson,
  },
  /** Functionary v3.2: `>>>recipient`. */
  functionary: {
    prompt: functionaryPrompt,
    stops: ['<|eot_id|>'],
    calls: renderCalls.recipients,
    result: renderResult.plain,
    recipientStart: true,
  },
  /** Functionary v3.1 and Llama 3.1's zero-shot `<function=…>` format. */
  'functionary-v3.1': {
    prompt: functionTagPrompt,
    stops: LLAMA3_STOPS,
    calls: renderCalls.functionTags,
    result: renderResult.plain,
  },
} satisfies Record<string, VariantDefinition>);

export type LlamaVariant = (typeof VARIANTS.ids)[number];

/** Everything the family's markup removes from text. */
export const ALL_END_TOKENS: readonly string[] = END_TOKENS;
