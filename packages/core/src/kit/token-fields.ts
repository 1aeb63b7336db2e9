/**
 * Calls written as fields between special tokens, then JSON arguments:
 *
 *   ID<|tool_call:name|>NAME<|tool_call:args|>{json}        (fields end at the token after them)
 *   functions.NAME:IDX<|tool_call_argument_begin|>{json}
 *   NAME[CALL_ID]ID[ARGS]{json}                              (fields are words, tokens between)
 *
 * A format declares its fields in order (which is the id, which the name, the token before each),
 * the token that starts the arguments, and how a field ends; this file reads the call, checks its
 * words, reads the arguments through the kit's JSON readers, reports a call the output ended inside
 * as `partial-call` (architecture/semantics.md, the cut-off rule), and announces it to a stream
 * with the same split, so an announced call has the name and id its block will have.
 *
 * Two ways a field ends:
 *  - `split` (the default): at the first occurrence of the token after it, found by `indexOf`;
 *    the text between is trimmed and must then be one word. One block is one call.
 *  - `words`: at a blank or one of the declared stop characters, the token (if any) after blanks.
 *    Calls may follow each other in a row (`readTokenCallAt` reads one at an offset).
 *
 * Cost: one `indexOf` or one forward scan per field, and for the arguments one `JSON.parse` in the
 * usual case (a bracket scan and the ladder's repair pass only when that fails), each linear in
 * the body.
 */
import { jsonRepaired, partialCall, readCallArguments } from './call-arguments.js';
import { BRACE_OPEN, isBlank, skipBlank } from './char-codes.js';
import { fittingTool } from './fitting-tool.js';
import { isTokenWord } from './ids.js';
import { PARTIAL_CALL } from './json-calls.js';
import { parseJsonLadder } from './json-ladder.js';
import { findJsonEnd } from './json-scan.js';
import type {
  AnnouncedCall,
  BodyContext,
  BodyIssue,
  BodyParser,
  BodyResult,
  RawCall,
} from './markup-spec.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** One field of a call's head. */
export interface TokenField {
  /** What the field holds: the call's id or its function name. */
  role: 'id' | 'name';
  /**
   * The token written before the field (none for the first). In a `split` head it is also what
   * ends the field before it.
   */
  after?: string;
  /**
   * `split`: the field may be empty (an id the engine then generates). `words`: the field may be
   * left out together with its `after` token (`NAME[ARGS]` beside `NAME[CALL_ID]ID[ARGS]`).
   */
  optional?: boolean;
  /** What is missing when the `after` token is not there, in words (`name token`): `split` only. */
  missing?: string;
  /** The rule a bad field breaks, said in its messages (`functions.NAME:IDX`). */
  rule?: string;
}

export interface TokenFieldsSpec {
  /** The fields before the arguments, in order. */
  fields: readonly TokenField[];
  /** The token that starts the arguments. */
  arguments: string;
  /** What is missing when the arguments token is not there, in words (`argument token`): `split` only. */
  missing?: string;
  /**
   * A `{` may start the arguments without their token: anywhere after the head (`after-head`,
   * Kimi's `functions.f:0{…}`), or right after the name, no blank between (`tight`, vLLM's
   * `NAME{json}`; `words` only).
   */
  brace?: 'after-head' | 'tight';
  /**
   * How a field ends: `split` (the default), or `words`, a field then being a word that ends at a
   * blank or at one of these characters (`[{"`).
   */
  words?: string;
  /** Longer than any id or name a model writes (default 512); a longer one is text that sits there. */
  maxWord?: number;
  /**
   * The name read out of the id, for a `split` head with no name field (Kimi's
   * `functions.NAME:IDX`): the name; null when the id names no function, the call then being the
   * one declared tool its arguments fit (`fittingTool`, reported as `name-inferred`, as vLLM reads
   * it; with no tools or no single fit the block is malformed); or an error, the block malformed.
   */
  nameOfId?: (id: string, ctx: BodyContext) => string | null | { error: string };
}

/** Default `maxWord`. */
const MAX_WORD = 512;

/** The head of a call, split at its tokens. */
export interface TokenHead {
  /** The id field, trimmed ('' when it is optional and empty, or not declared). */
  id: string;
  /** The name field, trimmed ('' when not declared: the format reads it from the id). */
  name: string;
  /** The arguments' text: everything after their token (or from the `{` that stands for it). */
  args: string;
  /** Where `args` starts in the body. */
  argsFrom: number;
}

/** The head, or the index of the first token that is missing (the arguments token last). */
type Split = { ok: true; head: TokenHead } | { ok: false; missing: number };

/** Where the text of field `k` and the arguments are, at the first occurrence of each token. */
function split(spec: TokenFieldsSpec, body: string): Split {
  const fields = spec.fields;
  const values = ['', ''];
  let from = 0;
  for (let k = 0; k < fields.length; k++) {
    const next = fields[k + 1]?.after ?? spec.arguments;
    let at = body.indexOf(next, from);
    let after = at + next.length;
    if (at === -1 && k === fields.length - 1 && spec.brace === 'after-head') {
      at = body.indexOf('{', from);
      after = at;
    }
    if (at === -1) return { ok: false, missing: k };
    values[fields[k]!.role === 'id' ? 0 : 1] = body.slice(from, at).trim();
    from = after;
  }
  return { ok: true, head: { id: values[0]!, name: values[1]!, args: body.slice(from), argsFrom: from } };
}

/** The word a field's role is named by in messages. */
function roleWord(field: TokenField): string {
  return field.role === 'id' ? 'call id' : 'function name';
}

/** Why the head's fields cannot be a call's, or null when they can. */
function badField(spec: TokenFieldsSpec, head: TokenHead): string | null {
  const max = spec.maxWord ?? MAX_WORD;
  for (const field of spec.fields) {
    const text = field.role === 'id' ? head.id : head.name;
    const rule = field.rule === undefined ? '' : ` (${field.rule})`;
    if (text === '') {
      if (field.optional) continue;
      return `the call has no ${field.role}${rule}`;
    }
    if (!isTokenWord(text, max)) return `"${text.slice(0, 80)}" is not a ${roleWord(field)}${rule}`;
  }
  return null;
}

export type TokenHeadRead = { ok: true; head: TokenHead } | { ok: false; result: BodyResult };

/**
 * The head of a `split` call body: its fields checked to be words. A missing token is a
 * `partial-call` when the output ended inside the block, else the block is malformed.
 */
export function tokenHeadReader(spec: TokenFieldsSpec): (body: string, ctx: BodyContext) => TokenHeadRead {
  // Built once: a run of broken blocks reports them for each, and the engine compares them cheaply.
  const tokens = [...spec.fields.slice(1).map((f) => f.after ?? ''), spec.arguments];
  const missing = [...spec.fields.slice(1).map((f) => f.missing ?? 'arguments'), spec.missing ?? 'arguments'];
  const noToken = tokens.map((t, k) =>
    k === tokens.length - 1 ? `no ${t} and no arguments in the call` : `no ${t} in the call`,
  );
  const cutBefore = missing.map((m) => `the output ended before the ${m}`);
  return (body, ctx) => {
    const parts = split(spec, body);
    if (!parts.ok) {
      const k = parts.missing;
      if (!ctx.closed) return { ok: false, result: partialCall(body, ctx, cutBefore[k]!) };
      return { ok: false, result: { calls: [], error: noToken[k]! } };
    }
    const bad = badField(spec, parts.head);
    if (bad !== null) return { ok: false, result: { calls: [], error: bad } };
    return parts;
  };
}

/**
 * The call of a `split` block: the head read and checked, the name its field or read out of the
 * id (`nameOfId`), the arguments read by `readCallArguments` (an object or JSON of one; repairs
 * reported; a cut-off value a `partial-call`).
 */
export function tokenFieldsBody(spec: TokenFieldsSpec): BodyParser {
  const readHead = tokenHeadReader(spec);
  return (body, ctx) => {
    const head = readHead(body, ctx);
    if (!head.ok) return head.result;
    const { id, args } = head.head;
    const named = spec.nameOfId === undefined ? head.head.name : spec.nameOfId(id, ctx);
    if (named !== null && typeof named === 'object') return { calls: [], error: named.error };
    const read = readCallArguments(args, body, ctx);
    if (!read.ok) return read.result;
    const name = named ?? fitArguments(id, read.value, body, ctx, read.issues);
    if (typeof name !== 'string') return name;
    const call: RawCall = { name, arguments: read.value };
    if (id !== '') call.id = id;
    const result: BodyResult = { calls: [call], issues: read.issues };
    // No string is open at the end of the body: the fields hold no quote (they are words) and the
    // arguments were strict JSON with nothing after them. The engine's JSON guard then need not scan.
    if (read.strict) result.strictJson = true;
    return result;
  };
}

/** The one declared tool the arguments of a call whose id names no function fit, or why none. */
function fitArguments(
  id: string,
  args: unknown,
  body: string,
  ctx: BodyContext,
  issues: BodyIssue[],
): string | BodyResult {
  const tools = ctx.options.tools;
  const name = fittingTool(args, tools);
  if (name === null) {
    const why =
      tools === null
        ? 'no tools are declared to tell which'
        : 'not exactly one declared tool fits its arguments';
    return { calls: [], error: `the call id "${id}" names no function, and ${why}` };
  }
  issues.push({
    kind: 'name-inferred',
    message: `The call id "${id}" names no function; "${name}" is the one declared tool its arguments fit.`,
    raw: ctx.open + body,
  });
  return name;
}

/**
 * The call's name and id from the start of a `split` body still arriving, for the engine's early
 * announcement: answered once the arguments token is in the prefix (the head is then complete),
 * with the same split and checks as the body. Once this answers, every longer prefix gives the
 * same answer (every token is in the prefix, and their first occurrences stay first). The
 * arguments' JSON follows the token: the stream sends it as it arrives.
 */
export function announceTokenFields(spec: TokenFieldsSpec): (prefix: string) => AnnouncedCall | null {
  const exact: TokenFieldsSpec = { ...spec, brace: undefined };
  return (prefix) => {
    const parts = split(exact, prefix);
    if (!parts.ok || badField(spec, parts.head) !== null) return null;
    const { id, name, argsFrom } = parts.head;
    const args = { from: argsFrom };
    return id === '' ? { name, arguments: args } : { name, id, arguments: args };
  };
}

/** Whether `c` is one of the characters of `stops` (a few). */
function isStop(c: number, stops: string): boolean {
  for (let k = 0; k < stops.length; k++) if (charCodeAt.call(stops, k) === c) return true;
  return false;
}

/** Where a word that starts at `pos` ends: at a blank or one of `stops`. */
export function wordEnd(text: string, pos: number, stops: string): number {
  let p = pos;
  while (p < text.length) {
    const c = charCodeAt.call(text, p);
    if (isBlank(c) || isStop(c, stops)) break;
    p++;
  }
  return p;
}

/** The head of a `words` call at `pos`, or null when the text there is not one. */
interface WordHead {
  name: string;
  /** The id, when its token was written (it may be empty). */
  id: string | undefined;
  /** Where the arguments start (after blanks), or the end of the text. */
  argsFrom: number;
  /**
   * What starts the arguments: their token, the tight brace, or only the id's token (the arguments
   * then follow the id); null when nothing does and the head is only a name.
   */
  by: 'token' | 'brace' | 'id' | null;
}

function wordHead(spec: TokenFieldsSpec, text: string, pos: number): WordHead | null {
  const stops = spec.words ?? '';
  const max = spec.maxWord ?? MAX_WORD;
  let name = '';
  let id: string | undefined;
  let q = pos;
  let nameTo = pos;
  for (const field of spec.fields) {
    let p = q;
    if (field.after !== undefined) {
      if (!text.startsWith(field.after, q)) {
        if (field.optional) continue;
        return null;
      }
      p = skipBlank(text, q + field.after.length);
    }
    const wordTo = wordEnd(text, p, stops);
    const word = text.slice(p, wordTo);
    if (field.role === 'name') {
      if (word === '' || word.length > max) return null;
      name = word;
      nameTo = wordTo;
    } else id = word;
    q = skipBlank(text, wordTo);
  }
  if (text.startsWith(spec.arguments, q))
    return { name, id, argsFrom: skipBlank(text, q + spec.arguments.length), by: 'token' };
  // `NAME{json}`: the brace right after the name, with no blank (and no id) between.
  if (spec.brace === 'tight' && q === nameTo && charCodeAt.call(text, q) === BRACE_OPEN)
    return { name, id, argsFrom: q, by: 'brace' };
  return { name, id, argsFrom: q, by: id === undefined ? null : 'id' };
}

/** A call of the `words` form read at an offset. */
interface TokenCallAt {
  name: string;
  /** The id, when its token was written (it may be empty). */
  id: string | undefined;
  /** Where the call ends in the text; -1 when the output ended inside it. */
  end: number;
  /** The call, when it is one. */
  call?: RawCall;
  /** Repairs of its arguments. */
  issues: BodyIssue[];
  /** Why it is not a call, when it is not. */
  rejected?: { kind: 'partial-call' | 'malformed-call'; reason: string; raw: string };
}

/**
 * Whether a `words` call starts at `pos`: a name followed by a token (or the tight brace). A
 * caller that reads calls in a row asks this before it reads the next one.
 */
function startsTokenCall(spec: TokenFieldsSpec, text: string, pos: number): boolean {
  return (wordHead(spec, text, pos)?.by ?? null) !== null;
}

/**
 * The `words` call at `pos`, or null when the text there is not one. The arguments must be a JSON
 * object, delimited by one bracket scan and read by the JSON ladder (a repair is reported). A
 * name alone up to the end of the text, a token with nothing after it, or an object that never
 * closes is a `partial-call`; arguments that are not an object or not JSON a `malformed-call`
 * (the call then ends where its arguments start, or after the value).
 */
function readTokenCallAt(spec: TokenFieldsSpec, text: string, pos: number): TokenCallAt | null {
  const head = wordHead(spec, text, pos);
  if (head === null) return null;
  const { name, id, argsFrom: q } = head;
  const n = text.length;
  const out = (
    end: number,
    kind: 'partial-call' | 'malformed-call',
    reason: string,
    to = n,
  ): TokenCallAt => ({
    name,
    id,
    end,
    issues: [],
    rejected: { kind, reason, raw: text.slice(pos, to) },
  });
  if (head.by === null) {
    // A lone name up to the end: a call whose arguments never came.
    if (q < n) return null;
    return out(-1, 'partial-call', `the output ended after the name "${name}", before its arguments`);
  }
  if (q >= n) return out(-1, 'partial-call', `the output ended before the arguments of "${name}"`);
  if (charCodeAt.call(text, q) !== BRACE_OPEN)
    return out(q, 'malformed-call', `the arguments of "${name}" are not a JSON object`, q);
  const end = findJsonEnd(text, q);
  if (end === -1) return out(-1, 'partial-call', PARTIAL_CALL);
  const raw = text.slice(q, end);
  const parsed = parseJsonLadder(raw);
  if (!parsed.ok) return out(end, 'malformed-call', parsed.error, end);
  const call: RawCall = { name, arguments: parsed.value };
  if (id !== undefined && id !== '') call.id = id;
  const issues = parsed.repaired !== null ? [jsonRepaired(parsed.repairs, raw)] : [];
  return { name, id, end, call, issues };
}

/** The `limit-exceeded` issue of a call read past the parse's `maxCalls`, one for each such call. */
export function tooManyCalls(maxCalls: number, name: string, raw: string): BodyIssue {
  return {
    kind: 'limit-exceeded',
    message: `More than maxCalls (${maxCalls}) calls; "${name}" was not read.`,
    raw,
  };
}

/** Calls of the `words` form in a row. */
export interface TokenCallsRead {
  calls: RawCall[];
  /** Repairs, and calls past `maxCalls`. */
  issues: BodyIssue[];
  /** Calls that were not: issues beside calls, the error without any. */
  rejected: Array<NonNullable<TokenCallAt['rejected']>>;
  /** Where the calls end: the text after them starts here. */
  end: number;
  /** The first call wrote the id's token (`NAME[CALL_ID]…`). */
  idWritten: boolean;
}

/**
 * The `words` calls from `pos`, one after another with only blanks between, or null when no call
 * starts there. Reading stops at the first text that does not start a call, or where the output
 * ended inside one (then `end` is the end of the text). Calls past `maxCalls` are reported, one
 * `limit-exceeded` issue each.
 */
export function readTokenCalls(
  spec: TokenFieldsSpec,
  text: string,
  pos: number,
  maxCalls = Number.POSITIVE_INFINITY,
): TokenCallsRead | null {
  const out: TokenCallsRead = { calls: [], issues: [], rejected: [], end: pos, idWritten: false };
  let p = pos;
  let readAny = false;
  for (;;) {
    const read = readTokenCallAt(spec, text, p);
    if (read === null) break;
    if (!readAny) out.idWritten = read.id !== undefined;
    readAny = true;
    out.issues.push(...read.issues);
    if (read.call !== undefined && out.calls.length >= maxCalls) {
      out.issues.push(tooManyCalls(maxCalls, read.name, text.slice(p, read.end)));
    } else if (read.call !== undefined) out.calls.push(read.call);
    if (read.rejected !== undefined) out.rejected.push(read.rejected);
    if (read.end === -1) {
      out.end = text.length;
      return out;
    }
    p = read.end;
    const next = skipBlank(text, p);
    if (next >= text.length || !startsTokenCall(spec, text, next)) break;
    p = next;
  }
  if (!readAny) return null;
  out.end = p;
  return out;
}

/**
 * The first `words` call's name (and id) from the start of a body still arriving, for the engine's
 * early announcement, with where its arguments start: answered once the arguments token (or the
 * tight brace) is in the prefix, so every longer prefix gives the same answer.
 */
export function announceTokenCall(spec: TokenFieldsSpec, prefix: string): AnnouncedCall | null {
  const start = skipBlank(prefix, 0);
  const head = wordHead(spec, prefix, start);
  if (head === null || (head.by !== 'token' && head.by !== 'brace')) return null;
  const { name, id } = head;
  const args = { from: head.argsFrom };
  return id === undefined || id === '' ? { name, arguments: args } : { name, id, arguments: args };
}
