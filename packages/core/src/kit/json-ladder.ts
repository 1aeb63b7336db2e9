/**
 * The JSON ladder: strict `JSON.parse`, then JSON5, then a repair pass of our own — each rung only
 * when the one before failed, and every repair named so the caller can report it (architecture/semantics.md, guarantee 2).
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
  DOT,
  isDigit,
  isHex,
  isIdentPart,
  isIdentStart,
  isSpace,
  LINE_FEED,
  MINUS,
  QUOTE,
  SLASH,
  SPACE,
  TAB,
} from './char-codes.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

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

/**
 * The last few short texts that failed or needed the repair pass, and how they ended: a run of the
 * same broken block (a megabyte of `>>>f\n{`) reads it once, not once per block. Several entries,
 * because one block may ask twice (its arguments, then its whole body) and a single entry would
 * be overwritten by each in turn. A repaired value is built again from the repaired text
 * (`JSON.parse` of strict JSON, which does not throw), so every caller still gets its own value.
 * The ladder is a pure function of the text and `maxDepth`.
 */
const MEMO_MAX_LENGTH = 1024;
const MEMO_ENTRIES = 4;

interface MemoEntry {
  text: string;
  depth: number;
  /** The failure, or null when the text was repaired into `json`. */
  error: string | null;
  json: string | null;
  repairs: string[];
}

const memo: MemoEntry[] = [];
/** Where the next entry is written once the memo is full (oldest first). */
let memoNext = 0;
/** Set by `ladder` on the repair path: the strict JSON text the result was parsed from. */
let repairedJson: string | null = null;

/** Parses model-written JSON: strict first, then JSON5, then the repair pass. Never throws. */
export function parseJsonLadder(text: string, options?: JsonLadderOptions): JsonLadderResult {
  return parseJsonAtDepth(text, options?.maxDepth);
}

/** `parseJsonLadder` with the depth limit given as is (no options object per call). */
export function parseJsonAtDepth(text: string, depthLimit: number | undefined): JsonLadderResult {
  const maxDepth = depthLimit ?? DEFAULT_MAX_DEPTH;
  const short = typeof text === 'string' && text.length <= MEMO_MAX_LENGTH;
  const entry = short ? memoEntry(text, maxDepth) : null;
  if (entry !== null) {
    if (entry.error !== null) return { ok: false, error: entry.error };
    const json = entry.json!;
    return withDepthLimit(JSON.parse(json), maxDepth, 'repair', entry.repairs.slice(), json.length);
  }
  repairedJson = null;
  const result = ladder(text, maxDepth);
  if (short && (!result.ok || (result.repaired === 'repair' && repairedJson !== null))) {
    const entry: MemoEntry = {
      text,
      depth: maxDepth,
      error: result.ok ? null : result.error,
      json: result.ok ? repairedJson : null,
      repairs: result.ok ? result.repairs.slice() : [],
    };
    if (memo.length < MEMO_ENTRIES) memo.push(entry);
    else {
      memo[memoNext] = entry;
      memoNext = (memoNext + 1) % MEMO_ENTRIES;
    }
  }
  return result;
}

/** What `strictJsonValue` returns for a text that is not strict JSON within the depth limit. */
export const NOT_STRICT_JSON: unique symbol = Symbol('not strict JSON');

/** The text `strictJsonValue` last failed on, and JSON.parse's message: the ladder then asks no more. */
let strictFailure: { text: string; error: string } | null = null;

/**
 * The ladder's first rung alone: the value of `text` when it is one strict JSON value nested at
 * most `depthLimit` deep, else NOT_STRICT_JSON. Never throws. It makes no result object, for the
 * body parser of the usual call block, which reads one strict object per block and has the
 * ladder's other rungs read anything else (`parseJsonAtDepth`, which then does not try JSON.parse
 * again: a thrown SyntaxError costs microseconds). A text known to fail (the memo) fails here too.
 */
export function strictJsonValue(text: string, depthLimit: number | undefined): unknown {
  const maxDepth = depthLimit ?? DEFAULT_MAX_DEPTH;
  if (!mayBeStrictJson(text) || memoEntry(text, maxDepth) !== null) return NOT_STRICT_JSON;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    strictFailure = { text, error: errorMessage(error) };
    return NOT_STRICT_JSON;
  }
  return text.length > maxDepth && exceedsDepth(value, maxDepth) ? NOT_STRICT_JSON : value;
}

/** The memo's entry for `text` read at `maxDepth`, or null. */
function memoEntry(text: string, maxDepth: number): MemoEntry | null {
  if (text.length > MEMO_MAX_LENGTH) return null;
  for (let i = 0; i < memo.length; i++) {
    const entry = memo[i]!;
    if (entry.text === text && entry.depth === maxDepth) return entry;
  }
  return null;
}

function ladder(text: string, maxDepth: number): JsonLadderResult {
  try {
    if (typeof text !== 'string') return { ok: false, error: `expected JSON text, received ${typeof text}` };
    // A thrown SyntaxError costs microseconds (the stack trace is built); a megabyte of failed
    // blocks used to spend most of its time there. Text whose ends cannot belong to one JSON value
    // is known to fail without asking JSON.parse, and so is the text strictJsonValue just tried.
    let strictError: string | null = null;
    const failure = strictFailure;
    strictFailure = null;
    if (failure !== null && failure.text === text) strictError = failure.error;
    else if (mayBeStrictJson(text)) {
      try {
        return withDepthLimit(JSON.parse(text), maxDepth, null, [], text.length);
      } catch (error) {
        strictError = errorMessage(error);
      }
    }
    // The repair pass runs before JSON5 is tried, because it knows cheaply when JSON5 cannot
    // succeed — truncated output, nesting past the limit, Python literals — and JSON5 is slow
    // enough on a megabyte of such input to matter. Its output is used only if JSON5 fails.
    const repair = new JsonRepairer(text, maxDepth).run();
    if (!repair.ok && repair.depthExceeded) return { ok: false, error: repair.error };
    if (!repair.ok || repair.json5Compatible) {
      try {
        return withDepthLimit(JSON5.parse(text), maxDepth, 'json5', [JSON5_REPAIR], text.length);
      } catch {
        // The repair pass's answer (or error) says more than JSON5's.
      }
    }
    if (!repair.ok) {
      const undoubled = undoubleBraces(text);
      if (undoubled !== null)
        return withDepthLimit(undoubled, maxDepth, 'repair', [UNDOUBLED_REPAIR], text.length);
      const strict = strictError ?? 'not one complete JSON value';
      return { ok: false, error: `invalid JSON (${strict}); repair failed: ${repair.error}` };
    }
    const result = withDepthLimit(
      JSON.parse(repair.text),
      maxDepth,
      'repair',
      repair.repairs,
      repair.text.length,
    );
    repairedJson = repair.text;
    return result;
  } catch (error) {
    return { ok: false, error: `invalid JSON: ${errorMessage(error)}` };
  }
}

/**
 * False when the first and last significant characters of `text` cannot belong to one JSON
 * value, so JSON.parse would throw; true when only JSON.parse can tell. O(1) beyond the text's
 * leading and trailing whitespace.
 */
function mayBeStrictJson(text: string): boolean {
  let first = 0;
  let last = text.length - 1;
  while (first <= last && isJsonSpace(charCodeAt.call(text, first))) first++;
  while (last >= first && isJsonSpace(charCodeAt.call(text, last))) last--;
  if (first > last) return false;
  const open = charCodeAt.call(text, first);
  const close = charCodeAt.call(text, last);
  if (open === BRACE_OPEN) return close === BRACE_CLOSE && last > first;
  if (open === BRACKET_OPEN) return close === BRACKET_CLOSE && last > first;
  if (open === QUOTE) return close === QUOTE && last > first;
  if (open === MINUS || isDigit(open)) return isDigit(close);
  if (open === LOWER_T || open === LOWER_F) return close === LOWER_E;
  if (open === LOWER_N) return close === LOWER_L;
  return false;
}

const UNDOUBLED_REPAIR = 'took the doubled braces of an escaped template ({{…}}) for single ones';

/**
 * A prompt template escapes its example's braces (`{{"name": …, "arguments": …}}`, Python's
 * `str.format`) and the model copies them. No JSON value starts with `{{` (a key is a string), so
 * a text that does is read with the outer pair single (`{{"name": …, "arguments": {…}}}`, the
 * arguments interpolated), or with every doubled brace outside strings single (all escaped).
 * Strict JSON either way, or null. Two linear passes.
 */
function undoubleBraces(text: string): unknown {
  const t = text.trim();
  if (!t.startsWith('{{') || !t.endsWith('}}')) return null;
  for (const candidate of [t.slice(1, -1), halveBraces(t)]) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // the next reading
    }
  }
  return null;
}

/** Every run of braces outside strings halved (`{{` → `{`, `}}}` → `}}`). */
function halveBraces(text: string): string {
  let out = '';
  let last = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = charCodeAt.call(text, i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) {
      inString = true;
      continue;
    }
    if (c !== BRACE_OPEN && c !== BRACE_CLOSE) continue;
    let end = i + 1;
    while (end < text.length && charCodeAt.call(text, end) === c) end++;
    const run = end - i;
    if (run > 1) {
      out += text.slice(last, i) + text.slice(i, i + Math.ceil(run / 2));
      last = end;
    }
    i = end - 1;
  }
  return out + text.slice(last);
}

function withDepthLimit(
  value: unknown,
  maxDepth: number,
  repaired: null | 'json5' | 'repair',
  repairs: string[],
  textLength = Number.POSITIVE_INFINITY,
): JsonLadderResult {
  // Each level costs at least one bracket of text: text no longer than the limit cannot exceed it,
  // and most call payloads are that short, so the walk is skipped for them.
  if (textLength > maxDepth && exceedsDepth(value, maxDepth)) {
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
 * and missing commas (`}{`); single-quoted strings; unquoted (identifier or number) keys; `True` /
 * `False` / `None`; raw line breaks, tabs and other control characters in strings; invalid escapes
 * (a stray backslash is kept literally, `\'` and `\xHH` are rewritten); comments; non-JSON
 * whitespace; a leading `+`; a closer that skips an open bracket or matches none; and truncated
 * output — an unterminated string is closed, a key without a value and a partial literal or number
 * are dropped, open brackets are closed. Not repaired: quotes doubled around the whole value, bare
 * words as values, missing colons, text after the value. Never throws.
 */
export function repairJson(text: string, options?: JsonLadderOptions): JsonRepairResult {
  try {
    if (typeof text !== 'string') return { ok: false, error: `expected JSON text, received ${typeof text}` };
    const outcome = new JsonRepairer(text, options?.maxDepth ?? DEFAULT_MAX_DEPTH).run();
    return outcome.ok
      ? { ok: true, text: outcome.text, repairs: outcome.repairs, truncated: outcome.truncated }
      : { ok: false, error: outcome.error };
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}

type RepairOutcome =
  | { ok: true; text: string; repairs: string[]; truncated: boolean; json5Compatible: boolean }
  | { ok: false; error: string; depthExceeded: boolean };

/** A kind of repair: its message, and whether JSON5 would have accepted the input it fixes. */
interface RepairKind {
  message: string;
  json5: boolean;
}

const REPAIRS = {
  trailingComma: { message: 'removed a trailing comma', json5: true },
  extraComma: { message: 'removed an extra comma', json5: false },
  missingComma: { message: 'inserted a missing comma', json5: false },
  singleQuoted: { message: 'converted a single-quoted string to double quotes', json5: true },
  escapedApostrophe: { message: "replaced \\' (not a JSON escape) with '", json5: true },
  hexEscape: { message: 'rewrote a \\x escape as \\u', json5: true },
  // JSON5 reads `\U` as `U`, silently losing the backslash of `C:\Users`; the ladder must not prefer it.
  strayBackslash: { message: 'escaped a stray backslash inside a string', json5: false },
  rawLineBreak: { message: 'escaped a raw line break inside a string', json5: false },
  rawControl: { message: 'escaped a raw control character (tab, …) inside a string', json5: true },
  unquotedKey: { message: 'quoted an unquoted key', json5: true },
  numericKey: { message: 'quoted a numeric key', json5: false },
  python: { message: 'replaced a Python literal (True, False, None) with its JSON form', json5: false },
  comment: { message: 'removed a comment', json5: true },
  blank: { message: 'removed non-JSON whitespace', json5: true },
  plusSign: { message: "removed a leading '+' from a number", json5: true },
  unmatchedCloser: { message: 'removed an unmatched closing bracket', json5: false },
  skippedOpen: { message: 'closed a bracket left open before a closing bracket', json5: false },
  unclosedItem: { message: 'closed an object left open before the next array item', json5: false },
  danglingKey: { message: 'dropped a key without a value', json5: false },
  truncString: { message: 'closed an unterminated string at the end (truncated output)', json5: false },
  truncBrackets: { message: 'closed a bracket left open at the end (truncated output)', json5: false },
  truncKey: { message: 'dropped a key without a value at the end (truncated output)', json5: false },
  truncLiteral: { message: 'dropped a truncated literal at the end (truncated output)', json5: false },
  truncNumber: { message: 'dropped the incomplete end of a number (truncated output)', json5: false },
} satisfies Record<string, RepairKind>;

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
const LOWER_T = 116;
const LOWER_F = 102;
const LOWER_N = 110;
const LOWER_L = 108;

/** Python literal → JSON literal. */
const PYTHON_LITERALS: Record<string, string> = { True: 'true', False: 'false', None: 'null' };
const LITERAL_WORDS = ['true', 'false', 'null', 'True', 'False', 'None'];

/** Per open container in `frames`: its closer, then the output mark after its last complete member. */
const FRAME_CLOSER = 0;
const FRAME_PARTS = 1;
const FRAME_FLUSHED = 2;
const FRAME_POS = 3;
const FRAME_SIZE = 4;

/** JSON's own whitespace, which is copied through. */
function isJsonSpace(code: number): boolean {
  return code === SPACE || code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB;
}

/** Whitespace JSON rejects but JSON5 allows and models paste (VT, FF, NBSP, BOM, line separators). */
function isOtherBlank(code: number): boolean {
  return isSpace(code) || code === 0xa0 || code === 0xfeff || code === 0x2028 || code === 0x2029;
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

/** Codes an unquoted key is made of. */
function isKeyPart(code: number): boolean {
  return isIdentPart(code) || code === DOLLAR;
}

/** Whether `text[from, to)` follows the strict JSON number grammar `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`. */
function isJsonNumberAt(text: string, from: number, to: number): boolean {
  let i = from;
  if (i < to && charCodeAt.call(text, i) === MINUS) i++;
  if (i < to && charCodeAt.call(text, i) === DIGIT0) i++;
  else if (i < to && isDigit(charCodeAt.call(text, i)))
    while (i < to && isDigit(charCodeAt.call(text, i))) i++;
  else return false;
  if (i < to && charCodeAt.call(text, i) === DOT) {
    i++;
    if (!(i < to && isDigit(charCodeAt.call(text, i)))) return false;
    while (i < to && isDigit(charCodeAt.call(text, i))) i++;
  }
  const e = i < to ? charCodeAt.call(text, i) : -1;
  if (e === LOWER_E || e === UPPER_E) {
    i++;
    const sign = i < to ? charCodeAt.call(text, i) : -1;
    if (sign === PLUS || sign === MINUS) i++;
    if (!(i < to && isDigit(charCodeAt.call(text, i)))) return false;
    while (i < to && isDigit(charCodeAt.call(text, i))) i++;
  }
  return i === to;
}

function describe(code: number): string {
  return JSON.stringify(String.fromCharCode(code));
}

const SHARED_FRAMES = new Int32Array(FRAME_SIZE * 16);

/**
 * One run of the repair pass.
 *
 * The output is the input copied through, except where an edit replaces a range: `parts` holds
 * everything up to input index `flushed`, and the input from `flushed` on is pending. Valid input
 * therefore costs no allocation per token. A container's mark — `parts.length`, `flushed` and the
 * input index after its last complete member — is where the output is cut back to when a member
 * turns out to dangle (`"b":}`), or a trailing comma must go.
 */
class JsonRepairer {
  private readonly text: string;
  private readonly length: number;
  private readonly maxDepth: number;
  private pos = 0;
  private readonly parts: string[] = [];
  private flushed = 0;
  // A typed array costs more to allocate than a short repair costs to run: a run starts on the
  // module's (runs never nest), and only a deeper value allocates its own.
  private frames = SHARED_FRAMES;
  private depth = 0;
  private objectsOpen = 0;
  private arraysOpen = 0;
  private state = TOP;
  /** A comma follows the last complete member and no member has started since. */
  private pendingComma = false;
  private truncated = false;
  private json5Compatible = true;
  private error: string | null = null;
  private depthExceeded = false;
  private readonly repairs = new Map<string, number>();

  constructor(text: string, maxDepth: number) {
    this.text = text;
    this.length = text.length;
    this.maxDepth = maxDepth;
  }

  run(): RepairOutcome {
    const text = this.text;
    const length = this.length;
    // A missing comma is written and the same code read again in the new state, so one step may
    // not advance; two in a row would be a bug, and must end in an error rather than a hang.
    let stalled = 0;
    let last = -1;
    while (this.pos < length && this.error === null) {
      if (this.pos === last) {
        if (++stalled > 1) {
          this.fail('repair made no progress');
          break;
        }
      } else {
        stalled = 0;
        last = this.pos;
      }
      const code = charCodeAt.call(text, this.pos);
      if (isJsonSpace(code)) {
        this.pos++;
      } else if (isOtherBlank(code)) {
        this.replace(this.pos, this.pos + 1, '');
        this.note(REPAIRS.blank);
        this.pos++;
      } else if (code !== SLASH || !this.skipComment()) {
        this.step(code);
      }
    }
    if (this.error !== null) return { ok: false, error: this.error, depthExceeded: this.depthExceeded };
    if (this.state === TOP) return { ok: false, error: 'no JSON value', depthExceeded: false };
    if (this.depth > 0) {
      this.truncated = true;
      this.note(REPAIRS.truncBrackets, this.depth);
      while (this.depth > 0) this.closeInnermost(length, false);
    }
    this.emitUpTo(length);
    const repairs: string[] = [];
    for (const [message, count] of this.repairs) repairs.push(count > 1 ? `${message} (${count}×)` : message);
    return {
      ok: true,
      text: this.parts.join(''),
      repairs,
      truncated: this.truncated,
      json5Compatible: this.json5Compatible,
    };
  }

  // --- output edits -------------------------------------------------------------------------

  private emitUpTo(index: number): void {
    if (index > this.flushed) {
      this.parts.push(this.text.slice(this.flushed, index));
      this.flushed = index;
    }
  }

  /** Replaces input `[from, to)` with `replacement` in the output. */
  private replace(from: number, to: number, replacement: string): void {
    this.emitUpTo(from);
    if (replacement !== '') this.parts.push(replacement);
    this.flushed = to;
  }

  private insert(at: number, addition: string): void {
    this.emitUpTo(at);
    this.parts.push(addition);
  }

  private setMark(after: number): void {
    const base = (this.depth - 1) * FRAME_SIZE;
    this.frames[base + FRAME_PARTS] = this.parts.length;
    this.frames[base + FRAME_FLUSHED] = this.flushed;
    this.frames[base + FRAME_POS] = after;
  }

  /** Cuts the output back to the innermost container's mark and skips the input up to `resumeAt`. */
  private cutToMark(resumeAt: number): void {
    const base = (this.depth - 1) * FRAME_SIZE;
    this.parts.length = this.frames[base + FRAME_PARTS] as number;
    this.flushed = this.frames[base + FRAME_FLUSHED] as number;
    this.emitUpTo(this.frames[base + FRAME_POS] as number);
    this.flushed = resumeAt;
  }

  private note(kind: RepairKind, count = 1): void {
    this.repairs.set(kind.message, (this.repairs.get(kind.message) ?? 0) + count);
    if (!kind.json5) this.json5Compatible = false;
  }

  private fail(message: string): void {
    this.error = `${message} at position ${this.pos}`;
  }

  // --- structure ----------------------------------------------------------------------------

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
          // `{"arguments": {…}}}`: one brace too many is the commonest slip of all.
          this.replace(this.pos, this.pos + 1, '');
          this.note(REPAIRS.unmatchedCloser);
          this.pos++;
        } else {
          this.fail(`unexpected ${describe(code)} after the value`);
        }
        return;
      case KEY:
        if (closer) this.close(code);
        else if (code === COMMA) this.extraComma();
        else if (code === QUOTE || code === APOSTROPHE || isKeyPart(code)) this.readKey(code);
        else if (code === BRACE_OPEN && this.inArrayItem()) {
          // `[{"a": 1, {"b": 2}]`: an object where a key belongs, in an array's item. The model
          // forgot the item's `}` (seen in production, an agent’s leaked-call report): close it here; the object is
          // the next item (the comma is moved after the inserted `}`).
          this.note(REPAIRS.unclosedItem);
          this.closeInnermost(this.pos, false);
          this.insert(this.pos, ',');
          this.state = ITEM;
        } else this.fail(`expected a key, found ${describe(code)}`);
        return;
      case COLON_NEXT:
        if (code === COLON) {
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
          this.pendingComma = false;
          this.startValue(code);
        } else this.fail(`expected a value, found ${describe(code)}`);
        return;
      default: {
        // AFTER a member.
        const inObject = this.frames[(this.depth - 1) * FRAME_SIZE + FRAME_CLOSER] === BRACE_CLOSE;
        if (code === COMMA) {
          this.pos++;
          this.pendingComma = true;
          this.state = inObject ? KEY : ITEM;
        } else if (closer) {
          this.close(code);
        } else if (
          (inObject ? code === QUOTE || code === APOSTROPHE || isKeyPart(code) : startsValue(code)) &&
          // `0x1F`, `1.5f`: a word glued to a number is not two members; JSON5 may know it (hex).
          !isKeyPart(charCodeAt.call(this.text, this.pos - 1))
        ) {
          // `}{`, `"a" "b"`: the model forgot the comma. Write it and read on as if it had.
          this.insert(this.pos, ',');
          this.note(REPAIRS.missingComma);
          this.pendingComma = true;
          this.state = inObject ? KEY : ITEM;
        } else {
          this.fail(`expected ',' or a closing bracket, found ${describe(code)}`);
        }
      }
    }
  }

  private extraComma(): void {
    this.replace(this.pos, this.pos + 1, '');
    this.note(REPAIRS.extraComma);
    this.pos++;
  }

  /** Called when a value (scalar or container) ends just before input index `after`. */
  private valueDone(after: number): void {
    if (this.depth === 0) {
      this.state = TOP_DONE;
    } else {
      this.state = AFTER;
      this.setMark(after);
    }
  }

  /** The input ended inside a member: drop it (and the comma before it). */
  private dropTruncated(kind: RepairKind): void {
    this.note(kind);
    this.truncated = true;
    this.pendingComma = false;
    if (this.depth > 0) {
      this.cutToMark(this.length);
      this.state = AFTER;
    } else {
      this.state = TOP;
    }
  }

  private open(code: number): void {
    if (this.depth >= this.maxDepth) {
      this.depthExceeded = true;
      this.fail(`JSON nested deeper than ${this.maxDepth} levels`);
      return;
    }
    if ((this.depth + 1) * FRAME_SIZE > this.frames.length) {
      const frames = new Int32Array(this.frames.length * 2);
      frames.set(this.frames);
      this.frames = frames;
    }
    this.frames[this.depth * FRAME_SIZE + FRAME_CLOSER] = code === BRACE_OPEN ? BRACE_CLOSE : BRACKET_CLOSE;
    this.depth++;
    if (code === BRACE_OPEN) {
      this.objectsOpen++;
      this.state = KEY;
    } else {
      this.arraysOpen++;
      this.state = ITEM;
    }
    this.pos++;
    this.pendingComma = false;
    this.setMark(this.pos);
  }

  /**
   * Ends the innermost container at input index `at`: with the closer found there (`explicit`) or
   * with one written in. A key left without a value and a trailing comma are cut off first.
   */
  private closeInnermost(at: number, explicit: boolean): void {
    if (this.state === COLON_NEXT || this.state === MEMBER_VALUE) {
      this.cutToMark(at);
      this.note(at >= this.length ? REPAIRS.truncKey : REPAIRS.danglingKey);
    } else if (this.pendingComma) {
      this.cutToMark(at);
      this.note(REPAIRS.trailingComma);
    }
    this.pendingComma = false;
    this.depth--;
    const closer = this.frames[this.depth * FRAME_SIZE + FRAME_CLOSER];
    if (closer === BRACE_CLOSE) this.objectsOpen--;
    else this.arraysOpen--;
    if (explicit) {
      this.pos = at + 1;
      this.valueDone(at + 1);
    } else {
      this.insert(at, closer === BRACE_CLOSE ? '}' : ']');
      this.valueDone(at);
    }
  }

  /** The innermost container is an object that is an item of an array. */
  private inArrayItem(): boolean {
    return this.depth >= 2 && this.frames[(this.depth - 2) * FRAME_SIZE + FRAME_CLOSER] === BRACKET_CLOSE;
  }

  /** A `}` or `]` at `pos`, inside a container. */
  private close(code: number): void {
    const open = code === BRACE_CLOSE ? this.objectsOpen : this.arraysOpen;
    if (open === 0) {
      // Counting the open kinds keeps this O(1): no search down the stack for an opener that isn't there.
      this.replace(this.pos, this.pos + 1, '');
      this.note(REPAIRS.unmatchedCloser);
      this.pos++;
      return;
    }
    while (this.frames[(this.depth - 1) * FRAME_SIZE + FRAME_CLOSER] !== code) {
      this.note(REPAIRS.skippedOpen);
      this.closeInnermost(this.pos, false);
    }
    this.closeInnermost(this.pos, true);
  }

  // --- tokens -------------------------------------------------------------------------------

  private startValue(code: number): void {
    if (code === BRACE_OPEN || code === BRACKET_OPEN) {
      this.open(code);
    } else if (code === QUOTE || code === APOSTROPHE) {
      if (this.readString()) {
        this.valueDone(this.pos);
      } else {
        this.insert(this.length, '"');
        this.truncated = true;
        this.note(REPAIRS.truncString);
        this.valueDone(this.length);
      }
    } else if (isIdentStart(code)) {
      this.readWord();
    } else {
      this.readNumber();
    }
  }

  private readKey(code: number): void {
    this.pendingComma = false;
    if (code === QUOTE || code === APOSTROPHE) {
      if (!this.readString()) {
        this.dropTruncated(REPAIRS.truncKey);
        return;
      }
    } else {
      const text = this.text;
      const start = this.pos;
      let end = start;
      while (end < this.length && isKeyPart(charCodeAt.call(text, end))) end++;
      this.pos = end;
      if (end === this.length) {
        this.dropTruncated(REPAIRS.truncKey);
        return;
      }
      this.insert(start, '"');
      this.insert(end, '"');
      this.note(isDigit(code) ? REPAIRS.numericKey : REPAIRS.unquotedKey);
    }
    this.state = COLON_NEXT;
  }

  /**
   * Reads the string whose quote is at `pos`, rewriting it to a JSON string in place. Returns false
   * when the text ends inside it (the output then lacks the closing quote).
   */
  private readString(): boolean {
    const text = this.text;
    const length = this.length;
    const quote = charCodeAt.call(text, this.pos);
    const single = quote === APOSTROPHE;
    if (single) {
      this.replace(this.pos, this.pos + 1, '"');
      this.note(REPAIRS.singleQuoted);
    }
    for (let i = this.pos + 1; i < length; i++) {
      const code = charCodeAt.call(text, i);
      if (code === quote) {
        if (single) this.replace(i, i + 1, '"');
        this.pos = i + 1;
        return true;
      }
      if (code === BACKSLASH) {
        const next = i + 1 < length ? charCodeAt.call(text, i + 1) : -1;
        if (next === -1) {
          // Truncated right after the backslash: the escape is lost.
          this.replace(i, length, '');
          break;
        }
        if (isJsonEscape(next)) {
          i++;
        } else if (next === APOSTROPHE) {
          this.replace(i, i + 2, "'");
          this.note(REPAIRS.escapedApostrophe);
          i++;
        } else if (next === LOWER_U || next === LOWER_X) {
          const digits = next === LOWER_U ? 4 : 2;
          let k = i + 2;
          while (k < i + 2 + digits && k < length && isHex(charCodeAt.call(text, k))) k++;
          if (k === i + 2 + digits) {
            if (next === LOWER_X) {
              this.replace(i, k, `\\u00${text.slice(i + 2, k)}`);
              this.note(REPAIRS.hexEscape);
            }
            i = k - 1;
          } else if (k === length) {
            // Truncated inside the escape: drop it.
            this.replace(i, length, '');
            break;
          } else {
            this.replace(i, i + 1, '\\\\');
            this.note(REPAIRS.strayBackslash);
          }
        } else {
          // `C:\Users`: a backslash that escapes nothing JSON knows is meant literally.
          this.replace(i, i + 1, '\\\\');
          this.note(REPAIRS.strayBackslash);
        }
      } else if (code === QUOTE) {
        // Only reached inside a single-quoted string.
        this.replace(i, i + 1, '\\"');
      } else if (code < SPACE) {
        this.replace(i, i + 1, controlEscape(code));
        this.note(code === LINE_FEED || code === CARRIAGE_RETURN ? REPAIRS.rawLineBreak : REPAIRS.rawControl);
      }
    }
    this.pos = length;
    return false;
  }

  /** A bare word in value position: a JSON or Python literal, or the truncated start of one. */
  private readWord(): void {
    const text = this.text;
    const start = this.pos;
    let end = start;
    while (end < this.length && isIdentPart(charCodeAt.call(text, end))) end++;
    const size = end - start;
    const word = size <= 5 ? text.slice(start, end) : '';
    if (word === 'true' || word === 'false' || word === 'null') {
      // Valid JSON: copied through.
    } else if (word !== '' && Object.hasOwn(PYTHON_LITERALS, word)) {
      this.replace(start, end, PYTHON_LITERALS[word] as string);
      this.note(REPAIRS.python);
    } else if (
      end === this.length &&
      word !== '' &&
      LITERAL_WORDS.some((literal) => literal.startsWith(word))
    ) {
      this.pos = end;
      this.dropTruncated(REPAIRS.truncLiteral);
      return;
    } else {
      this.fail(`unexpected word ${JSON.stringify(text.slice(start, Math.min(end, start + 40)))}`);
      return;
    }
    this.pos = end;
    this.valueDone(end);
  }

  private readNumber(): void {
    const text = this.text;
    const start = this.pos;
    let end = start;
    while (end < this.length) {
      const code = charCodeAt.call(text, end);
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
      end++;
    }
    // Truncated output may end in `1.`, `2e`, `-`: keep the digits that are certain.
    let last = end;
    if (end === this.length) while (last > start && !isDigit(charCodeAt.call(text, last - 1))) last--;
    if (last === start) {
      this.pos = end;
      this.dropTruncated(REPAIRS.truncNumber);
      return;
    }
    let first = start;
    if (charCodeAt.call(text, start) === PLUS) {
      first++;
      this.replace(start, first, '');
      this.note(REPAIRS.plusSign);
    }
    if (!isJsonNumberAt(text, first, last)) {
      this.fail(`invalid number ${JSON.stringify(text.slice(start, Math.min(end, start + 40)))}`);
      return;
    }
    if (last < end) {
      this.replace(last, end, '');
      this.truncated = true;
      this.note(REPAIRS.truncNumber);
    }
    this.pos = end;
    this.valueDone(end);
  }

  /** Removes a `//` or `/* … *\/` comment at `pos`; false when the slash starts no comment. */
  private skipComment(): boolean {
    const text = this.text;
    const start = this.pos;
    const next = charCodeAt.call(text, start + 1);
    let end: number;
    if (next === SLASH) {
      end = start + 2;
      while (end < this.length && charCodeAt.call(text, end) !== LINE_FEED) end++;
    } else if (next === ASTERISK) {
      const close = text.indexOf('*/', start + 2);
      end = close < 0 ? this.length : close + 2;
    } else {
      return false;
    }
    this.replace(start, end, '');
    this.note(REPAIRS.comment);
    this.pos = end;
    return true;
  }
}
