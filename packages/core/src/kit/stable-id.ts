/**
 * Ids a chat template accepts. A template may demand a shape of its call ids (Mistral: nine
 * alphanumerics; Solar: llama.cpp's grammar; Kimi: `functions.NAME:IDX`), while the caller's id is
 * OpenAI's `call_8f3a…`. Such an id is mapped by a hash, the same way wherever it is written, so a
 * call and its result still match in history (architecture/semantics.md, guarantee 6).
 */
import { fnv1a } from './ids.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Whether `text` is `min` to `max` characters, each one `isChar` accepts. */
export function isCharRun(
  text: string,
  isChar: (code: number) => boolean,
  min: number,
  max: number,
): boolean {
  if (text.length < min || text.length > max) return false;
  for (let i = 0; i < text.length; i++) if (!isChar(charCodeAt.call(text, i))) return false;
  return true;
}

/** A number below `bound` derived stably from `id` (FNV-1a): short, like the counters models write. */
export function stableNumber(id: string, bound: number): number {
  return fnv1a(id) % bound;
}

/** The seed and prime of the second hash: a word may need more than the first hash's 32 bits. */
const SECOND_SEED = 0x01000193 ^ 0x5bd1e995;
const SECOND_PRIME = 0x5bd1e995;

/**
 * `length` characters of `alphabet` derived stably from `id`, least significant digit first: as
 * many as fit in 32 bits from FNV-1a, the rest from a second FNV-1a with another seed.
 */
export function stableWord(id: string, alphabet: string, length: number): string {
  const base = alphabet.length;
  let first = Math.min(length, Math.floor(32 / Math.log2(base)));
  let out = '';
  for (let a = fnv1a(id); first > 0; first--, a = Math.floor(a / base)) out += alphabet[a % base];
  for (let b = fnv1a(id, SECOND_SEED, SECOND_PRIME); out.length < length; b = Math.floor(b / base))
    out += alphabet[b % base];
  return out;
}
