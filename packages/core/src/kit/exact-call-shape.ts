/**
 * The exact shape of a call, for the forms that have no markers (bare JSON, a bare pythonic list)
 * read without declared tools. There nothing but the shape tells a call from an answer, so only
 * the shape the models are taught counts:
 *  - JSON: `{"name": NAME, "arguments": {…}}` (or `"parameters"`), with no other key;
 *  - pythonic: `NAME(key=value, …)`, keyword arguments only.
 * NAME is a tool name: a letter or `_`, then letters, digits, `_`, `-` or `.`; 64 at most.
 * `{"name": "Alice", "age": 30}` or `[len(x)]` is then an answer, not a call.
 */
import type { ResolvedParseOptions } from '../options.js';
import type { BodyResult } from './markup-spec.js';
import type { PythonCall } from './python-calls.js';
import { getOwn, isPlainObject } from './safe-object.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

const MAX_NAME = 64;

export function isToolName(name: string): boolean {
  const n = name.length;
  if (n === 0 || n > MAX_NAME) return false;
  for (let i = 0; i < n; i++) {
    const c = charCodeAt.call(name, i);
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
    if (letter) continue;
    if (i === 0) return false;
    const digit = c >= 48 && c <= 57;
    if (!(digit || c === 45 || c === 46)) return false;
  }
  return true;
}

/** One parsed JSON value in the exact call shape. */
export function isExactJsonCall(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  // The own enumerable keys (what Object.keys lists), walked without a list made of them.
  let count = 0;
  let named = false;
  let argsKey = '';
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (++count > 2) return false;
    if (key === 'name') named = true;
    else if (key === 'arguments' || key === 'parameters') argsKey = key;
    else return false;
  }
  if (count !== 2 || !named || argsKey === '') return false;
  const name = getOwn(value, 'name');
  return typeof name === 'string' && isToolName(name) && isPlainObject(getOwn(value, argsKey));
}

/** A parsed JSON value that is one call or a non-empty list of calls, all in the exact shape. */
export function isExactJsonCalls(value: unknown): boolean {
  if (!Array.isArray(value)) return isExactJsonCall(value);
  return value.length > 0 && value.every(isExactJsonCall);
}

/** One parsed pythonic call in the exact shape. */
export function isExactPythonCall(call: PythonCall): boolean {
  return call.positional.length === 0 && isToolName(call.name);
}

/**
 * The rule for calls without markers: every name is a declared tool, or, with no tools declared,
 * the body parser vouches that every call has the exact shape.
 */
export function declaredOrExact(result: BodyResult, opts: ResolvedParseOptions): boolean {
  const tools = opts.tools;
  return tools ? result.calls.every((c) => tools.has(c.name)) : result.exactShape === true;
}
