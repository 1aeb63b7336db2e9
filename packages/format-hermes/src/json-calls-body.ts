/**
 * Reads the JSON inside a block: one object, an array, JSON lines or `{…}, {…}` (MiniMax-M1,
 * sglang), each value through the core JSON ladder, each object through `collectCalls`.
 *
 * Truncation versus breakage. A block whose close marker came was finished by the model: broken
 * JSON in it is repaired (and the repair reported). A block the output ended inside of, or bare
 * JSON that makes up the whole output, may have been cut off: there only complete values count,
 * and an element left open at the end is a `partial-call` issue, never a call with half its
 * arguments (vLLM and llama.cpp drop such a call too).
 *
 * Cost: values are delimited by `findJsonEnd` (one pass each, over disjoint spans) before any
 * parsing, so the work is linear in the body however it is cut.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  BRACE_OPEN,
  BRACKET_CLOSE,
  BRACKET_OPEN,
  findJsonEnd,
  isExactJsonCalls,
  isPlainObject,
  parseJsonLadder,
  type RawCall,
  skipBlank,
} from '@toolformat/core/kit';
import { type CallShapeOptions, collectCalls } from './call-object.js';

export interface JsonCallsOptions extends CallShapeOptions {
  /**
   * What to do with text after the last value: `issue` inside a tag (it was the model's, but not
   * a call), `text` for bare output, where it is what the user should read.
   */
  trailing?: 'issue' | 'text';
  /**
   * Calls read at most (the parse's `maxCalls`): the engine would drop the rest one by one, so
   * reading stops there and what is left is reported once.
   */
  maxCalls?: number;
}

const PARTIAL = 'the output ended inside this call, so its arguments are incomplete';

/** True when the body (after blanks) starts like JSON: only then is the block this family's markup. */
export function startsWithJson(body: string): boolean {
  const c = body.charCodeAt(skipBlank(body, 0));
  return c === BRACE_OPEN || c === BRACKET_OPEN;
}

/**
 * Whether a repair of JSON that breaks off lost part of the call. A finished block whose JSON only
 * lacks its last closing brackets (`{"name": "f", "arguments": {"a": 1}`, a common slip) is
 * repaired; one that breaks off inside a string, after a key, or after a comma is not: its
 * arguments are incomplete. (Reads the ladder's repair notes: `(truncated output)` marks those
 * made because the text ended.)
 */
function lostToTruncation(repairs: readonly string[]): string | null {
  if (!repairs.some((r) => r.includes('truncated output'))) return null;
  for (const r of repairs) {
    if (r.startsWith('closed a bracket left open at the end')) continue;
    if (r.includes('truncated output') || r.startsWith('removed a trailing comma')) return r;
  }
  return null;
}

/** The state of one read: what was found so far. */
class Reader {
  readonly calls: RawCall[] = [];
  readonly issues: BodyIssue[] = [];
  /** Values that were not calls: issues beside calls, the error when there is no call at all. */
  readonly rejected: Array<{ raw: string; reason: string }> = [];
  trailingText: string | undefined;
  /** maxCalls was reached: nothing more is read. */
  limited = false;
  /** The whole body parsed strictly as one JSON value (BodyResult.strictJson). */
  strict = false;
  /** Every value read so far is a call, or a list of calls, in the exact shape (BodyResult.exactShape). */
  exact = true;

  constructor(
    readonly body: string,
    readonly closed: boolean,
    readonly options: JsonCallsOptions,
  ) {}

  /** Parses one complete JSON text and takes its calls. */
  take(raw: string, parsed = parseJsonLadder(raw)): void {
    if (!parsed.ok) {
      this.rejected.push({ raw, reason: parsed.error });
      return;
    }
    if (parsed.repaired !== null) {
      const lost = lostToTruncation(parsed.repairs);
      if (lost !== null) {
        this.rejected.push({ raw, reason: `the JSON breaks off (${lost}), so the call is incomplete` });
        return;
      }
      this.issues.push({
        kind: 'json-repaired',
        message: `Repaired JSON: ${parsed.repairs.join('; ')}.`,
        raw,
      });
    }
    if (this.exact && !isExactJsonCalls(parsed.value)) this.exact = false;
    const found = collectCalls(parsed.value, this.options);
    const room = this.room();
    for (const call of found.calls.slice(0, room)) this.calls.push(call);
    if (found.calls.length > room)
      this.overLimit(`${found.calls.length - room} more call(s) in this value`, raw);
    for (const r of found.rejected) this.rejected.push({ raw: safeJson(r.value), reason: r.reason });
  }

  /** How many more calls may be read. */
  room(): number {
    return Math.max(0, (this.options.maxCalls ?? Number.POSITIVE_INFINITY) - this.calls.length);
  }

  overLimit(what: string, raw: string): void {
    this.limited = true;
    this.issues.push({
      kind: 'limit-exceeded',
      message: `More than maxCalls (${this.options.maxCalls}) calls; ${what} were not read.`,
      raw,
    });
  }

  /** A value the output ended inside of: not a call (its arguments are incomplete). */
  partial(raw: string): void {
    this.rejected.push({ raw, reason: PARTIAL });
  }

  /** Walks the elements of an array whose end is missing: complete ones count, the rest is partial. */
  readOpenArray(start: number): void {
    const body = this.body;
    let p = start + 1;
    for (;;) {
      p = skipBlank(body, p, true);
      if (p >= body.length) return;
      const c = body.charCodeAt(p);
      if (c === BRACKET_CLOSE) return;
      if (this.room() === 0) {
        this.overLimit('the rest of the list', body.slice(p));
        return;
      }
      if (c !== BRACE_OPEN && c !== BRACKET_OPEN) {
        this.partial(body.slice(p));
        return;
      }
      const end = findJsonEnd(body, p);
      if (end === -1) {
        this.partial(body.slice(p));
        return;
      }
      this.take(body.slice(p, end));
      p = end;
    }
  }

  run(): void {
    const body = this.body;
    const n = body.length;
    // Fast path: the usual block is one well-formed value (and a finished block may be repaired).
    if (this.closed) {
      // JSON.parse takes the blanks around a value: the body is trimmed only when it is not strict.
      let whole = body;
      let parsed = parseJsonLadder(whole);
      if (!parsed.ok || parsed.repaired !== null) {
        whole = body.trim();
        parsed = parseJsonLadder(whole);
      }
      this.strict = parsed.ok && parsed.repaired === null;
      if (parsed.ok && (isPlainObject(parsed.value) || Array.isArray(parsed.value))) {
        this.take(whole, parsed);
        return;
      }
    }
    let p = skipBlank(body, 0, true);
    while (p < n && !this.limited) {
      const c = body.charCodeAt(p);
      if (c !== BRACE_OPEN && c !== BRACKET_OPEN) break;
      if (this.room() === 0) {
        this.overLimit('the rest of the block', body.slice(p));
        return;
      }
      const end = findJsonEnd(body, p);
      if (end === -1) {
        if (this.closed) this.take(body.slice(p).trimEnd());
        else if (c === BRACKET_OPEN) this.readOpenArray(p);
        else this.partial(body.slice(p));
        p = n;
        break;
      }
      this.take(body.slice(p, end));
      p = skipBlank(body, end, true);
    }
    if (p < n && !this.limited) this.rest(body.slice(p));
  }

  /** Text after the JSON values: Qwen-Agent's `<code>` part, prose, or junk. */
  private rest(text: string): void {
    const trimmed = text.trim();
    if (trimmed === '') return;
    const last = this.calls[this.calls.length - 1];
    if (last && trimmed.startsWith('<code>')) {
      // Qwen-Agent's code interpreter: {"name": "code_interpreter", "arguments": {}}\n<code>…</code>
      const close = trimmed.lastIndexOf('</code>');
      const code = trimmed
        .slice('<code>'.length, close === -1 ? trimmed.length : close)
        .replace(/^\n|\n$/g, '');
      const args = isPlainObject(last.arguments) ? { ...last.arguments } : {};
      if (!Object.hasOwn(args, 'code')) {
        args.code = code;
        last.arguments = args;
        return;
      }
    }
    if (this.options.trailing === 'text') {
      this.trailingText = text;
      return;
    }
    this.issues.push({
      kind: 'trailing-text',
      message: 'Text after the JSON inside a call block was removed.',
      raw: text,
    });
  }
}

/**
 * Reads a block body as JSON calls. `closed` says whether the block was finished (its close marker
 * came): only then is broken JSON repaired rather than taken for a cut-off call.
 */
export function readJsonCalls(body: string, closed: boolean, options: JsonCallsOptions = {}): BodyResult {
  const reader = new Reader(body, closed, options);
  reader.run();
  const strictJson = reader.strict || undefined;
  const exactShape = (reader.exact && reader.rejected.length === 0) || undefined;
  if (reader.calls.length === 0) {
    return { calls: [], error: reader.rejected[0]?.reason ?? 'no JSON value', strictJson };
  }
  const issues = reader.issues;
  for (const r of reader.rejected) {
    const kind = r.reason === PARTIAL ? 'partial-call' : 'malformed-call';
    issues.push({ kind, message: `Not extracted: ${r.reason}.`, raw: r.raw });
  }
  const result: BodyResult = { calls: reader.calls, issues, strictJson, exactShape };
  if (reader.trailingText !== undefined) result.text = reader.trailingText;
  return result;
}

/**
 * The body parser of every JSON-in-tag block: prose after an open marker (`Wrap calls in
 * <tool_call> tags`) is not markup; JSON is read as calls.
 */
export function jsonCallsBody(options: JsonCallsOptions = {}) {
  // The options with the parse's maxCalls, made again only when that changes (not per block).
  let withLimit: JsonCallsOptions = { ...options, maxCalls: undefined };
  return (body: string, ctx: BodyContext): BodyResult => {
    if (skipBlank(body, 0) === body.length) return { calls: [], error: 'the block is empty' };
    if (!startsWithJson(body)) return { calls: [], notMarkup: true };
    if (withLimit.maxCalls !== ctx.options.maxCalls)
      withLimit = { ...options, maxCalls: ctx.options.maxCalls };
    return readJsonCalls(body, ctx.closed, withLimit);
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
