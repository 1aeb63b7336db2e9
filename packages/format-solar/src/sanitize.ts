/**
 * Clean-up after the parser has cut the calls out: Solar's tokens that opened nothing (a name or
 * argument token or a call end without its call, a bare `<|begin|>`, tool-response tokens a server
 * left in) never reach the user. Where a line held nothing else, the line goes too. Code is left
 * alone (architecture/semantics.md, guarantee 4): fenced blocks and inline code spans pass unchanged. One pass over
 * the lines; no regular expression.
 */
import { removeStrayTokens } from '@toolformat/core/kit';
import {
  BEGIN,
  CALL_ARGS,
  CALL_END,
  CALL_NAME,
  RESPONSE_BEGIN,
  RESPONSE_END,
  RESPONSE_NAME,
  RESPONSE_RESULT,
} from './tokens.js';

const STRAY_TOKENS = [
  CALL_NAME,
  CALL_ARGS,
  CALL_END,
  BEGIN,
  RESPONSE_BEGIN,
  RESPONSE_NAME,
  RESPONSE_RESULT,
  RESPONSE_END,
];

export function sanitizeContent(content: string): string {
  if (content.indexOf('<|') === -1) return content;
  return removeStrayTokens(content, STRAY_TOKENS);
}
