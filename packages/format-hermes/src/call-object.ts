/**
 * One parsed JSON value → the calls it holds. Models and templates spell a call many ways:
 * `{"name", "arguments"}` (Hermes, Qwen), `{"name", "parameters"}` (Llama 3.x JSON),
 * `{"function"|"tool": NAME, …}` (what leaks in agent loops, an agent’s leaked-call report), OpenAI's
 * `{"id", "type": "function", "function": {"name", "arguments"}}` (llama.cpp's Phi-4 template),
 * wrappers such as `{"tool_call": {…}}` and `{"tool_calls": […]}`, and Apertus's name-keyed
 * `{"get_weather": {…}}`. This file knows all of them so that every block of the family shares one
 * reading; the engine then checks names and unwraps JSON-string arguments.
 */
import { getOwn, isPlainObject, type RawCall } from '@toolformat/core/kit';

export interface CallShapeOptions {
  /** Apertus: `{"NAME": {args}}` — an object with one key whose value is an object. */
  nameKeyed?: boolean;
}

/** Keys that carry the tool name, most common first. */
const NAME_KEYS = ['name', 'function', 'tool', 'tool_name', 'function_name'] as const;
/** Keys that carry the arguments, most common first. */
const ARGUMENT_KEYS = ['arguments', 'parameters', 'args', 'input'] as const;
/** Wrapper keys around one call or a list of calls: `{"tool_call": {…}}`, `{"tool_calls": […]}`. */
const WRAPPER_KEYS = ['tool_calls', 'tool_call', 'function_call', 'function_calls', 'calls'] as const;

/** Arrays inside arrays, wrappers inside wrappers: deeper than this is not a call list. */
const MAX_NESTING = 4;

export interface CollectedCalls {
  calls: RawCall[];
  /** Values that are not calls, with the reason; reported by the caller (nothing is lost). */
  rejected: Array<{ value: unknown; reason: string }>;
}

/** Collects the calls a parsed JSON value holds (an object, or an array of them). Never throws. */
export function collectCalls(value: unknown, options: CallShapeOptions = {}): CollectedCalls {
  const out: CollectedCalls = { calls: [], rejected: [] };
  visit(value, options, out, 0);
  return out;
}

function visit(value: unknown, options: CallShapeOptions, out: CollectedCalls, depth: number): void {
  if (depth > MAX_NESTING) {
    out.rejected.push({ value, reason: 'nested too deep to be a list of calls' });
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) out.rejected.push({ value, reason: 'an empty list' });
    for (const item of value) visit(item, options, out, depth + 1);
    return;
  }
  if (!isPlainObject(value)) {
    out.rejected.push({ value, reason: 'not a JSON object' });
    return;
  }
  const call = toRawCall(value, options);
  if (typeof call !== 'string') {
    out.calls.push(call);
    return;
  }
  const wrapped = wrapperContent(value);
  if (wrapped !== undefined) {
    visit(wrapped, options, out, depth + 1);
    return;
  }
  out.rejected.push({ value, reason: call });
}

/** The content of `{"tool_calls": …}`-style wrappers: an object whose only key is one of WRAPPER_KEYS. */
function wrapperContent(obj: Record<string, unknown>): unknown {
  const keys = Object.keys(obj);
  if (keys.length !== 1) return undefined;
  const key = keys[0]!;
  if (!(WRAPPER_KEYS as readonly string[]).includes(key)) return undefined;
  const inner = getOwn(obj, key);
  return isPlainObject(inner) || Array.isArray(inner) ? inner : undefined;
}

/** One object → a call, or the reason it is not one. */
export function toRawCall(obj: Record<string, unknown>, options: CallShapeOptions = {}): RawCall | string {
  // OpenAI's shape: the call sits in `function`, the id (when there is one) beside it.
  const fn = getOwn(obj, 'function');
  if (isPlainObject(fn) && typeof getOwn(fn, 'name') === 'string') {
    if (isToolDefinition(fn)) return 'a tool definition (name, description, parameters schema), not a call';
    const call = fromFlat(fn);
    if (typeof call === 'string') return call;
    const id = getOwn(obj, 'id');
    if (typeof id === 'string' && id.trim() !== '') call.id = id;
    return call;
  }
  const flat = fromFlat(obj);
  if (typeof flat !== 'string') {
    if (isToolDefinition(obj)) return 'a tool definition (name, description, parameters schema), not a call';
    return flat;
  }
  if (options.nameKeyed) {
    const keys = Object.keys(obj);
    if (keys.length === 1) {
      const name = keys[0]!;
      const args = getOwn(obj, name);
      if (name.trim() !== '' && (isPlainObject(args) || typeof args === 'string' || args === null)) {
        return { name, arguments: args };
      }
    }
  }
  return flat;
}

function fromFlat(obj: Record<string, unknown>): RawCall | string {
  let name: string | undefined;
  for (const key of NAME_KEYS) {
    const v = getOwn(obj, key);
    if (typeof v === 'string' && v.trim() !== '') {
      name = v;
      break;
    }
  }
  if (name === undefined) return 'no "name" (or "function", "tool") string';
  for (const key of ARGUMENT_KEYS) {
    if (Object.hasOwn(obj, key)) return { name, arguments: getOwn(obj, key) };
  }
  // A call without arguments is a call with none (`{"name": "refresh"}`).
  return { name, arguments: {} };
}

/**
 * A tool's declaration rather than a call: it has a description and a `parameters` JSON Schema but
 * no `arguments`. Models echo the `<tools>` list of their prompt; that must not become a call.
 */
function isToolDefinition(obj: Record<string, unknown>): boolean {
  if (Object.hasOwn(obj, 'arguments')) return false;
  const params = getOwn(obj, 'parameters');
  const looksLikeSchema =
    isPlainObject(params) &&
    getOwn(params, 'type') === 'object' &&
    isPlainObject(getOwn(params, 'properties'));
  return (
    looksLikeSchema && (typeof getOwn(obj, 'description') === 'string' || Object.hasOwn(params, 'required'))
  );
}
