/**
 * The variants of the family: one per prompt/renderer style. Parsing is shared: every variant
 * reads every form.
 */
import { defineVariants, type FormatVariant } from '@toolformat/core/kit';
import {
  functionGemmaPrompt,
  gemma4Prompt,
  pythonicPrompt,
  toolCodePrompt,
  toolRequestPrompt,
} from './prompt.js';
import { renderCalls, renderResult } from './render.js';

/** Gemma 2 / 3 / 3n turns end with `<end_of_turn>` (Ollama's gemma3 stop), `<eos>` at the end. */
const GEMMA_STOPS = ['<end_of_turn>', '<eos>'];

export const VARIANTS = defineVariants('gemma', 'gemma', {
  /** Gemma 2 / 3 / 3n with the cookbook's ```tool_code prompt. */
  gemma: {
    prompt: toolCodePrompt,
    // The model would go on to invent the ```tool_output itself.
    stops: [...GEMMA_STOPS, '```tool_output'],
    calls: renderCalls.toolCode,
    result: renderResult.toolOutput,
  },
  /** Gemma 3 with vLLM's pythonic template / Google's pythonic prompt. */
  pythonic: {
    prompt: pythonicPrompt,
    stops: GEMMA_STOPS,
    calls: renderCalls.pythonic,
    result: renderResult.toolResponse,
  },
  /** LM Studio's default tool use. */
  'tool-request': {
    prompt: toolRequestPrompt,
    stops: [...GEMMA_STOPS, '[TOOL_RESULT]'],
    calls: renderCalls.toolRequest,
    result: renderResult.plain,
  },
  /** FunctionGemma (Gemma 3 270M): `<start_function_response>` is a stop sequence (Google's doc). */
  functiongemma: {
    prompt: functionGemmaPrompt,
    stops: ['<start_function_response>', ...GEMMA_STOPS],
    calls: renderCalls.functionGemma,
    result: renderResult.functionGemma,
  },
  /** Gemma 4: the tool's answer is appended in the model turn, so its open token is the stop. */
  gemma4: {
    prompt: gemma4Prompt,
    stops: ['<|tool_response>', '<turn|>'],
    calls: renderCalls.gemma4,
    result: renderResult.gemma4,
  },
} satisfies Record<string, FormatVariant>);

export type GemmaVariant = (typeof VARIANTS.ids)[number];
