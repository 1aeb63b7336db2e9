/**
 * Pythonic tool calls: `[get_weather(city='Paris'), get_time()]` (Llama 3.2/4, LFM2, the Gemma
 * prompt, ToolACE) and bare `get_weather(city="Paris")` lines (Gemma ```tool_code blocks).
 *
 * Model output is never evaluated (architecture/semantics.md, guarantee 8): this is a literal parser that knows
 * Python's literal syntax — strings, numbers, True/False/None, lists, tuples, sets, dicts — and
 * nothing that could run. It is a hand-written scanner over char codes in one left-to-right pass:
 * every character is looked at a bounded number of times (a lookahead for `name=` or `name(`
 * rescans at most one identifier and the blanks after it), so the cost is O(n) on any input, and
 * recursion is bounded by `maxDepth` so deep brackets yield an error, never a stack overflow.
 *
 * Where Python would reject text that models really write, the parser is lenient and says so in
 * `notes`: bare words (`location=Paris`, ToolACE) become strings, a missing comma between keyword
 * arguments (`location="Paris"unit="celsius"`, vLLM's Gemma 3 template) is accepted, `true`/`null`
 * are read like `True`/`None`. Values that a JSON number cannot hold exactly (`1e999`, `inf`,
 * integers beyond 2^53) become strings, so every result stays JSON-serialisable without loss.
 */
import {
  APOSTROPHE,
  BACKSLASH,
  BRACE_CLOSE,
  BRACE_OPEN,
  BRACKET_CLOSE,
  BRACKET_OPEN,
  CARRIAGE_RETURN,
  COLON,
  COMMA,
  DIGIT0,
  DIGIT9,
  DOT,
  EQUALS,
  HASH,
  isDigit,
  isIdentPart,
  isIdentStart,
  isSpace,
  isSpaceOrTab,
  LINE_FEED,
  MINUS,
  PAREN_CLOSE,
  PAREN_OPEN,
  QUOTE,
  SEMICOLON,
  TAB,
  UNDERSCORE,
} from './char-codes.js';
import { isPlainObject, setOwn } from './safe-object.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

// Codes char-codes.ts does not name. Letters are compared after `| 0x20`, which folds an ASCII
// upper-case letter onto its lower-case one and maps no other code onto a letter.
const ASTERISK = 42;
const PLUS = 43;
const LOWER_B = 98;
const LOWER_E = 101;
const LOWER_F = 102;
const LOWER_J = 106;
const LOWER_N = 110;
const LOWER_O = 111;
const LOWER_R = 114;
const LOWER_T = 116;
const LOWER_U = 117;
const LOWER_V = 118;
const LOWER_X = 120;
const UPPER_U = 85;
const LOWER_A_CODE = 97;
const DIGIT7 = 55;

/** Escape-free runs up to this long are copied code by code rather than sliced. */
const SHORT_RUN = 32;
/** Decoded char codes are turned into a string in blocks of this many. */
const CODE_BLOCK = 4096;

function fromCodes(codes: number[]): string {
  return String.fromCharCode(...codes);
}

export const DEFAULT_MAX_DEPTH = 256;

/** One call as written: keyword arguments by name, positional ones in order. */
export interface PythonCall {
  /** The full (possibly dotted) name: `brave_search.call`, `functions.get_weather`. */
  name: string;
  /** Keyword arguments; a keyword given twice keeps the last value, as a dict literal would. */
  arguments: Record<string, unknown>;
  /** Positional arguments, for the caller to map onto the schema's property order. */
  positional: unknown[];
}

/** Something the parser accepted but changed or doubted; a handler turns these into `issues`. */
export interface PythonNote {
  offset: number;
  message: string;
}

export type PythonCallsResult =
  | { ok: true; calls: PythonCall[]; end: number; notes?: PythonNote[] }
  | { ok: false; error: string; offset: number };

export type PythonLiteralResult =
  | { ok: true; value: unknown; end: number; notes?: PythonNote[] }
  | { ok: false; error: string; offset: number };

export interface PythonLiteralOptions {
  /** Brackets, parens and braces may nest this deep (default 256); deeper input is an error. */
  maxDepth?: number;
  /** Index to start at (default 0). Offsets in results stay indices into the whole text, so a
   * caller scanning for `[` does not have to slice the rest of the text at each candidate. */
  start?: number;
}

export interface PythonCallsOptions extends PythonLiteralOptions {
  /** Accept bare calls `f(a=1)` separated by blanks, newlines, `;` or `,` (default true). */
  allowBareCall?: boolean;
}

/**
 * What a read method returns when the input does not parse; the parser keeps the message and the
 * offset. Failing is a return, not a throw: a bare-text scan tries the parser at many candidates
 * and most fail, and a throw costs microseconds in V8 (it records where it came from).
 */
const FAILED: unique symbol = Symbol('failed');

/**
 * The failures a bare-text scan meets most, kept as their parts: the message is built only if
 * someone reads it (a scan that tries the parser at every candidate discards it).
 */
const EAGER = 0;
/** Something else where `,` or `)` must come after an argument. */
const AFTER_ARGUMENT = 1;
/** Something else where `,` or `]` must come after a call in a list. */
const AFTER_CALL = 2;
/** No value where one must start. */
const NO_VALUE = 3;
/** Something else than `(` after a name in a list (`[see the docs]`, `[x](url)`). */
const NO_PAREN = 4;
type FailureKind =
  | typeof EAGER
  | typeof AFTER_ARGUMENT
  | typeof AFTER_CALL
  | typeof NO_VALUE
  | typeof NO_PAREN;

/** `describe` of ASCII characters, built once each (a failing candidate names the one it met). */
const ASCII_QUOTED: Array<string | undefined> = [];
type Failed = typeof FAILED;

function hexValue(code: number): number {
  if (code >= DIGIT0 && code <= DIGIT9) return code - DIGIT0;
  const lower = code | 0x20;
  if (lower >= LOWER_A_CODE && lower <= LOWER_F) return lower - LOWER_A_CODE + 10;
  return -1;
}

/** Source text quoted in a message, cut short: an error about a 1 MiB number need not repeat it. */
function preview(text: string): string {
  return text.length <= 60 ? text : `${text.slice(0, 40)}… (${text.length} characters)`;
}

/** Python's str(): what a JSON encoder would write for a non-string dict key. */
function keyText(key: unknown): string {
  if (typeof key === 'string') return key;
  if (typeof key === 'number') return String(key);
  if (key === true) return 'true';
  if (key === false) return 'false';
  if (key === null) return 'null';
  // Tuples and other unhashable-in-JSON keys: their JSON text, which is unambiguous.
  return JSON.stringify(key) ?? String(key);
}

/** `-` applied to a number that was kept as a string ("inf", "1e999", "98765432109876543210"). */
function negateText(text: string): string {
  if (text === 'nan') return text;
  return charCodeAt.call(text, 0) === MINUS ? text.slice(1) : '-' + text;
}

function normaliseDepth(value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0)) return DEFAULT_MAX_DEPTH;
  return Math.floor(value);
}

function startOf(start: unknown, length: number): number {
  return typeof start === 'number' && start > 0 ? Math.min(Math.floor(start), length) : 0;
}

class PythonLiteralParser {
  pos: number;
  depth = 0;
  /** Made on the first note: most parses have none. */
  notes: PythonNote[] | null = null;
  /**
   * The first failure (see FAILED), as plain fields rather than an object: a scan that tries
   * the parser at many candidates allocates nothing for the ones that fail.
   */
  failed = false;
  failOffset = 0;
  failKind: FailureKind = EAGER;
  /** The message of an EAGER failure; the name of an AFTER_* or NO_PAREN one. */
  failText = '';
  /** Where the call or list an AFTER_* failure is about was opened. */
  failOpen = 0;
  readonly maxDepth: number;

  constructor(
    readonly src: string,
    options: PythonLiteralOptions,
  ) {
    this.maxDepth = normaliseDepth(options.maxDepth);
    this.pos = startOf(options.start, src.length);
  }

  /** Back to the state of a parser just made at `start`, for the next read of the same text. */
  reset(start: number): void {
    this.pos = startOf(start, this.src.length);
    this.depth = 0;
    this.notes = null;
    this.failed = false;
  }

  /**
   * The code at `i`, or -1 past the end. Reading past a string's end makes V8 throw away the
   * optimised code of the reading function, and every parse ends at the end of its input.
   */
  at(i: number): number {
    return i < this.src.length ? charCodeAt.call(this.src, i) : -1;
  }

  /**
   * Records the first failure and returns FAILED, for the caller to return in turn.
   */
  fail(message: string, offset: number = this.pos): Failed {
    if (!this.failed) this.record(EAGER, message, 0, offset);
    return FAILED;
  }

  /** A failure whose message is built only if someone reads it (see FailureKind). */
  failDeferred(kind: FailureKind, name: string, open: number, at: number): Failed {
    if (!this.failed) this.record(kind, name, open, at);
    return FAILED;
  }

  record(kind: FailureKind, text: string, open: number, offset: number): void {
    this.failed = true;
    this.failKind = kind;
    this.failText = text;
    this.failOpen = open;
    this.failOffset = offset;
  }

  /** The message of the recorded failure. */
  failMessage(): string {
    const kind = this.failKind;
    const at = this.failOffset;
    if (kind === EAGER) return this.failText;
    if (kind === NO_VALUE) return `expected a value, found ${this.describe(at)}`;
    const name = this.failText;
    if (kind === NO_PAREN) return `expected '(' after function name '${name}', found ${this.describe(at)}`;
    const open = this.failOpen;
    return kind === AFTER_ARGUMENT
      ? `expected ',' or ')' to close call '${name}' opened at ${open}, found ${this.describe(at)}`
      : `expected ',' or ']' after call '${name}' in the list opened at ${open}, found ${this.describe(at)}`;
  }

  note(offset: number, message: string): void {
    if (this.notes === null) this.notes = [];
    this.notes.push({ offset, message });
  }

  /** The character at `i` for an error message, or "end of input". */
  describe(i: number): string {
    if (i >= this.src.length) return 'end of input';
    const code = charCodeAt.call(this.src, i);
    if (code < 128) {
      let quoted = ASCII_QUOTED[code];
      if (quoted === undefined) {
        quoted = JSON.stringify(String.fromCharCode(code));
        ASCII_QUOTED[code] = quoted;
      }
      return quoted;
    }
    return JSON.stringify(String.fromCodePoint(this.src.codePointAt(i) ?? 0));
  }

  enter(open: number): Failed | undefined {
    if (++this.depth > this.maxDepth) {
      return this.fail(`nesting deeper than maxDepth (${this.maxDepth})`, open);
    }
    return undefined;
  }

  /** The error result for the recorded failure, or for whatever was thrown (nothing is rethrown). */
  failure(thrown?: unknown): { ok: false; error: string; offset: number } {
    if (this.failed) return { ok: false, error: this.failMessage(), offset: this.failOffset };
    // Only reachable with a huge caller-chosen maxDepth (stack overflow) or out of memory.
    const message = thrown instanceof Error ? thrown.message : 'unknown failure';
    return { ok: false, error: `input could not be parsed: ${message}`, offset: this.pos };
  }

  // ---- blanks -------------------------------------------------------------------------------

  /** Plain whitespace only: used at the two ends, where a `#` may be the user's prose. */
  skipSpace(i: number): number {
    const src = this.src;
    const n = src.length;
    while (i < n && isSpace(this.at(i))) i++;
    return i;
  }

  /**
   * Whitespace, newlines, `#` comments and backslash line continuations: what Python ignores
   * between tokens inside brackets.
   */
  skipInside(i: number): number {
    const src = this.src;
    const n = src.length;
    while (i < n) {
      const c = this.at(i);
      if (isSpace(c)) {
        i++;
      } else if (c === HASH) {
        i++;
        while (i < n) {
          const d = this.at(i);
          if (d === LINE_FEED || d === CARRIAGE_RETURN) break;
          i++;
        }
      } else if (c === BACKSLASH) {
        const d = this.at(i + 1);
        if (d === LINE_FEED) i += 2;
        else if (d === CARRIAGE_RETURN) i += this.at(i + 2) === LINE_FEED ? 3 : 2;
        else break;
      } else {
        break;
      }
    }
    return i;
  }

  /** Between bare calls: blanks, comments and the `;` / `,` separators. */
  skipSeparators(i: number): number {
    const src = this.src;
    const n = src.length;
    for (;;) {
      i = this.skipInside(i);
      if (i >= n) return i;
      const c = this.at(i);
      if (c !== SEMICOLON && c !== COMMA) return i;
      i++;
    }
  }

  // ---- names --------------------------------------------------------------------------------

  /** End of the identifier starting at `i` (which must be an identifier start). */
  identEnd(i: number): number {
    const src = this.src;
    const n = src.length;
    i++;
    while (i < n && isIdentPart(this.at(i))) i++;
    return i;
  }

  /** Extends an identifier ending at `i` over `.part` segments: `functions.get_weather`. */
  dottedEnd(i: number): number {
    while (this.at(i) === DOT && isIdentStart(this.at(i + 1))) i = this.identEnd(i + 1);
    return i;
  }

  /** Whether a (dotted) name followed by `(` starts at `i` — decides if a bare call follows. */
  callAhead(i: number): boolean {
    if (!isIdentStart(this.at(i))) return false;
    let j = this.dottedEnd(this.identEnd(i));
    while (isSpaceOrTab(this.at(j))) j++;
    return this.at(j) === PAREN_OPEN;
  }

  /** True when `src[start, end)` is a string prefix (r, b, u, f, rb, br, rf, fr in any case). */
  isStringPrefix(start: number, end: number): boolean {
    const a = this.at(start) | 0x20;
    if (end - start === 1) return a === LOWER_R || a === LOWER_B || a === LOWER_U || a === LOWER_F;
    if (end - start !== 2) return false;
    const b = this.at(start + 1) | 0x20;
    return (
      (a === LOWER_R && (b === LOWER_B || b === LOWER_F)) ||
      ((a === LOWER_B || a === LOWER_F) && b === LOWER_R)
    );
  }

  // ---- calls --------------------------------------------------------------------------------

  /** `name(args)` at `pos`. */
  readCall(): PythonCall | Failed {
    const src = this.src;
    const start = this.pos;
    if (!isIdentStart(this.at(start))) {
      return this.fail(`expected a function name, found ${this.describe(start)}`, start);
    }
    const nameEnd = this.dottedEnd(this.identEnd(start));
    const name = src.slice(start, nameEnd);
    const open = this.skipInside(nameEnd);
    if (this.at(open) !== PAREN_OPEN) {
      return this.failDeferred(NO_PAREN, name, 0, open);
    }
    return this.readArguments(name, open);
  }

  /**
   * The call `name` whose argument list's `(` is at `open`; leaves `pos` after the `)`. Its objects
   * are made only as values arrive, and the call only once it closes: a candidate that fails
   * deep inside nested calls leaves nothing behind at each level.
   */
  readArguments(name: string, open: number): PythonCall | Failed {
    const src = this.src;
    const n = src.length;
    let args: Record<string, unknown> | null = null;
    let positional: unknown[] | null = null;
    if (this.enter(open) === FAILED) return FAILED;
    this.pos = open + 1;
    for (;;) {
      let i = this.skipInside(this.pos);
      if (i >= n) return this.fail(`expected ')' to close call '${name}' opened at ${open}`, n);
      const c = this.at(i);
      if (c === PAREN_CLOSE) {
        this.pos = i + 1;
        break;
      }
      if (c === ASTERISK) {
        // `**{'my-key': 1}` is how keys that are not identifiers travel (formatPythonCall writes it).
        if (this.at(i + 1) !== ASTERISK)
          return this.fail(`'*' arguments are not supported in call '${name}'`, i);
        this.pos = i + 2;
        const spread = this.readValue();
        if (spread === FAILED) return FAILED;
        if (!isPlainObject(spread)) return this.fail(`expected a dict after '**' in call '${name}'`, i);
        args ??= {};
        for (const key of Object.keys(spread)) setOwn(args, key, spread[key]);
      } else if (isIdentStart(c)) {
        // `name=value` or a positional value that starts with a name (a bare word, True, a call).
        const keyEnd = this.identEnd(i);
        const eq = this.skipInside(keyEnd);
        if (this.at(eq) === EQUALS && this.at(eq + 1) !== EQUALS) {
          const at = this.skipInside(eq + 1);
          const v = this.at(at);
          if (at >= n || v === COMMA || v === PAREN_CLOSE) {
            return this.fail(
              `expected a value for '${src.slice(i, keyEnd)}' in call '${name}', found ${this.describe(at)}`,
              at,
            );
          }
          const value = this.valueAt(at);
          if (value === FAILED) return FAILED;
          args ??= {};
          setOwn(args, src.slice(i, keyEnd), value);
        } else {
          const value = this.valueAt(i);
          if (value === FAILED) return FAILED;
          positional ??= [];
          positional.push(value);
        }
      } else {
        const value = this.valueAt(i);
        if (value === FAILED) return FAILED;
        positional ??= [];
        positional.push(value);
      }
      i = this.skipInside(this.pos);
      const d = this.at(i);
      if (d === COMMA) {
        this.pos = i + 1;
      } else if (d === PAREN_CLOSE) {
        this.pos = i + 1;
        break;
      } else if (isIdentStart(d)) {
        // vLLM's Gemma 3 template writes `location="Paris"unit="celsius"`; read on.
        this.note(i, `missing ',' between arguments of call '${name}'`);
        this.pos = i;
      } else if (i >= n) {
        return this.fail(`expected ')' to close call '${name}' opened at ${open}`, n);
      } else {
        return this.failDeferred(AFTER_ARGUMENT, name, open, i);
      }
    }
    this.depth--;
    return { name, arguments: args ?? {}, positional: positional ?? [] };
  }

  /** A list of calls `[f(), g()]` or, when allowed, bare calls; `pos` is at the first non-blank. */
  readCalls(allowBare: boolean): PythonCall[] | Failed {
    const src = this.src;
    const n = src.length;
    // Made on the first call: a candidate that fails inside its first call leaves nothing.
    let calls: PythonCall[] | null = null;
    const first = this.pos;
    if (this.at(first) === BRACKET_OPEN) {
      if (this.enter(first) === FAILED) return FAILED;
      this.pos = first + 1;
      for (;;) {
        let i = this.skipInside(this.pos);
        if (this.at(i) === BRACKET_CLOSE) {
          this.pos = i + 1;
          break;
        }
        if (i >= n) return this.fail(`expected ']' to close the call list opened at ${first}`, n);
        this.pos = i;
        const call = this.readCall();
        if (call === FAILED) return FAILED;
        if (calls === null) calls = [call];
        else calls.push(call);
        i = this.skipInside(this.pos);
        const d = this.at(i);
        if (d === COMMA) {
          this.pos = i + 1;
        } else if (d === BRACKET_CLOSE) {
          this.pos = i + 1;
          break;
        } else if (isIdentStart(d)) {
          this.note(i, `missing ',' after call '${call.name}'`);
          this.pos = i;
        } else if (i >= n) {
          return this.fail(`expected ']' to close the call list opened at ${first}`, n);
        } else {
          return this.failDeferred(AFTER_CALL, call.name, first, i);
        }
      }
      this.depth--;
    } else if (allowBare && this.callAhead(first)) {
      for (;;) {
        const call = this.readCall();
        if (call === FAILED) return FAILED;
        if (calls === null) calls = [call];
        else calls.push(call);
        // Separators and comments are consumed only when another call follows them, so text
        // after the last call (", and then …") is left to the caller untouched.
        const next = this.skipSeparators(this.pos);
        if (!this.callAhead(next)) break;
        this.pos = next;
      }
    } else {
      return this.fail(
        allowBare
          ? `expected '[' or a function call, found ${this.describe(first)}`
          : `expected '[' to open a call list, found ${this.describe(first)}`,
        first,
      );
    }
    return calls ?? [];
  }

  // ---- values -------------------------------------------------------------------------------

  /** One value at `pos` (blanks before it skipped); leaves `pos` just after it. */
  readValue(): unknown {
    return this.valueAt(this.skipInside(this.pos));
  }

  /** One value at `i`, where no blank is (the caller skipped them); leaves `pos` just after it. */
  valueAt(i: number): unknown {
    const src = this.src;
    this.pos = i;
    if (i >= src.length) return this.fail('expected a value, found end of input', i);
    const c = this.at(i);
    if (c === QUOTE || c === APOSTROPHE) return this.readStrings();
    if (isDigit(c) || (c === DOT && isDigit(this.at(i + 1)))) return this.readNumber();
    if (c === BRACKET_OPEN) return this.readList();
    if (c === PAREN_OPEN) return this.readTuple();
    if (c === BRACE_OPEN) return this.readDictOrSet();
    if (c === MINUS || c === PLUS) return this.readSigned();
    if (isIdentStart(c)) return this.readNameValue();
    return this.failDeferred(NO_VALUE, '', 0, i);
  }

  /** `'a' "b"` — adjacent literals concatenate, as in Python. */
  readStrings(): string | Failed {
    let out = this.readString();
    if (out === FAILED) return FAILED;
    for (;;) {
      const i = this.skipInside(this.pos);
      if (!this.stringAhead(i)) return out;
      this.pos = i;
      const next = this.readString();
      if (next === FAILED) return FAILED;
      out += next;
    }
  }

  /** A quote, or a string prefix glued to a quote, at `i`. */
  stringAhead(i: number): boolean {
    const c = this.at(i);
    if (c === QUOTE || c === APOSTROPHE) return true;
    if (!isIdentStart(c)) return false;
    let j = i + 1;
    // Prefixes are at most two letters; look no further so this stays O(1).
    if (isIdentPart(this.at(j))) j++;
    const q = this.at(j);
    return (q === QUOTE || q === APOSTROPHE) && this.isStringPrefix(i, j);
  }

  /** One string literal (optionally prefixed, optionally triple-quoted) at `pos`. */
  readString(): string | Failed {
    const src = this.src;
    const n = src.length;
    let i = this.pos;
    let raw = false;
    let bytes = false;
    const start = i;
    // The prefix letters were validated by the caller; only `r` changes how the body is read.
    while (i < n) {
      const c = this.at(i);
      if (c === QUOTE || c === APOSTROPHE) break;
      if ((c | 0x20) === LOWER_R) raw = true;
      if ((c | 0x20) === 0x62) bytes = true;
      i++;
    }
    // JSON has no bytes: `b'z'` is read as the string 'z', and said so.
    if (bytes) this.note(start, 'a bytes literal was read as a string');
    const open = i;
    const q = this.at(i);
    const triple = this.at(i + 1) === q && this.at(i + 2) === q;
    i += triple ? 3 : 1;
    // Escape-free runs are sliced. Decoded escapes, and the short runs between them, go to a
    // char-code buffer flushed in blocks: one concatenation per escape would make an
    // escape-dense string (JSON or code inside a string) several times slower.
    let out = '';
    let codes: number[] | null = null;
    let chunk = i;
    for (;;) {
      if (i >= n) return this.fail(`unterminated string opened at ${open}`, n);
      const c = this.at(i);
      if (c === q) {
        let close = i + 1;
        if (triple) {
          if (this.at(i + 1) !== q || this.at(i + 2) !== q) {
            i++;
            continue;
          }
          close = i + 3;
        }
        this.pos = close;
        if (codes !== null && codes.length > 0) out += fromCodes(codes);
        return out + src.slice(chunk, i);
      }
      if (c !== BACKSLASH) {
        // A newline inside a one-quote string is a SyntaxError in Python; models do write it, and
        // nothing is ambiguous about it, so it is kept.
        i++;
      } else if (i + 1 >= n) {
        return this.fail(`unterminated string opened at ${open}`, n);
      } else if (raw) {
        // In a raw string a backslash still keeps the next quote from closing it; both stay.
        i += 2;
      } else {
        if (codes === null) codes = [];
        if (i - chunk > SHORT_RUN) {
          if (codes.length > 0) {
            out += fromCodes(codes);
            codes.length = 0;
          }
          out += src.slice(chunk, i);
        } else {
          for (let k = chunk; k < i; k++) codes.push(this.at(k));
        }
        i = this.readEscape(i, codes);
        chunk = i;
        if (codes.length >= CODE_BLOCK) {
          out += fromCodes(codes);
          codes.length = 0;
        }
      }
    }
  }

  /**
   * Decodes the escape whose backslash is at `i` (with a character after it) into `codes`;
   * returns the index after it.
   */
  readEscape(i: number, codes: number[]): number {
    const c = this.at(i + 1);
    switch (c) {
      case LINE_FEED:
        return i + 2; // line continuation: nothing
      case CARRIAGE_RETURN:
        return this.at(i + 2) === LINE_FEED ? i + 3 : i + 2;
      case BACKSLASH:
      case QUOTE:
      case APOSTROPHE:
        codes.push(c);
        return i + 2;
      case LOWER_A_CODE:
        codes.push(7);
        return i + 2;
      case LOWER_B:
        codes.push(8);
        return i + 2;
      case LOWER_F:
        codes.push(12);
        return i + 2;
      case LOWER_N:
        codes.push(LINE_FEED);
        return i + 2;
      case LOWER_R:
        codes.push(CARRIAGE_RETURN);
        return i + 2;
      case LOWER_T:
        codes.push(TAB);
        return i + 2;
      case LOWER_V:
        codes.push(11);
        return i + 2;
      case LOWER_X:
      case LOWER_U:
      case UPPER_U: {
        const count = c === LOWER_X ? 2 : c === LOWER_U ? 4 : 8;
        const code = this.readHex(i + 2, count);
        if (code >= 0 && code <= 0x10ffff) {
          if (code > 0xffff)
            codes.push(0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff));
          else codes.push(code);
          return i + 2 + count;
        }
        break;
      }
    }
    if (c >= DIGIT0 && c <= DIGIT7) {
      // Octal: one to three digits, as Python reads `\0` and `\101`.
      let code = c - DIGIT0;
      let j = i + 2;
      for (let k = 0; k < 2; k++) {
        const d = this.at(j);
        if (!(d >= DIGIT0 && d <= DIGIT7)) break;
        code = code * 8 + d - DIGIT0;
        j++;
      }
      codes.push(code);
      return j;
    }
    // Unknown (or malformed) escape: Python keeps the backslash, and the next character is read
    // as ordinary text.
    codes.push(BACKSLASH);
    return i + 1;
  }

  /** Value of exactly `count` hex digits at `i`, or -1. */
  readHex(i: number, count: number): number {
    let value = 0;
    for (let k = 0; k < count; k++) {
      const h = hexValue(this.at(i + k));
      if (h < 0) return -1;
      value = value * 16 + h;
    }
    return value;
  }

  /** End of a run of digits and `_` separators at `i`. */
  digitsEnd(i: number): number {
    const src = this.src;
    const n = src.length;
    while (i < n) {
      const c = this.at(i);
      if (!isDigit(c) && c !== UNDERSCORE) break;
      i++;
    }
    return i;
  }

  /** An unsigned number literal at `pos`. */
  readNumber(): unknown {
    const src = this.src;
    const start = this.pos;
    if (this.at(start) === DIGIT0) {
      const p = this.at(start + 1) | 0x20;
      const radix = p === LOWER_X ? 16 : p === LOWER_O ? 8 : p === LOWER_B ? 2 : 0;
      if (radix !== 0) return this.readRadixInteger(start, radix);
    }
    // The common case, a short plain integer, is valued while it is scanned: no slice, no Number().
    const n = src.length;
    let i = start;
    let small = 0;
    while (i < n) {
      const c = this.at(i);
      if (!isDigit(c)) break;
      small = small * 10 + (c - DIGIT0);
      i++;
    }
    const next = this.at(i);
    if (
      i > start &&
      i - start <= 15 &&
      (i - start === 1 || this.at(start) !== DIGIT0) &&
      next !== UNDERSCORE &&
      next !== DOT &&
      (next | 0x20) !== LOWER_E &&
      (next | 0x20) !== LOWER_J &&
      !isIdentPart(next)
    ) {
      this.pos = i;
      return small;
    }
    let isFloat = false;
    i = this.digitsEnd(start);
    if (this.at(i) === DOT) {
      isFloat = true;
      i = this.digitsEnd(i + 1);
    }
    if ((this.at(i) | 0x20) === LOWER_E) {
      let j = i + 1;
      const s = this.at(j);
      if (s === PLUS || s === MINUS) j++;
      if (isDigit(this.at(j))) {
        isFloat = true;
        i = this.digitsEnd(j);
      }
    }
    if ((this.at(i) | 0x20) === LOWER_J) {
      // A complex literal has no JSON form; keep its text.
      i++;
      this.pos = i;
      const text = src.slice(start, i);
      this.note(start, `complex number ${preview(text)} kept as a string`);
      return text;
    }
    if (isIdentPart(this.at(i))) {
      return this.fail(`unexpected ${this.describe(i)} after number ${preview(src.slice(start, i))}`, i);
    }
    this.pos = i;
    const text = src.slice(start, i);
    const clean = text.includes('_') ? text.replaceAll('_', '') : text;
    const value = Number(clean);
    if (!isFloat) {
      if (clean.length > 1 && charCodeAt.call(clean, 0) === DIGIT0 && value !== 0) {
        // `01234` is a SyntaxError in Python; what a model means by it is a code like a ZIP code,
        // whose leading zero matters.
        this.note(start, `integer with a leading zero ${preview(text)} kept as a string`);
        return clean;
      }
      if (value > Number.MAX_SAFE_INTEGER) {
        this.note(start, `integer ${preview(text)} does not fit a JSON number exactly; kept as a string`);
        return clean;
      }
      return value;
    }
    if (Number.isFinite(value)) return value;
    if (Number.isNaN(value)) return this.fail(`malformed number ${preview(text)}`, start);
    this.note(start, `number ${preview(text)} overflows a JSON number; kept as a string`);
    return clean;
  }

  /** `0x1F`, `0o17`, `0b101` at `start`. */
  readRadixInteger(start: number, radix: number): unknown {
    const src = this.src;
    const n = src.length;
    let i = start + 2;
    let digits = '';
    let chunk = i;
    while (i < n) {
      const c = this.at(i);
      if (c === UNDERSCORE) {
        digits += src.slice(chunk, i);
        chunk = i + 1;
      } else {
        const h = hexValue(c);
        if (h < 0 || h >= radix) break;
      }
      i++;
    }
    digits += src.slice(chunk, i);
    if (digits.length === 0) return this.fail(`expected digits after ${src.slice(start, start + 2)}`, i);
    if (isIdentPart(this.at(i))) {
      return this.fail(`unexpected ${this.describe(i)} after number ${preview(src.slice(start, i))}`, i);
    }
    this.pos = i;
    const value = Number.parseInt(digits, radix);
    if (Number.isSafeInteger(value)) return value;
    const text = src.slice(start, i);
    this.note(start, `integer ${preview(text)} does not fit a JSON number exactly; kept as a string`);
    return text;
  }

  /** `-1`, `+2.5`, `-inf`, `-float('inf')`; the sign may repeat, as Python allows. */
  readSigned(): unknown {
    const src = this.src;
    const start = this.pos;
    let negative = false;
    let i = start;
    for (;;) {
      const c = this.at(i);
      if (c === MINUS) negative = !negative;
      else if (c !== PLUS) break;
      i = this.skipInside(i + 1);
    }
    this.pos = i;
    const c = this.at(i);
    let value: unknown;
    if (isDigit(c) || (c === DOT && isDigit(this.at(i + 1)))) {
      value = this.readNumber();
      if (value === FAILED) return FAILED;
    } else if (isIdentStart(c)) {
      const end = this.identEnd(i);
      const word = src.slice(i, end);
      const lower = word.toLowerCase();
      if (lower === 'inf' || lower === 'infinity' || lower === 'nan') {
        this.pos = end;
        value = lower === 'nan' ? 'nan' : 'inf';
        this.note(i, `${word} has no JSON number; kept as a string`);
      } else if (word === 'float' && this.at(this.skipInside(end)) === PAREN_OPEN) {
        value = this.readNameValue();
        if (value === FAILED) return FAILED;
      } else {
        return this.fail(`expected a number after sign, found ${this.describe(i)}`, i);
      }
    } else {
      return this.fail(`expected a number after sign, found ${this.describe(i)}`, i);
    }
    if (!negative) return value;
    if (typeof value === 'number') return value === 0 ? 0 : -value;
    if (typeof value === 'string') return negateText(value);
    return value;
  }

  /** A value that starts with a name: a prefixed string, a keyword, a call, or a bare word. */
  readNameValue(): unknown {
    const src = this.src;
    const start = this.pos;
    const wordEnd = this.identEnd(start);
    const q = this.at(wordEnd);
    if ((q === QUOTE || q === APOSTROPHE) && this.isStringPrefix(start, wordEnd)) return this.readStrings();
    const nameEnd = this.dottedEnd(wordEnd);
    const open = this.skipInside(nameEnd);
    if (this.at(open) === PAREN_OPEN) return this.readCallValue(src.slice(start, nameEnd), start, open);
    if (nameEnd === wordEnd) {
      switch (src.slice(start, wordEnd)) {
        case 'True':
        case 'true':
          this.pos = wordEnd;
          return true;
        case 'False':
        case 'false':
          this.pos = wordEnd;
          return false;
        case 'None':
        case 'null':
          this.pos = wordEnd;
          return null;
      }
    }
    return this.readBareWords(start, nameEnd);
  }

  /**
   * A name Python would not know (`location=Paris`, `unit=Unit.CELSIUS`) is the model writing a
   * string without quotes. Words separated by blanks join (`city=San Francisco`) until one is
   * followed by `=` or `(` — that one is the next argument, written without its comma.
   */
  readBareWords(start: number, end: number): string {
    const src = this.src;
    let i = end;
    for (;;) {
      let j = i;
      while (isSpaceOrTab(this.at(j))) j++;
      if (j === i || !isIdentStart(this.at(j))) break;
      const wordEnd = this.identEnd(j);
      const q = this.at(wordEnd);
      if (q === QUOTE || q === APOSTROPHE) break;
      const k = this.dottedEnd(wordEnd);
      let m = k;
      while (isSpaceOrTab(this.at(m))) m++;
      const after = this.at(m);
      if ((after === EQUALS && this.at(m + 1) !== EQUALS) || after === PAREN_OPEN) break;
      i = k;
    }
    this.pos = i;
    const text = src.slice(start, i);
    this.note(start, `bare name ${preview(text)} read as a string`);
    return text;
  }

  /**
   * A call used as a value. `float('inf')`, `dict(a=1)`, `list()`… mean a literal and become one;
   * any other call is kept as its source text rather than evaluated.
   */
  readCallValue(name: string, start: number, open: number): unknown {
    const call = this.readArguments(name, open);
    if (call === FAILED) return FAILED;
    const text = this.src.slice(start, this.pos);
    const hasKeywords = Object.keys(call.arguments).length > 0;
    const positional = call.positional;
    const only = positional[0];
    switch (name) {
      case 'float':
        if (!hasKeywords && positional.length <= 1) {
          const value = this.floatOf(only, start);
          if (value !== undefined) return value;
        }
        break;
      case 'dict':
        if (positional.length === 0) return call.arguments;
        if (positional.length === 1 && !hasKeywords && isPlainObject(only)) return only;
        break;
      case 'list':
      case 'tuple':
      case 'set':
      case 'frozenset':
        if (!hasKeywords && positional.length === 0) return [];
        if (!hasKeywords && positional.length === 1 && Array.isArray(only)) return only;
        break;
    }
    this.note(start, `call ${preview(text)} kept as its source text`);
    return text;
  }

  /** `float(x)` for a literal x, or undefined when it is not one float() would accept. */
  floatOf(arg: unknown, at: number): unknown {
    if (arg === undefined) return 0;
    if (typeof arg === 'number') return arg;
    if (typeof arg !== 'string') return undefined;
    const text = arg.trim();
    const lower = text.toLowerCase();
    const sign = charCodeAt.call(lower, 0) === MINUS ? '-' : '';
    const body = sign !== '' || charCodeAt.call(lower, 0) === PLUS ? lower.slice(1) : lower;
    if (body === 'inf' || body === 'infinity') {
      this.note(at, `float(${preview(text)}) has no JSON number; kept as a string`);
      return sign + 'inf';
    }
    if (body === 'nan') {
      this.note(at, `float(${preview(text)}) has no JSON number; kept as a string`);
      return 'nan';
    }
    if (body.length === 0 || !(isDigit(charCodeAt.call(body, 0)) || charCodeAt.call(body, 0) === DOT))
      return undefined;
    // Number() also takes `0x…`, which float() does not; the digit check above keeps `0x` out
    // only partly, so reject any letter but the exponent.
    for (let k = 0; k < body.length; k++) {
      const c = charCodeAt.call(body, k);
      if (!isDigit(c) && c !== DOT && c !== UNDERSCORE && c !== LOWER_E && c !== PLUS && c !== MINUS) {
        return undefined;
      }
    }
    const value = Number(text.replaceAll('_', ''));
    if (Number.isNaN(value)) return undefined;
    if (Number.isFinite(value)) return value;
    this.note(at, `float(${preview(text)}) overflows a JSON number; kept as a string`);
    return text;
  }

  /** `[a, b]` at `pos`. */
  readList(): unknown[] | Failed {
    const open = this.pos;
    if (this.enter(open) === FAILED) return FAILED;
    this.pos = open + 1;
    const items = this.readItems(open, BRACKET_CLOSE, 'list');
    this.depth--;
    return items;
  }

  /** `(a, b)` is an array; `(a)` is just `a`, as in Python. */
  readTuple(): unknown {
    const open = this.pos;
    if (this.enter(open) === FAILED) return FAILED;
    const src = this.src;
    const n = src.length;
    let i = this.skipInside(open + 1);
    let result: unknown;
    if (this.at(i) === PAREN_CLOSE) {
      this.pos = i + 1;
      result = [];
    } else {
      if (i >= n) return this.fail(`expected ')' to close the tuple opened at ${open}`, n);
      this.pos = i;
      const first = this.readValue();
      if (first === FAILED) return FAILED;
      i = this.skipInside(this.pos);
      if (this.at(i) === PAREN_CLOSE) {
        this.pos = i + 1;
        result = first;
      } else if (this.at(i) === COMMA) {
        this.pos = i + 1;
        const items = this.readItems(open, PAREN_CLOSE, 'tuple');
        if (items === FAILED) return FAILED;
        items.unshift(first);
        result = items;
      } else if (i >= n) {
        return this.fail(`expected ')' to close the tuple opened at ${open}`, n);
      } else {
        return this.fail(`expected ',' or ')' in the tuple opened at ${open}, found ${this.describe(i)}`, i);
      }
    }
    this.depth--;
    return result;
  }

  /**
   * Values separated by commas up to `close` (a trailing comma is fine); `pos` is after the
   * opener or after a comma. Leaves `pos` after the closer.
   */
  readItems(open: number, close: number, what: string): unknown[] | Failed {
    const src = this.src;
    const n = src.length;
    // Made on the first item: an opener that fails before one (deep nesting) leaves nothing.
    let items: unknown[] | null = null;
    for (;;) {
      let i = this.skipInside(this.pos);
      if (this.at(i) === close) {
        this.pos = i + 1;
        return items ?? [];
      }
      if (i >= n) return this.failUnclosed(open, close, what);
      const value = this.valueAt(i);
      if (value === FAILED) return FAILED;
      if (items === null) items = [value];
      else items.push(value);
      i = this.skipInside(this.pos);
      const d = this.at(i);
      if (d === COMMA) {
        this.pos = i + 1;
      } else if (d === close) {
        this.pos = i + 1;
        return items;
      } else if (i >= n) {
        return this.failUnclosed(open, close, what);
      } else {
        return this.fail(
          `expected ',' or '${String.fromCharCode(close)}' in the ${what} opened at ${open}, found ${this.describe(i)}`,
          i,
        );
      }
    }
  }

  failUnclosed(open: number, close: number, what: string): Failed {
    return this.fail(
      `expected '${String.fromCharCode(close)}' to close the ${what} opened at ${open}`,
      this.src.length,
    );
  }

  /** `{k: v}` → object (keys stringified like a JSON encoder would); `{a, b}` → array. */
  readDictOrSet(): unknown {
    const src = this.src;
    const n = src.length;
    const open = this.pos;
    if (this.enter(open) === FAILED) return FAILED;
    let i = this.skipInside(open + 1);
    if (this.at(i) === BRACE_CLOSE) {
      this.pos = i + 1;
      this.depth--;
      return {};
    }
    if (i >= n) return this.fail(`expected '}' to close the dict opened at ${open}`, n);
    this.pos = i;
    const firstKey = this.readValue();
    if (firstKey === FAILED) return FAILED;
    i = this.skipInside(this.pos);
    if (this.at(i) !== COLON) {
      // A set: the first element is read; the rest read like a list's.
      let items: unknown[];
      if (this.at(i) === BRACE_CLOSE) {
        this.pos = i + 1;
        items = [];
      } else if (this.at(i) === COMMA) {
        this.pos = i + 1;
        const rest = this.readItems(open, BRACE_CLOSE, 'set');
        if (rest === FAILED) return FAILED;
        items = rest;
      } else if (i >= n) {
        return this.fail(`expected '}' to close the set opened at ${open}`, n);
      } else {
        return this.fail(
          `expected ':', ',' or '}' in the dict opened at ${open}, found ${this.describe(i)}`,
          i,
        );
      }
      items.unshift(firstKey);
      this.depth--;
      return items;
    }
    const dict: Record<string, unknown> = {};
    let key = firstKey;
    for (;;) {
      // `pos` is just before the colon that follows `key`.
      this.pos = i + 1;
      const at = this.skipInside(this.pos);
      const v = this.at(at);
      if (at >= n || v === COMMA || v === BRACE_CLOSE) {
        return this.fail(
          `expected a value after ':' in the dict opened at ${open}, found ${this.describe(at)}`,
          at,
        );
      }
      const value = this.readValue();
      if (value === FAILED) return FAILED;
      setOwn(dict, keyText(key), value);
      i = this.skipInside(this.pos);
      const d = this.at(i);
      if (d === BRACE_CLOSE) {
        this.pos = i + 1;
        break;
      }
      if (d !== COMMA) {
        if (i >= n) return this.fail(`expected '}' to close the dict opened at ${open}`, n);
        return this.fail(`expected ',' or '}' in the dict opened at ${open}, found ${this.describe(i)}`, i);
      }
      i = this.skipInside(i + 1);
      if (this.at(i) === BRACE_CLOSE) {
        this.pos = i + 1;
        break;
      }
      if (i >= n) return this.fail(`expected '}' to close the dict opened at ${open}`, n);
      this.pos = i;
      key = this.readValue();
      if (key === FAILED) return FAILED;
      i = this.skipInside(this.pos);
      if (this.at(i) !== COLON) {
        return this.fail(
          `expected ':' after a key in the dict opened at ${open}, found ${this.describe(i)}`,
          i,
        );
      }
    }
    this.depth--;
    return dict;
  }
}

function withNotes<T extends object>(result: T, notes: PythonNote[] | null): T & { notes?: PythonNote[] } {
  // `notes` only when there are some, so the common result is exactly { ok, calls, end }.
  return notes !== null ? { ...result, notes } : result;
}

/**
 * Parses a pythonic call list `[f(a=1), g(b='x')]` or (with `allowBareCall`, the default) one or
 * more bare calls `f(a=1)` separated by blanks, newlines, `;` or `,`. Never throws.
 * `end` is the index just past the list (or last call) and any whitespace after it.
 */
export function parsePythonCalls(text: string, options?: PythonCallsOptions): PythonCallsResult {
  if (typeof text !== 'string') return { ok: false, error: 'input is not a string', offset: 0 };
  let parser: PythonLiteralParser | undefined;
  try {
    const opts = options ?? {};
    parser = new PythonLiteralParser(text, opts);
    parser.pos = parser.skipSpace(parser.pos);
    const calls = parser.readCalls(opts.allowBareCall !== false);
    if (calls === FAILED) return parser.failure();
    const end = parser.skipSpace(parser.pos);
    return withNotes({ ok: true as const, calls, end }, parser.notes);
  } catch (error) {
    if (parser) return parser.failure(error);
    return { ok: false, error: 'invalid options', offset: 0 };
  }
}

/** A call list read at a candidate (what parsePythonCalls returns when it succeeds). */
export type PythonCallList = Extract<PythonCallsResult, { ok: true }>;

/**
 * Reads call lists `[f(a=1), …]` at many candidate positions of one text — the bare-text scan of
 * kit/python-call-lists.ts, where most candidates fail. One parser serves every candidate, and a
 * failed read builds neither a result nor a message: where it failed is all a scan needs to go on
 * (architecture/semantics.md, guarantee 8: the scan resumes there).
 */
export class PythonCallListReader {
  private readonly parser: PythonLiteralParser;
  /** Where the last failed `read` failed: the `offset` parsePythonCalls would report. */
  failedAt = 0;

  constructor(text: string, maxDepth?: number) {
    this.parser = new PythonLiteralParser(text, { maxDepth });
  }

  /**
   * What `parsePythonCalls(text, { start, maxDepth, allowBareCall: false })` returns when it
   * succeeds; null when it fails, with `failedAt` set to its offset.
   */
  read(start: number): PythonCallList | null {
    const parser = this.parser;
    parser.reset(start);
    try {
      parser.pos = parser.skipSpace(parser.pos);
      const calls = parser.readCalls(false);
      if (calls !== FAILED) {
        const end = parser.skipSpace(parser.pos);
        return withNotes({ ok: true as const, calls, end }, parser.notes);
      }
    } catch {
      // As parsePythonCalls: only a huge caller-chosen maxDepth or out of memory gets here.
      if (!parser.failed) parser.record(EAGER, '', 0, parser.pos);
    }
    this.failedAt = parser.failOffset;
    return null;
  }
}

/** Parses one Python literal (string, number, True/False/None, list, tuple, set, dict). Never throws. */
export function parsePythonLiteral(text: string, options?: PythonLiteralOptions): PythonLiteralResult {
  if (typeof text !== 'string') return { ok: false, error: 'input is not a string', offset: 0 };
  let parser: PythonLiteralParser | undefined;
  try {
    parser = new PythonLiteralParser(text, options ?? {});
    parser.pos = parser.skipSpace(parser.pos);
    const value = parser.readValue();
    if (value === FAILED) return parser.failure();
    const end = parser.skipSpace(parser.pos);
    return withNotes({ ok: true as const, value, end }, parser.notes);
  } catch (error) {
    if (parser) return parser.failure(error);
    return { ok: false, error: 'invalid options', offset: 0 };
  }
}
