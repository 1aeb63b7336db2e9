/** The family's tokens: what the markup reads, the renderers write and the prompts teach. */

export const GEMMA4_CALL = '<|tool_call>';
export const GEMMA4_CALL_END = '<tool_call|>';
export const GEMMA4_RESPONSE = '<|tool_response>';
export const FG_CALL = '<start_function_call>';
export const FG_CALL_END = '<end_function_call>';
export const FG_RESPONSE = '<start_function_response>';
/** LM Studio's call block, and the end marker its prompt teaches (`{…}[END_TOOL_REQUEST]`). */
export const TOOL_REQUEST = '[TOOL_REQUEST]';
export const TOOL_REQUEST_END = '[TOOL_REQUEST_END]';
export const END_TOOL_REQUEST = '[END_TOOL_REQUEST]';
/** FunctionGemma's string delimiter. */
export const ESCAPE = '<escape>';
/** Gemma 4's string delimiter. */
export const QUOTE_TOKEN = '<|"|>';

/** End-of-turn tokens servers leave in, and stray closers. */
export const END_TOKENS = ['<end_of_turn>', '<eos>', '<turn|>'];
