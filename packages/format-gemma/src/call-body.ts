/**
 * The family's own call syntax, which no other format writes.
 *
 * FunctionGemma's `<start_function_call>…<end_function_call>` and Gemma 4's
 * `<|tool_call>…<tool_call|>` hold `call:NAME{args}` (several in a row are read too), the
 * arguments in Gemma's value syntax: `{city:<escape>Paris<escape>,n:1}` and
 * `{location:<|"|>Paris<|"|>,tags:[<|"|>a<|"|>],opts:{deep:true}}`. Keys are bare (or, in Gemma
 * 4's declarations, delimited like strings), strings sit between two delimiter tokens and are
 * taken verbatim (a `"` or `}` inside one is text), everything else is a bare scalar up to the
 * next `,` `}` `]`. Commas between entries are optional: vLLM's FunctionGemma tests show models
 * leaving them out (`{city:<escape>NYC<escape>unit:<escape>celsius<escape>}`).
 *
 * Typing (architecture/semantics.md, guarantee 2). A delimited top-level value is typed by the
 * tool's JSON Schema when the tool is declared. Without a schema, FunctionGemma's
 * `<escape>42<escape>` becomes 42, as vLLM's parser does (the 270M model delimits numbers and
 * booleans it was meant to write bare); Gemma 4 writes only strings between `<|"|>`, so there a
 * delimited value stays a string. Bare values are JSON scalars; nested strings stay strings. A
 * close tag cut short by a stop sequence (`}<tool_call`) is the block's end, not text.
 *
 * LM Studio's `{"name": …, "arguments": …}[END_TOOL_REQUEST]`, optionally after a line number
 * (`1 {…}`, seen in the wild), is read anywhere in the text with an explicit format: a JSON call
 * whose only marker is the end marker after it.
 *
 * Cost, linear by construction (architecture/semantics.md, guarantee 8): the value scanner is a
 * hand-written char-code scanner, never eval, in which every character is read once (a string is
 * found with one `indexOf` for its closing delimiter), and nesting deeper than `maxDepth` is an
 * error, never a stack overflow; a `{` before `[END_TOOL_REQUEST]` is only tried when the marker follows somewhere,
 * its JSON end is looked for only up to that marker, and a candidate that does not close there
 * gives up the whole stretch up to the marker: every character is scanned at most twice.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  BRACE_CLOSE,
  BRACE_OPEN,
  BRACKET_CLOSE,
  BRACKET_OPEN,
  COLON,
  COMMA,
  coerceValue,
  findJsonEnd,
  getOwn,
  isDigit,
  isJsonSpace,
  isPlainObject,
  LT,
  notExtracted,
  type ProseFinder,
  type ProseMatch,
  type RawCall,
  setOwn,
  skipJsonSpace,
} from '@toolformat/core/kit';
import { END_TOOL_REQUEST, ESCAPE, QUOTE_TOKEN } from './tokens.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** A string as read: its text, and that it was delimited (so a schema may type it). */
class GemmaString {
  constructor(readonly text: string) {}
}

type GemmaValueResult =
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
function bareScalar(word: string): unknown {
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
    this.pos = skipJsonSpace(this.text, this.pos);
  }

  /** The delimiter token at the position, or null. */
  delimiterAt(): string | null {
    const t = this.text;
    if (charCodeAt.call(t, this.pos) !== LT) return null;
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
    const c = charCodeAt.call(this.text, this.pos);
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
      const c = charCodeAt.call(t, this.pos);
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
      const c = charCodeAt.call(t, this.pos);
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
      const c = charCodeAt.call(this.text, this.pos);
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
      if (charCodeAt.call(this.text, this.pos) !== COLON) return this.fail('a key has no value');
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
      const c = charCodeAt.call(this.text, this.pos);
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
function plain(value: unknown): unknown {
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
function parseGemmaObject(text: string, start: number, maxDepth = 256): GemmaValueResult {
  const scanner = new Scanner(text, start, maxDepth);
  try {
    if (charCodeAt.call(text, start) !== BRACE_OPEN)
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

const CALL = 'call:';
const NAME_LIMIT = 256;

interface CallBodyOptions {
  /** The block's close tag: a prefix of it after the arguments is a truncated close. */
  close: string;
  /** Type delimited values without a schema like bare ones (FunctionGemma). */
  inferDelimited: boolean;
}

function typeArguments(
  name: string,
  value: Record<string, unknown>,
  ctx: BodyContext,
  options: CallBodyOptions,
  issues: BodyIssue[],
  raw: string,
): Record<string, unknown> {
  const properties = ctx.options.tools?.parameters(name)?.properties;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (v instanceof GemmaString) {
      const schema = isPlainObject(properties) ? getOwn(properties, key) : undefined;
      const typed =
        isPlainObject(schema) || options.inferDelimited
          ? coerceValue(v.text, isPlainObject(schema) ? schema : undefined, (message) =>
              issues.push({ kind: 'arguments-coerced', message: `${name}.${key}: ${message}`, raw }),
            )
          : v.text;
      setOwn(out, key, typed);
    } else {
      setOwn(out, key, plain(v));
    }
  }
  return out;
}

/** The body of a `<|tool_call>` or `<start_function_call>` block: `call:NAME{args}`, one or more. */
export function callBody(options: CallBodyOptions) {
  return (body: string, ctx: BodyContext): BodyResult => {
    const calls: RawCall[] = [];
    const issues: BodyIssue[] = [];
    let p = skipJsonSpace(body, 0);
    while (p < body.length && body.startsWith(CALL, p)) {
      const nameStart = p + CALL.length;
      const brace = body.indexOf('{', nameStart);
      if (brace === -1 || brace - nameStart > NAME_LIMIT) {
        return ctx.closed || brace !== -1 || calls.length > 0
          ? fail(calls, issues, body.slice(p), 'no {arguments} after the name', ctx.closed)
          : { calls: [], error: 'the output ended before the arguments' };
      }
      const name = body.slice(nameStart, brace).trim();
      if (name === '' || /[\s<>{}]/.test(name))
        return fail(calls, issues, body.slice(p), 'no valid name', true);
      const parsed = parseGemmaObject(body, brace, ctx.options.maxDepth);
      if (!parsed.ok) {
        const why = parsed.truncated
          ? 'the output ended inside the arguments, so they are incomplete'
          : `the arguments do not parse: ${parsed.error} at offset ${parsed.offset}`;
        return fail(calls, issues, body.slice(p), why, !parsed.truncated);
      }
      const raw = body.slice(p, parsed.end);
      calls.push({
        name,
        arguments: typeArguments(name, parsed.value as Record<string, unknown>, ctx, options, issues, raw),
      });
      p = skipJsonSpace(body, parsed.end);
    }
    if (calls.length === 0) return { calls: [], error: `no ${CALL}NAME{…} in the block` };
    const rest = body.slice(p).trimEnd();
    if (rest !== '' && !(options.close.startsWith(rest) && !ctx.closed)) {
      issues.push({
        kind: 'trailing-text',
        message: 'Text after the call inside its block was removed.',
        raw: rest,
      });
    }
    return { calls, issues };
  };
}

/** What was read before a broken call stays; the broken one is reported. */
function fail(
  calls: RawCall[],
  issues: BodyIssue[],
  raw: string,
  why: string,
  malformed: boolean,
): BodyResult {
  if (calls.length === 0) return { calls: [], error: why };
  issues.push(notExtracted(malformed ? 'malformed-call' : 'partial-call', why, raw));
  return { calls, issues };
}

/** The call syntax of `<|tool_call>` blocks, strings written bare (so typed as FunctionGemma's are). */
const strippedCall = callBody({ close: '', inferDelimited: true });

/**
 * Gemma 4 with its tokens and string delimiters stripped (vLLM's pythonic parser leaves this in
 * the content): `call:write_file{content:hello,path:a.txt}`, after the engine took `call:`.
 * Null when the body is not in this form (a `(` comes before any `{`).
 */
export function strippedGemmaCall(body: string, ctx: BodyContext): BodyResult | null {
  const brace = body.indexOf('{');
  const paren = body.indexOf('(');
  if (brace === -1 || (paren !== -1 && paren < brace)) return null;
  const parsed = parseGemmaObject(body, brace, ctx.options.maxDepth);
  if (!parsed.ok)
    return parsed.truncated
      ? { calls: [], error: 'the output ended inside this call, so its arguments are incomplete' }
      : { calls: [], notMarkup: true };
  const read = strippedCall(`call:${body.slice(0, parsed.end)}`, ctx);
  if (read.calls.length === 0) return { calls: [], notMarkup: true };
  const rest = body.slice(parsed.end);
  return rest.trim() === '' ? read : { ...read, text: rest };
}

/** Past a leading line number (`12 `) and blanks; unchanged when there is none. */
export function skipLineNumber(text: string, pos: number): number {
  const digits = skipJsonSpace(text, pos);
  let p = digits;
  while (p < text.length && p - digits < 6 && isDigit(charCodeAt.call(text, p))) p++;
  if (p === digits || p >= text.length || !isJsonSpace(charCodeAt.call(text, p))) return digits;
  return skipJsonSpace(text, p);
}

/** Start of the line holding `at`, when only a line number and blanks stand before `at` on it; else `at`. */
function lineNumberStart(text: string, at: number, floor: number): number {
  const lineStart = Math.max(floor, text.lastIndexOf('\n', at - 1) + 1);
  return skipLineNumber(text, lineStart) === at ? lineStart : at;
}

/** The `{json}[END_TOOL_REQUEST]` calls in free text, each read by `read` (for `callsInProse`). */
class EndMarkedRequests implements ProseFinder {
  private endMarker = -2;

  constructor(
    readonly text: string,
    readonly read: (json: string) => BodyResult,
  ) {}

  next(from: number): ProseMatch | null {
    const t = this.text;
    let pos = from;
    for (;;) {
      if (this.endMarker !== -1 && this.endMarker < pos) this.endMarker = t.indexOf(END_TOOL_REQUEST, pos);
      if (this.endMarker === -1) return null;
      const limit = this.endMarker;
      const open = t.indexOf('{', pos);
      if (open === -1 || open > limit) {
        pos = limit + END_TOOL_REQUEST.length;
        continue;
      }
      // Sliced to the marker: the scan never runs past it. (A V8 slice is a view: no copy.)
      const rel = findJsonEnd(t.slice(open, limit), 0);
      const end = rel === -1 ? -1 : open + rel;
      if (end === -1) {
        pos = limit + END_TOOL_REQUEST.length;
        continue;
      }
      const after = skipJsonSpace(t, end, false, limit);
      if (after !== limit) {
        pos = end;
        continue;
      }
      return {
        start: lineNumberStart(t, open, from),
        end: limit + END_TOOL_REQUEST.length,
        result: this.read(t.slice(open, end)),
      };
    }
  }
}

/** LM Studio's end-marked JSON calls in `text`. */
export function endMarkedRequests(text: string, read: (json: string) => BodyResult): ProseFinder {
  return new EndMarkedRequests(text, read);
}
