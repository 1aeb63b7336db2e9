/**
 * Kimi K2's special tokens (tokenizer `tokenizer_config.json`, the chat templates), spelled once.
 * Servers that do not skip special tokens leave them in the text exactly like this.
 */

/** The section around a turn's calls. vLLM also reads the singular spelling some outputs have. */
export const SECTION_BEGIN = '<|tool_calls_section_begin|>';
export const SECTION_END = '<|tool_calls_section_end|>';
export const SECTION_BEGIN_SINGULAR = '<|tool_call_section_begin|>';
export const SECTION_END_SINGULAR = '<|tool_call_section_end|>';

/** One call: `CALL_BEGIN functions.NAME:IDX ARGUMENT_BEGIN {json} CALL_END`. */
export const CALL_BEGIN = '<|tool_call_begin|>';
export const ARGUMENT_BEGIN = '<|tool_call_argument_begin|>';
export const CALL_END = '<|tool_call_end|>';

/** The chat turns: `<|im_assistant|>assistant<|im_middle|>…<|im_end|>`. */
export const IM_END = '<|im_end|>';
export const IM_MIDDLE = '<|im_middle|>';
export const IM_SYSTEM = '<|im_system|>';
export const IM_USER = '<|im_user|>';
export const IM_ASSISTANT = '<|im_assistant|>';

/** K2 Thinking's reasoning block (plain-text tags, as in the template). */
export const THINK = '<think>';
export const THINK_END = '</think>';

/** Both spellings of each section token. */
export const SECTION_BEGINS = [SECTION_BEGIN, SECTION_BEGIN_SINGULAR] as const;
export const SECTION_ENDS = [SECTION_END, SECTION_END_SINGULAR] as const;

/**
 * Tokens that may stand in content without opening anything (an argument token or a call end
 * without its call, chat-turn tokens a server left in): they never reach the user.
 */
export const STRAY_TOKENS: readonly string[] = [
  ARGUMENT_BEGIN,
  CALL_END,
  IM_MIDDLE,
  IM_SYSTEM,
  IM_USER,
  IM_ASSISTANT,
];

/**
 * Kimi K3's XTML (vLLM's `kimi_k3` parser): channels between three special tokens,
 *
 *   <|open|>tools<|sep|>
 *     <|open|>call tool="NAME" index="1"<|sep|>
 *       <|open|>argument key="KEY" type="string"<|sep|>VALUE<|close|>argument<|sep|>
 *     <|close|>call<|sep|>
 *   <|close|>tools<|sep|>
 *
 * reasoning in a `think` channel, the reply in a `response` channel (`<|open|>response<|sep|>…<|close|>response<|sep|>`, the
 * open often part of the prompt), the turn ended by `<|close|>message<|sep|>`. As for K2, the block
 * is one call, so each is extracted as soon as it is written; the channel markers carry nothing
 * and are stripped wherever they stand.
 *
 * The call block's body is read in call-body.ts (`k3CallBody`). A value typed `string` is the raw text (the template writes it so); any other type is JSON,
 * kept as text when it does not parse (vLLM's rule). Attribute values are written with `&` and
 * `"` escaped. Cost: one forward `indexOf` per marker; linear in the body.
 */
export const K3_OPEN = '<|open|>';
export const K3_CLOSE = '<|close|>';
export const K3_SEP = '<|sep|>';
export const K3_TOOLS_OPEN = `${K3_OPEN}tools${K3_SEP}`;
export const K3_TOOLS_CLOSE = `${K3_CLOSE}tools${K3_SEP}`;
export const K3_CALL_OPEN = `${K3_OPEN}call `;
export const K3_CALL_CLOSE = `${K3_CLOSE}call${K3_SEP}`;
export const K3_ARG_OPEN = `${K3_OPEN}argument `;
export const K3_ARG_CLOSE = `${K3_CLOSE}argument${K3_SEP}`;
export const K3_JSON_OPEN = `${K3_OPEN}json `;
export const K3_JSON_CLOSE = `${K3_CLOSE}json${K3_SEP}`;
export const K3_THINK_OPEN = `${K3_OPEN}think${K3_SEP}`;
export const K3_THINK_CLOSE = `${K3_CLOSE}think${K3_SEP}`;
export const K3_RESPONSE_OPEN = `${K3_OPEN}response${K3_SEP}`;
export const K3_RESPONSE_CLOSE = `${K3_CLOSE}response${K3_SEP}`;
export const K3_MESSAGE_CLOSE = `${K3_CLOSE}message${K3_SEP}`;

/** Channel markers that carry nothing: the reply is the text they wrap. */
export const K3_STRIP = [
  K3_TOOLS_OPEN,
  K3_TOOLS_CLOSE,
  K3_RESPONSE_OPEN,
  K3_RESPONSE_CLOSE,
  K3_MESSAGE_CLOSE,
];
