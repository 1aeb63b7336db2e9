/**
 * The bodies of Kimi's call blocks: K3's XTML call (`k3CallBody`, at the end; its markup in
 * tokens.ts) and K2's, the text between `<|tool_call_begin|>` and `<|tool_call_end|>`:
 *
 *   functions.NAME:IDX<|tool_call_argument_begin|>{json}
 *
 * The id is kept as written and the name read out of it: Kimi's call id is the function
 * reference `functions.NAME:IDX`, IDX counting the calls of the conversation (MoonshotAI
 * `docs/tool_call_guidance.md`; architecture/semantics.md, guarantee 6). Names may hold dots,
 * colons and dashes (`functions.mcp.files:read_file:3`): only a leading `functions.` and a trailing
 * `:DIGITS` are taken off, never a split at the first dot or colon. Blanks around the id and the
 * JSON are allowed (vLLM's tests write `functions.f:0 <|tool_call_argument_begin|>`); so is a call
 * without the argument token when the JSON follows the id directly (`functions.f:0{…}`).
 *
 * A block the output ended inside (`ctx.closed` false) is a call only when its JSON value is
 * complete; otherwise it is a `partial-call` issue, never a call with half its arguments. A closed
 * block with broken JSON goes through the JSON ladder, and every repair is reported.
 *
 * Cost: one `indexOf` for the argument token and, for the usual call, one `JSON.parse` of the
 * arguments; a bracket scan (`findJsonEnd`) and the ladder's repair pass only when that fails or the
 * output ended. Each is linear in the body.
 */
import type { ToolIndex } from '@toolformat/core/kit';
import {
  type AnnouncedCall,
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  BRACE_OPEN,
  DIGIT0,
  DIGIT9,
  getOwn,
  isAsciiAlphanumeric,
  isBlank,
  isPlainObject,
  isTokenWord,
  parseJsonLadder,
  partialCall,
  QUOTE,
  type RawCall,
  readCallArguments,
  setOwn,
  skipBlank,
  UNDERSCORE,
} from '@toolformat/core/kit';
import { ARGUMENT_BEGIN, K3_ARG_CLOSE, K3_ARG_OPEN, K3_JSON_CLOSE, K3_JSON_OPEN, K3_SEP } from './tokens.js';

export const PREFIX = 'functions.';

/** Longer than any id a model writes; a longer "id" is text that happens to precede the arguments. */
export const MAX_ID = 512;

function isDigits(text: string, from: number): boolean {
  if (from >= text.length) return false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < DIGIT0 || c > DIGIT9) return false;
  }
  return true;
}

/**
 * True when `id` can be a call id at all: one word (no blanks or control characters), none of the
 * characters that start JSON or markup, and not too long.
 */
export function isIdText(id: string): boolean {
  return isTokenWord(id, MAX_ID);
}

/** The id without a leading `functions.`. */
export function withoutPrefix(id: string): string {
  return id.startsWith(PREFIX) ? id.slice(PREFIX.length) : id;
}

/**
 * `functions.NAME:IDX` (or `NAME:IDX`, as vLLM's tests write it) → its parts; null when the id does
 * not end in `:DIGITS` or names nothing.
 */
export function parseCallId(id: string): { name: string; index: string } | null {
  if (!isIdText(id)) return null;
  const rest = withoutPrefix(id);
  const colon = rest.lastIndexOf(':');
  if (colon <= 0 || !isDigits(rest, colon + 1)) return null;
  return { name: rest.slice(0, colon), index: rest.slice(colon + 1) };
}

/** An id of nothing but digits: the bare call counter some K2 outputs write (vLLM's tests). */
export function isBareCounter(id: string): boolean {
  return isDigits(id, 0);
}

/** Built once: a run of empty calls reports this for each, and the message is shared. */
const NO_ARGUMENTS = `no ${ARGUMENT_BEGIN} and no arguments in the call`;

/** The block is not a call: removed and reported by the engine (or kept, with `onMalformed: 'keep'`). */
function malformed(reason: string): BodyResult {
  return { calls: [], error: reason };
}

/** Where the id ends and the arguments start: at the argument token, else at the first `{`. */
function split(body: string): { id: string; args: string } | null {
  const token = body.indexOf(ARGUMENT_BEGIN);
  if (token !== -1) return { id: body.slice(0, token), args: body.slice(token + ARGUMENT_BEGIN.length) };
  const brace = body.indexOf('{');
  if (brace !== -1) return { id: body.slice(0, brace), args: body.slice(brace) };
  return null;
}

/** The body parser of the `<|tool_call_begin|>` block. */
export function callBody(body: string, ctx: BodyContext): BodyResult {
  const parts = split(body);
  if (parts === null) {
    if (!ctx.closed) return partialCall(body, ctx, 'the output ended before the arguments');
    return malformed(NO_ARGUMENTS);
  }
  const id = parts.id.trim();
  if (id === '') return malformed('the call has no id (functions.NAME:IDX)');
  if (!isIdText(id)) return malformed(`"${id.slice(0, 80)}" is not a call id (functions.NAME:IDX)`);

  const tools = ctx.options.tools;
  let name: string | null = parseCallId(id)?.name ?? null;
  // `functions.NAME` without the index: read when NAME is a declared tool.
  if (name === null && tools !== null && tools.has(withoutPrefix(id))) name = withoutPrefix(id);
  if (name === null && !isBareCounter(id)) {
    return malformed(`the call id "${id}" does not name a function (functions.NAME:IDX)`);
  }

  const read = readCallArguments(parts.args, body, ctx);
  if (!read.ok) return read.result;
  const issues = read.issues;
  if (name === null) {
    name = inferToolName(read.value, tools);
    if (name === null) {
      return malformed(
        tools === null
          ? `the call id "${id}" names no function, and no tools are declared to tell which`
          : `the call id "${id}" names no function, and not exactly one declared tool fits its arguments`,
      );
    }
    issues.push({
      kind: 'name-inferred',
      message: `The call id "${id}" names no function; "${name}" is the one declared tool its arguments fit.`,
      raw: ctx.open + body,
    });
  }

  const call: RawCall = { name, arguments: read.value, id };
  const result: BodyResult = { calls: [call], issues };
  // No string is open at the end of the body: the id holds no quote and the arguments were strict
  // JSON with nothing after them. The engine's JSON guard then need not scan the body.
  if (read.strict && parts.id.indexOf('"') === -1) result.strictJson = true;
  return result;
}

/**
 * The call's name from the start of a body still arriving, for the engine's early announcement:
 * the id is complete once a blank, `<` (the argument token) or `{` follows it. Only ids that name
 * their function are announced; a bare counter waits for its arguments. Once this answers, every
 * longer prefix gives the same answer (the id's end is already in the prefix).
 */
export function announceName(prefix: string): AnnouncedCall | null {
  const start = skipBlank(prefix, 0);
  let end = start;
  while (end < prefix.length) {
    const c = prefix.charCodeAt(end);
    if (isBlank(c) || c === 60 /* < */ || c === BRACE_OPEN || c === QUOTE) break;
    end++;
  }
  if (end === prefix.length || end === start) return null;
  const id = prefix.slice(start, end);
  const name = parseCallId(id)?.name;
  // The id goes with the name: the start event then carries the id the call will have. The
  // arguments' JSON follows the id (after the argument token): the stream sends it as it arrives.
  return name === undefined ? null : { name, id, arguments: { from: end } };
}

/**
 * A call whose id is a bare counter (`<|tool_call_begin|>0<|tool_call_argument_begin|>{…}`) names
 * no function. vLLM reads such calls when tools are declared, taking the one declared tool whose
 * parameters fit the arguments; so do we, and only then: with no tools, or two tools that fit, the
 * call is reported instead (a wrong guess would run the wrong tool).
 */
/** Whether `args` fits the tool's parameters: every key declared, every required key present. */
function fits(args: Record<string, unknown>, parameters: unknown): boolean {
  if (!isPlainObject(parameters)) return true;
  const properties = getOwn(parameters, 'properties');
  if (isPlainObject(properties)) {
    for (const key of Object.keys(args)) if (!Object.hasOwn(properties, key)) return false;
  }
  const required = getOwn(parameters, 'required');
  if (Array.isArray(required)) {
    for (const key of required) if (typeof key === 'string' && !Object.hasOwn(args, key)) return false;
  }
  return true;
}

/** The one declared tool that fits `args`, or null (none declared, none fits, or several do). */
export function inferToolName(args: unknown, tools: ToolIndex | null): string | null {
  if (tools === null || !isPlainObject(args)) return null;
  let found: string | null = null;
  const seen = new Set<string>();
  for (const tool of tools.tools) {
    if (seen.has(tool.name)) continue;
    seen.add(tool.name);
    if (!fits(args, tool.parameters)) continue;
    if (found !== null) return null;
    found = tool.name;
  }
  return found;
}

/** `key="value"` pairs up to the end of `text`, unescaped; `&quot;` before `&amp;` (the encoder's reverse). */
export function readK3Attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let p = 0;
  for (;;) {
    const eq = text.indexOf('="', p);
    if (eq === -1) return out;
    let k = eq;
    while (k > p && isAttributeNameChar(text.charCodeAt(k - 1))) k--;
    const end = text.indexOf('"', eq + 2);
    if (end === -1) return out;
    if (k < eq)
      out.set(
        text.slice(k, eq),
        text
          .slice(eq + 2, end)
          .replaceAll('&quot;', '"')
          .replaceAll('&amp;', '&'),
      );
    p = end + 1;
  }
}

/** `[A-Za-z0-9_]`: what an attribute name is made of. */
function isAttributeNameChar(c: number): boolean {
  return isAsciiAlphanumeric(c) || c === UNDERSCORE;
}

/** A value as its `type` says: raw text for a string, else JSON (raw text when it is not). */
function typed(raw: string, type: string): unknown {
  if (type === 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** One call: `tool="NAME" index="N"<|sep|>` and its argument elements. */
export function k3CallBody(body: string, ctx: BodyContext): BodyResult {
  const sep = body.indexOf(K3_SEP);
  if (sep === -1) {
    if (!ctx.closed) return partialCall(body, ctx, 'the output ended inside the call tag');
    return { calls: [], error: `no ${K3_SEP} after the call's attributes` };
  }
  const name = readK3Attributes(body.slice(0, sep)).get('tool')?.trim() ?? '';
  if (name === '') return { calls: [], error: 'a call with no tool="…"' };
  const args: Record<string, unknown> = {};
  const issues: BodyIssue[] = [];
  let i = sep + K3_SEP.length;
  for (;;) {
    const open = body.indexOf(K3_ARG_OPEN, i);
    if (open === -1) break;
    const attrEnd = body.indexOf(K3_SEP, open + K3_ARG_OPEN.length);
    const close = attrEnd === -1 ? -1 : body.indexOf(K3_ARG_CLOSE, attrEnd + K3_SEP.length);
    if (close === -1) {
      // An argument the output ended inside: never a call with half its arguments.
      if (!ctx.closed) return partialCall(body, ctx, `the output ended inside an argument of "${name}"`);
      issues.push({
        kind: 'malformed-call',
        message: `An unclosed argument of "${name}" was left out.`,
        raw: body.slice(open),
      });
      break;
    }
    const attrs = readK3Attributes(body.slice(open + K3_ARG_OPEN.length, attrEnd));
    const key = attrs.get('key') ?? '';
    setOwn(args, key, typed(body.slice(attrEnd + K3_SEP.length, close), attrs.get('type') ?? 'string'));
    i = close + K3_ARG_CLOSE.length;
  }
  // The arguments as one JSON object, `<|open|>json type="object"<|sep|>{…}<|close|>json<|sep|>`
  // (K3's form for a forced call), when no argument element came.
  const json = Object.keys(args).length === 0 ? body.indexOf(K3_JSON_OPEN, sep) : -1;
  if (json !== -1) {
    const from = body.indexOf(K3_SEP, json + K3_JSON_OPEN.length);
    const close = from === -1 ? -1 : body.indexOf(K3_JSON_CLOSE, from + K3_SEP.length);
    if (close === -1) {
      if (!ctx.closed) return partialCall(body, ctx, `the output ended inside the arguments of "${name}"`);
      return { calls: [], error: `unclosed JSON arguments of "${name}"` };
    }
    const parsed = parseJsonLadder(body.slice(from + K3_SEP.length, close).trim());
    if (!parsed.ok || !isPlainObject(parsed.value))
      return { calls: [], error: `the JSON arguments of "${name}" are not an object` };
    if (!ctx.closed) return partialCall(body, ctx, `the output ended before the end of "${name}"`);
    return { calls: [{ name, arguments: parsed.value }], issues };
  }
  if (!ctx.closed) return partialCall(body, ctx, `the output ended before the end of "${name}"`);
  return { calls: [{ name, arguments: args }], issues };
}
