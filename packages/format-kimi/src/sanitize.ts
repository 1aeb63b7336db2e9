/**
 * Clean-up after the parser has cut the calls out: Kimi's tokens that opened nothing (an argument
 * token or a call end without its call, chat-turn tokens a server left in) never reach the user.
 * (core's `removeStrayTokens`: code is left alone, a line that held
 * nothing else goes too).
 */
import { removeStrayTokens } from '@toolformat/core/kit';
import { ARGUMENT_BEGIN, CALL_END, IM_ASSISTANT, IM_MIDDLE, IM_SYSTEM, IM_USER } from './tokens.js';

const STRAY_TOKENS = [ARGUMENT_BEGIN, CALL_END, IM_MIDDLE, IM_SYSTEM, IM_USER, IM_ASSISTANT];

export function sanitizeContent(content: string): string {
  if (content.indexOf('<|') === -1) return content;
  return removeStrayTokens(content, STRAY_TOKENS);
}
