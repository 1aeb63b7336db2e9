/**
 * The markup, declared for the core stream engine. The block is one call,
 * `<|tool_call:begin|>…<|tool_call:end|>`, not the whole `<|tool_calls|>` run: each call is then
 * extracted (and announced, through `announce`) as soon as it is written, and an output cut off
 * after some calls keeps the complete ones. `<|tool_calls|>` itself carries nothing and is removed
 * wherever it stands, as are the segment and turn tokens (`<|content|>`, `<|end|>`, the
 * `<|begin|>assistant` header, the end-of-generation tokens `<|calls|>`, `<|flush|>`,
 * `<|endoftext|>`): they are never content.
 *
 * A call that lacks its end token ends at whatever the model wrote next: the next call, the next
 * segment or the end of the turn (read as closed), or the end of the output (read as cut off).
 *
 * Reasoning is `<|think|>…<|end|>`. `<|content|>` and `<|tool_calls|>` end it too, as Upstage's own
 * reasoning parser does: a segment token is never prose a model merely thinks about. A call token
 * alone inside a thought stays reasoning (architecture/semantics.md, guarantee 4).
 */
import {
  announceTokenFields,
  type BlockSpec,
  type MarkupSpec,
  type ReasoningSpec,
  type TokenFieldsSpec,
  tokenFieldsBody,
} from '@toolformat/core/kit';
import { open2CallBody } from './call-body.js';
import {
  BEGIN_ASSISTANT,
  CALL_ARGS,
  CALL_BEGIN,
  CALL_END,
  CALL_NAME,
  CALLS_END,
  CONTENT,
  END,
  END_OF_TEXT,
  FLUSH,
  OPEN2_CALL_START,
  THINK,
  TOOL_CALLS,
} from './tokens.js';

/**
 * One call's body, `ID<|tool_call:name|>NAME<|tool_call:args|>{json}`, for the kit's token-field
 * reader. The id is kept as written; an empty id (Upstage's vLLM tests write
 * `<|tool_call:begin|><|tool_call:name|>get_weather…`) leaves the engine to generate one. Blanks
 * around the id, the name and the JSON are allowed. A block the output ended inside is a call only
 * when its JSON value is complete (else `partial-call`); a closed block with broken JSON goes
 * through the JSON ladder, and every repair is reported.
 */
export const CALL: TokenFieldsSpec = {
  fields: [
    { role: 'id', optional: true },
    { role: 'name', after: CALL_NAME, missing: 'name token' },
  ],
  arguments: CALL_ARGS,
  missing: 'argument token',
};

export const REASONING: readonly ReasoningSpec[] = [{ open: [THINK], close: [END, CONTENT, TOOL_CALLS] }];

/** Tokens that are never content: segment and turn tokens, the header, the ends of generation. */
export const STRIP: readonly string[] = [
  TOOL_CALLS,
  CONTENT,
  END,
  BEGIN_ASSISTANT,
  CALLS_END,
  FLUSH,
  END_OF_TEXT,
];

/**
 * Solar Open 2: one block per call, `<|tool_call:start|>NAME\n…<|tool_call:end|>`. A call whose end
 * token was dropped ends at the next call's start, or at the end of the turn (vLLM's parser reads
 * both); reasoning and the other segment tokens are Solar Open's.
 */
function open2Block(): BlockSpec {
  return {
    open: OPEN2_CALL_START,
    close: [CALL_END],
    closeBefore: [OPEN2_CALL_START, TOOL_CALLS, END, CALLS_END, FLUSH, END_OF_TEXT],
    body: open2CallBody,
    confidence: 0.95,
  };
}

export function buildOpen2Markup(id: string): MarkupSpec {
  return {
    id,
    blocks: [open2Block()],
    reasoning: REASONING,
    strip: STRIP,
  };
}

export function buildMarkup(id: string): MarkupSpec {
  return {
    id,
    blocks: [
      {
        open: CALL_BEGIN,
        close: [CALL_END],
        closeBefore: [CALL_BEGIN, TOOL_CALLS, END, CALLS_END, FLUSH, END_OF_TEXT],
        // `<|tool_call:end|>` (or `<|end|>`) inside a JSON string of the arguments does not end the call.
        guard: 'json',
        announce: announceTokenFields(CALL),
        body: tokenFieldsBody(CALL),
        // A special token of Solar's tokenizer: prose does not write it.
        confidence: 0.95,
      },
      // Solar Open 2's form, read by the default variant too (auto mode and a model routed to
      // Solar Open that writes it), named as its own format.
      { ...open2Block(), format: 'solar:open2' },
    ],
    reasoning: REASONING,
    strip: STRIP,
  };
}
