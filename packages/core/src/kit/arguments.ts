/**
 * Arguments are an object (architecture/semantics.md, guarantee 2). `normalizeArguments` turns whatever a JSON-family format
 * carried into one; `coerceValue` types the text of an XML-family parameter by the tool's JSON
 * Schema, so `<parameter=count>3</parameter>` reaches the tool as the number 3 and
 * `<parameter=zip>007</parameter>` for a string parameter stays "007".
 *
 * Nothing here fails loudly and nothing is lost quietly: whatever cannot be used is described in an
 * issue message for the caller to report.
 */
import { DOT, isDigit, MINUS } from './char-codes.js';
import { DEFAULT_MAX_DEPTH, exceedsDepth, parseJsonLadder } from './json-ladder.js';
import { getOwn, isPlainObject, setOwn } from './safe-object.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface NormalizedArguments {
  arguments: Record<string, unknown>;
  /** Set when the input could not be used as is: what was received, or what was repaired. */
  issue?: string;
}

/** Receives a message about a value that was repaired or could not be typed as declared. */
export type CoercionIssueSink = (message: string) => void;

const PREVIEW_LENGTH = 120;

/**
 * An object stays as is; a string holding JSON of an object is unwrapped once (through the JSON
 * ladder); null, undefined and blank strings are `{}`; anything else is `{}` plus an issue that
 * says what was received. Never throws.
 */
export function normalizeArguments(raw: unknown): NormalizedArguments {
  try {
    if (raw === null || raw === undefined) return { arguments: {} };
    if (typeof raw === 'string') {
      if (raw.trim() === '') return { arguments: {} };
      const parsed = parseJsonLadder(raw);
      if (!parsed.ok) {
        return {
          arguments: {},
          issue: `arguments are not valid JSON (${parsed.error}); received ${preview(raw)}`,
        };
      }
      if (isPlainObject(parsed.value)) {
        return parsed.repaired === null
          ? { arguments: parsed.value }
          : { arguments: parsed.value, issue: `arguments JSON was repaired: ${parsed.repairs.join('; ')}` };
      }
      if (parsed.value === null) return { arguments: {} };
      // Unwrapped once only: a string that holds JSON of a string holding an object is reported, not peeled.
      return {
        arguments: {},
        issue: `arguments must be a JSON object; the string held ${kindOf(parsed.value)}: ${preview(raw)}`,
      };
    }
    if (isPlainObject(raw)) return { arguments: raw };
    return { arguments: {}, issue: `arguments must be an object; received ${kindOf(raw)}: ${preview(raw)}` };
  } catch (error) {
    return { arguments: {}, issue: `arguments could not be read: ${String(error)}` };
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : type === 'undefined' ? 'undefined' : `a ${type}`;
}

function preview(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > PREVIEW_LENGTH
    ? `${JSON.stringify(text.slice(0, PREVIEW_LENGTH))}…`
    : JSON.stringify(text);
}

// ---------------------------------------------------------------------------------------------
// Coercion of XML-family parameter text by JSON Schema.

/** Returned by a coercer that does not apply to the text. */
const NO_MATCH: unique symbol = Symbol('no match');

type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'object' | 'array' | 'string';

/** The order types are tried in when a schema allows several: the most particular first, string last. */
const TYPE_ORDER: readonly JsonType[] = ['null', 'boolean', 'integer', 'number', 'object', 'array', 'string'];

/** Schemas nest `anyOf` inside `anyOf`; past this depth an alternative is not looked at. */
const MAX_SCHEMA_DEPTH = 16;

interface CoercionContext {
  report: CoercionIssueSink | undefined;
  /**
   * Schema objects already tried for this text. The answer depends only on text and schema, so
   * each is tried once: a schema that contains itself cannot loop, and one shared by many
   * alternatives cannot make the walk exponential.
   */
  seen: Set<object>;
}

/** For the coercers that need no context (booleans, null). */
const NO_CONTEXT: CoercionContext = { report: undefined, seen: new Set() };

/** type → coercer. Each gets the exact text and returns the typed value or NO_MATCH. */
const COERCERS: Record<JsonType, (text: string, context: CoercionContext) => unknown> = {
  null: (text) => {
    const word = text.trim();
    return word === 'null' || word === 'None' ? null : NO_MATCH;
  },
  boolean: (text) => {
    const word = text.trim();
    if (word.length > 5) return NO_MATCH;
    const lower = word.toLowerCase();
    return lower === 'true' ? true : lower === 'false' ? false : NO_MATCH;
  },
  integer: (text) => {
    const number = parseDecimal(text);
    // Beyond 2^53 a number would silently change its digits: the text is kept instead.
    return number !== null && Number.isSafeInteger(number) ? number : NO_MATCH;
  },
  number: (text) => parseDecimal(text) ?? NO_MATCH,
  object: (text, context) => parseContainer(text, '{', context),
  array: (text, context) => parseContainer(text, '[', context),
  string: (text) => text,
};

// Not in char-codes.ts, which belongs to the scanners.
const PLUS = 43;
const LOWER_E = 101;
const UPPER_E = 69;

/**
 * A finite number written in decimal: `3`, `-3.0`, `+1e2`, `007`, `.5`. Not `0x10`, `Infinity` or
 * the empty string, which `Number()` would also accept.
 */
function parseDecimal(text: string): number | null {
  const word = text.trim();
  let i = 0;
  const first = charCodeAt.call(word, 0);
  if (first === PLUS || first === MINUS) i++;
  let digits = 0;
  while (isDigit(charCodeAt.call(word, i))) {
    i++;
    digits++;
  }
  if (charCodeAt.call(word, i) === DOT) {
    i++;
    while (isDigit(charCodeAt.call(word, i))) {
      i++;
      digits++;
    }
  }
  if (digits === 0) return null;
  const e = charCodeAt.call(word, i);
  if (e === LOWER_E || e === UPPER_E) {
    i++;
    const sign = charCodeAt.call(word, i);
    if (sign === PLUS || sign === MINUS) i++;
    if (!isDigit(charCodeAt.call(word, i))) return null;
    while (isDigit(charCodeAt.call(word, i))) i++;
  }
  if (i !== word.length) return null;
  const number = Number(word);
  return Number.isFinite(number) ? number : null;
}

function parseContainer(text: string, opener: '{' | '[', context: CoercionContext): unknown {
  const body = text.trim();
  if (!body.startsWith(opener)) return NO_MATCH;
  const parsed = parseJsonLadder(body);
  if (!parsed.ok) return parseEscapedContainer(body, opener, context);
  const fits = opener === '{' ? isPlainObject(parsed.value) : Array.isArray(parsed.value);
  if (!fits) return NO_MATCH;
  if (parsed.repaired !== null) context.report?.(`repaired JSON: ${parsed.repairs.join('; ')}`);
  return parsed.value;
}

/**
 * JSON escaped once more, `[{\"id\": \"1\"}]`: what a model writes when it copies the inside of
 * a JSON string (GLM does, sglang's tests show). Read as the body of a JSON string, then as JSON.
 */
function parseEscapedContainer(body: string, opener: '{' | '[', context: CoercionContext): unknown {
  if (!body.includes('\\"')) return NO_MATCH;
  let inner: unknown;
  try {
    inner = JSON.parse(`"${body}"`);
  } catch {
    return NO_MATCH;
  }
  if (typeof inner !== 'string') return NO_MATCH;
  const unescaped = inner.trim();
  if (!unescaped.startsWith(opener)) return NO_MATCH;
  const parsed = parseJsonLadder(unescaped);
  if (!parsed.ok) return NO_MATCH;
  const fits = opener === '{' ? isPlainObject(parsed.value) : Array.isArray(parsed.value);
  if (!fits) return NO_MATCH;
  context.report?.('repaired JSON: it was escaped as the inside of a string; unescaped once');
  return parsed.value;
}

function isJsonType(value: unknown): value is JsonType {
  return typeof value === 'string' && (TYPE_ORDER as readonly string[]).includes(value);
}

/** The types a schema's `type` keyword names (`'integer'` or `['integer', 'null']`). */
function declaredTypes(schema: Record<string, unknown>): Set<JsonType> {
  const type = getOwn(schema, 'type');
  const types = new Set<JsonType>();
  if (isJsonType(type)) types.add(type);
  else if (Array.isArray(type)) for (const entry of type) if (isJsonType(entry)) types.add(entry);
  return types;
}

function alternatives(schema: Record<string, unknown>): Record<string, unknown>[] {
  const result: Record<string, unknown>[] = [];
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const list = getOwn(schema, keyword);
    if (Array.isArray(list)) for (const entry of list) if (isPlainObject(entry)) result.push(entry);
  }
  return result;
}

/** Whether the text stands for `member` of an `enum` / a `const`: its exact text, or its JSON form. */
function matchesMember(text: string, member: unknown): boolean {
  if (typeof member === 'string') return member === text || member === text.trim();
  try {
    const word = text.trim();
    if (typeof member === 'number') return parseDecimal(word) === member;
    if (typeof member === 'boolean') return COERCERS.boolean(word, NO_CONTEXT) === member;
    if (member === null) return COERCERS.null(word, NO_CONTEXT) === null;
    return JSON.stringify(member) === word;
  } catch {
    return false;
  }
}

/** Finds the member the text stands for: an exact string match wins over a number's text form. */
function matchEnum(text: string, members: unknown[]): unknown {
  for (const member of members) if (typeof member === 'string' && member === text) return member;
  for (const member of members) if (matchesMember(text, member)) return member;
  return NO_MATCH;
}

/**
 * Types the text by one schema without falling back to a plain string: `const`, then `enum`, then
 * the non-string declared types in TYPE_ORDER, then each `anyOf` / `oneOf` alternative.
 */
function coerceStrictly(
  text: string,
  schema: Record<string, unknown>,
  depth: number,
  context: CoercionContext,
): unknown {
  if (depth > MAX_SCHEMA_DEPTH || context.seen.has(schema)) return NO_MATCH;
  context.seen.add(schema);
  if (Object.hasOwn(schema, 'const')) {
    const constant = getOwn(schema, 'const');
    if (matchesMember(text, constant)) return constant;
  }
  const members = getOwn(schema, 'enum');
  if (Array.isArray(members)) {
    const member = matchEnum(text, members);
    if (member !== NO_MATCH) return member;
  }
  const types = declaredTypes(schema);
  for (const type of TYPE_ORDER) {
    if (type === 'string' || !types.has(type)) continue;
    const value = COERCERS[type](text, context);
    if (value !== NO_MATCH) return value;
  }
  for (const alternative of alternatives(schema)) {
    const value = coerceStrictly(text, alternative, depth + 1, context);
    if (value !== NO_MATCH) return value;
  }
  return NO_MATCH;
}

/** Whether the schema (or one of its alternatives) accepts a plain string. */
function allowsString(schema: Record<string, unknown>, depth: number, seen: Set<object>): boolean {
  if (depth > MAX_SCHEMA_DEPTH || seen.has(schema)) return false;
  seen.add(schema);
  if (declaredTypes(schema).has('string')) return true;
  return alternatives(schema).some((alternative) => allowsString(alternative, depth + 1, seen));
}

/** Whether the schema says anything about the value's type at all. */
function constrainsType(schema: Record<string, unknown>): boolean {
  return (
    declaredTypes(schema).size > 0 ||
    Array.isArray(getOwn(schema, 'enum')) ||
    Object.hasOwn(schema, 'const') ||
    alternatives(schema).length > 0
  );
}

/**
 * Without a schema: a JSON literal (number, true, false, null), object or array is parsed; anything
 * else — `007`, `None`, prose, broken JSON — stays the exact text.
 */
function inferValue(text: string, report?: CoercionIssueSink): unknown {
  const word = text.trim();
  if (word === 'true') return true;
  if (word === 'false') return false;
  if (word === 'null') return null;
  const first = charCodeAt.call(word, 0);
  if (!(isDigit(first) || first === MINUS || word.startsWith('{') || word.startsWith('['))) return text;
  try {
    const value: unknown = JSON.parse(word);
    if (typeof value === 'number') {
      return Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value))
        ? value
        : text;
    }
    if (typeof value === 'object' && value !== null && !exceedsDepth(value, DEFAULT_MAX_DEPTH)) return value;
    return text;
  } catch {
    // An object or array escaped once more is still one (see parseEscapedContainer).
    const opener = word.startsWith('{') ? '{' : word.startsWith('[') ? '[' : null;
    if (opener === null) return text;
    const value = parseEscapedContainer(word, opener, { report, seen: new Set() });
    return value === NO_MATCH || exceedsDepth(value, DEFAULT_MAX_DEPTH) ? text : value;
  }
}

/**
 * Types one XML-family parameter value (always text) by the JSON Schema of its parameter. String
 * types keep the exact text; a value a declared type cannot read stays the text and is reported
 * through `onIssue`; without a (type-constraining) schema, see `inferValue`. Never throws.
 */
export function coerceValue(
  text: string,
  schema?: Record<string, unknown>,
  onIssue?: CoercionIssueSink,
): unknown {
  try {
    if (typeof text !== 'string') return text;
    if (!isPlainObject(schema) || !constrainsType(schema)) return inferValue(text, onIssue);
    const context: CoercionContext = { report: onIssue, seen: new Set() };
    const value = coerceStrictly(text, schema, 0, context);
    if (value !== NO_MATCH) return value;
    if (!allowsString(schema, 0, new Set())) {
      onIssue?.(`value ${preview(text)} does not match the declared schema; kept as text`);
    }
    return text;
  } catch {
    return text;
  }
}

/**
 * The schema of one key of an object schema: `properties[key]` when the key is declared (a
 * declared key that is not an object schema, `true`, takes any value), else `additionalProperties`
 * when that is a schema; undefined otherwise.
 */
export function propertySchema(
  schema: Record<string, unknown> | undefined,
  key: string,
): Record<string, unknown> | undefined {
  if (!isPlainObject(schema)) return undefined;
  const properties = getOwn(schema, 'properties');
  const own = isPlainObject(properties) ? getOwn(properties, key) : undefined;
  if (own !== undefined) return isPlainObject(own) ? own : undefined;
  const additional = getOwn(schema, 'additionalProperties');
  return isPlainObject(additional) ? additional : undefined;
}

/**
 * Types every parameter of a call by `parametersSchema.properties[key]` (or
 * `additionalProperties` when that is a schema: see propertySchema). Never throws.
 */
export function coerceArguments(
  values: Record<string, string>,
  parametersSchema?: Record<string, unknown>,
  onIssue?: CoercionIssueSink,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  try {
    if (!isPlainObject(values)) return result;
    for (const key of Object.keys(values)) {
      const raw = getOwn(values, key);
      const schema = propertySchema(parametersSchema, key);
      const report = onIssue
        ? (message: string) => onIssue(`parameter ${JSON.stringify(key)}: ${message}`)
        : undefined;
      setOwn(result, key, typeof raw === 'string' ? coerceValue(raw, schema, report) : raw);
    }
  } catch {
    // A hostile `values` (a throwing getter) ends the loop; what was typed so far is kept.
  }
  return result;
}
