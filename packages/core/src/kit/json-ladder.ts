/**
 * The JSON ladder: strict `JSON.parse`, then JSON5, then a repair pass of our own — each rung only
 * when the one before failed, and every repair named so the caller can report it (DESIGN.md §2).
 *
 * The repair pass rewrites what models actually write into strict JSON and hands that to
 * `JSON.parse`, so the value it yields is built by the engine's own parser: prototype-safe
 * (`__proto__` becomes an own property) and exactly as strict as the first rung. It is one
 * left-to-right pass with an explicit bracket stack: linear, and no recursion to overflow.
 */
import JSON5 from 'json5';
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
  isIdentPart,
  isIdentStart,
  isSpace,
  LINE_FEED,
  MINUS,
  QUOTE,
  SLASH,
  TAB,
} from './char-codes.js';

export const DEFAULT_MAX_DEPTH = 256;

export interface JsonLadderOptions {
  /** Most containers nested inside each other in the result; deeper input is an error. Default 256. */
  maxDepth?: number;
}

export type JsonLadderResult =
  | { ok: true; value: unknown; repaired: null | 'json5' | 'repair'; repairs: string[] }
  | { ok: false; error: string };

export type JsonRepairResult =
  | {
      ok: true;
      /** Strict JSON text. */
      text: string;
      /** What was changed, in words. */
      repairs: string[];
      /** The input ended inside the value: strings or brackets were closed, a dangling member dropped. */
      truncated: boolean;
    }
  | { ok: false; error: string };

const JSON5_REPAIR =
  'parsed as JSON5 (relaxed syntax: single quotes, unquoted keys, trailing commas or comments)';

/** Parses model-written JSON: strict first, then JSON5, then the repair pass. Never throws. */
export function parseJsonLadder(text: string, options?: JsonLadderOptions): JsonLadderResult {
  const maxDepth = options?.maxDepth ?? DEFAULT_MAX_DEPTH;
  try {
    if (typeof text !== 'string') return { ok: false, error: `expected JSON text, received ${typeof text}` };
    let strictError: string;
    try {
      return withDepthLimit(JSON.parse(text), maxDepth, null, []);
    } catch (error) {
      strictError = errorMessage(error);
    }
    try {
      return withDepthLimit(JSON5.parse(text), maxDepth, 'json5', [JSON5_REPAIR]);
    } catch {
      // Fall through to the repair pass, whose error says more than JSON5's.
    }
    const repaired = repairJson(text, { maxDepth });
    if (!repaired.ok)
      return { ok: false, error: `invalid JSON (${strictError}); repair failed: ${repaired.error}` };
    return withDepthLimit(JSON.parse(repaired.text), maxDepth, 'repair', repaired.repairs);
  } catch (error) {
    return { ok: false, error: `invalid JSON: ${errorMessage(error)}` };
  }
}

function withDepthLimit(
  value: unknown,
  maxDepth: number,
  repaired: null | 'json5' | 'repair',
  repairs: string[],
): JsonLadderResult {
  if (exceedsDepth(value, maxDepth)) {
    return { ok: false, error: `JSON nested deeper than ${maxDepth} levels` };
  }
  return { ok: true, value, repaired, repairs };
}

/** True when containers nest more than `maxDepth` deep in `value`. Iterative: the value may be deep. */
export function exceedsDepth(value: unknown, maxDepth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const values: object[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const current = values.pop() as object;
    const depth = depths.pop() as number;
    if (depth > maxDepth) return true;
    const children: unknown[] = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Rewrites relaxed, Python-ish or truncated JSON into strict JSON text. Handles: trailing, extra
 * and missing commas; single-quoted strings; unquoted (identifier or number) keys; `True` /
 * `False` / `None`; raw control characters and invalid escapes inside strings; comments; a closer
 * that skips an open bracket or matches none; and truncated output — an unterminated string is
 * closed, a key without a value and a partial literal or number are dropped, open brackets closed.
 * Not repaired: quotes doubled around the whole value, bare words as values, missing colons.
 */
export function repairJson(text: string, options?: JsonLadderOptions): JsonRepairResult {
  try {
    if (typeof text !== 'string') return { ok: false, error: `expected JSON text, received ${typeof text}` };
    return new JsonRepairer(text, options?.maxDepth ?? DEFAULT_MAX_DEPTH).run();
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}

// What the repairer expects next.
/** The top-level value. */
const TOP = 0;
/** Nothing: the top-level value is complete. */
const TOP_DONE = 1;
/** A key or `}`: after `{` or a comma in an object. */
const KEY = 2;
/** The `:` after a key. */
const COLON_NEXT = 3;
/** The value after a `:`. */
const MEMBER_VALUE = 4;
/** A value or `]`: after `[` or a comma in an array. */
const ITEM = 5;
/** A comma or the closer: after a member of an object or array. */
const AFTER = 6;

const LOWER_E = 101;
const UPPER_E = 69;
const PLUS = 43;
const ASTERISK = 42;
const DOLLAR = 36;
const LOWER_U = 117;
const LOWER_X = 120;

const PYTHON_LITERALS: Record<string, string> = { True: 'true', False: 'false', None: 'null' };
const LITERAL_WORDS = ['true', 'false', 'null', 'True', 'False', 'None'];

/** Whitespace between tokens: JSON's, plus what JSON5 allows and models paste (NBSP, BOM, line separators). */
function isBlank(code: number): boolean {
  return isSpace(code) || code === 0xa0 || code === 0xfeff || code === 0x2028 || code === 0x2029;
}

function isDigit(code: number): boolean {
  return code >= DIGIT0 && code <= DIGIT9;
}

function isHex(code: number): boolean {
  return isDigit(code) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/** Codes that may follow a backslash in a JSON string: `" \ / b f n r t` (`u` is checked apart). */
function isJsonEscape(code: number): boolean {
  return (
    code === QUOTE ||
    code === BACKSLASH ||
    code === SLASH ||
    code === 98 || // b
    code === 102 || // f
    code === 110 || // n
    code === 114 || // r
    code === 116 // t
  );
}

function controlEscape(code: number): string {
  if (code === LINE_FEED) return '\\n';
  if (code === CARRIAGE_RETURN) return '\\r';
  if (code === TAB) return '\\t';
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Where a value may start: the codes `startValue` dispatches on. */
function startsValue(code: number): boolean {
  return (
    code === BRACE_OPEN ||
    code === BRACKET_OPEN ||
    code === QUOTE ||
    code === APOSTROPHE ||
    code === MINUS ||
    code === PLUS ||
    code === DOT ||
    isDigit(code) ||
    isIdentStart(code)
  );
}

/** Strict JSON number grammar: `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`. */
function isJsonNumber(token: string): boolean {
  const length = token.length;
  let i = 0;
  if (token.charCodeAt(i) === MINUS) i++;
  if (token.charCodeAt(i) === DIGIT0) i++;
  else if (isDigit(token.charCodeAt(i))) while (isDigit(token.charCodeAt(i))) i++;
  else return false;
  if (token.charCodeAt(i) === DOT) {
    i++;
    if (!isDigit(token.charCodeAt(i))) return false;
    while (isDigit(token.charCodeAt(i))) i++;
  }
  const e = token.charCodeAt(i);
  if (e === LOWER_E || e === UPPER_E) {
    i++;
    const sign = token.charCodeAt(i);
    if (sign === PLUS || sign === MINUS) i++;
    if (!isDigit(token.charCodeAt(i))) return false;
    while (isDigit(token.charCodeAt(i))) i++;
  }
  return i === length;
}

function describe(code: number): string {
  return JSON.stringify(String.fromCharCode(code));
}

/** One run of the repair pass. Output is collected in `parts`; a container's `mark` is where to cut back to. */
class JsonRepairer {
  private readonly text: string;
  private readonly maxDepth: number;
  private pos = 0;
  private readonly parts: string[] = [];
  /** Closer of every open container, innermost last. */
  private readonly closers: number[] = [];
  /** Per open container: `parts.length` after its last complete member (cutting back drops a dangling one). */
  private readonly marks: number[] = [];
  private objectsOpen = 0;
  private arraysOpen = 0;
  private state = TOP;
  /** A comma was read but not yet written: written when a member follows, dropped when a closer does. */
  private pendingComma = false;
  private truncated = false;
  private error: string | null = null;
  private readonly repairs = new Map<string, number>();

  constructor(text: string, maxDepth: number) {
    this.text = text;
    this.maxDepth = maxDepth;
  }

  run(): JsonRepairResult {
    const text = this.text;
    const length = text.length;
    while (this.pos < length && this.error === null) {
      const code = text.charCodeAt(this.pos);
      if (isBlank(code)) {
        this.pos++;
      } else if (code === SLASH && this.skipComment()) {
        this.note('removed a comment');
      } else {
        this.step(code);
      }
    }
    if (this.error !== null) return { ok: false, error: this.error };
    if (this.state === TOP) return { ok: false, error: 'no JSON value' };
    if (this.state === COLON_NEXT || this.state === MEMBER_VALUE) {
      this.dropDanglingMember('dropped a key without a value at the end (truncated output)');
    }
    if (this.closers.length > 0) {
      this.truncated = true;
      this.note('closed a bracket left open at the end (truncated output)', this.closers.length);
      while (this.closers.length > 0) this.closeInnermost();
    }
    const repairs: string[] = [];
    for (const [message, count] of this.repairs) repairs.push(count > 1 ? `${message} (${count}×)` : message);
    return { ok: true, text: this.parts.join(''), repairs, truncated: this.truncated };
  }

  private note(message: string, count = 1): void {
    this.repairs.set(message, (this.repairs.get(message) ?? 0) + count);
  }

  private fail(message: string): void {
    this.error = `${message} at position ${this.pos}`;
  }

  /** Handles one significant code according to the state. */
  private step(code: number): void {
    const closer = code === BRACE_CLOSE || code === BRACKET_CLOSE;
    switch (this.state) {
      case TOP:
        if (startsValue(code)) this.startValue(code);
        else this.fail(`expected a JSON value, found ${describe(code)}`);
        return;
      case TOP_DONE:
        if (closer) {
          this.note(`removed an unmatched ${describe(code)}`);
          this.pos++;
        } else {
          this.fail(`unexpected ${describe(code)} after the value`);
        }
        return;
      case KEY:
        if (closer) this.close(code);
        else if (code === COMMA) this.extraComma();
        else if (code === QUOTE || code === APOSTROPHE || isIdentPart(code) || code === DOLLAR)
          this.readKey(code);
        else this.fail(`expected a key, found ${describe(code)}`);
        return;
      case COLON_NEXT:
        if (code === COLON) {
          this.parts.push(':');
          this.pos++;
          this.state = MEMBER_VALUE;
        } else if (closer) {
          this.close(code);
        } else {
          this.fail(`expected ':' after a key, found ${describe(code)}`);
        }
        return;
      case MEMBER_VALUE:
        if (startsValue(code)) this.startValue(code);
        else if (closer) this.close(code);
        else this.fail(`expected a value, found ${describe(code)}`);
        return;
      case ITEM:
        if (closer) this.close(code);
        else if (code === COMMA) this.extraComma();
        else if (startsValue(code)) {
          this.writePendingComma();
          this.startValue(code);
        } else this.fail(`expected a value, found ${describe(code)}`);
        return;
      default: {
        // AFTER
        const inObject = this.closers[this.closers.length - 1] === BRACE_CLOSE;
        if (code === COMMA) {
          this.pos++;
          this.pendingComma = true;
          this.state = inObject ? KEY : ITEM;
        } else if (closer) {
          this.close(code);
        } else if (
          inObject ? code === QUOTE || code === APOSTROPHE || isIdentPart(code) : startsValue(code)
        ) {
          // `}{`, `"a" "b"`: the model forgot the comma. Re-dispatch as if it had written it.
          this.note('inserted a missing comma');
          this.pendingComma = true;
          this.state = inObject ? KEY : ITEM;
        } else {
          this.fail(`expected ',' or a closing bracket, found ${describe(code)}`);
        }
      }
    }
  }

  private extraComma(): void {
    this.note('removed an extra comma');
    this.pos++;
  }

  private writePendingComma(): void {
    if (this.pendingComma) {
      this.parts.push(',');
      this.pendingComma = false;
    }
  }

  /** Called when a value (scalar or container) has been written completely. */
  private valueDone(): void {
    const depth = this.closers.length;
    if (depth === 0) {
      this.state = TOP_DONE;
    } else {
      this.state = AFTER;
      this.marks[depth - 1] = this.parts.length;
    }
  }

  /** Cuts the output back to the innermost container's last complete member. */
  private dropDanglingMember(message: string): void {
    const depth = this.closers.length;
    if (depth > 0) this.parts.length = this.marks[depth - 1] ?? this.parts.length;
    this.pendingComma = false;
    this.note(message);
    this.truncated = true;
    if (depth === 0) this.state = TOP;
    else this.state = AFTER;
  }

  private open(code: number): void {
    if (this.closers.length >= this.maxDepth) {
      this.fail(`JSON nested deeper than ${this.maxDepth} levels`);
      return;
    }
    if (code === BRACE_OPEN) {
      this.parts.push('{');
      this.closers.push(BRACE_CLOSE);
      this.objectsOpen++;
      this.state = KEY;
    } else {
      this.parts.push('[');
      this.closers.push(BRACKET_CLOSE);
      this.arraysOpen++;
      this.state = ITEM;
    }
    this.marks.push(this.parts.length);
    this.pendingComma = false;
    this.pos++;
  }

  /** Writes the innermost container's closer, first dropping a key left without a value. */
  private closeInnermost(): void {
    if (this.state === COLON_NEXT || this.state === MEMBER_VALUE) {
      this.parts.length = this.marks[this.marks.length - 1] ?? this.parts.length;
      this.note('dropped a key without a value');
    }
    if (this.pendingComma) {
      this.note('removed a trailing comma');
      this.pendingComma = false;
    }
    const closer = this.closers.pop();
    this.marks.pop();
    if (closer === BRACE_CLOSE) {
      this.parts.push('}');
      this.objectsOpen--;
    } else {
      this.parts.push(']');
      this.arraysOpen--;
    }
    this.valueDone();
  }

  /** A `}` or `]` inside a container. */
  private close(code: number): void {
    this.pos++;
    const open = code === BRACE_CLOSE ? this.objectsOpen : this.arraysOpen;
    if (open === 0) {
      // Counting the open kinds keeps this O(1): no search down the stack for an opener that isn't there.
      this.note(`removed an unmatched ${describe(code)}`);
      return;
    }
    while (this.closers[this.closers.length - 1] !== code) {
      this.note(`closed a bracket left open before ${describe(code)}`);
      this.closeInnermost();
    }
    this.closeInnermost();
  }

  private startValue(code: number): void {
    if (code === BRACE_OPEN || code === BRACKET_OPEN) {
      this.open(code);
    } else if (code === QUOTE || code === APOSTROPHE) {
      if (!this.readString()) {
        this.parts.push('"');
        this.truncated = true;
        this.note('closed an unterminated string at the end (truncated output)');
      }
      this.valueDone();
    } else if (isIdentStart(code)) {
      this.readWord();
    } else {
      this.readNumber();
    }
  }

  private readKey(code: number): void {
    this.writePendingComma();
    if (code === QUOTE || code === APOSTROPHE) {
      if (!this.readString()) {
        this.dropDanglingMember('dropped a truncated key at the end (truncated output)');
        return;
      }
    } else {
      const start = this.pos;
      let i = start;
      while (
        i < this.text.length &&
        (isIdentPart(this.text.charCodeAt(i)) || this.text.charCodeAt(i) === DOLLAR)
      )
        i++;
      this.pos = i;
      if (i === this.text.length) {
        this.dropDanglingMember('dropped a truncated key at the end (truncated output)');
        return;
      }
      this.parts.push(JSON.stringify(this.text.slice(start, i)));
      this.note('quoted an unquoted key');
    }
    this.state = COLON_NEXT;
  }

  /**
   * Reads the string whose quote is at `pos` and writes it as a JSON string without its closing
   * quote when the text ends inside it. Returns whether the string was closed.
   */
  private readString(): boolean {
    const text = this.text;
    const length = text.length;
    const parts = this.parts;
    const quote = text.charCodeAt(this.pos);
    if (quote === APOSTROPHE) this.note('converted a single-quoted string to double quotes');
    parts.push('"');
    let run = this.pos + 1;
    for (let i = run; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code === quote) {
        parts.push(text.slice(run, i), '"');
        this.pos = i + 1;
        return true;
      }
      if (code === BACKSLASH) {
        parts.push(text.slice(run, i));
        const next = i + 1 < length ? text.charCodeAt(i + 1) : -1;
        if (next === -1) {
          // Truncated right after the backslash: the escape is lost.
          this.pos = length;
          return false;
        }
        if (isJsonEscape(next)) {
          parts.push(text.slice(i, i + 2));
          i++;
        } else if (next === APOSTROPHE) {
          parts.push("'");
          i++;
        } else if (next === LOWER_U || next === LOWER_X) {
          const digits = next === LOWER_U ? 4 : 2;
          let k = i + 2;
          while (k < i + 2 + digits && k < length && isHex(text.charCodeAt(k))) k++;
          if (k === i + 2 + digits) {
            parts.push(next === LOWER_U ? text.slice(i, k) : `\\u00${text.slice(i + 2, k)}`);
            if (next === LOWER_X) this.note('rewrote a \\x escape as \\u');
            i = k - 1;
          } else if (k === length) {
            // Truncated inside the escape: drop it.
            this.pos = length;
            return false;
          } else {
            parts.push('\\\\');
            this.note('escaped a stray backslash inside a string');
          }
        } else {
          // `C:\Users`: a backslash that escapes nothing JSON knows is meant literally.
          parts.push('\\\\');
          this.note('escaped a stray backslash inside a string');
        }
        run = i + 1;
      } else if (code === QUOTE) {
        // Only reached inside a single-quoted string.
        parts.push(text.slice(run, i), '\\"');
        run = i + 1;
      } else if (code < 0x20) {
        parts.push(text.slice(run, i), controlEscape(code));
        run = i + 1;
        this.note('escaped a raw control character (newline, tab, …) inside a string');
      }
    }
    parts.push(text.slice(run, length));
    this.pos = length;
    return false;
  }

  /** A bare word in value position: a JSON or Python literal, or the truncated start of one. */
  private readWord(): void {
    const text = this.text;
    const start = this.pos;
    let i = start;
    while (i < text.length && isIdentPart(text.charCodeAt(i))) i++;
    this.pos = i;
    const word = text.slice(start, i);
    if (word === 'true' || word === 'false' || word === 'null') {
      this.parts.push(word);
    } else if (Object.hasOwn(PYTHON_LITERALS, word)) {
      this.parts.push(PYTHON_LITERALS[word] as string);
      this.note('replaced a Python literal (True, False, None) with its JSON form');
    } else if (i === text.length && LITERAL_WORDS.some((literal) => literal.startsWith(word))) {
      this.dropDanglingMember('dropped a truncated literal at the end (truncated output)');
      return;
    } else {
      this.pos = start;
      this.fail(`unexpected word ${JSON.stringify(word.slice(0, 40))}`);
      return;
    }
    this.valueDone();
  }

  private readNumber(): void {
    const text = this.text;
    const start = this.pos;
    let i = start;
    for (; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (
        !(
          isDigit(code) ||
          code === DOT ||
          code === MINUS ||
          code === PLUS ||
          code === LOWER_E ||
          code === UPPER_E
        )
      ) {
        break;
      }
    }
    this.pos = i;
    let token = text.slice(start, i);
    if (i === text.length) {
      // Truncated output may end in `1.`, `2e`, `-`: keep the digits that are certain.
      let end = token.length;
      while (end > 0 && !isDigit(token.charCodeAt(end - 1))) end--;
      if (end < token.length) {
        token = token.slice(0, end);
        this.truncated = true;
      }
      if (token === '' || token === '-' || token === '+') {
        this.dropDanglingMember('dropped a truncated number at the end (truncated output)');
        return;
      }
    }
    if (token.charCodeAt(0) === PLUS) {
      token = token.slice(1);
      this.note("removed a leading '+' from a number");
    }
    if (!isJsonNumber(token)) {
      this.pos = start;
      this.fail(`invalid number ${JSON.stringify(token.slice(0, 40))}`);
      return;
    }
    this.parts.push(token);
    this.valueDone();
  }

  /** Skips a `//` or `/* … *\/` comment at `pos`; false when the slash starts no comment. */
  private skipComment(): boolean {
    const text = this.text;
    const next = text.charCodeAt(this.pos + 1);
    if (next === SLASH) {
      let i = this.pos + 2;
      while (i < text.length && text.charCodeAt(i) !== LINE_FEED) i++;
      this.pos = i;
      return true;
    }
    if (next === ASTERISK) {
      const end = text.indexOf('*/', this.pos + 2);
      this.pos = end < 0 ? text.length : end + 2;
      return true;
    }
    return false;
  }
}
