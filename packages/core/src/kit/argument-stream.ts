/**
 * The arguments of an announced call, sent while they arrive (architecture/semantics.md, guarantee 7: "a call is
 * announced when its name is known and its arguments stream as they arrive").
 *
 * Fed a block's body piece by piece, it finds the arguments' JSON object and returns, per piece,
 * the next part of it spelled as `JSON.stringify` spells the parsed value: no blanks between
 * tokens, numbers and escapes in their canonical form. So the deltas of a call add up to the JSON
 * of its final arguments, and the engine's last delta sends whatever of that is still missing.
 *
 * It sends only what it is sure of. Anything that is not strict JSON (a trailing comma, a single
 * quote, a raw control character in a string), a `\u` escape of a surrogate, arguments written as
 * a JSON string, or nesting past MAX_DEPTH stops it: what it sent is then still the start of the
 * arguments' JSON, and the rest comes with the call. The one case it cannot see coming is a value
 * the final arguments do not keep as written (a key written twice): the engine then sends nothing
 * more, and the call itself (`tool-call-end`) is, as always, what counts.
 *
 * One forward pass over char codes with O(1) work per character; a number or a literal is held
 * until it ends, a comma until what follows shows it is not a trailing one.
 */
import {
  BACKSLASH,
  BRACE_CLOSE,
  BRACE_OPEN,
  BRACKET_CLOSE,
  BRACKET_OPEN,
  COLON,
  COMMA,
  DIGIT0,
  DIGIT9,
  isHex,
  isSpace,
  LOWER_A,
  LOWER_Z,
  MINUS,
  QUOTE,
} from './char-codes.js';
import { keepFlat } from './flat-appends.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Where a call's arguments are in its block's body (see `AnnouncedCall.arguments`). */
export type ArgumentsAt =
  /** The first `{` at or after this offset of the body opens them (`functions.f:0<|args|>{…}`). */
  | { from: number }
  /** They are the value of the first of these keys in the JSON object the body is (`{"name": …, "arguments": {…}}`). */
  | { keys: readonly string[] };

/** Deeper arguments are sent with the call, not piece by piece. */
const MAX_DEPTH = 64;
/** Longer keys are not argument keys: the key finder stops collecting them. */
const MAX_KEY = 32;

enum State {
  /** Before `from`, then up to the first `{`. */
  Seek,
  /** Keys mode: the body's own object, before its `{`. */
  BodyStart,
  /** Keys mode: where a key (or the object's end) comes. */
  Key,
  /** Keys mode: inside a key. */
  KeyString,
  /** Keys mode: after a key, before its `:`. */
  Colon,
  /** Keys mode: after `:`, before the value. */
  ValueStart,
  /** Keys mode: inside the value of a key that is not an argument key. */
  SkipValue,
  /** Sending the arguments. */
  Value,
  /** The arguments ended, or could not be followed: nothing more is sent. */
  Done,
}

/** What the JSON grammar allows next inside the arguments. */
enum Expect {
  /** A value (after `:`, `[`, or `,` in an array). */
  Value,
  /** A value or `]` (right after `[`). */
  ValueOrClose,
  /** A key or `}` (right after `{`). */
  KeyOrClose,
  /** A key (after `,` in an object). */
  Key,
  /** `:` after a key. */
  Colon,
  /** `,` or the container's close (after a value). */
  CommaOrClose,
}

export class ArgumentStream {
  private state: State;
  /** The body offset of the next character fed. */
  private offset = 0;
  private readonly from: number;
  private readonly keys: readonly string[] | null;

  // The key finder.
  private key = '';
  private keyEscaped = false;
  private keyMatches = false;
  private skipDepth = 0;
  private skipInString = false;
  private skipEscape = false;

  // The arguments.
  /** One char per open container: `{` or `[`. */
  private stack = '';
  private expect = Expect.Value;
  private inString = false;
  /** Inside a string: 0, or the characters of an escape read so far (`\`, `\u`, `\u0`, …). */
  private escape = '';
  /** A number or literal (`true`, `false`, `null`) read so far. */
  private token = '';
  /** A comma held until the next token shows that it is not a trailing one. */
  private comma = false;
  /** A string is a key (an object's), so a `:` follows it; else a value. */
  private stringIsKey = false;
  private sentText = '';
  /** `sentText`'s length when it was last flattened (see kit/flat-appends.ts). */
  private sentFlat = 0;

  constructor(at: ArgumentsAt) {
    if ('keys' in at) {
      this.keys = at.keys;
      this.from = 0;
      this.state = State.BodyStart;
    } else {
      this.keys = null;
      this.from = at.from;
      this.state = State.Seek;
    }
  }

  /** Everything sent so far. */
  get sent(): string {
    return this.sentText;
  }

  /** True once nothing more will be sent. */
  get done(): boolean {
    return this.state === State.Done;
  }

  /** Reads `text[start, end)`, the next piece of the body; returns what to send now ('' for nothing). */
  feed(text: string, start: number, end: number): string {
    let out = '';
    let i = start;
    while (i < end && this.state !== State.Done) {
      if (this.state === State.Value) {
        this.out = '';
        i = this.value(text, i, end);
        out += this.out;
      } else if (this.state === State.Seek) {
        // The first `{` at or after `from` opens the arguments.
        const brace = text.indexOf('{', Math.max(i, start + this.from - this.offset));
        if (brace === -1 || brace >= end) break;
        this.openArguments();
        out += '{';
        i = brace + 1;
      } else {
        this.findArguments(charCodeAt.call(text, i));
        i++;
        if ((this.state as State) === State.Value) out += '{';
      }
    }
    this.offset += end - start;
    this.sentText += out;
    this.sentFlat = keepFlat(this.sentText, this.sentFlat);
    return out;
  }

  /** One character of the body's object before the arguments (keys mode): finds their `{`. */
  private findArguments(c: number): void {
    switch (this.state) {
      case State.BodyStart:
        // The first call of a list (`[{"name": …}, …]`) is the one announced.
        if (c === BRACE_OPEN) this.state = State.Key;
        else if (!isSpace(c) && c !== BRACKET_OPEN) this.state = State.Done;
        break;
      case State.Key:
        if (c === QUOTE) {
          this.state = State.KeyString;
          this.key = '';
          this.keyEscaped = false;
        } else if (!isSpace(c) && c !== COMMA) this.state = State.Done;
        break;
      case State.KeyString:
        if (this.keyEscaped) {
          // A key spelled with an escape is not one of the argument keys.
          this.keyEscaped = false;
          this.key = '\u0000';
        } else if (c === BACKSLASH) this.keyEscaped = true;
        else if (c === QUOTE) {
          this.keyMatches = this.keys!.includes(this.key);
          this.state = State.Colon;
        } else if (this.key.length <= MAX_KEY) this.key += String.fromCharCode(c);
        break;
      case State.Colon:
        if (c === COLON) this.state = State.ValueStart;
        else if (!isSpace(c)) this.state = State.Done;
        break;
      case State.ValueStart:
        if (isSpace(c)) break;
        if (this.keyMatches) {
          // Arguments written as a JSON string (or anything but an object) come with the call.
          if (c === BRACE_OPEN) this.openArguments();
          else this.state = State.Done;
          break;
        }
        this.state = State.SkipValue;
        this.skipDepth = 0;
        this.skipInString = false;
        this.skipEscape = false;
        this.skip(c);
        break;
      case State.SkipValue:
        this.skip(c);
        break;
    }
  }

  /** A value that is not the arguments, in keys mode: passed over up to the `,` or `}` after it. */
  private skip(c: number): void {
    if (this.skipInString) {
      if (this.skipEscape) this.skipEscape = false;
      else if (c === BACKSLASH) this.skipEscape = true;
      else if (c === QUOTE) this.skipInString = false;
      return;
    }
    if (c === QUOTE) this.skipInString = true;
    else if (c === BRACE_OPEN || c === BRACKET_OPEN) this.skipDepth++;
    else if (c === BRACE_CLOSE || c === BRACKET_CLOSE) {
      if (this.skipDepth === 0) this.state = State.Done;
      else this.skipDepth--;
    } else if (c === COMMA && this.skipDepth === 0) this.state = State.Key;
  }

  private openArguments(): void {
    this.state = State.Value;
    this.stack = '{';
    this.expect = Expect.KeyOrClose;
  }

  /** What `value` sends (a field, so that no result object is built per piece). */
  private out = '';

  /** Sends the arguments from `text[i]` on (into `out`); returns where it stopped. */
  private value(text: string, i: number, end: number): number {
    let out = '';
    while (i < end) {
      if (this.inString) {
        // A run of plain characters is sent in one slice.
        let j = i;
        while (j < end) {
          const c = charCodeAt.call(text, j);
          if (
            this.escape !== '' ||
            c === QUOTE ||
            c === BACKSLASH ||
            c < 0x20 ||
            (c >= 0xd800 && c <= 0xdfff)
          )
            break;
          j++;
        }
        if (j > i) out += text.slice(i, j);
        if (j === end) {
          this.out = out;
          return end;
        }
        const c = charCodeAt.call(text, j);
        i = j + 1;
        if (this.escape !== '') {
          const piece = this.escapeChar(c);
          if (piece === null) return this.stop(out);
          out += piece;
          continue;
        }
        if (c === QUOTE) {
          out += '"';
          this.inString = false;
          this.afterValueOrKey();
          continue;
        }
        if (c === BACKSLASH) {
          this.escape = '\\';
          continue;
        }
        if (c >= 0xd800 && c <= 0xdbff) {
          // A pair is sent whole; a high surrogate the piece ends on waits for the next piece.
          if (i === end) {
            this.escape = String.fromCharCode(c);
            this.out = out;
            return end;
          }
          const low = charCodeAt.call(text, i);
          if (low < 0xdc00 || low > 0xdfff) return this.stop(out);
          out += text.slice(i - 1, i + 1);
          i++;
          continue;
        }
        // A raw control character or a lone low surrogate: not strict JSON as written.
        return this.stop(out);
      }
      const c = charCodeAt.call(text, i);
      if (this.token !== '') {
        if (isTokenChar(c)) {
          this.token += text[i];
          i++;
          continue;
        }
        const spelled = canonicalToken(this.token);
        this.token = '';
        if (spelled === null) return this.stop(out);
        out += spelled;
        this.afterValueOrKey();
      }
      i++;
      if (isSpace(c)) continue;
      if (c === COMMA) {
        if (this.expect !== Expect.CommaOrClose || this.comma) return this.stop(out);
        this.comma = true;
        this.expect =
          charCodeAt.call(this.stack, this.stack.length - 1) === BRACE_OPEN ? Expect.Key : Expect.Value;
        continue;
      }
      if (c === COLON) {
        if (this.expect !== Expect.Colon) return this.stop(out);
        out += ':';
        this.expect = Expect.Value;
        continue;
      }
      if (c === BRACE_CLOSE || c === BRACKET_CLOSE) {
        const open = charCodeAt.call(this.stack, this.stack.length - 1);
        const matches = c === BRACE_CLOSE ? open === BRACE_OPEN : open === BRACKET_OPEN;
        const allowed =
          this.expect === Expect.CommaOrClose ||
          (c === BRACE_CLOSE ? this.expect === Expect.KeyOrClose : this.expect === Expect.ValueOrClose);
        if (!matches || !allowed || this.comma) return this.stop(out);
        this.stack = this.stack.slice(0, -1);
        out += c === BRACE_CLOSE ? '}' : ']';
        if (this.stack === '') {
          this.state = State.Done;
          this.out = out;
          return i;
        }
        this.afterValueOrKey();
        continue;
      }
      // What is left starts a key or a value: the held comma is not a trailing one.
      const key = this.expect === Expect.Key || this.expect === Expect.KeyOrClose;
      if (c === QUOTE) {
        if (!key && !this.expectsValue()) return this.stop(out);
        out += this.takeComma();
        out += '"';
        this.inString = true;
        this.stringIsKey = key;
        continue;
      }
      if (key || !this.expectsValue()) return this.stop(out);
      if (c === BRACE_OPEN || c === BRACKET_OPEN) {
        if (this.stack.length >= MAX_DEPTH) return this.stop(out);
        out += this.takeComma();
        out += c === BRACE_OPEN ? '{' : '[';
        this.stack += c === BRACE_OPEN ? '{' : '[';
        this.expect = c === BRACE_OPEN ? Expect.KeyOrClose : Expect.ValueOrClose;
        continue;
      }
      if (c === MINUS || (c >= DIGIT0 && c <= DIGIT9) || (c >= LOWER_A && c <= LOWER_Z)) {
        out += this.takeComma();
        this.token = text[i - 1]!;
        continue;
      }
      return this.stop(out);
    }
    this.out = out;
    return end;
  }

  private expectsValue(): boolean {
    return this.expect === Expect.Value || this.expect === Expect.ValueOrClose;
  }

  private takeComma(): string {
    if (!this.comma) return '';
    this.comma = false;
    return ',';
  }

  /** A key or a value ended: what the grammar wants next. */
  private afterValueOrKey(): void {
    if (this.stringIsKey) {
      this.stringIsKey = false;
      this.expect = Expect.Colon;
    } else this.expect = Expect.CommaOrClose;
  }

  /** The next character of an escape; returns what to send ('' while it is incomplete), or null. */
  private escapeChar(c: number): string | null {
    const held = this.escape;
    if (held.length === 1 && held !== '\\') {
      // A high surrogate the last piece ended on: only its low half may follow.
      this.escape = '';
      return c >= 0xdc00 && c <= 0xdfff ? held + String.fromCharCode(c) : null;
    }
    if (held === '\\') {
      this.escape = '';
      switch (c) {
        case QUOTE:
          return '\\"';
        case BACKSLASH:
          return '\\\\';
        case 47: // `\/` is `/`
          return '/';
        case 98: // b
          return '\\b';
        case 102: // f
          return '\\f';
        case 110: // n
          return '\\n';
        case 114: // r
          return '\\r';
        case 116: // t
          return '\\t';
        case 117: // u
          this.escape = '\\u';
          return '';
        default:
          return null;
      }
    }
    // `\u` and up to four hex digits.
    if (!isHex(c)) return null;
    if (held.length < 5) {
      this.escape = held + String.fromCharCode(c);
      return '';
    }
    this.escape = '';
    const code = Number.parseInt(held.slice(2) + String.fromCharCode(c), 16);
    if (code >= 0xd800 && code <= 0xdfff) return null;
    return JSON.stringify(String.fromCharCode(code)).slice(1, -1);
  }

  private stop(out: string): number {
    this.state = State.Done;
    this.out = out;
    return Number.MAX_SAFE_INTEGER;
  }
}

function isTokenChar(c: number): boolean {
  return (
    (c >= DIGIT0 && c <= DIGIT9) ||
    (c >= LOWER_A && c <= LOWER_Z) ||
    c === 46 /* . */ ||
    c === 43 /* + */ ||
    c === MINUS ||
    c === 69 /* E */
  );
}

/** A number or literal as `JSON.stringify` writes its value, or null when it is not strict JSON. */
function canonicalToken(token: string): string | null {
  if (token === 'true' || token === 'false' || token === 'null') return token;
  if (!isJsonNumber(token)) return null;
  return JSON.stringify(Number(token));
}

/** `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, by hand. */
function isJsonNumber(s: string): boolean {
  const n = s.length;
  let i = 0;
  if (charCodeAt.call(s, i) === MINUS) i++;
  if (i >= n) return false;
  const digits = (from: number): number => {
    let j = from;
    while (j < n && charCodeAt.call(s, j) >= DIGIT0 && charCodeAt.call(s, j) <= DIGIT9) j++;
    return j;
  };
  if (charCodeAt.call(s, i) === DIGIT0) i++;
  else {
    const j = digits(i);
    if (j === i) return false;
    i = j;
  }
  if (i < n && charCodeAt.call(s, i) === 46) {
    const j = digits(i + 1);
    if (j === i + 1) return false;
    i = j;
  }
  if (i < n && (charCodeAt.call(s, i) === 101 || charCodeAt.call(s, i) === 69)) {
    i++;
    if (i < n && (charCodeAt.call(s, i) === 43 || charCodeAt.call(s, i) === MINUS)) i++;
    const j = digits(i);
    if (j === i) return false;
    i = j;
  }
  return i === n;
}
