/**
 * Calls from the pythonic literal parser, made ready for the engine: positional values get the
 * names of the declared parameters in schema order (without a schema there is no name to give,
 * so they are reported, not guessed). Shared by every format that reads pythonic calls (LFM2 in
 * hermes, Llama 3.2/4, Gemma tool_code and bare lists).
 */
import { BRACE_OPEN, BRACKET_CLOSE, BRACKET_OPEN, skipUnicodeSpace } from './char-codes.js';
import { isExactPythonCall } from './exact-call-shape.js';
import type { BodyContext, BodyIssue, BodyParser, BodyResult, RawCall } from './markup-spec.js';
import { type PythonCall, parsePythonCalls } from './python-calls.js';
import { isPlainObject, setOwn } from './safe-object.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Gives positional values the names of the declared parameters, in order. Returns how many were placed. */
export function placePositional(
  args: Record<string, unknown>,
  values: readonly unknown[],
  ctx: BodyContext,
  name: string,
): number {
  if (values.length === 0) return 0;
  const properties = ctx.options.tools?.parameters(name)?.properties;
  if (!isPlainObject(properties)) return 0;
  const names = Object.keys(properties);
  let placed = 0;
  for (const [i, value] of values.entries()) {
    const key = names[i];
    if (key === undefined || Object.hasOwn(args, key)) break;
    setOwn(args, key, value);
    placed++;
  }
  return placed;
}

/**
 * RawCalls from parsed pythonic calls; positional values that no declared parameter takes are
 * removed and reported in `issues` with `raw`. `rename` maps a written name to the tool's
 * (`brave_search.call` → `brave_search`).
 */
export function pythonRawCalls(
  parsed: readonly PythonCall[],
  ctx: BodyContext,
  raw: string,
  issues: BodyIssue[],
  rename: (name: string) => string = (name) => name,
): RawCall[] {
  const calls: RawCall[] = [];
  for (const call of parsed) {
    const name = rename(call.name);
    const args = { ...call.arguments };
    const unnamed = call.positional.length - placePositional(args, call.positional, ctx, name);
    if (unnamed > 0) {
      issues.push({
        kind: 'malformed-call',
        message: `"${name}" got ${unnamed} positional argument(s) that no declared parameter takes; they were removed.`,
        raw,
      });
    }
    calls.push({ name, arguments: args });
  }
  return calls;
}

export interface PythonCallListOptions {
  /** The tool name a written name stands for (Llama's `brave_search.call` is `brave_search`). */
  rename?: (name: string) => string;
  /** Report `exactShape` when every call has the shape models are taught (keyword arguments only). */
  vouchExact?: boolean;
  /**
   * Models taught a pythonic list also write JSON calls between the same markers (LFM2 prompted
   * with JSON tools): a body that starts like JSON objects (`{`, `[{`, `[]`, after white space)
   * goes to this reader instead.
   */
  json?: BodyParser;
}

/** `{`, or `[` then `{` or `]`, after white space of any script: JSON calls, not a pythonic list. */
export function startsLikeJsonCalls(body: string): boolean {
  const i = skipUnicodeSpace(body, 0);
  const c = charCodeAt.call(body, i);
  if (c === BRACE_OPEN) return true;
  if (c !== BRACKET_OPEN) return false;
  const next = charCodeAt.call(body, skipUnicodeSpace(body, i + 1));
  return next === BRACE_OPEN || next === BRACKET_CLOSE;
}

/**
 * A block body that must be a pythonic call list or bare calls (`[f(a=1), g()]`, `f(a=1)`): the
 * literal parser's notes become `json-repaired` issues, text after the list is removed and
 * reported, and an empty list or a body that does not parse is the block's error.
 */
export function readPythonCallList(
  body: string,
  ctx: BodyContext,
  options: PythonCallListOptions = {},
): BodyResult {
  if (options.json !== undefined && startsLikeJsonCalls(body)) return options.json(body, ctx);
  if (body.trim() === '') return { calls: [], error: 'the block is empty' };
  const parsed = parsePythonCalls(body, { maxDepth: ctx.options.maxDepth });
  if (!parsed.ok)
    return { calls: [], error: `not a pythonic call list: ${parsed.error} at offset ${parsed.offset}` };
  const issues: BodyIssue[] = [];
  for (const note of parsed.notes ?? [])
    issues.push({ kind: 'json-repaired', message: note.message, raw: body });
  const calls = pythonRawCalls(parsed.calls, ctx, body, issues, options.rename);
  // The parser's end is past the blanks after the list: anything left is text.
  if (parsed.end < body.length) {
    issues.push({
      kind: 'trailing-text',
      message: 'Text after the call list was removed.',
      raw: body.slice(parsed.end),
    });
  }
  if (calls.length === 0) return { calls: [], error: 'the call list is empty' };
  return options.vouchExact === true && parsed.calls.every(isExactPythonCall)
    ? { calls, issues, exactShape: true }
    : { calls, issues };
}
