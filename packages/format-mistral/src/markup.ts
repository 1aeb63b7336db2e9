/**
 * The markup, declared for the core stream engine. One block: `[TOOL_CALLS]` up to the next
 * `[TOOL_CALLS]` (v11 / v13 write one token per call; two in one output also happen in v3) or
 * the end of the output — the model stops after its calls (`</s>`), so there is no close token.
 */
import type { JsonCallsOptions, MarkupSpec, ReasoningSpec, TokenFieldsSpec } from '@toolformat/core/kit';
import { announceCall, readToolCalls } from './calls-body.js';
import { ARGS, CALL_ID, EOS, THINK, THINK_END, TOOL_CALLS } from './tokens.js';

/** The handler ids reported for each generation's markup. */
export interface GenerationFormats {
  v3: string;
  v11: string;
  v13: string;
}

/** How a `[TOOL_CALLS]` block is read (calls-body.ts): its forms, and the format each reports. */
export interface ToolCallsSpec {
  /** v3's call objects: `{"name", "arguments"|"parameters", "id"}`, or OpenAI's `{"id", "function": {…}}`. */
  json: JsonCallsOptions;
  /** v11's and v13's named calls. */
  named: TokenFieldsSpec;
  formats: GenerationFormats;
}

/** v3's JSON, read by the kit's JSON-call reader: one value after the token (then text), ids kept. */
export const JSON_CALLS: JsonCallsOptions = { ids: ['id'], values: 'one', trailing: 'leave' };

/**
 * The named forms, for the kit's token-field reader: `NAME[ARGS]{json}` (v13),
 * `NAME[CALL_ID]ID[ARGS]{json}` (v11), and vLLM's `NAME{json}` with the brace right after the name.
 * The name and the id are words that end at a blank, a bracket, a brace or a quote; several calls
 * may follow each other without a new `[TOOL_CALLS]`. A name longer than 256 characters is prose.
 */
export const NAMED_CALL: TokenFieldsSpec = {
  fields: [{ role: 'name' }, { role: 'id', after: CALL_ID, optional: true }],
  arguments: ARGS,
  brace: 'tight',
  words: '[{"',
  maxWord: 256,
};

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
        body: (body, ctx) => readToolCalls(body, ctx, { json: JSON_CALLS, named: NAMED_CALL, formats }),
        // Streams announce a call once its name is written, and send its arguments as they come.
        announce: announceCall(NAMED_CALL),
        format: formats.v13,
        // A special token of Mistral's tokenizer: prose does not write it.
        confidence: 0.95,
      },
    ],
    reasoning: REASONING,
    strip: [EOS],
  };
}
