/**
 * Finding harmony's tokens inside a block's text: where a message's content ends, and the
 * tokens that strayed into text. One `indexOf('<|')` per candidate, each looked at once.
 */
import { CALL, CHANNEL, CONSTRAIN, END, MESSAGE, RETURN, START, START_ASSISTANT } from './tokens.js';

/** The tokens that end a message's content (the last two also start the next message). */
export const BOUNDARIES: readonly string[] = [END, CALL, RETURN, START, CHANNEL];

/** Every token, longest first where one starts another (`<|start|>assistant`, `<|start|>`). */
const ALL_TOKENS: readonly string[] = [
  START_ASSISTANT,
  START,
  CHANNEL,
  MESSAGE,
  CONSTRAIN,
  END,
  CALL,
  RETURN,
];

export interface TokenAt {
  at: number;
  token: string;
}

/** The first of `tokens` at or after `from`, or null. */
export function nextToken(
  text: string,
  from: number,
  tokens: readonly string[] = BOUNDARIES,
): TokenAt | null {
  let i = text.indexOf('<|', from);
  while (i !== -1) {
    for (const token of tokens) if (text.startsWith(token, i)) return { at: i, token };
    i = text.indexOf('<|', i + 2);
  }
  return null;
}

/** The text with every harmony token cut out (the stream engine cuts them out of text too). */
export function withoutTokens(text: string): string {
  let i = text.indexOf('<|');
  if (i === -1) return text;
  let out = '';
  let last = 0;
  while (i !== -1) {
    const token = ALL_TOKENS.find((t) => text.startsWith(t, i));
    if (token === undefined) {
      i = text.indexOf('<|', i + 2);
      continue;
    }
    out += text.slice(last, i);
    last = i + token.length;
    i = text.indexOf('<|', last);
  }
  return out + text.slice(last);
}
