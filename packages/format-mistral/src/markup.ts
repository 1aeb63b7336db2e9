/**
 * The markup, declared for the core stream engine. One block: `[TOOL_CALLS]` up to the next
 * `[TOOL_CALLS]` (v11 / v13 write one token per call; two in one output also happen in v3) or
 * the end of the output — the model stops after its calls (`</s>`), so there is no close token.
 */
import type { MarkupSpec, ReasoningSpec } from '@toolformat/core/kit';
import { announceCall, type GenerationFormats, readToolCalls } from './calls-body.js';
import { EOS, THINK, THINK_END, TOOL_CALLS } from './tokens.js';

export const REASONING: readonly ReasoningSpec[] = [
  // Magistral 2507+, Ministral 3 Reasoning: special tokens. First: `reasoningOpen` opens this one.
  { open: [THINK], close: [THINK_END] },
  // Magistral 2506 wrote its thinking in plain-text tags.
  { open: ['<think>'], close: ['</think>'] },
];

export function buildMarkup(id: string, formats: GenerationFormats): MarkupSpec {
  return {
    id,
    blocks: [
      {
        open: TOOL_CALLS,
        close: 'end-of-output',
        closeBefore: TOOL_CALLS,
        // A `[TOOL_CALLS]` inside a JSON string of the arguments does not start another call.
        guard: 'json',
        body: (body, ctx) => readToolCalls(body, ctx, formats),
        // Streams announce a call once its name is written, and send its arguments as they come.
        announce: announceCall,
        format: formats.v13,
        // A special token of Mistral's tokenizer: prose does not write it.
        confidence: 0.95,
      },
    ],
    reasoning: REASONING,
    strip: [EOS],
  };
}
