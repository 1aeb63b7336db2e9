/**
 * The argument syntax of FunctionGemma and Gemma 4: `{city:<escape>Paris<escape>,n:1}` and
 * `{location:<|"|>Paris<|"|>,tags:[<|"|>a<|"|>],opts:{deep:true}}`. Keys are bare (or, in Gemma
 * 4's declarations, delimited like strings), strings sit between two delimiter tokens and are
 * taken verbatim (a `"` or `}` inside one is text), everything else is a bare scalar up to the
 * next `,` `}` `]`. Commas between entries are optional: vLLM's FunctionGemma tests show models
 * leaving them out (`{city:<escape>NYC<escape>unit:<escape>celsius<escape>}`).
 *
 * A hand-written scanner, never eval and no regular expression: one left-to-right pass in which
 * every character is read once (a string is found with one `indexOf` for its closing delimiter),
 * so the cost is O(n) on any input; nesting deeper than `maxDepth` is an error, never a stack
 * overflow.
 */
import {
  BRACE_CLOSE,
  BRACE_OPEN,
  BRACKET_CLOSE,
  BRACKET_OPEN,
  COLON,
  COMMA,
  isJsonSpace,
  isPlainObject,
  LT,
  setOwn,
} from '@toolformat/core/kit';

/** FunctionGemma's string delimiter. */
export const ESCAPE = '<escape>';
/** Gemma 4's string delimiter. */
export const QUOTE_TOKEN = '<|"|>';

/** A string as read: its text, and that it was delimited (so a schema may type it). */
export class GemmaString {
  constructor(readonly text: string) {}
}

export type GemmaValueResult =
  | { ok: true; value: unknown; end: number }
  | { ok: false; error: string; offset: number; truncated: boolean };

class Failure {
  constructor(
    readonly error: string,
    readonly offset: number,
    readonly truncated: boolean,
  ) {}
}

/** Bare scalars: JSON numbers and literals; Python's spellings too (models drift). */
export function bareScalar(word: string): unknown {
  switch (word) {
    case 'true':
    case 'True':
      return true;
    case 'false':
    case 'False':
      return false;
    case 'null':
    case 'None':
      return null;
  }
  if (/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(word)) {
    const n = Number(word);
    // A number a double cannot hold exactly stays text, so nothing is lost.
    if (Number.isFinite(n) && (!Number.isInteger(n) || Number.isSafeInteger(n) || /[.eE]/.test(word)))
      return n;
  }
  return word;
}

/** What a scanner step returns once the value has failed (the failure is on the scanner). */
const FAILED: unique symbol = Symbol('failed');
type Failed = typeof FAILED;

/**
 * Reads one value, recursive descent. A failure is recorded on the scanner and `FAILED` returned
 * up the calls, not thrown: a megabyte of broken calls would otherwise throw once per call.
 */
class Scanner {
  pos: number;
  failure: Failure | null = null;
  constructor(
    readonly text: string,
    start: number,
    readonly maxDepth: number,
  ) {
    this.pos = start;
  }

  fail(error: string, truncated = this.pos >= this.text.length): Failed {
    this.failure = new Failure(error, this.pos, truncated);
    return FAILED;
  }

  skip(): void {
    const t = this.text;
    while (this.pos < t.length && isJsonSpace(t.charCodeAt(this.pos))) this.pos++;
  }

  /** The delimiter token at the position, or null. */
  delimiterAt(): string | null {
    const t = this.text;
    if (t.charCodeAt(this.pos) !== LT) return null;
    if (t.startsWith(ESCAPE, this.pos)) return ESCAPE;
    if (t.startsWith(QUOTE_TOKEN, this.pos)) return QUOTE_TOKEN;
    return null;
  }

  string(delim: string): GemmaString | Failed {
    const from = this.pos + delim.length;
    const end = this.text.indexOf(delim, from);
    if (end === -1) {
      this.pos = this.text.length;
      return this.fail('a string is not closed', true);
    }
    this.pos = end + delim.length;
    return new GemmaString(this.text.slice(from, end));
  }

  value(depth: number): unknown {
    this.skip();
    if (this.pos >= this.text.length) return this.fail('a value is missing', true);
    const c = this.text.charCodeAt(this.pos);
    if (c === BRACE_OPEN) return this.object(depth + 1);
    if (c === BRACKET_OPEN) return this.array(depth + 1);
    const delim = this.delimiterAt();
    if (delim !== null) return this.string(delim);
    return this.bare();
  }

  /** A bare scalar: up to `,` `}` `]` or a delimiter, trimmed. */
  bare(): unknown {
    const t = this.text;
    const from = this.pos;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === COMMA || c === BRACE_CLOSE || c === BRACKET_CLOSE) break;
      if (c === LT && this.delimiterAt() !== null) break;
      this.pos++;
    }
    const word = t.slice(from, this.pos).trim();
    if (word === '') return this.fail('a value is missing');
    return bareScalar(word);
  }

  key(): string | Failed {
    const delim = this.delimiterAt();
    if (delim !== null) {
      const s = this.string(delim);
      return s === FAILED ? FAILED : s.text;
    }
    const t = this.text;
    const from = this.pos;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === COLON) break;
      if (c === COMMA || c === BRACE_OPEN || c === BRACE_CLOSE || c === BRACKET_OPEN || c === BRACKET_CLOSE)
        return this.fail('a key has no value');
      if (c === LT && this.delimiterAt() !== null) return this.fail('a key has no value');
      this.pos++;
    }
    const key = t.slice(from, this.pos).trim();
    if (key === '') return this.fail('a key is empty');
    return key;
  }

  object(depth: number): Record<string, unknown> | Failed {
    if (depth > this.maxDepth) return this.fail('nesting is too deep', false);
    this.pos++; // {
    const out: Record<string, unknown> = {};
    for (;;) {
      this.skip();
      if (this.pos >= this.text.length) return this.fail('an object is not closed', true);
      const c = this.text.charCodeAt(this.pos);
      if (c === BRACE_CLOSE) {
        this.pos++;
        return out;
      }
      if (c === COMMA) {
        this.pos++;
        continue;
      }
      const key = this.key();
      if (key === FAILED) return FAILED;
      this.skip();
      if (this.text.charCodeAt(this.pos) !== COLON) return this.fail('a key has no value');
      this.pos++;
      const value = this.value(depth);
      if (value === FAILED) return FAILED;
      setOwn(out, key, value);
    }
  }

  array(depth: number): unknown[] | Failed {
    if (depth > this.maxDepth) return this.fail('nesting is too deep', false);
    this.pos++; // [
    const out: unknown[] = [];
    for (;;) {
      this.skip();
      if (this.pos >= this.text.length) return this.fail('a list is not closed', true);
      const c = this.text.charCodeAt(this.pos);
      if (c === BRACKET_CLOSE) {
        this.pos++;
        return out;
      }
      if (c === COMMA) {
        this.pos++;
        continue;
      }
      if (c === BRACE_CLOSE) return this.fail('a list is closed with }');
      const value = this.value(depth);
      if (value === FAILED) return FAILED;
      out.push(value);
    }
  }
}

/** Strings become plain strings below the top level (only top-level values are schema-typed). */
export function plain(value: unknown): unknown {
  if (value instanceof GemmaString) return value.text;
  if (Array.isArray(value)) return value.map(plain);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setOwn(out, key, plain(value[key]));
    return out;
  }
  return value;
}

/**
 * Reads the `{…}` at `start` (which must be `{`). Values are left as read: strings as
 * `GemmaString` (nested ones too), so the caller can tell `<escape>42<escape>` from `42`.
 */
export function parseGemmaObject(text: string, start: number, maxDepth = 256): GemmaValueResult {
  const scanner = new Scanner(text, start, maxDepth);
  try {
    if (text.charCodeAt(start) !== BRACE_OPEN)
      return { ok: false, error: 'arguments do not start with {', offset: start, truncated: false };
    const value = scanner.object(1);
    const failure = scanner.failure;
    if (value === FAILED && failure !== null)
      return { ok: false, error: failure.error, offset: failure.offset, truncated: failure.truncated };
    return { ok: true, value, end: scanner.pos };
  } catch (error) {
    if (error instanceof Failure)
      return { ok: false, error: error.error, offset: error.offset, truncated: error.truncated };
    return { ok: false, error: String(error), offset: scanner.pos, truncated: false };
  }
}

/** Writes a value the way the templates do (`format_argument`): strings between `delim`. */
export function formatGemmaValue(value: unknown, delim: string): string {
  if (typeof value === 'string') return `${delim}${value}${delim}`;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map((v) => formatGemmaValue(v, delim)).join(',')}]`;
  if (isPlainObject(value)) return `{${formatGemmaEntries(value, delim)}}`;
  return `${delim}${String(value)}${delim}`;
}

/** `k:v,k2:v2` with keys sorted, as the templates' `dictsort` writes them. */
export function formatGemmaEntries(value: Record<string, unknown>, delim: string): string {
  return Object.keys(value)
    .sort()
    .map((k) => `${k}:${formatGemmaValue(value[k], delim)}`)
    .join(',');
}
