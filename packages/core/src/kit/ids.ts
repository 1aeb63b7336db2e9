import type { ParseIssue } from '../schemas.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Random bytes per id: 24 hex digits, the length OpenAI's own `call_…` ids have. */
const ID_BYTES = 12;
/**
 * Random bytes for 128 ids, drawn at once: one Web Crypto call (not node:crypto: the parsing path
 * runs in browsers and edge runtimes too) per 128 calls instead of a UUID per call, which was a
 * tenth of parsing a megabyte of calls.
 */
const idPool = new Uint8Array(128 * ID_BYTES);
let idPoolAt = idPool.length;
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Call ids for formats that carry none (architecture/semantics.md, guarantee 6): `call_` and 24 random hex digits. */
export function defaultGenerateId(): string {
  if (idPoolAt === idPool.length) {
    globalThis.crypto.getRandomValues(idPool);
    idPoolAt = 0;
  }
  let id = 'call_';
  for (let i = 0; i < ID_BYTES; i++) id += HEX[idPool[idPoolAt++]!]!;
  return id;
}

/** Why a caller's generateId gave no id: it threw, or returned something other than a string. */
export interface IdFailure {
  why: string;
}

/**
 * The caller's generateId asked once: its id, or why there is none. One that throws or gives no
 * string is the caller's bug, not the model's: the call still comes out, with a built-in id, and
 * one issue (`idFailureIssue`) says so at the end (architecture/contract.md). The engine and the
 * clean-block path both ask through here.
 */
export function callerId(generate: () => string): string | IdFailure {
  try {
    const id: unknown = generate();
    if (typeof id === 'string') return id;
    return { why: `returned ${typeof id === 'object' ? String(id) : typeof id}, not a string` };
  } catch (error) {
    return { why: `threw ${String(error)}` };
  }
}

/** The one issue of a parse in which generateId failed and calls got built-in ids (`why`: the first failure). */
export function idFailureIssue(why: string): ParseIssue {
  return {
    kind: 'internal-error',
    message: `generateId ${why}: the calls it could not name got toolformat's own ids (call_…). Fix the generateId passed in the parse options.`,
  };
}

/** A deterministic generator (`call_1`, `call_2`, …) for tests and reproducible output. */
export function sequentialIds(prefix = 'call_'): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}

/**
 * 32-bit FNV-1a of `text`: the stable number formats derive a template-legal id from when the
 * caller's id (`call_8f3a…`) is not one, so a call and its result map to the same id.
 */
export function fnv1a(text: string, seed = 0x811c9dc5, prime = 0x01000193): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ charCodeAt.call(text, i), prime) >>> 0;
  return h;
}

/**
 * Whether `text` can be an id or a name written between special tokens: one word of at most
 * `maxLength` characters, with no blank, control character or character that starts JSON or
 * markup (`"`, `<`, `>`, `{`, `}`, `` ` ``). A longer or blank "word" is text that happens to sit
 * where the id goes.
 */
export function isTokenWord(text: string, maxLength: number): boolean {
  if (text.length === 0 || text.length > maxLength) return false;
  for (let i = 0; i < text.length; i++) {
    const c = charCodeAt.call(text, i);
    if (c <= 32 || c === 34 || c === 60 || c === 62 || c === 123 || c === 125 || c === 96) return false;
    if (c === 0x7f || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029) return false;
  }
  return true;
}
