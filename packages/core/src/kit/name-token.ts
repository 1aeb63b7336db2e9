/**
 * A tool name written as a word of text (after `Action:`, `✦ tool_call:`), not inside JSON: one
 * token, and the decoration models put around it taken off.
 */
import { COLON, isToolNameChar, isUnicodeSpace, SLASH, ZERO_WIDTH_SPACE } from './char-codes.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Longer than any tool name; a longer "name" is a sentence. */
const MAX_NAME = 128;

/**
 * One token of letters, digits and `_ - . : /` (MCP and namespaced names) or non-ASCII letters;
 * no blank of any script in it.
 */
export function isNameToken(name: string): boolean {
  if (name.length === 0 || name.length > MAX_NAME) return false;
  for (let i = 0; i < name.length; i++) {
    const c = charCodeAt.call(name, i);
    if (c > 127) {
      if (isUnicodeSpace(c) || c === ZERO_WIDTH_SPACE) return false;
    } else if (!(isToolNameChar(c) || c === COLON || c === SLASH)) {
      return false;
    }
  }
  return true;
}

/** What models wrap a name in: code spans, quotes, bold, brackets. */
const WRAP = '`"\'*[]';

/**
 * `[search]`, `` `search` ``, `**search**`, `search()`, `: search` (the colon of a key written
 * without it) → `search`.
 */
export function undecoratedName(line: string): string {
  let s = line.trim();
  if (s.startsWith(':')) s = s.slice(1).trim();
  if (s.endsWith('()')) s = s.slice(0, -2);
  let a = 0;
  let b = s.length;
  while (a < b && WRAP.includes(s[a]!)) a++;
  while (b > a && WRAP.includes(s[b - 1]!)) b--;
  return s.slice(a, b).trim();
}
