/**
 * The arguments of a call: the content of a message addressed to a tool. For the caller's
 * function tools (`to=functions.NAME`) it is JSON (`<|constrain|>json`), read through the core
 * JSON ladder. The built-in tools take other content: `python` gets the code itself, so a
 * built-in's message that is not a JSON object is handed over under one key (README: built-ins).
 *
 * A call the output ended inside is not a call (architecture/semantics.md, guarantee 2: never half the arguments): with
 * `<|call|>` being a stop token, servers usually cut it off, so the end of the output closes a
 * call whose JSON is complete, and only JSON still open at the end makes a `partial-call`
 * (JSON still open where a token ended the message is a `malformed-call`).
 */
import {
  BACKSLASH,
  type BodyIssue,
  BRACE_OPEN,
  BRACKET_OPEN,
  findJsonEnd,
  isPlainObject,
  parseJsonLadder,
  QUOTE,
} from '@toolformat/core/kit';

export type ArgumentsRead =
  | {
      ok: true;
      arguments: unknown;
      issues: BodyIssue[];
      /** Text after the JSON value (nothing is lost: it goes to content). */
      rest?: string;
      /** The message was strict JSON with only blanks around it (no string of it is open). */
      strict?: boolean;
    }
  | { ok: false; kind: 'partial-call' | 'malformed-call'; reason: string };

export interface ArgumentsContext {
  /** False when the output ended inside this message (no `<|call|>`, `<|end|>` … after it). */
  closed: boolean;
  /** Deepest nesting accepted (ParseOptions.maxDepth). */
  maxDepth: number;
}

/** The key a built-in tool's non-JSON message goes under: `python` runs code, others get input. */
export function builtinArgumentKey(recipient: string): string {
  return recipient === 'python' ? 'code' : 'input';
}

/** Arguments of a call to one of the caller's function tools: JSON. */
export function readJsonArguments(content: string, ctx: ArgumentsContext): ArgumentsRead {
  const text = content.trim();
  if (text === '') {
    // `<|message|><|call|>`: a call without arguments. Cut off right after the header: not yet.
    return ctx.closed
      ? { ok: true, arguments: {}, issues: [] }
      : { ok: false, kind: 'partial-call', reason: 'the output ended before the arguments' };
  }
  const options = { maxDepth: ctx.maxDepth };
  const whole = parseJsonLadder(text, options);
  // Strict JSON is complete JSON: the usual case costs one JSON.parse.
  if (whole.ok && whole.repaired === null) {
    const read = asObject(whole.value, [], ctx.maxDepth);
    if (read.ok) read.strict = true;
    return read;
  }
  const first = text.charCodeAt(0);
  const container = first === BRACE_OPEN || first === BRACKET_OPEN;
  const end = container ? findJsonEnd(text, 0) : -1;
  // JSON that never closes is half a call, not a call: the repairs would close it. (Cut off by
  // the end of the output, the usual case, or ended by a token: both are reported.)
  if ((container && end === -1) || (first === QUOTE && stringEnd(text) === -1)) {
    return ctx.closed
      ? { ok: false, kind: 'malformed-call', reason: 'the message ended before its JSON closed' }
      : { ok: false, kind: 'partial-call', reason: 'the output ended inside the arguments' };
  }
  if (whole.ok) return asObject(whole.value, repairIssues(whole, text), ctx.maxDepth);
  if (end !== -1 && end < text.length) {
    // `{…} and some words`: the value is the arguments, the words stay the user's.
    const value = text.slice(0, end);
    const parsed = parseJsonLadder(value, options);
    if (parsed.ok) {
      const rest = text.slice(end);
      const read = asObject(parsed.value, repairIssues(parsed, value), ctx.maxDepth);
      if (!read.ok) return read;
      read.issues.push({
        kind: 'trailing-text',
        message: 'Text after the arguments was kept as content.',
        raw: rest,
      });
      return { ...read, rest };
    }
  }
  return { ok: false, kind: 'malformed-call', reason: `the arguments are not JSON (${whole.error})` };
}

/**
 * Arguments of a call to a built-in tool (`python`, `browser.search`, `container.exec`): a JSON
 * object when the message is one, else the message itself under `builtinArgumentKey`.
 */
export function readBuiltinArguments(
  recipient: string,
  content: string,
  ctx: ArgumentsContext,
): ArgumentsRead {
  const text = content.trim();
  if (text.charCodeAt(0) === BRACE_OPEN) {
    const json = readJsonArguments(content, ctx);
    if (json.ok) return json;
    // An object that never closes is half a call; one that closes and is no JSON is code.
    if (findJsonEnd(text, 0) === -1) return json;
  }
  if (text === '' && !ctx.closed) {
    return { ok: false, kind: 'partial-call', reason: 'the output ended before the message to the tool' };
  }
  const args: Record<string, unknown> = {};
  args[builtinArgumentKey(recipient)] = content;
  return { ok: true, arguments: args, issues: [] };
}

/**
 * Arguments are an object (architecture/semantics.md, guarantee 2): a JSON string holding one is unwrapped once, `null`
 * is no arguments, and anything else (`42`, a list) is not a call.
 */
function asObject(value: unknown, issues: BodyIssue[], maxDepth: number): ArgumentsRead {
  if (isPlainObject(value)) return { ok: true, arguments: value, issues };
  if (value === null) return { ok: true, arguments: {}, issues };
  if (typeof value === 'string') {
    const inner = parseJsonLadder(value, { maxDepth });
    if (inner.ok && isPlainObject(inner.value))
      return { ok: true, arguments: inner.value, issues: [...issues, ...repairIssues(inner, value)] };
  }
  const kind = Array.isArray(value) ? 'a list' : `a ${typeof value}`;
  return { ok: false, kind: 'malformed-call', reason: `the arguments are ${kind}, not a JSON object` };
}

/** The index after the JSON string that starts at 0, or -1 when it does not close. */
function stringEnd(text: string): number {
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return -1;
}

function repairIssues(
  parsed: { repaired: null | 'json5' | 'repair'; repairs: string[] },
  raw: string,
): BodyIssue[] {
  if (parsed.repaired === null) return [];
  return [{ kind: 'json-repaired', message: `Repaired JSON: ${parsed.repairs.join('; ')}.`, raw }];
}
