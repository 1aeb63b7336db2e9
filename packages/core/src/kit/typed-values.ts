/**
 * The arguments of a call written as text values (XML parameters, DSML parameters, GLM's
 * `<arg_value>`), typed by the tool's JSON Schema once the call's name is known
 * (architecture/semantics.md, guarantee 2, through `coerceValue`). What differs between the
 * formats is declared in TypedArgumentsOptions; the typing is the same.
 */
import { coerceValue } from './arguments.js';
import { parseJsonLadder } from './json-ladder.js';
import type { BodyContext, BodyIssue } from './markup-spec.js';
import { getOwn, isPlainObject, setOwn } from './safe-object.js';

export interface TypedArgumentsOptions {
  /**
   * The format writes scalars with Python's `str()` (Qwen3-Coder's and Seed-OSS's templates:
   * `True`, `False`, `None`), so without a schema those words are the literals; with one, the
   * schema decides as everywhere.
   */
  pythonScalars?: boolean;
  /**
   * How an issue about one argument reads: `argument` — `Argument "k" of "tool": …`, a JSON repair
   * reported as `json-repaired`; `parameter` — `tool: parameter "k": …`, always `arguments-coerced`.
   */
  wording?: 'argument' | 'parameter';
  /** An argument without a key is dropped, with a `malformed-call` issue (else kept under ''). */
  dropUnnamed?: boolean;
  /**
   * Keys a model wraps all arguments in (`<parameter name="arguments">{…}</parameter>`): a call whose
   * one argument has such a key the tool does not declare gets the object inside, with an issue.
   */
  wrappers?: ReadonlySet<string>;
}

const PYTHON_SCALARS: Record<string, boolean | null> = { True: true, False: false, None: null };

/** A value written as text (`times`: how many times in a row it was added, alike), or a typed one. */
type Entry =
  | { key: string; text: string; writtenAs: string | undefined; times: number }
  | { key: string; typed: unknown };

/**
 * Collects the parameters of one call and types them by the declared schema once the call's name
 * is known. A repeated key keeps its last value.
 */
export class ArgumentCollector {
  private readonly entries: Entry[] = [];
  /** Values added, a repeat included. */
  private added = 0;

  constructor(private readonly options: TypedArgumentsOptions = {}) {}

  /**
   * A value written as text, typed in `build`. `writtenAs` is how the model said it wrote it
   * (DSML's `string="true"`: raw text, `"false"`: JSON).
   */
  add(key: string, text: string, writtenAs?: string): void {
    this.added++;
    // The same value again right after itself (a megabyte of one cut call) is counted, not kept:
    // it is typed alike every time.
    const last = this.entries.length > 0 ? this.entries[this.entries.length - 1]! : null;
    if (
      last !== null &&
      'text' in last &&
      last.key === key &&
      last.text === text &&
      last.writtenAs === writtenAs
    ) {
      last.times++;
      return;
    }
    this.entries.push({ key, text, writtenAs, times: 1 });
  }

  /** A value that arrived typed (a JSON object of arguments). */
  addTyped(key: string, value: unknown): void {
    this.added++;
    this.entries.push({ key, typed: value });
  }

  get size(): number {
    return this.added;
  }

  /** The arguments of `name`, typed; what typing changed or doubted goes to `issues`. */
  build(name: string, ctx: BodyContext, issues: BodyIssue[]): Record<string, unknown> {
    const { pythonScalars, dropUnnamed, wrappers } = this.options;
    const byParameter = this.options.wording === 'parameter';
    const tools = ctx.options.tools;
    const args: Record<string, unknown> = {};
    for (const entry of this.entries) {
      if (!('text' in entry)) {
        setOwn(args, entry.key, entry.typed);
        continue;
      }
      // A value added several times in a row is typed once; its issues stand once per time.
      const before = issues.length;
      typeEntry(entry);
      const after = issues.length;
      for (let t = 1; t < entry.times; t++) for (let k = before; k < after; k++) issues.push(issues[k]!);
    }
    function typeEntry(entry: { key: string; text: string; writtenAs: string | undefined }): void {
      const key = entry.key;
      const text = entry.text;
      if (dropUnnamed && key === '') {
        issues.push({
          kind: 'malformed-call',
          message: `A parameter of ${name} without a name was removed.`,
          raw: text,
        });
        return;
      }
      const schema = tools?.parameter(name, key);
      if (pythonScalars && schema === undefined) {
        const word = text.trim();
        if (Object.hasOwn(PYTHON_SCALARS, word)) {
          setOwn(args, key, PYTHON_SCALARS[word]);
          return;
        }
      }
      const report = (message: string) =>
        issues.push(
          byParameter
            ? {
                kind: 'arguments-coerced',
                message: `${name}: parameter ${JSON.stringify(key)}: ${message}`,
                raw: text,
              }
            : {
                kind: message.startsWith('repaired JSON') ? 'json-repaired' : 'arguments-coerced',
                message: `Argument ${JSON.stringify(key)} of "${name}": ${message}`,
                raw: text,
              },
        );
      setOwn(args, key, typeValue(text, entry.writtenAs, schema, report));
    }
    const only = this.added === 1 ? this.entries[0] : undefined;
    if (only && 'text' in only && wrappers?.has(only.key) && tools?.parameter(name, only.key) === undefined) {
      const inner = unwrapped(getOwn(args, only.key));
      if (isPlainObject(inner)) {
        issues.push({
          kind: 'arguments-coerced',
          message: `${name}: the single parameter ${JSON.stringify(only.key)} held all the arguments; unwrapped.`,
          raw: only.text,
        });
        return inner;
      }
    }
    return args;
  }
}

/** A wrapper's value: an object, or the text of one. */
function unwrapped(value: unknown): unknown {
  if (typeof value !== 'string' || !value.trim().startsWith('{')) return value;
  const parsed = parseJsonLadder(value.trim());
  return parsed.ok ? parsed.value : undefined;
}

/** Whether a schema says anything about a value's type (else the model's `writtenAs` decides). */
function typesValue(schema: unknown): schema is Record<string, unknown> {
  if (!isPlainObject(schema)) return false;
  for (const k of ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf'])
    if (Object.hasOwn(schema, k)) return true;
  return false;
}

/**
 * One value, typed. The tool's JSON Schema, when it types the parameter, decides (a model that
 * marks `42` as a string for an integer parameter still means the number); without one the
 * model's `writtenAs` does, and a value without it is read as every XML-family value is (a JSON
 * literal, object or array is parsed, anything else stays text).
 */
export function typeValue(
  text: string,
  writtenAs: string | undefined,
  schema: unknown,
  report: (message: string) => void,
): unknown {
  const attr = writtenAs?.trim().toLowerCase();
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
  return coerceValue(text, isPlainObject(schema) ? schema : undefined, report);
}
