/**
 * Calls from the pythonic literal parser, made ready for the engine: positional values get the
 * names of the declared parameters in schema order (without a schema there is no name to give,
 * so they are reported, not guessed). Shared by every format that reads pythonic calls (LFM2 in
 * hermes, Llama 3.2/4, Gemma tool_code and bare lists).
 */
import type { BodyContext, BodyIssue, RawCall } from './markup-spec.js';
import type { PythonCall } from './python-calls.js';
import { isPlainObject, setOwn } from './safe-object.js';

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
