/**
 * Reads what follows one `[TOOL_CALLS]` (up to the next `[TOOL_CALLS]` or the end of the output)
 * in each of Mistral's generations:
 *  - v3 (Nemo, 7B v0.3, Small 2409–2503): a JSON array `[{"name", "arguments", "id"}, …]`;
 *  - v11 (Small 3.2): `NAME[CALL_ID]ID[ARGS]{json}`;
 *  - v13 (Devstral, Magistral, Ministral 3): `NAME[ARGS]{json}`;
 *  - `NAME{json}`: what vLLM's tests feed its parser (`[ARGS]` detokenized away).
 * Every handler reads all of them: which one a model writes depends on its tokenizer, not on the
 * name it is served under.
 *
 * What is not a call stays the user's: text after the calls (vLLM streams it as content) and a
 * `[TOOL_CALLS]` followed by prose are returned as `text`; only the token itself is removed.
 *
 * Cost: every JSON value is delimited by `findJsonEnd` or `findJsonValues` over disjoint spans
 * before it is parsed, and names are read by a forward scan, so the work is linear in the body.
 */
import {
  type AnnouncedCall,
  announceJsonCall,
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  BRACE_OPEN,
  BRACKET_OPEN,
  findJsonEnd,
  findJsonValues,
  isBlank,
  type JsonCallsOptions,
  type JsonCallsRead,
  jsonRepaired,
  notExtracted,
  PARTIAL_CALL,
  parseJsonLadder,
  QUOTE,
  type RawCall,
  readJsonCallValues,
  skipBlank,
  textContinuesSentence,
} from '@toolformat/core/kit';
import { ARGS, CALL_ID, EOS, TOOL_CALLS } from './tokens.js';

/** The handler ids reported for each generation's markup. */
export interface GenerationFormats {
  v3: string;
  v11: string;
  v13: string;
}

/** Longer than any tool name; a longer "name" is prose. */
const MAX_NAME = 256;

/** Where a name that starts at `pos` ends: at a blank, a bracket, a brace or a quote. */
function nameEnd(text: string, pos: number): number {
  let p = pos;
  while (p < text.length) {
    const c = text.charCodeAt(p);
    if (isBlank(c) || c === BRACKET_OPEN || c === BRACE_OPEN || c === QUOTE) break;
    p++;
  }
  return p;
}

/** The end-of-sequence token is a stop, never text (servers that keep special tokens leave it in). */
function withoutEos(text: string): string {
  return text.includes(EOS) ? text.split(EOS).join('') : text;
}

/** v3's call objects: `{"name", "arguments"|"parameters", "id"}`, or OpenAI's `{"id", "function": {…}}`. */
const MISTRAL_JSON: JsonCallsOptions = { ids: ['id'], values: 'one', trailing: 'leave' };

class Reader {
  readonly calls: RawCall[] = [];
  readonly issues: BodyIssue[] = [];
  /** Values that looked like calls and were not: issues beside calls, the error without any. */
  readonly rejected: JsonCallsRead['rejected'] = [];
  /** Text for the user, in order (before and after the calls). */
  readonly text: string[] = [];
  format: string | undefined;

  constructor(
    readonly body: string,
    readonly formats: GenerationFormats,
    readonly maxCalls: number,
  ) {}

  private room(): number {
    return Math.max(0, this.maxCalls - this.calls.length);
  }

  private add(call: RawCall, raw: string): void {
    if (this.room() === 0) {
      this.issues.push({
        kind: 'limit-exceeded',
        message: `More than maxCalls (${this.maxCalls}) calls; "${call.name}" was not read.`,
        raw,
      });
      return;
    }
    this.calls.push(call);
  }

  /**
   * One JSON text of the v3 form (an array of call objects, or one object) at the start of `text`,
   * read by the kit's reader with Mistral's keys; returns where it ended, or -1 when it held no call.
   */
  private takeJson(text: string): number {
    const read = readJsonCallValues(text, false, MISTRAL_JSON);
    if (read.calls.length === 0) {
      this.rejected.push(...read.rejected);
      return -1;
    }
    this.issues.push(...read.issues);
    for (const call of read.calls) this.add(call, text.slice(0, read.end));
    this.rejected.push(...read.rejected);
    return read.end;
  }

  /** v3: a JSON value right after the token. A list the output ended inside keeps its complete elements. */
  readJsonForm(start: number): void {
    this.format = this.formats.v3;
    const end = this.takeJson(this.body.slice(start));
    this.rest(end === -1 ? this.body.length : start + end);
  }

  /**
   * v11 / v13: `NAME[CALL_ID]ID[ARGS]{json}`, possibly several in a row without a new token.
   * Returns false when the text at `start` is not such a call (prose), having read nothing.
   */
  readNamedForm(start: number): boolean {
    const body = this.body;
    let p = start;
    let readAny = false;
    for (;;) {
      const call = this.namedCallAt(p);
      if (call === null) break;
      readAny = true;
      if (call.end === -1) return true;
      p = call.end;
      const next = skipBlank(body, p);
      if (next >= body.length) break;
      if (this.namedCallAt(next, true) === null) break;
      p = next;
    }
    if (!readAny) return false;
    this.rest(p);
    return true;
  }

  /**
   * The named call at `pos`, or null when the text there is not one. `peek` only checks that a
   * call starts there (a name followed by `[CALL_ID]` or `[ARGS]`). `end` is -1 when the output
   * ended inside the call (reported as partial).
   */
  private namedCallAt(pos: number, peek = false): { end: number } | null {
    const body = this.body;
    const n = body.length;
    const afterName = nameEnd(body, pos);
    if (afterName === pos || afterName - pos > MAX_NAME) return null;
    const name = body.slice(pos, afterName);
    let q = skipBlank(body, afterName);
    let id: string | undefined;
    let marked = false;
    if (body.startsWith(CALL_ID, q)) {
      const idStart = skipBlank(body, q + CALL_ID.length);
      const idEnd = nameEnd(body, idStart);
      id = body.slice(idStart, idEnd);
      q = skipBlank(body, idEnd);
      marked = true;
    }
    if (body.startsWith(ARGS, q)) {
      q = skipBlank(body, q + ARGS.length);
      marked = true;
    } else if (!marked) {
      // vLLM's `NAME{json}`: the brace right after the name, with no blank between.
      if (q !== afterName || body.charCodeAt(q) !== BRACE_OPEN) {
        // A lone name up to the end: a call whose arguments never came.
        if (!peek && q >= n && this.calls.length === 0) {
          this.format = this.formats.v13;
          this.rejected.push({
            kind: 'partial-call',
            reason: `the output ended after the name "${name}", before its arguments`,
            raw: body.slice(pos),
          });
          return { end: -1 };
        }
        return null;
      }
    }
    if (peek) return { end: 0 };
    this.format ??= id !== undefined ? this.formats.v11 : this.formats.v13;
    if (q >= n) {
      this.rejected.push({
        kind: 'partial-call',
        reason: `the output ended before the arguments of "${name}"`,
        raw: body.slice(pos),
      });
      return { end: -1 };
    }
    if (body.charCodeAt(q) !== BRACE_OPEN) {
      // `[ARGS]` followed by something other than an object: the call is broken, the rest is read as text.
      this.rejected.push({
        kind: 'malformed-call',
        reason: `the arguments of "${name}" are not a JSON object`,
        raw: body.slice(pos, q),
      });
      return { end: q };
    }
    const end = findJsonEnd(body, q);
    if (end === -1) {
      this.rejected.push({ kind: 'partial-call', reason: PARTIAL_CALL, raw: body.slice(pos) });
      return { end: -1 };
    }
    const rawArgs = body.slice(q, end);
    const parsed = parseJsonLadder(rawArgs);
    if (!parsed.ok) {
      this.rejected.push({ kind: 'malformed-call', reason: parsed.error, raw: body.slice(pos, end) });
      return { end };
    }
    if (parsed.repaired !== null) this.issues.push(jsonRepaired(parsed.repairs, rawArgs));
    const call: RawCall = { name, arguments: parsed.value };
    if (id !== undefined && id !== '') call.id = id;
    this.add(call, body.slice(pos, end));
    return { end };
  }

  /**
   * Neither form at the start: vLLM's fallback looks for a JSON list of calls further on
   * (`[TOOL_CALLS] junk [{…}]`). One pass finds every balanced value; those that hold calls are
   * taken, everything around them is text.
   */
  readAnywhere(start: number): void {
    const body = this.body;
    let last = start;
    for (const { start: s, end } of findJsonValues(body.slice(start))) {
      const from = start + s;
      const to = start + end;
      const raw = body.slice(from, to);
      const before = this.rejected.length;
      if (!looksLikeCalls(raw)) continue;
      if (this.takeJson(raw) !== -1) {
        this.format ??= this.formats.v3;
        this.text.push(body.slice(last, from));
        last = to;
      } else {
        // Not calls after all: it stays in the text, and nothing is reported about it.
        this.rejected.length = before;
      }
    }
    this.text.push(body.slice(last));
  }

  /** Text after the calls is the user's. */
  private rest(from: number): void {
    this.text.push(this.body.slice(from));
  }
}

/** A value worth parsing as calls: an object or array whose first key is a string key. */
function looksLikeCalls(raw: string): boolean {
  let p = skipBlank(raw, 0);
  if (raw.charCodeAt(p) === BRACKET_OPEN) p = skipBlank(raw, p + 1);
  if (raw.charCodeAt(p) !== BRACE_OPEN) return false;
  p = skipBlank(raw, p + 1);
  return raw.charCodeAt(p) === QUOTE;
}

/** Built once: a run of empty blocks reports it for each, and the engine compares it cheaply. */
const NOTHING_FOLLOWS = `nothing follows ${TOOL_CALLS}`;

/** The body parser of the `[TOOL_CALLS]` block. */
export function readToolCalls(body: string, ctx: BodyContext, formats: GenerationFormats): BodyResult {
  const start = skipBlank(body, 0);
  if (start >= body.length) return { calls: [], error: NOTHING_FOLLOWS };
  const reader = new Reader(body, formats, ctx.options.maxCalls);
  reader.text.push(body.slice(0, start));
  const c = body.charCodeAt(start);
  // Whether the calls start the body (JSON or `NAME[ARGS]`), so that the text is what follows them.
  let atStart = true;
  if (c === BRACKET_OPEN || c === BRACE_OPEN) reader.readJsonForm(start);
  else if (!reader.readNamedForm(start)) {
    atStart = false;
    reader.readAnywhere(start);
  }

  const text = withoutEos(reader.text.join(''));
  const issues = reader.issues;
  if (reader.calls.length === 0 && reader.rejected.length > 0) {
    const first = reader.rejected[0]!;
    return { calls: [], error: first.reason, ...(reader.format ? { format: reader.format } : {}) };
  }
  for (const r of reader.rejected) issues.push(notExtracted(r.kind, r.reason, r.raw));
  if (reader.calls.length === 0) {
    // `[TOOL_CALLS]` and then prose: the token goes, the prose stays (nothing is lost).
    issues.push({
      kind: 'malformed-call',
      message: `${TOOL_CALLS} was followed by text, not a call; the token was removed and the text kept.`,
      raw: TOOL_CALLS + body,
    });
    return { calls: [], issues, text };
  }
  // `[TOOL_CALLS][…] in the text means…`: the sentence goes on after the list, a mention
  // (architecture/precision.md).
  // (Either form: `[TOOL_CALLS][…] with the v3 tokenizer`, `[TOOL_CALLS]search[ARGS]{…}, so pick…`.)
  if (ctx.options.mentions && atStart && text.trim() !== '' && textContinuesSentence(text, 0))
    return { calls: [], notMarkup: true };
  const result: BodyResult = { calls: reader.calls, issues };
  if (text.trim() !== '') result.text = text;
  if (reader.format !== undefined) result.format = reader.format;
  return result;
}

/**
 * The first call's name (and its id, v11) from the start of a body still arriving, for the
 * engine's early announcement, with where its arguments start so that they stream as they arrive.
 * A named call is answered once the marker after its name is here (`[ARGS]`, `[CALL_ID]ID[ARGS]`,
 * or the `{` of `NAME{json}`): every longer prefix then gives the same answer. The v3 list is a
 * JSON call object, read by the kit's `announceJsonCall`.
 */
export function announceCall(prefix: string): AnnouncedCall | null {
  const start = skipBlank(prefix, 0);
  if (start >= prefix.length) return null;
  const first = prefix.charCodeAt(start);
  if (first === BRACKET_OPEN || first === BRACE_OPEN) return announceJsonCall(prefix);
  const afterName = nameEnd(prefix, start);
  if (afterName - start > MAX_NAME) return null;
  const name = prefix.slice(start, afterName);
  let q = skipBlank(prefix, afterName);
  if (q === afterName && prefix.charCodeAt(q) === BRACE_OPEN) return { name, arguments: { from: q } };
  let id = '';
  if (prefix.startsWith(CALL_ID, q)) {
    const idStart = skipBlank(prefix, q + CALL_ID.length);
    const idEnd = nameEnd(prefix, idStart);
    id = prefix.slice(idStart, idEnd);
    q = skipBlank(prefix, idEnd);
  }
  if (!prefix.startsWith(ARGS, q)) return null;
  const args = { from: q + ARGS.length };
  return id === '' ? { name, arguments: args } : { name, id, arguments: args };
}
