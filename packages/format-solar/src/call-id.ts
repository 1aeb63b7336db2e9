/**
 * Solar Open writes a call id before the name (`<|tool_call:begin|>123456789<|tool_call:name|>…`);
 * it is kept as written (architecture/semantics.md, guarantee 6). llama.cpp's grammar lets the model write
 * `[a-zA-Z0-9_-]+`; the reader is more lenient (any one word without markup characters), the writer
 * stricter, so that what we write is what the model was trained to read.
 */

/** Longer than any id or name a model writes; a longer one is text that happens to sit there. */
export const MAX_WORD = 512;

/**
 * True when `text` can be an id or a name: one word (no blanks or control characters), none of the
 * characters that start JSON or markup, and not too long.
 */
export function isWord(text: string): boolean {
  if (text.length === 0 || text.length > MAX_WORD) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Blanks and control characters; `"`, `<`, `>`, `{`, `}`, `` ` ``.
    if (c <= 32 || c === 34 || c === 60 || c === 62 || c === 123 || c === 125 || c === 96) return false;
    if (c === 0x7f || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029) return false;
  }
  return true;
}

/** `[a-zA-Z0-9_-]{1,64}`: the ids llama.cpp's grammar lets the model write (length bounded by us). */
function isGrammarId(id: string): boolean {
  if (id.length === 0 || id.length > 64) return false;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    const ok = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
    if (!ok) return false;
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
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h % 1_000_000_000;
}
