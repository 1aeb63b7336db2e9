/**
 * The markup, declared for the core stream engine. The block is one call,
 * `<|tool_call_begin|>…<|tool_call_end|>`, not the whole section: each call is then extracted (and
 * announced, through `announce`) as soon as it is written, instead of when the section ends, and a
 * section the output ended inside keeps its complete calls. The section tokens themselves carry
 * nothing and are removed wherever they stand in text, as is the end of the turn a server left in.
 *
 * A call that lacks its end token ends at whatever the model wrote next: the next call, the end of
 * the section or of the turn (read as closed), or the end of the output (read as cut off).
 *
 * Kimi K3 writes XTML channels instead (tokens.ts); its call is a block of its own, read by
 * `k3CallBody`.
 *
 * K2 Thinking: `<think>…</think>` is reasoning, and the section token ends it too. Kimi's reference
 * parsers (vLLM's `KimiK2ReasoningParser`, llama.cpp) treat it so: the model sometimes opens its calls
 * without closing the thought, and a special token is never prose a model merely thinks about.
 * `<|tool_call_begin|>` alone inside a thought stays reasoning (architecture/semantics.md, guarantee 4).
 */
import {
  type BlockSpec,
  type MarkupSpec,
  type ReasoningSpec,
  type TokenFieldsSpec,
  tokenFieldsBody,
} from '@toolformat/core/kit';
import { announceName, k3CallBody, nameOfId } from './call-body.js';
import {
  ARGUMENT_BEGIN,
  CALL_BEGIN,
  CALL_END,
  IM_END,
  K3_CALL_CLOSE,
  K3_CALL_OPEN,
  K3_MESSAGE_CLOSE,
  K3_STRIP,
  K3_THINK_CLOSE,
  K3_THINK_OPEN,
  K3_TOOLS_CLOSE,
  K3_TOOLS_OPEN,
  SECTION_BEGINS,
  SECTION_ENDS,
  THINK,
  THINK_END,
} from './tokens.js';

/**
 * K2's call, `functions.NAME:IDX<|tool_call_argument_begin|>{json}`, for the kit's token-field
 * reader: the id, then the arguments, which may also follow the id directly (`functions.f:0{…}`).
 * The id is kept as written and the name read out of it (call-body.ts): Kimi's call id is the
 * function reference `functions.NAME:IDX`, IDX counting the calls of the conversation (MoonshotAI
 * `docs/tool_call_guidance.md`; architecture/semantics.md, guarantee 6). Blanks around the id and
 * the JSON are allowed (vLLM's tests write `functions.f:0 <|tool_call_argument_begin|>`).
 */
export const K2_CALL: TokenFieldsSpec = {
  fields: [{ role: 'id', rule: 'functions.NAME:IDX' }],
  arguments: ARGUMENT_BEGIN,
  brace: 'after-head',
  nameOfId,
};

/** Kimi K3's XTML call (tokens.ts): one call a block, as for K2. */
const k3Block: BlockSpec = {
  // The tools channel glued to a call's ends is taken with the block (as K2's section token is).
  open: [K3_TOOLS_OPEN + K3_CALL_OPEN, K3_CALL_OPEN],
  close: [K3_CALL_CLOSE + K3_TOOLS_CLOSE, K3_CALL_CLOSE],
  closeBefore: [K3_CALL_OPEN, K3_TOOLS_CLOSE, K3_MESSAGE_CLOSE],
  body: k3CallBody,
  confidence: 0.95,
};

export const REASONING: readonly ReasoningSpec[] = [
  { open: [THINK], close: [THINK_END, ...SECTION_BEGINS] },
  // Kimi K3's think channel.
  { open: [K3_THINK_OPEN], close: [K3_THINK_CLOSE] },
];

/** Tokens that are never content: the section around the calls, the end of the turn. */
export const STRIP: readonly string[] = [...SECTION_BEGINS, ...SECTION_ENDS, IM_END, ...K3_STRIP];

export function buildMarkup(id: string): MarkupSpec {
  return {
    id,
    blocks: [
      {
        // The section token glued to a call's ends is taken with the block, so a call named in a
        // sentence (`Kimi calls look like <|tool_calls_section_begin|><|tool_call_begin|>… and the
        // index…`) is decided, and kept, as one span (architecture/precision.md).
        open: [...SECTION_BEGINS.map((s) => s + CALL_BEGIN), CALL_BEGIN],
        close: [...SECTION_ENDS.map((s) => CALL_END + s), CALL_END],
        closeBefore: [CALL_BEGIN, ...SECTION_BEGINS, ...SECTION_ENDS, IM_END],
        // `<|tool_call_end|>` inside a JSON string of the arguments does not end the call.
        guard: 'json',
        announce: announceName,
        body: tokenFieldsBody(K2_CALL),
        // A special token of Kimi's tokenizer: prose does not write it.
        confidence: 0.95,
      },
      // Kimi K3's XTML call: every variant reads it, as every variant reads K2's.
      k3Block,
    ],
    reasoning: REASONING,
    strip: STRIP,
  };
}
