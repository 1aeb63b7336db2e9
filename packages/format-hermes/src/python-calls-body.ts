/**
 * LFM2's `<|tool_call_start|>[get_weather(location='Paris')]<|tool_call_end|>`: a pythonic call
 * list, read by core's literal parser (never evaluated). LFM2 models prompted with JSON tools also
 * write `[{"name": …, "arguments": …}]` between the same markers, so a body that starts like a
 * JSON object is read as JSON calls.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  isPlainObject,
  parsePythonCalls,
  type RawCall,
  setOwn,
} from '@toolformat/core';
import { readJsonCalls } from './json-calls-body.js';

/** `[{` or `{` after blanks: JSON calls, not a pythonic list. */
function looksLikeJsonCalls(body: string): boolean {
  let i = 0;
  while (i < body.length && /\s/.test(body[i]!)) i++;
  if (body[i] === '{') return true;
  if (body[i] !== '[') return false;
  i++;
  while (i < body.length && /\s/.test(body[i]!)) i++;
  return body[i] === '{' || body[i] === ']';
}

export function pythonOrJsonCallsBody(body: string, ctx: BodyContext): BodyResult {
  if (body.trim() === '') return { calls: [], error: 'the block is empty' };
  if (looksLikeJsonCalls(body)) return readJsonCalls(body, ctx.closed, { maxCalls: ctx.options.maxCalls });
  const parsed = parsePythonCalls(body, { maxDepth: ctx.options.maxDepth });
  if (!parsed.ok)
    return { calls: [], error: `not a pythonic call list: ${parsed.error} at offset ${parsed.offset}` };
  const issues: BodyIssue[] = [];
  for (const note of parsed.notes ?? [])
    issues.push({ kind: 'json-repaired', message: note.message, raw: body });
  const calls: RawCall[] = [];
  for (const call of parsed.calls) {
    const args = { ...call.arguments };
    const unnamed = call.positional.length - placePositional(args, call.positional, ctx, call.name);
    if (unnamed > 0) {
      // Without a declared schema there is no name to give a positional value: report, do not guess.
      issues.push({
        kind: 'malformed-call',
        message: `"${call.name}" got ${unnamed} positional argument(s) that no declared parameter takes; they were removed.`,
        raw: body,
      });
    }
    calls.push({ name: call.name, arguments: args });
  }
  if (parsed.end < body.length) {
    issues.push({
      kind: 'trailing-text',
      message: 'Text after the call list was removed.',
      raw: body.slice(parsed.end),
    });
  }
  if (calls.length === 0) return { calls: [], error: 'the call list is empty' };
  return { calls, issues };
}

/** Gives positional values the names of the declared parameters, in schema order. Returns how many were placed. */
function placePositional(
  args: Record<string, unknown>,
  values: unknown[],
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
