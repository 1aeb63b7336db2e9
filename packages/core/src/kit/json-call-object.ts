/**
 * One parsed JSON value → the calls it holds, by a declaration of the keys a family writes. Models
 * and templates spell a call many ways: `{"name", "arguments"}` (Hermes, Qwen), `{"name",
 * "parameters"}` (Llama 3.x), `{"tool_name", "parameters"}` (Command R), `{"function"|"tool": NAME,
 * …}` (what leaks in agent loops), OpenAI's `{"id", "type": "function", "function": {"name",
 * "arguments"}}`, wrappers such as `{"tool_calls": […]}`, and Apertus's name-keyed `{"NAME": {…}}`.
 * Each format declares which of these are its own (a spelling read where the family never writes
 * it turns ordinary JSON answers into calls); the engine then checks names and unwraps
 * JSON-string arguments (architecture/semantics.md, guarantees 2 and 3).
 */
import type { BodyIssue, RawCall } from './markup-spec.js';
import { getOwn, isPlainObject, setOwn } from './safe-object.js';

export interface JsonCallShape {
  /** Keys whose string value names the tool, tried in this order. Default `["name"]`. */
  nameKeys?: readonly string[];
  /** Keys that hold the arguments, tried in this order. Default `["arguments", "parameters"]`. */
  argumentKeys?: readonly string[];
  /** Without one of the argument keys the object is not a call (`{"name": "x"}` alone is an answer). */
  requireArguments?: boolean;
  /**
   * OpenAI's `{"type": "function", "function": {"name", …}}`: read whenever `function` is an
   * object with a name (`any`, the default), only when the object has no `name` of its own
   * (`unnamed`), only then and beside `"type": "function"` (`typed`, which also makes any other
   * `"type"` not a call), or never (`false`).
   */
  openAi?: 'any' | 'unnamed' | 'typed' | false;
  /**
   * Where a call's id is: `openai`, the `id` beside an OpenAI `function` only; or keys read on the
   * call object (and, for the OpenAI shape, beside it first). Default: no id.
   */
  ids?: 'openai' | readonly string[];
  /** Keys of a wrapper around one call or a list of them, as the object's only key (`{"tool_calls": […]}`). */
  wrapperKeys?: readonly string[];
  /** How many levels of lists and wrappers may hold calls. Default 1: a list of call objects. */
  nesting?: number;
  /** Apertus: `{"NAME": {args}}`, an object whose one key names the tool. */
  nameKeyed?: boolean;
  /** Names that are a choice, not a call (Command R's `directly-answer`): dropped, and `declined` set. */
  noCall?: ReadonlySet<string>;
  /** A tool's declaration echoed from the prompt (description and a `parameters` schema) is not a call. */
  rejectDefinitions?: boolean;
}

/**
 * Every spelling at once, for the families that meet each other's JSON in their tags (a Qwen3
 * model writing Qwen2.5's `<tool_call>{…}</tool_call>`, an agent's leaked `{"tool": …}`).
 */
export const JSON_CALL_SPELLINGS: JsonCallShape = {
  nameKeys: ['name', 'function', 'tool', 'tool_name', 'function_name'],
  argumentKeys: ['arguments', 'parameters', 'args', 'input'],
  ids: 'openai',
  wrapperKeys: ['tool_calls', 'tool_call', 'function_call', 'function_calls', 'calls'],
  nesting: 4,
  rejectDefinitions: true,
};

const NAME_KEYS = ['name'];
const ARGUMENT_KEYS = ['arguments', 'parameters'];

/**
 * A shape with every key present, in one order: formats declare their own subsets, and the loads
 * of them here, shared by every format in a process, would otherwise see one object shape per
 * format and go megamorphic. A key left out stays `undefined`, as before.
 */
export class CallShape implements JsonCallShape {
  readonly nameKeys: readonly string[] | undefined;
  readonly argumentKeys: readonly string[] | undefined;
  readonly requireArguments: boolean | undefined;
  readonly openAi: JsonCallShape['openAi'];
  readonly ids: JsonCallShape['ids'];
  readonly wrapperKeys: readonly string[] | undefined;
  readonly nesting: number | undefined;
  readonly nameKeyed: boolean | undefined;
  readonly noCall: ReadonlySet<string> | undefined;
  readonly rejectDefinitions: boolean | undefined;
  /**
   * `usualCall` may read this shape: `name` is one of its name keys, and no id key is `name` or
   * an argument key (such an object would carry an id `usualCall` does not look for).
   */
  readonly readsUsual: boolean;

  constructor(shape: JsonCallShape) {
    this.nameKeys = shape.nameKeys;
    this.argumentKeys = shape.argumentKeys;
    this.requireArguments = shape.requireArguments;
    this.openAi = shape.openAi;
    this.ids = shape.ids;
    this.wrapperKeys = shape.wrapperKeys;
    this.nesting = shape.nesting;
    this.nameKeyed = shape.nameKeyed;
    this.noCall = shape.noCall;
    this.rejectDefinitions = shape.rejectDefinitions;
    const ids = Array.isArray(shape.ids) ? shape.ids : [];
    this.readsUsual =
      (shape.nameKeys ?? NAME_KEYS).includes('name') &&
      !ids.includes('name') &&
      !(shape.argumentKeys ?? ARGUMENT_KEYS).some((key) => ids.includes(key));
  }
}

/** `shape` as a CallShape (itself when it is one already). */
function callShape(shape: JsonCallShape): CallShape {
  return shape instanceof CallShape ? shape : new CallShape(shape);
}

const DEFINITION = 'a tool definition (name, description, parameters schema), not a call';

export interface CollectedJsonCalls {
  calls: RawCall[];
  /** Values that are not calls, with the reason; reported by the caller (nothing is lost). */
  rejected: Array<{ value: unknown; reason: string }>;
  /** Keys of call objects that the calls do not carry (see unreadKeysIssue); reported by the caller. */
  unread: BodyIssue[];
  /** A `noCall` name came: no tool, by choice. */
  declined: boolean;
}

/** Collects the calls a parsed JSON value holds (an object, or a list of them). Never throws. */
export function collectJsonCalls(value: unknown, shape: JsonCallShape): CollectedJsonCalls {
  const out: CollectedJsonCalls = { calls: [], rejected: [], unread: [], declined: false };
  visit(value, callShape(shape), out, 0);
  return out;
}

function visit(value: unknown, shape: CallShape, out: CollectedJsonCalls, depth: number): void {
  // Lists in lists, wrappers in wrappers: past the declared depth it is data, not a call list
  // (and a value nested ten thousand deep is not walked).
  if (depth > (shape.nesting ?? 1)) {
    out.rejected.push({ value, reason: 'nested too deep to be a list of calls' });
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) out.rejected.push({ value, reason: 'an empty list' });
    for (const item of value) visit(item, shape, out, depth + 1);
    return;
  }
  const call = callFrom(value, shape);
  if (typeof call !== 'string') {
    if (shape.noCall?.has(call.name.trim())) out.declined = true;
    else {
      out.calls.push(call);
      const unread = unreadKeysIssue(value as Record<string, unknown>, call);
      if (unread !== null) out.unread.push(unread);
    }
    return;
  }
  const wrapped = isPlainObject(value) ? wrapperContent(value, shape) : undefined;
  if (wrapped !== undefined) visit(wrapped, shape, out, depth + 1);
  else out.rejected.push({ value, reason: call });
}

/** The content of a wrapper: an object whose only key is one of `wrapperKeys`, holding an object or a list. */
function wrapperContent(obj: Record<string, unknown>, shape: CallShape): unknown {
  if (shape.wrapperKeys === undefined) return undefined;
  const keys = Object.keys(obj);
  if (keys.length !== 1 || !shape.wrapperKeys.includes(keys[0]!)) return undefined;
  const inner = getOwn(obj, keys[0]!);
  return isPlainObject(inner) || Array.isArray(inner) ? inner : undefined;
}

/**
 * The usual call object, `{"name": …, "arguments": {…}}` and nothing else, read in one walk of its
 * keys: what `callFrom` makes of it, without a lookup per declared key, and with nothing unread
 * beside it (both keys are carried, so `unreadKeysIssue` has nothing to say). Null for any other
 * object, and for a shape that reads more than the keys (`readsUsual`): `callFrom` reads those.
 * It runs for every call block, the most common thing a format reads.
 */
export function usualCall(value: Record<string, unknown>, shape: CallShape): RawCall | null {
  if (!shape.readsUsual) return null;
  let name: unknown;
  let args: unknown;
  let argsKey = '';
  let count = 0;
  for (const key in value) {
    if (++count > 2) return null;
    if (key === 'name') name = value[key];
    else {
      argsKey = key;
      args = value[key];
    }
  }
  // OpenAI's `function` object, and a key the shape does not read, are callFrom's. A key read
  // through the prototype (an enumerable one put there by other code) is not the object's.
  if (count !== 2 || typeof name !== 'string' || argsKey === 'function' || name.trim() === '') return null;
  if (!(shape.argumentKeys ?? ARGUMENT_KEYS).includes(argsKey)) return null;
  if (!Object.hasOwn(value, 'name') || !Object.hasOwn(value, argsKey)) return null;
  // `{"name", "parameters": {schema}}` may be a tool's declaration (isToolDefinition).
  if (argsKey !== 'arguments' && shape.rejectDefinitions && isToolDefinition(value)) return null;
  return { name, arguments: args };
}

/** One value → a call, or the reason it is not one. */
export function jsonCallFrom(value: unknown, shape: JsonCallShape): RawCall | string {
  return callFrom(value, callShape(shape));
}

function callFrom(value: unknown, shape: CallShape): RawCall | string {
  if (!isPlainObject(value)) return 'not a JSON object';
  // Own keys read as `getOwn` reads them, written out here and in fromFlat: this runs for every
  // call block, and in a process where every format runs, the helper's one keyed load has seen
  // every caller's objects. Written out, a megabyte of calls read 6% faster there.
  const fn = Object.hasOwn(value, 'function') ? value.function : undefined;
  const openAi = shape.openAi ?? 'any';
  if (
    openAi !== false &&
    isPlainObject(fn) &&
    typeof getOwn(fn, 'name') === 'string' &&
    (openAi === 'any' ||
      (getOwn(value, 'name') === undefined && (openAi === 'unnamed' || getOwn(value, 'type') === 'function')))
  ) {
    if (shape.rejectDefinitions && isToolDefinition(fn)) return DEFINITION;
    const call = fromFlat(fn, shape);
    if (typeof call === 'string') return call;
    const id =
      shape.ids === 'openai'
        ? idOf(value, ['id'], false)
        : shape.ids && (idOf(value, shape.ids) ?? idOf(fn, shape.ids));
    if (id !== undefined) call.id = id;
    return call;
  }
  const flat = fromFlat(value, shape);
  if (typeof flat !== 'string') {
    if (shape.rejectDefinitions && isToolDefinition(value)) return DEFINITION;
    if (Array.isArray(shape.ids)) {
      const id = idOf(value, shape.ids);
      if (id !== undefined) flat.id = id;
    }
    return flat;
  }
  if (shape.nameKeyed) {
    const keys = Object.keys(value);
    if (keys.length === 1) {
      const name = keys[0]!;
      const args = getOwn(value, name);
      if (name.trim() !== '' && (isPlainObject(args) || typeof args === 'string' || args === null)) {
        return { name, arguments: args };
      }
    }
  }
  return flat;
}

function fromFlat(obj: Record<string, unknown>, shape: CallShape): RawCall | string {
  if (shape.openAi === 'typed') {
    const type = getOwn(obj, 'type');
    if (type !== undefined && type !== 'function') return 'a "type" other than "function"';
  }
  const nameKeys = shape.nameKeys ?? NAME_KEYS;
  let name: string | undefined;
  for (const key of nameKeys) {
    const v = Object.hasOwn(obj, key) ? obj[key] : undefined;
    if (typeof v === 'string' && v.trim() !== '') {
      name = v;
      break;
    }
  }
  if (name === undefined) return missing(nameKeys, 'string');
  const argumentKeys = shape.argumentKeys ?? ARGUMENT_KEYS;
  for (const key of argumentKeys) {
    if (Object.hasOwn(obj, key)) return { name, arguments: obj[key] };
  }
  // A call without arguments is a call with none (`{"name": "refresh"}`), unless the family
  // always writes the key.
  return shape.requireArguments ? missing(argumentKeys, 'key') : { name, arguments: {} };
}

/** `no "name" (or "function", "tool") string`: the first keys, for the reason a value is not a call. */
function missing(keys: readonly string[], what: string): string {
  const more = keys.slice(1, 3).map((k) => `"${k}"`);
  return `no "${keys[0]}"${more.length > 0 ? ` (or ${more.join(', ')})` : ''} ${what}`;
}

/** A non-blank string id, or (for declared keys) a number one: Command R7B numbers its calls. */
function idOf(obj: Record<string, unknown>, keys: readonly string[], numbers = true): string | undefined {
  for (const key of keys) {
    const id = getOwn(obj, key);
    if (typeof id === 'string' && id.trim() !== '') return id;
    if (numbers && typeof id === 'number') return String(id);
  }
  return undefined;
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

/**
 * The keys of a call object whose values the call does not carry, as one issue: a misspelt
 * `"argument"` beside the name (the call then has no arguments), a `"reason"` beside them. Reading
 * them away in silence would lose what the model wrote (architecture/semantics.md, guarantee 1).
 * A key is carried when its value is the call's name, arguments or id; `"type": "function"` and an
 * `"id"` are the call's metadata; OpenAI's `function` object is looked into by the same rule.
 * Null, the usual case, after one walk of the object's keys.
 */
export function unreadKeysIssue(value: Record<string, unknown>, call: RawCall): BodyIssue | null {
  const unread = unreadEntries(value, call, '');
  if (unread === null) return null;
  const entries: Record<string, unknown> = {};
  for (const [key, v] of unread) setOwn(entries, key, v);
  let raw: string;
  try {
    raw = JSON.stringify(entries);
  } catch {
    raw = unread.map(([key]) => key).join(', ');
  }
  const keys = unread.map(([key]) => JSON.stringify(key)).join(', ');
  return {
    kind: 'trailing-text',
    message: `Keys of the call "${call.name}" that hold no part of it were removed: ${keys}.`,
    raw,
  };
}

/** The keys (`function.` before those of OpenAI's `function` object) and values not carried, or null. */
function unreadEntries(
  value: Record<string, unknown>,
  call: RawCall,
  prefix: string,
): Array<[string, unknown]> | null {
  let unread: Array<[string, unknown]> | null = null;
  for (const key in value) {
    const v = value[key];
    // (The usual keys first, the own-key check after them: a third of this walk's cost.)
    if (v === call.name || v === call.arguments) continue;
    if (!Object.hasOwn(value, key)) continue;
    if (key === 'id' && (typeof v === 'string' || typeof v === 'number')) continue;
    if (call.id !== undefined && (v === call.id || (typeof v === 'number' && String(v) === call.id)))
      continue;
    if (key === 'type' && v === 'function') continue;
    if (key === 'function' && prefix === '' && isPlainObject(v)) {
      const inner = unreadEntries(v, call, 'function.');
      if (inner !== null) {
        unread ??= [];
        unread.push(...inner);
      }
      continue;
    }
    unread ??= [];
    unread.push([prefix + key, v]);
  }
  return unread;
}
