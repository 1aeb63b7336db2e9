/**
 * DSML parameter values → typed arguments. The model says how it wrote each value: `string="true"`
 * raw text, `string="false"` JSON. The tool's JSON Schema, when it types the parameter, decides
 * (a model that marks `42` as a string for an integer parameter still means the number); without
 * one the attribute does, and a value without the attribute is read as every XML-family value is
 * (architecture/semantics.md, guarantee 2: a JSON literal, object or array is parsed, anything else stays text).
 */
import {
  type BodyContext,
  type BodyIssue,
  coerceValue,
  getOwn,
  isPlainObject,
  parseJsonLadder,
  setOwn,
} from '@toolformat/core/kit';

export interface Param {
  key: string;
  text: string;
  /** The `string` attribute as written, if any. */
  string: string | undefined;
}

/** Whether a schema says anything about a value's type (else the attribute decides). */
function typesValue(schema: unknown): schema is Record<string, unknown> {
  if (!isPlainObject(schema)) return false;
  for (const k of ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf'])
    if (Object.hasOwn(schema, k)) return true;
  return false;
}

export function typeValue(param: Param, schema: unknown, report: (message: string) => void): unknown {
  const attr = param.string?.trim().toLowerCase();
  const text = param.text;
  if (attr === 'false') {
    // A string written as JSON (`"a</｜DSML｜parameter>b"` escaped) is that string.
    const t = text.trim();
    if (t.startsWith('"')) {
      try {
        const v: unknown = JSON.parse(t);
        if (typeof v === 'string') return v;
      } catch {
        // Not a JSON string: typed below.
      }
    }
  }
  if (typesValue(schema)) return coerceValue(text, schema, report);
  if (attr === 'true') return text;
  return coerceValue(text, undefined, report);
}

/**
 * Keys a model wraps all arguments in (`<parameter name="arguments">{…}</parameter>`), when the tool
 * has no parameter of that name: vLLM repairs them, and so do we, with an issue.
 */
const WRAPPERS = new Set(['arguments', 'input', 'parameters', 'args']);

export function buildArguments(
  tool: string,
  params: readonly Param[],
  ctx: BodyContext,
  issues: BodyIssue[],
): Record<string, unknown> {
  const tools = ctx.options.tools;
  const args: Record<string, unknown> = {};
  for (const param of params) {
    if (param.key === '') {
      issues.push({
        kind: 'malformed-call',
        message: `A parameter of ${tool} without a name was removed.`,
        raw: param.text,
      });
      continue;
    }
    const schema = tools?.parameter(tool, param.key);
    const report = (message: string) =>
      issues.push({
        kind: 'arguments-coerced',
        message: `${tool}: parameter ${JSON.stringify(param.key)}: ${message}`,
        raw: param.text,
      });
    setOwn(args, param.key, typeValue(param, schema, report));
  }
  const only = params.length === 1 ? params[0] : undefined;
  if (only && WRAPPERS.has(only.key) && tools?.parameter(tool, only.key) === undefined) {
    const value = getOwn(args, only.key);
    let inner: unknown = value;
    if (typeof value === 'string' && value.trim().startsWith('{')) {
      const parsed = parseJsonLadder(value.trim());
      inner = parsed.ok ? parsed.value : undefined;
    }
    if (isPlainObject(inner)) {
      issues.push({
        kind: 'arguments-coerced',
        message: `${tool}: the single parameter ${JSON.stringify(only.key)} held all the arguments; unwrapped.`,
        raw: only.text,
      });
      return inner;
    }
  }
  return args;
}
