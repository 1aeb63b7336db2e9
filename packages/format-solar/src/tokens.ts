/**
 * Upstage Solar Open's special tokens, spelled once. The spellings come from llama.cpp's Solar Open
 * handler and tests (`upstage-Solar-Open-100B.jinja`), Upstage's vLLM parsers and the model's
 * `generation_config.json` (its end-of-generation ids are `<|endoftext|>`, `<|flush|>`, `<|calls|>`).
 * Servers that do not skip special tokens leave them in the text exactly like this.
 */

/** Opens the calls of a turn: `<|tool_calls|>` then one or more call blocks. */
export const TOOL_CALLS = '<|tool_calls|>';

/** One call: `CALL_BEGIN ID CALL_NAME NAME CALL_ARGS {json} CALL_END`. */
export const CALL_BEGIN = '<|tool_call:begin|>';
export const CALL_NAME = '<|tool_call:name|>';
export const CALL_ARGS = '<|tool_call:args|>';
export const CALL_END = '<|tool_call:end|>';

/**
 * A tool result in history. llama.cpp recognises the template by the first three; the end token is
 * inferred from the call tokens' `:begin`/`:end` pairing (the template itself is not in this repo).
 */
export const RESPONSE_BEGIN = '<|tool_response:begin|>';
export const RESPONSE_NAME = '<|tool_response:name|>';
export const RESPONSE_RESULT = '<|tool_response:result|>';
export const RESPONSE_END = '<|tool_response:end|>';

/** Reasoning: `<|think|>…<|end|>`. */
export const THINK = '<|think|>';
/** Ends a reasoning or content segment (and, in the prompt, every turn). */
export const END = '<|end|>';

/** The turn header: `<|begin|>assistant`, then a segment. A header is never content. */
export const BEGIN = '<|begin|>';
export const BEGIN_ASSISTANT = '<|begin|>assistant';
/** Introduces the answer text. */
export const CONTENT = '<|content|>';

/** End of generation: after calls, after an answer, and the tokenizer's EOS. */
export const CALLS_END = '<|calls|>';
export const FLUSH = '<|flush|>';
export const END_OF_TEXT = '<|endoftext|>';

/**
 * Solar Open 2 (vLLM's `solar_open2` parser and tests): a call is the name on the start token's
 * line, then one `ARG_START key ARG_VALUE value ARG_END` per argument, then `CALL_END`.
 */
export const OPEN2_CALL_START = '<|tool_call:start|>';
export const OPEN2_ARG_START = '<|tool_arg:start|>';
export const OPEN2_ARG_VALUE = '<|tool_arg:value|>';
export const OPEN2_ARG_END = '<|tool_arg:end|>';

/**
 * Tokens that may stand in content without opening anything (a name or argument token or a call
 * end without its call, a bare `<|begin|>`, tool-response tokens a server left in): they never
 * reach the user.
 */
export const STRAY_TOKENS: readonly string[] = [
  CALL_NAME,
  CALL_ARGS,
  CALL_END,
  BEGIN,
  RESPONSE_BEGIN,
  RESPONSE_NAME,
  RESPONSE_RESULT,
  RESPONSE_END,
];
