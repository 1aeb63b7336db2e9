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
