/**
 * Reads what follows one `[TOOL_CALLS]` (up to the next `[TOOL_CALLS]` or the end of the output)
 * in each of Mistral's generations:
 *  - v3 (Nemo, 7B v0.3, Small 2409–2503): a JSON array `[{"name", "arguments", "id"}, …]`;
 *  - v11 (Small 3.2): `NAME[CALL_ID]ID[ARGS]{json}`;
 *  - v13 (Devstral, Magistral, Ministral 3): `NAME[ARGS]{json}`;
 *  - `NAME{json}`: what vLLM's tests feed its parser (`[ARGS]` detokenized away).
 * Every handler reads all of them: which one a model writes depends on its tokenizer, not on the
 * name it is served under. The named forms are declared in markup.ts and read by the kit's
 * token-field reader (`kit/token-fields.ts`); the JSON list generation is read here.
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
  announceTokenCall,
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  BRACE_OPEN,
  BRACKET_OPEN,
  findJsonValues,
  type JsonCallsOptions,
  type JsonCallsRead,
  notExtracted,
  QUOTE,
  type RawCall,
  readJsonCallValues,
  readTokenCalls,
  skipBlank,
  type TokenFieldsSpec,
  textContinuesSentence,
  tooManyCalls,
} from '@toolformat/core/kit';
import type { ToolCallsSpec } from './markup.js';
import { EOS, TOOL_CALLS } from './tokens.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** What one block held, read so far. */
interface Read {
  calls: RawCall[];
  issues: BodyIssue[];
  /** Values that looked like calls and were not: issues beside calls, the error without any. */
  rejected: JsonCallsRead['rejected'];
  /** Text for the user, in order (before and after the calls). */
  text: string[];
  format: string | undefined;
  maxCalls: number;
  json: JsonCallsOptions;
}

/**
 * One JSON text of the v3 form (an array of call objects, or one object) at the start of `text`,
 * read by the kit's reader with Mistral's keys; returns where it ended, or -1 when it held no call.
 */
function takeJson(read: Read, text: string): number {
  const json = readJsonCallValues(text, false, read.json);
  if (json.calls.length === 0) {
    read.rejected.push(...json.rejected);
    return -1;
  }
  read.issues.push(...json.issues);
  for (const call of json.calls) {
    if (read.calls.length >= read.maxCalls)
      read.issues.push(tooManyCalls(read.maxCalls, call.name, text.slice(0, json.end)));
    else read.calls.push(call);
  }
  read.rejected.push(...json.rejected);
  return json.end;
}

/**
 * Neither form at the start: vLLM's fallback looks for a JSON list of calls further on
 * (`[TOOL_CALLS] junk [{…}]`). One pass finds every balanced value; those that hold calls are
 * taken, everything around them is text.
 */
function readAnywhere(read: Read, body: string, start: number, v3: string): void {
  let last = start;
  for (const { start: s, end } of findJsonValues(body.slice(start))) {
    const raw = body.slice(start + s, start + end);
    const before = read.rejected.length;
    if (!looksLikeCalls(raw)) continue;
    if (takeJson(read, raw) !== -1) {
      read.format ??= v3;
      read.text.push(body.slice(last, start + s));
      last = start + end;
    } else {
      // Not calls after all: it stays in the text, and nothing is reported about it.
      read.rejected.length = before;
    }
  }
  read.text.push(body.slice(last));
}

/** A value worth parsing as calls: an object or array whose first key is a string key. */
function looksLikeCalls(raw: string): boolean {
  let p = skipBlank(raw, 0);
  if (charCodeAt.call(raw, p) === BRACKET_OPEN) p = skipBlank(raw, p + 1);
  if (charCodeAt.call(raw, p) !== BRACE_OPEN) return false;
  p = skipBlank(raw, p + 1);
  return charCodeAt.call(raw, p) === QUOTE;
}

/** Built once: a run of empty blocks reports it for each, and the engine compares it cheaply. */
const NOTHING_FOLLOWS = `nothing follows ${TOOL_CALLS}`;

/** The body parser of the `[TOOL_CALLS]` block. */
export function readToolCalls(body: string, ctx: BodyContext, spec: ToolCallsSpec): BodyResult {
  const start = skipBlank(body, 0);
  if (start >= body.length) return { calls: [], error: NOTHING_FOLLOWS };
  const { formats, json } = spec;
  const maxCalls = ctx.options.maxCalls;
  const read: Read = {
    calls: [],
    issues: [],
    rejected: [],
    text: [body.slice(0, start)],
    format: undefined,
    maxCalls,
    json,
  };
  const c = charCodeAt.call(body, start);
  // Whether the calls start the body (JSON or `NAME[ARGS]`), so that the text is what follows them.
  let atStart = true;
  if (c === BRACKET_OPEN || c === BRACE_OPEN) {
    // v3: a JSON value right after the token. A list the output ended inside keeps its complete elements.
    read.format = formats.v3;
    const end = takeJson(read, body.slice(start));
    read.text.push(body.slice(end === -1 ? body.length : start + end));
  } else {
    const named = readTokenCalls(spec.named, body, start, maxCalls);
    if (named !== null) {
      read.format = named.idWritten ? formats.v11 : formats.v13;
      read.calls.push(...named.calls);
      read.issues.push(...named.issues);
      read.rejected.push(...named.rejected);
      read.text.push(body.slice(named.end));
    } else {
      atStart = false;
      readAnywhere(read, body, start, formats.v3);
    }
  }

  // The end-of-sequence token is a stop, never text (servers that keep special tokens leave it in).
  const text = read.text.join('').replaceAll(EOS, '');
  const issues = read.issues;
  if (read.calls.length === 0 && read.rejected.length > 0) {
    const first = read.rejected[0]!;
    return { calls: [], error: first.reason, ...(read.format ? { format: read.format } : {}) };
  }
  for (const r of read.rejected) issues.push(notExtracted(r.kind, r.reason, r.raw));
  if (read.calls.length === 0) {
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
  const result: BodyResult = { calls: read.calls, issues };
  if (text.trim() !== '') result.text = text;
  if (read.format !== undefined) result.format = read.format;
  return result;
}

/**
 * The first call's name (and its id, v11) from the start of a body still arriving, for the
 * engine's early announcement: a named call by the kit's token-field reader, the v3 list as a
 * JSON call object (`announceJsonCall`).
 */
export function announceCall(named: TokenFieldsSpec): (prefix: string) => AnnouncedCall | null {
  return (prefix) => {
    const c = charCodeAt.call(prefix, skipBlank(prefix, 0));
    return c === BRACKET_OPEN || c === BRACE_OPEN
      ? announceJsonCall(prefix)
      : announceTokenCall(named, prefix);
  };
}
