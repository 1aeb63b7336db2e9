/**
 * A call's arguments written as one free-form value (ReAct's `Action Input:`, Qwen-Agent's
 * `✿ARGS✿:`): a JSON object (read through the JSON ladder, every repair reported), a quoted JSON
 * string, or bare text (LangChain's single-input tools: `Action Input: weather in Paris`). A value
 * that is not an object is only an argument when the tool's schema says where it goes: its one
 * string parameter (or its one parameter). Anything else is an issue, never a guess
 * (architecture/semantics.md, guarantee 2).
 */
import type { ToolIndex } from '../tools.js';
import { coerceValue } from './arguments.js';
import { jsonRepaired } from './call-arguments.js';
import { BRACE_OPEN, BRACKET_OPEN, QUOTE } from './char-codes.js';
import { lostToTruncation, unclosedProblem } from './json-calls.js';
import { parseJsonLadder } from './json-ladder.js';
import type { KeyedValue } from './keyed-values.js';
import type { BodyIssue } from './markup-spec.js';
import { getOwn, isPlainObject } from './safe-object.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export type ValueArguments =
  | { ok: true; arguments: Record<string, unknown>; repairs?: readonly string[] }
  | { ok: false; kind: 'malformed-call' | 'partial-call'; reason: string };

export interface ValueArgumentsOptions {
  tools: ToolIndex | null;
  maxDepth: number;
  /** How reasons name the value: `the Action Input`. */
  label: string;
}

/** Removes a code fence or inline code span around the whole value (```json … ```). */
export function unwrapCode(value: string): string {
  let v = value.trim();
  if (v.startsWith('```')) {
    const nl = v.indexOf('\n');
    v = nl === -1 ? '' : v.slice(nl + 1);
    const close = v.lastIndexOf('```');
    if (close !== -1 && v.slice(close + 3).trim() === '') v = v.slice(0, close);
    return v.trim();
  }
  if (v.length >= 2 && v.startsWith('`') && v.endsWith('`') && !v.slice(1, -1).includes('`')) {
    return v.slice(1, -1).trim();
  }
  return v;
}

/** The schema's properties as [name, schema] pairs. */
function propertiesOf(schema: Record<string, unknown> | undefined): Array<[string, unknown]> {
  const props = schema ? getOwn(schema, 'properties') : undefined;
  return isPlainObject(props) ? Object.entries(props) : [];
}

function isStringSchema(schema: unknown): boolean {
  if (!isPlainObject(schema)) return false;
  const type = getOwn(schema, 'type');
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
}

/**
 * A single value (not an object) as the arguments of `name`: the tool's only string parameter
 * takes a string; a tool with exactly one parameter takes any value, typed by its schema.
 */
function singleParameter(
  value: unknown,
  name: string,
  tools: ToolIndex | null,
): Record<string, unknown> | null {
  const props = propertiesOf(tools?.parameters(name));
  if (typeof value === 'string') {
    const strings = props.filter(([, s]) => isStringSchema(s));
    if (strings.length === 1) return { [strings[0]![0]]: value };
  }
  if (props.length === 1) {
    const [key, schema] = props[0]!;
    const typed = typeof value === 'string' && isPlainObject(schema) ? coerceValue(value, schema) : value;
    return { [key]: typed };
  }
  return null;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return 'text';
  if (Array.isArray(value)) return 'a JSON array';
  return `a JSON ${typeof value}`;
}

/** Reads one value (already cut to its extent) as the arguments of the tool `name`. Never throws. */
export function readValueArguments(
  text: string,
  name: string,
  options: ValueArgumentsOptions,
): ValueArguments {
  const { tools, maxDepth, label } = options;
  const value = unwrapCode(text);
  if (value === '') return { ok: true, arguments: {} };
  const first = charCodeAt.call(value, 0);
  let parsed: unknown = value;
  let repairs: readonly string[] | undefined;
  // JSON: an object or array, or a quoted string (`"Paris"`).
  if (first === BRACE_OPEN || first === BRACKET_OPEN || first === QUOTE) {
    const r = parseJsonLadder(value, { maxDepth });
    if (r.ok) {
      if (r.repaired !== null) {
        const lost = lostToTruncation(r.repairs);
        if (lost !== null) {
          return {
            ok: false,
            kind: 'partial-call',
            reason: `the JSON breaks off (${lost}), so the arguments are incomplete`,
          };
        }
        repairs = r.repairs;
      }
      parsed = r.value;
    } else if (first !== QUOTE) {
      return { ok: false, kind: 'malformed-call', reason: `${label} is not valid JSON (${r.error})` };
    }
  } else if (value === 'None' || value === 'null' || value === '{}') {
    // LangChain agents write `Action Input: None` for a tool without parameters.
    return { ok: true, arguments: {} };
  }
  if (isPlainObject(parsed))
    return repairs === undefined ? { ok: true, arguments: parsed } : { ok: true, arguments: parsed, repairs };
  if (parsed === null) return { ok: true, arguments: {} };
  const single = Array.isArray(parsed) ? null : singleParameter(parsed, name, tools);
  if (single !== null) return { ok: true, arguments: single };
  return {
    ok: false,
    kind: 'malformed-call',
    reason:
      `${label} is ${describe(parsed)}, not a JSON object, and ` +
      (tools?.has(name)
        ? `"${name}" does not have exactly one string parameter to take it`
        : `no declared schema of "${name}" says which parameter takes it`),
  };
}

export type KeyedArguments =
  | { ok: true; arguments: Record<string, unknown>; issues: BodyIssue[] }
  | { ok: false; kind: 'malformed-call' | 'partial-call'; reason: string };

/**
 * The arguments in a value `KeyedValues` cut out of `body`: its JSON when it has some (a value
 * still open where the section ends is cut off or too deep: not a call), else its text; a repair
 * of the JSON is reported as a `json-repaired` issue.
 */
export function readKeyedArguments(
  body: string,
  value: KeyedValue<unknown>,
  name: string,
  options: ValueArgumentsOptions,
): KeyedArguments {
  const { start, end, jsonStart, jsonEnd } = value;
  const text = jsonEnd !== -1 ? body.slice(jsonStart, jsonEnd) : body.slice(start, end);
  // The reader's own scan says whether the cut value has a problem; only then is it scanned again
  // for the words (a run of cut values is not scanned twice over).
  const known = value.jsonInString !== undefined && value.jsonDepth !== undefined;
  const suspect = !known || value.jsonInString === true || value.jsonDepth! > options.maxDepth;
  if (jsonStart !== -1 && jsonEnd === -1 && suspect) {
    const problem = unclosedProblem(body.slice(0, end), jsonStart, options.maxDepth);
    if (problem !== null) return { ok: false, kind: problem.kind, reason: problem.reason };
  }
  const r = readValueArguments(text, name, options);
  if (!r.ok) return r;
  const issues = r.repairs === undefined ? [] : [jsonRepaired(r.repairs, text.trim())];
  return { ok: true, arguments: r.arguments, issues };
}
