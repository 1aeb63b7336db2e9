/**
 * The one reader of JSON calls in a block body: one value, a list, JSON lines, `{…}, {…}`
 * (MiniMax-M1, sglang), `{…}; {…}` (vLLM's Llama 3 parser) or values back to back, each through
 * the JSON ladder and each object through the format's declared call shape (`json-call-object.ts`).
 * A format declares its keys and these options; it does not read JSON itself.
 *
 * Truncation versus breakage (architecture/semantics.md, the cut-off rule). A block whose close
 * marker came was finished by the model: broken JSON in it is repaired and the repair reported. A
 * block the output ended inside of may have been cut off: there only complete values count, and a
 * value left open at the end is a `partial-call` issue, never a call with half its arguments (vLLM
 * and llama.cpp drop such a call too).
 *
 * Cost (guarantee 8): values are delimited by `findJsonEnd` (one pass each, over disjoint spans)
 * before any parsing, and a value that never closes is looked at by one bracket scan before the
 * ladder, so the work is linear in the body however it is cut; a failed value is a result, not a
 * thrown exception.
 */
import { jsonRepaired, notExtracted } from './call-arguments.js';
import { CallsReading } from './calls-reading.js';
import { BRACE_OPEN, BRACKET_CLOSE, BRACKET_OPEN, isBlank, skipBlank } from './char-codes.js';
import { isExactJsonCall, isExactJsonCalls } from './exact-call-shape.js';
import {
  CallShape,
  collectJsonCalls,
  type JsonCallShape,
  jsonCallFrom,
  unreadKeysIssue,
  usualCall,
} from './json-call-object.js';
import { type JsonLadderResult, NOT_STRICT_JSON, parseJsonAtDepth, strictJsonValue } from './json-ladder.js';
import { findJsonEnd, JsonValueScanner, scanJsonValue } from './json-scan.js';
import type { BodyContext, BodyIssue, BodyParser, BodyResult, RawCall } from './markup-spec.js';
import { isPlainObject, setOwn } from './safe-object.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface JsonCallsOptions extends JsonCallShape {
  /** One value per body (then trailing text), or several (`many`, the default). */
  values?: 'one' | 'many';
  /** Characters that separate values besides blanks (`,` by default; `;,` for Llama). */
  separators?: string;
  /**
   * Text after the last value: an `issue` inside a tag (the model's, but not a call; the default),
   * `text` for bare output, where it is what the user should read, `reject` where the block must
   * be JSON and nothing else (a value that is not a call: with `allOrNothing` the block fails), or
   * `leave` for a caller that reads on from `end`.
   */
  trailing?: 'issue' | 'text' | 'reject' | 'leave';
  /** Qwen-Agent's `<code>…</code>` after a call is that call's argument of this name. */
  codeArgument?: string;
  /**
   * A finished block whose JSON breaks off inside a string or after a key lost part of the call:
   * reported as `partial-call`, as `malformed-call` (the default), or repaired like any slip
   * (`repair`). Only missing closing brackets, a common slip, are repaired in every case.
   */
  brokenOff?: 'partial-call' | 'malformed-call' | 'repair';
  /** Read the complete elements of a list the output ended inside (default true). */
  openLists?: boolean;
  /**
   * A finished body is first read whole, as one value the ladder may repair (Hermes's tags: the
   * usual block costs one `JSON.parse`, and says `strictJson`); else value by value.
   */
  repairWhole?: boolean;
  /** One value that is not a call fails the whole block, instead of being reported beside the calls. */
  allOrNothing?: boolean;
  /**
   * Vouch for the exact call shape (`BodyResult.exactShape`) when every value has it: a bare form
   * read without declared tools then takes the calls (architecture/semantics.md).
   */
  vouchExact?: boolean;
  /** Calls read at most (the parse's `maxCalls`): reading stops there and the rest is reported once. */
  maxCalls?: number;
  /** The parse's `maxDepth`, for the JSON ladder and the scan of a value that never closed. */
  maxDepth?: number;
}

/**
 * The options with every key present, in one order (as CallShape, which the call-shape reads see):
 * each format declares its own subset, and the reader's loads of them, shared by every format in a
 * process, would otherwise see one object shape per format and go megamorphic.
 */
class ResolvedJsonCallsOptions extends CallShape implements JsonCallsOptions {
  readonly values: JsonCallsOptions['values'];
  readonly separators: string | undefined;
  readonly trailing: JsonCallsOptions['trailing'];
  readonly codeArgument: string | undefined;
  readonly brokenOff: JsonCallsOptions['brokenOff'];
  readonly openLists: boolean | undefined;
  readonly repairWhole: boolean | undefined;
  readonly allOrNothing: boolean | undefined;
  readonly vouchExact: boolean | undefined;
  readonly maxCalls: number | undefined;
  readonly maxDepth: number | undefined;

  constructor(o: JsonCallsOptions, maxCalls: number | undefined, maxDepth: number | undefined) {
    super(o);
    this.values = o.values;
    this.separators = o.separators;
    this.trailing = o.trailing;
    this.codeArgument = o.codeArgument;
    this.brokenOff = o.brokenOff;
    this.openLists = o.openLists;
    this.repairWhole = o.repairWhole;
    this.allOrNothing = o.allOrNothing;
    this.vouchExact = o.vouchExact;
    this.maxCalls = maxCalls;
    this.maxDepth = maxDepth;
  }
}

/** `options` in the one shape (as given when it has it already). */
function resolved(options: JsonCallsOptions): ResolvedJsonCallsOptions {
  return options instanceof ResolvedJsonCallsOptions
    ? options
    : new ResolvedJsonCallsOptions(options, options.maxCalls, options.maxDepth);
}

/** What a read found, for a format that builds its own result around it. */
export interface JsonCallsRead {
  calls: RawCall[];
  /** Repairs and limits. */
  issues: BodyIssue[];
  /** Values that were not calls: issues beside calls, the error when there is no call at all. */
  rejected: Array<{ kind: 'partial-call' | 'malformed-call'; reason: string; raw: string }>;
  /** A `noCall` name came (no tool, by choice). */
  declined: boolean;
  /** Where the values ended in the body (trailing text starts here). */
  end: number;
  /** Text after the values, handed back (`trailing: 'text'`). */
  text?: string;
  /** The whole body parsed strictly as one JSON value (BodyResult.strictJson). */
  strict: boolean;
  /** Every value read is a call or a list of calls in the exact shape (BodyResult.exactShape). */
  exact: boolean;
}

/** Why a value the output ended inside is not a call (one wording for every JSON format). */
export const PARTIAL_CALL = 'the output ended inside this call, so its arguments are incomplete';

/** True when the body (after blanks) starts like JSON: only then is a block this family's markup. */
export function startsWithJson(body: string): boolean {
  const c = charCodeAt.call(body, skipBlank(body, 0));
  return c === BRACE_OPEN || c === BRACKET_OPEN;
}

/**
 * Whether a repair of JSON that breaks off lost part of the call: closing the last brackets is a
 * common slip; an unterminated string, a dropped key or a trailing comma at the end is not. (Reads
 * the ladder's repair notes: `(truncated output)` marks those made because the text ended.)
 */
export function lostToTruncation(repairs: readonly string[]): string | null {
  if (!repairs.some((r) => r.includes('truncated output'))) return null;
  for (const r of repairs) {
    if (r.startsWith('closed a bracket left open at the end')) continue;
    if (r.includes('truncated output') || r.startsWith('removed a trailing comma')) return r;
  }
  return null;
}

/**
 * Why a value that never closed (from `start` to the end of `text`) cannot be repaired, by one
 * bracket scan before the ladder: the output ended inside a string, or the brackets nest deeper
 * than `maxDepth` (which keeps a megabyte of `[` away from `JSON.parse`). Null when only closing
 * brackets are missing.
 */
export function unclosedProblem(
  text: string,
  start: number,
  maxDepth: number,
  scanned?: UnclosedScan,
): { kind: 'partial-call' | 'malformed-call'; reason: string } | null {
  let scanner: UnclosedScan | undefined = scanned;
  if (scanner === undefined) {
    const scan = new JsonValueScanner();
    scan.feed(text, start);
    scanner = scan;
  }
  if (scanner.failed) return null;
  if (scanner.inString) {
    return {
      kind: 'partial-call',
      reason: 'the output ended inside a string of its JSON, so the arguments are incomplete',
    };
  }
  if (scanner.depth > maxDepth)
    return { kind: 'malformed-call', reason: `its JSON nests deeper than ${maxDepth} levels` };
  return null;
}

/**
 * How the bracket scan of a value that did not close ended, from its `[` or `{` to the end of the
 * text (a `JsonValueScanner` left there has these): what a caller that made that scan already
 * passes to `readJsonCallValues`, so a megabyte that never closes is scanned once, not three times.
 */
export interface UnclosedScan {
  readonly failed: boolean;
  readonly inString: boolean;
  readonly depth: number;
  /** Where the list's element still open there starts, an index into the body (`JsonValueScanner.openElement`). */
  readonly openElement?: number;
}

class Reader implements JsonCallsRead {
  readonly calls: RawCall[] = [];
  readonly issues: BodyIssue[] = [];
  readonly rejected: JsonCallsRead['rejected'] = [];
  declined = false;
  end = 0;
  text: string | undefined;
  strict = false;
  exact = true;
  /** maxCalls was reached, or an all-or-nothing block failed: nothing more is read. */
  stopped = false;

  constructor(
    readonly body: string,
    readonly closed: boolean,
    readonly options: ResolvedJsonCallsOptions,
    /** The scan of a value at 0 that does not close, when the caller made it (see UnclosedScan). */
    readonly scanned: UnclosedScan | undefined = undefined,
  ) {}

  /** Takes the calls of one complete JSON text (parsed already when `parsed` is given). */
  take(raw: string, parsed: JsonLadderResult = parseJsonAtDepth(raw, this.options.maxDepth)): void {
    if (!parsed.ok) {
      this.reject('malformed-call', parsed.error, raw);
      return;
    }
    if (parsed.repaired !== null) {
      const broken = this.brokenKind();
      const lost = broken === null ? null : lostToTruncation(parsed.repairs);
      if (broken !== null && lost !== null) {
        this.reject(broken, `the JSON breaks off (${lost}), so the call is incomplete`, raw);
        return;
      }
      this.issues.push(jsonRepaired(parsed.repairs, raw));
    }
    const value = parsed.value;
    // One object, the usual body: its call is taken without a list collected around it (what
    // collectJsonCalls does with an object that is a call, done in place).
    if (isPlainObject(value) && (this.options.nesting ?? 1) >= 0) {
      const call = jsonCallFrom(value, this.options);
      if (typeof call !== 'string') {
        this.takeCall(call, value, raw);
        return;
      }
    }
    const found = collectJsonCalls(value, this.options);
    if (this.options.allOrNothing && found.rejected.length > 0) {
      this.reject('malformed-call', found.rejected[0]!.reason, raw);
      return;
    }
    if (this.options.vouchExact && this.exact && !isExactJsonCalls(parsed.value)) this.exact = false;
    if (found.declined) this.declined = true;
    const room = this.room();
    for (const call of found.calls.slice(0, room)) this.calls.push(call);
    if (found.calls.length > room)
      this.overLimit(`${found.calls.length - room} more call(s) in this value`, raw);
    for (const r of found.rejected)
      this.rejected.push({ kind: 'malformed-call', reason: r.reason, raw: safeJson(r.value) });
    for (const issue of found.unread) this.issues.push(issue);
  }

  /** The one call an object is: as `take` does with a list of one. */
  private takeCall(call: RawCall, value: Record<string, unknown>, raw: string): void {
    if (this.options.vouchExact && this.exact && !isExactJsonCall(value)) this.exact = false;
    if (this.options.noCall?.has(call.name.trim())) {
      this.declined = true;
      return;
    }
    if (this.room() > 0) this.calls.push(call);
    else this.overLimit('1 more call(s) in this value', raw);
    const unread = unreadKeysIssue(value, call);
    if (unread !== null) this.issues.push(unread);
  }

  /** What a finished value that broke off is reported as; null when it is repaired like any slip. */
  brokenKind(): 'partial-call' | 'malformed-call' | null {
    const broken = this.options.brokenOff ?? 'malformed-call';
    return broken === 'repair' ? null : broken;
  }

  reject(kind: 'partial-call' | 'malformed-call', reason: string, raw: string): void {
    this.rejected.push({ kind, reason, raw });
    if (this.options.allOrNothing) this.stopped = true;
  }

  /** How many more calls may be read. */
  room(): number {
    return Math.max(0, (this.options.maxCalls ?? Number.POSITIVE_INFINITY) - this.calls.length);
  }

  overLimit(what: string, raw: string): void {
    this.stopped = true;
    const message = `More than maxCalls (${this.options.maxCalls}) calls; ${what} were not read.`;
    this.issues.push({ kind: 'limit-exceeded', message, raw });
  }

  /**
   * The elements of a list whose end is missing: complete ones count, the rest is partial.
   * `openElement` is where the list's scan saw an element left open (-1: none, or not known): it is
   * not scanned again (a megabyte of `[{"a": ` that never closes is one pass).
   */
  readOpenList(start: number, openElement: number): void {
    const body = this.body;
    let p = start + 1;
    while (!this.stopped) {
      p = skipBlank(body, p, true);
      if (p >= body.length || charCodeAt.call(body, p) === BRACKET_CLOSE) return;
      if (this.room() === 0) {
        this.overLimit('the rest of the list', body.slice(p));
        return;
      }
      const c = charCodeAt.call(body, p);
      const end = p !== openElement && (c === BRACE_OPEN || c === BRACKET_OPEN) ? findJsonEnd(body, p) : -1;
      if (end === -1) {
        this.reject('partial-call', PARTIAL_CALL, body.slice(p));
        return;
      }
      this.take(body.slice(p, end));
      p = end;
    }
  }

  /**
   * A value from `start` that never closes, in a finished block: repaired unless it broke off.
   * `scan` is how its bracket scan to the end of the body ended.
   */
  readUnclosed(start: number, scan: UnclosedScan): void {
    const raw = this.body.slice(start);
    const broken = this.brokenKind();
    if (broken !== null) {
      const problem = unclosedProblem(
        this.body,
        start,
        this.options.maxDepth ?? Number.POSITIVE_INFINITY,
        scan,
      );
      if (problem !== null) {
        this.reject(problem.kind === 'partial-call' ? broken : problem.kind, problem.reason, raw);
        return;
      }
    }
    this.take(raw.trim());
  }

  /** Reads the body; `first` is the ladder's reading of the whole body, when made already. */
  run(first?: JsonLadderResult): void {
    const body = this.body;
    const n = body.length;
    const o = this.options;
    // Fast path: the usual block is one well-formed value. JSON.parse takes the blanks around it;
    // the body is trimmed only when it is not strict.
    if (this.closed && o.repairWhole) {
      let whole = body;
      let parsed = first ?? parseJsonAtDepth(whole, o.maxDepth);
      if (!parsed.ok || parsed.repaired !== null) {
        whole = body.trim();
        parsed = parseJsonAtDepth(whole, o.maxDepth);
      }
      this.strict = parsed.ok && parsed.repaired === null;
      if (parsed.ok && (isPlainObject(parsed.value) || Array.isArray(parsed.value))) {
        this.take(whole, parsed);
        this.end = n;
        return;
      }
    }
    let p = this.skipSeparators(0);
    while (p < n && !this.stopped) {
      const c = charCodeAt.call(body, p);
      if (c !== BRACE_OPEN && c !== BRACKET_OPEN) break;
      if (this.room() === 0) {
        this.overLimit('the rest of the block', body.slice(p));
        break;
      }
      // A value at 0 the caller scanned (`scanned`) does not close; any other is scanned here, once:
      // how the scan ended is what the readers of a value that does not close go on from.
      let end = -1;
      let scan: UnclosedScan | undefined = p === 0 ? this.scanned : undefined;
      if (scan === undefined) {
        const own = scanJsonValue(body, p);
        end = own.valueEnd;
        scan = own;
      }
      if (end === -1) {
        if (this.closed) this.readUnclosed(p, scan);
        else if (c === BRACKET_OPEN && o.openLists !== false) this.readOpenList(p, scan.openElement ?? -1);
        else this.reject('partial-call', PARTIAL_CALL, body.slice(p));
        p = n;
        break;
      }
      this.take(body.slice(p, end));
      p = end;
      if (o.values === 'one') break;
      p = this.skipSeparators(p);
    }
    this.end = p;
    if (p < n && !this.stopped) this.rest(body.slice(p));
  }

  private skipSeparators(pos: number): number {
    const separators = this.options.separators ?? ',';
    const body = this.body;
    let p = pos;
    while (p < body.length && (isBlank(charCodeAt.call(body, p)) || separators.includes(body[p]!))) p++;
    return p;
  }

  /** Text after the JSON values: Qwen-Agent's `<code>` part, prose, or junk. */
  private rest(text: string): void {
    const trimmed = text.trim();
    const trailing = this.options.trailing ?? 'issue';
    if (trimmed === '' || trailing === 'leave') return;
    const last = this.calls[this.calls.length - 1];
    const key = this.options.codeArgument;
    if (key !== undefined && last && trimmed.startsWith('<code>')) {
      // {"name": "code_interpreter", "arguments": {}}\n<code>…</code>
      const close = trimmed.lastIndexOf('</code>');
      const code = trimmed
        .slice('<code>'.length, close === -1 ? trimmed.length : close)
        .replace(/^\n|\n$/g, '');
      const args = isPlainObject(last.arguments) ? { ...last.arguments } : {};
      if (!Object.hasOwn(args, key)) {
        setOwn(args, key, code);
        last.arguments = args;
        return;
      }
    }
    if (trailing === 'text') {
      this.text = text;
    } else if (trailing === 'reject') {
      this.reject('malformed-call', 'text after the JSON', text);
    } else {
      this.issues.push({
        kind: 'trailing-text',
        message: 'Text after the JSON inside a call block was removed.',
        raw: trimmed,
      });
    }
  }
}

/** Reads the JSON calls in `body`; `closed` says whether the block was finished (its close marker came). */
export function readJsonCallValues(
  body: string,
  closed: boolean,
  options: JsonCallsOptions = {},
  /** The body starts with a value that does not close, and this is how its scan ended. */
  scanned?: UnclosedScan,
): JsonCallsRead {
  const reader = new Reader(body, closed, resolved(options), scanned);
  reader.run();
  return reader;
}

/** A read's issues: its repairs and limits, then every value that was not a call (nothing is lost). */
export function jsonCallsIssues(read: JsonCallsRead): BodyIssue[] {
  const issues = read.issues.slice();
  for (const r of read.rejected) issues.push(notExtracted(r.kind, r.reason, r.raw));
  return issues;
}

/** A read as a body result: the calls with every value that was not one reported beside them. */
export function jsonCallsResult(read: JsonCallsRead, options: JsonCallsOptions = {}): BodyResult {
  return resultOf(read, options, jsonCallsIssues);
}

/**
 * `jsonCallsResult`, with the issues made by `issuesOf`: a read nobody else holds (readJsonCalls's
 * own) hands its issues over instead of copying them.
 */
function resultOf(
  read: JsonCallsRead,
  options: JsonCallsOptions,
  issuesOf: (read: JsonCallsRead) => BodyIssue[],
): BodyResult {
  const strictJson = read.strict || undefined;
  // All or nothing: a value that is not a call breaks the block; one the output ended inside
  // does not take the complete calls before it along.
  const broken = options.allOrNothing && read.rejected.some((r) => r.kind === 'malformed-call');
  if (read.calls.length === 0 || broken) {
    // Only a `noCall` choice: the markup of the format, and no call; nothing for the user either.
    if (read.declined && read.issues.length === 0 && read.rejected.length === 0)
      return { calls: [], text: '' };
    return { calls: [], error: read.rejected[0]?.reason ?? 'no JSON call', strictJson };
  }
  const result: BodyResult = { calls: read.calls, issues: issuesOf(read), strictJson };
  if (options.vouchExact && read.exact && read.rejected.length === 0) result.exactShape = true;
  if (read.text !== undefined) result.text = read.text;
  return result;
}

/** Reads a block body as JSON calls: `readJsonCallValues` as a body result. */
export function readJsonCalls(body: string, closed: boolean, options: JsonCallsOptions = {}): BodyResult {
  const o = resolved(options);
  const reader = new Reader(body, closed, o);
  reader.run();
  return resultOf(reader, o, ownIssues);
}

/**
 * The result of a closed body that parsed strictly as `value`, when the value is one object that is
 * one call the reader would take (not a `noCall` choice, and room for it under `maxCalls`); else
 * null. What `Reader.take` and `jsonCallsResult` make of such a body.
 */
function oneCallResult(value: unknown, o: ResolvedJsonCallsOptions): BodyResult | null {
  if (!isPlainObject(value) || !((o.nesting ?? 1) >= 0)) return null;
  // The usual object carries every key it has; any other is read key by key, and keys the call
  // does not carry are reported: the reader's general path does that.
  let call: RawCall | string | null = usualCall(value, o);
  if (call === null) {
    call = jsonCallFrom(value, o);
    if (typeof call === 'string' || unreadKeysIssue(value, call) !== null) return null;
  }
  if (o.noCall?.has(call.name.trim())) return null;
  if (!(Math.max(0, o.maxCalls ?? Number.POSITIVE_INFINITY) > 0)) return null;
  return new CallsReading([call], true, o.vouchExact === true && isExactJsonCall(value));
}

/** The issues of a read no one else holds: its own list, when nothing is to be added to it. */
function ownIssues(read: JsonCallsRead): BodyIssue[] {
  return read.rejected.length === 0 ? read.issues : jsonCallsIssues(read);
}

/**
 * The body parser of a JSON-in-tag block: an empty block is broken, prose after an open marker
 * (`Wrap calls in <tool_call> tags`) is not markup, JSON is read as calls with the parse's
 * `maxCalls` and `maxDepth`.
 */
export function jsonCallsBody(options: JsonCallsOptions = {}): BodyParser {
  // The options with the parse's limits, made again only when those change (not per block).
  let withLimits = new ResolvedJsonCallsOptions(options, undefined, options.maxDepth);
  return (body: string, ctx: BodyContext): BodyResult => {
    const first = skipBlank(body, 0);
    if (first === body.length) return { calls: [], error: 'the block is empty' };
    // startsWithJson, from the blanks already skipped.
    const c = charCodeAt.call(body, first);
    if (c !== BRACE_OPEN && c !== BRACKET_OPEN) return { calls: [], notMarkup: true };
    if (withLimits.maxCalls !== ctx.options.maxCalls || withLimits.maxDepth !== ctx.options.maxDepth)
      withLimits = new ResolvedJsonCallsOptions(options, ctx.options.maxCalls, ctx.options.maxDepth);
    if (!(ctx.closed && withLimits.repairWhole)) return readJsonCalls(body, ctx.closed, withLimits);
    // The usual block: one strict object that is a call. Its result is built here, as the reader
    // would build it, without the reader; anything else is read by the reader from this parse on.
    const value = strictJsonValue(body, withLimits.maxDepth);
    let parsed: JsonLadderResult;
    if (value !== NOT_STRICT_JSON) {
      const one = oneCallResult(value, withLimits);
      if (one !== null) return one;
      parsed = { ok: true, value, repaired: null, repairs: [] };
    } else parsed = parseJsonAtDepth(body, withLimits.maxDepth);
    const reader = new Reader(body, true, withLimits);
    reader.run(parsed);
    return resultOf(reader, withLimits, ownIssues);
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The spelling every family is taught: `{"name", "arguments"|"parameters"|"args"}`, or an OpenAI `function`. */
const CALL_OBJECTS: JsonCallsOptions = {
  argumentKeys: ['arguments', 'parameters', 'args'],
  openAi: 'unnamed',
  values: 'one',
  trailing: 'reject',
  allOrNothing: true,
  brokenOff: 'repair',
  openLists: false,
  repairWhole: true,
};

/**
 * A block body that is JSON calls — one object or a list of them — for a format that meets another
 * family's JSON where it expects its own markup (a Qwen3-Coder model writing Qwen2.5's
 * `<tool_call>{…}</tool_call>`). Nothing but the JSON: text after it makes the block broken.
 */
export function readJsonCallObjects(body: string, ctx: BodyContext): BodyResult {
  if (callObjects.maxDepth !== ctx.options.maxDepth)
    callObjects = new ResolvedJsonCallsOptions(CALL_OBJECTS, undefined, ctx.options.maxDepth);
  return readJsonCalls(body, ctx.closed, callObjects);
}

/** CALL_OBJECTS with the parse's `maxDepth`, made again only when that changes. */
let callObjects = new ResolvedJsonCallsOptions(CALL_OBJECTS, undefined, undefined);
