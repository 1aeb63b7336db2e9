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
 * The head and the arguments are read by the kit's token-field reader (`kit/token-fields.ts`, the
 * declaration is `K2_CALL` in markup.ts): a block the output ended inside is a call only when its
 * JSON value is complete, a closed block with broken JSON goes through the JSON ladder, and every
 * repair is reported. What is Kimi's own stays here: the name read out of the id.
 */
import {
  type AnnouncedCall,
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  isAsciiAlphanumeric,
  isCharRun,
  isDigit,
  isPlainObject,
  isTokenWord,
  parseJsonLadder,
  partialCall,
  StrayText,
  setOwn,
  skipBlank,
  UNDERSCORE,
  wordEnd,
} from '@toolformat/core/kit';
import { K3_ARG_CLOSE, K3_ARG_OPEN, K3_JSON_CLOSE, K3_JSON_OPEN, K3_SEP } from './tokens.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export const PREFIX = 'functions.';

/** Longer than any id a model writes; a longer "id" is text that happens to precede the arguments. */
export const MAX_ID = 512;

/** A run of one or more ASCII digits. */
function isDigits(text: string): boolean {
  return isCharRun(text, isDigit, 1, text.length);
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
  if (colon <= 0 || !isDigits(rest.slice(colon + 1))) return null;
  return { name: rest.slice(0, colon), index: rest.slice(colon + 1) };
}

/** An id of nothing but digits: the bare call counter some K2 outputs write (vLLM's tests). */
export function isBareCounter(id: string): boolean {
  return isDigits(id);
}

/**
 * The name in a K2 call id, for the kit's token-field reader (`K2_CALL` in markup.ts): read out of
 * `functions.NAME:IDX`; `functions.NAME` without the index when NAME is a declared tool; none for
 * a bare counter (the reader then takes the one declared tool the arguments fit, as vLLM does).
 */
export function nameOfId(id: string, ctx: BodyContext): string | null | { error: string } {
  const name = parseCallId(id)?.name;
  if (name !== undefined) return name;
  if (ctx.options.tools?.has(withoutPrefix(id))) return withoutPrefix(id);
  if (isBareCounter(id)) return null;
  return { error: `the call id "${id}" does not name a function (functions.NAME:IDX)` };
}

/**
 * The call's name from the start of a body still arriving, for the engine's early announcement:
 * the id is complete once a blank, `<` (the argument token) or `{` follows it. Only ids that name
 * their function are announced; a bare counter waits for its arguments. Once this answers, every
 * longer prefix gives the same answer (the id's end is already in the prefix).
 */
export function announceName(prefix: string): AnnouncedCall | null {
  const start = skipBlank(prefix, 0);
  const end = wordEnd(prefix, start, '<{"');
  if (end === prefix.length || end === start) return null;
  const id = prefix.slice(start, end);
  const name = parseCallId(id)?.name;
  // The id goes with the name: the start event then carries the id the call will have. The
  // arguments' JSON follows the id (after the argument token): the stream sends it as it arrives.
  return name === undefined ? null : { name, id, arguments: { from: end } };
}

/** `key="value"` pairs up to the end of `text`, unescaped; `&quot;` before `&amp;` (the encoder's reverse). */
export function readK3Attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let p = 0;
  for (;;) {
    const eq = text.indexOf('="', p);
    if (eq === -1) return out;
    let k = eq;
    while (k > p && isAttributeNameChar(charCodeAt.call(text, k - 1))) k--;
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
  // Words between the argument elements are reported, not passed over (architecture/semantics.md,
  // guarantee 1).
  const stray = new StrayText(body);
  let i = sep + K3_SEP.length;
  for (;;) {
    const open = body.indexOf(K3_ARG_OPEN, i);
    if (open === -1) break;
    stray.add(i, open);
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
      // The rest is that issue's raw text, not stray text.
      i = body.length;
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
  stray.add(i, body.length);
  stray.report(`the call "${name}", outside its arguments,`, issues);
  return { calls: [{ name, arguments: args }], issues };
}
