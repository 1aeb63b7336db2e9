/**
 * Mistral's v3 and v11 templates reject any call id that is not 9 alphanumeric characters
 * (`raise_exception("Tool call IDs should be alphanumeric strings with length 9!")`), while
 * OpenAI-style ids look like `call_8f3a…`. Such an id is mapped to 9 characters by a hash, the same
 * way for the call and for its result, so the pair still matches in history.
 */
import { fnv1a, isAsciiAlphanumeric } from '@toolformat/core/kit';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const ID_LENGTH = 9;

export function isMistralId(id: string): boolean {
  if (id.length !== ID_LENGTH) return false;
  for (let i = 0; i < id.length; i++) if (!isAsciiAlphanumeric(id.charCodeAt(i))) return false;
  return true;
}

/** The id as the template accepts it: kept when it already is one, else a stable 9-character hash. */
export function toMistralId(id: string): string {
  if (isMistralId(id)) return id;
  // Two 32-bit FNV-1a hashes with different seeds: 9 base-62 digits need more than 32 bits.
  let a = fnv1a(id);
  let b = fnv1a(id, 0x01000193 ^ 0x5bd1e995, 0x5bd1e995);
  let out = '';
  // 5 digits from one hash and 4 from the other (62^5 < 2^32).
  for (let i = 0; i < 5; i++, a = Math.floor(a / 62)) out += ALPHABET[a % 62];
  for (let i = 0; i < 4; i++, b = Math.floor(b / 62)) out += ALPHABET[b % 62];
  return out;
}
