/**
 * A block body that is JSON calls — `{"name": …, "arguments"|"parameters": {…}}`, an array of
 * them, or the OpenAI wrapping `{"type": "function", "function": {…}}` — for a format that meets
 * another family's JSON where it expects its own markup (a Qwen3-Coder model writing Qwen2.5's
 * `<tool_call>{…}</tool_call>`). Relaxed JSON (single quotes) is read and reported; a body the
 * output ended inside of is not a call (architecture/semantics.md, the cut-off rule).
 */
import { parseJsonLadder } from './json-ladder.js';
import type { BodyContext, BodyIssue, BodyResult, RawCall } from './markup-spec.js';
import { getOwn, isPlainObject } from './safe-object.js';

export function readJsonCallObjects(body: string, ctx: BodyContext): BodyResult {
  const parsed = parseJsonLadder(body.trim(), { maxDepth: ctx.options.maxDepth });
  if (!parsed.ok) return { calls: [], error: parsed.error };
  if (parsed.repaired !== null && !ctx.closed)
    return { calls: [], error: 'the output ended inside this call, so its arguments are incomplete' };
  const items = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const calls: RawCall[] = [];
  for (const item of items) {
    const call = toCall(item);
    if (call === null) return { calls: [], error: 'not a {"name", "arguments"} object' };
    calls.push(call);
  }
  const issues: BodyIssue[] =
    parsed.repaired === null
      ? []
      : [{ kind: 'json-repaired', message: `Repaired JSON: ${parsed.repairs.join('; ')}.`, raw: body }];
  return { calls, issues };
}

function toCall(value: unknown): RawCall | null {
  if (!isPlainObject(value)) return null;
  const wrapped = getOwn(value, 'function');
  if (getOwn(value, 'name') === undefined && isPlainObject(wrapped)) return toCall(wrapped);
  const name = getOwn(value, 'name');
  if (typeof name !== 'string' || name.trim() === '') return null;
  for (const key of ['arguments', 'parameters']) {
    if (Object.hasOwn(value, key)) return { name: name.trim(), arguments: getOwn(value, key) ?? {} };
  }
  return { name: name.trim(), arguments: {} };
}
