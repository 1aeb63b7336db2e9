/**
 * Mistral's control tokens (mistral-common `tokens/tokenizers/base.py`), spelled once. Servers
 * that do not skip special tokens leave them in the text exactly like this.
 */
export const TOOL_CALLS = '[TOOL_CALLS]';
export const CALL_ID = '[CALL_ID]';
export const ARGS = '[ARGS]';
export const TOOL_RESULTS = '[TOOL_RESULTS]';
export const TOOL_RESULTS_END = '[/TOOL_RESULTS]';
export const TOOL_CONTENT = '[TOOL_CONTENT]';
export const AVAILABLE_TOOLS = '[AVAILABLE_TOOLS]';
export const AVAILABLE_TOOLS_END = '[/AVAILABLE_TOOLS]';
export const THINK = '[THINK]';
export const THINK_END = '[/THINK]';
/** End of sequence: the templates write it after the calls too. */
export const EOS = '</s>';
