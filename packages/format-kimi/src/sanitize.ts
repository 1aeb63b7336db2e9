/**
 * Clean-up after the parser has cut the calls out: Kimi's tokens that opened nothing (an argument
 * token or a call end without its call, chat-turn tokens a server left in) never reach the user.
 * Where a line held nothing else, the line goes too. Code is left alone (DESIGN.md semantics 4):
 * fenced blocks and inline code spans pass unchanged. One pass over the lines; no regular expression.
 */
import { proseLines, removeStrayMarkers } from '@toolformat/core';
import { ARGUMENT_BEGIN, CALL_END, IM_ASSISTANT, IM_MIDDLE, IM_SYSTEM, IM_USER } from './tokens.js';

const STRAY_TOKENS = [ARGUMENT_BEGIN, CALL_END, IM_MIDDLE, IM_SYSTEM, IM_USER, IM_ASSISTANT];

export function sanitizeContent(content: string): string {
  if (content.indexOf('<|') === -1) return content;
  const out: string[] = [];
  for (const { line, code } of proseLines(content)) {
    if (code) {
      out.push(line);
      continue;
    }
    const cleaned = removeStrayMarkers(line, STRAY_TOKENS);
    if (cleaned !== line && cleaned.trim() === '') continue;
    out.push(cleaned);
  }
  return out.join('\n').trim();
}
