/**
 * Solar Open writes a call id before the name (`<|tool_call:begin|>123456789<|tool_call:name|>…`);
 * it is kept as written (architecture/semantics.md, guarantee 6). llama.cpp's grammar lets the model write
 * `[a-zA-Z0-9_-]+`; the reader is more lenient (any one word without markup characters), the writer
 * stricter, so that what we write is what the model was trained to read.
 */
import { fnv1a, isAsciiAlphanumeric, isTokenWord, MINUS, UNDERSCORE } from '@toolformat/core/kit';

/** Longer than any id or name a model writes; a longer one is text that happens to sit there. */
export const MAX_WORD = 512;

/**
 * True when `text` can be an id or a name: one word (no blanks or control characters), none of the
 * characters that start JSON or markup, and not too long.
 */
export function isWord(text: string): boolean {
  return isTokenWord(text, MAX_WORD);
}

/** `[a-zA-Z0-9_-]{1,64}`: the ids llama.cpp's grammar lets the model write (length bounded by us). */
function isGrammarId(id: string): boolean {
  if (id.length === 0 || id.length > 64) return false;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (!(isAsciiAlphanumeric(c) || c === UNDERSCORE || c === MINUS)) return false;
  }
  return true;
}

/**
 * The id as it is written into history: kept when the model could have written it (OpenAI's
 * `call_8f3a…`, `0`, `123456789`); otherwise a stable nine-digit number derived from it, so a call
 * and its result get the same id wherever they are written.
 */
export function toSolarId(id: string): string {
  return isGrammarId(id) ? id : String(stableNumber(id)).padStart(9, '0');
}

/** FNV-1a of the id, reduced to nine digits (the length of the ids in llama.cpp's tests). */
function stableNumber(id: string): number {
  return fnv1a(id) % 1_000_000_000;
}
