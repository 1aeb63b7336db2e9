/**
 * A ```` ```tool_code ```` fence (Google's function-calling prompt): one or more python calls,
 * `get_weather(city="Paris")`, read by core's literal parser — never evaluated. Positional values
 * get the declared parameters' names in schema order; without a schema they are reported.
 * `print(f(a=1))`, which the cookbook's own examples write, is read as the call inside.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  isPlainObject,
  type PythonCall,
  parsePythonCalls,
  type RawCall,
  setOwn,
} from '@toolformat/core';

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

export function toRawCalls(
  parsed: readonly PythonCall[],
  ctx: BodyContext,
  raw: string,
  issues: BodyIssue[],
): RawCall[] {
  const calls: RawCall[] = [];
  for (const call of parsed) {
    const args = { ...call.arguments };
    const unnamed = call.positional.length - placePositional(args, call.positional, ctx, call.name);
    if (unnamed > 0) {
      issues.push({
        kind: 'malformed-call',
        message: `"${call.name}" got ${unnamed} positional argument(s) that no declared parameter takes; they were removed.`,
        raw,
      });
    }
    calls.push({ name: call.name, arguments: args });
  }
  return calls;
}

/** `print(x(…))` → the inner call (the cookbook wraps calls in print). */
function unwrapPrint(body: string): string {
  const t = body.trim();
  if (t.startsWith('print(') && t.endsWith(')')) return t.slice('print('.length, -1);
  return body;
}

export function toolCodeBody(body: string, ctx: BodyContext): BodyResult {
  if (body.trim() === '') return { calls: [], error: 'the tool_code block is empty' };
  const source = unwrapPrint(body);
  const parsed = parsePythonCalls(source, { maxDepth: ctx.options.maxDepth });
  if (!parsed.ok) return { calls: [], error: `not python calls: ${parsed.error} at offset ${parsed.offset}` };
  const issues: BodyIssue[] = [];
  for (const note of parsed.notes ?? [])
    issues.push({ kind: 'json-repaired', message: note.message, raw: body });
  const calls = toRawCalls(parsed.calls, ctx, body, issues);
  if (parsed.end < source.length && source.slice(parsed.end).trim() !== '') {
    issues.push({
      kind: 'trailing-text',
      message: 'Code after the calls was removed.',
      raw: source.slice(parsed.end),
    });
  }
  if (calls.length === 0) return { calls: [], error: 'no call in the tool_code block' };
  return { calls, issues };
}
