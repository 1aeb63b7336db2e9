/**
 * Arguments written as words, `KEY VALUE KEY VALUE …` (LLxprt Code's `✦ tool_call: NAME for path
 * /home/user ignore *.log`). Where keys end and values begin: with a declared schema, a word that
 * names a parameter starts the next pair, so a value may hold spaces (`path /my docs ignore
 * *.log`); without one, words alternate key, value, and a value with spaces must be quoted.
 * Values are typed by the parameter's schema, or read as JSON literals (`42`, `true`) when there
 * is none (architecture/semantics.md, guarantee 2).
 */
import { coerceValue } from './arguments.js';
import { CARRIAGE_RETURN, LINE_FEED, SPACE, TAB } from './char-codes.js';
import type { BodyContext, BodyIssue } from './markup-spec.js';
import { getOwn, isPlainObject, setOwn } from './safe-object.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** The words of `text`: runs between spaces, tabs and line breaks. */
export function splitWords(text: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? charCodeAt.call(text, i) : SPACE;
    const blank = c === SPACE || c === TAB || c === CARRIAGE_RETURN || c === LINE_FEED;
    if (blank) {
      if (start !== -1) out.push(text.slice(start, i));
      start = -1;
    } else if (start === -1) {
      start = i;
    }
  }
  return out;
}

function unquote(value: string): string {
  const q = value[0];
  if (value.length >= 2 && (q === '"' || q === "'") && value.endsWith(q)) return value.slice(1, -1);
  return value;
}

/** Pairs by the schema's parameter names: a parameter name starts the next pair. */
function pairsBySchema(words: readonly string[], keys: ReadonlySet<string>): Array<[string, string]> | null {
  if (!keys.has(words[0]!)) return null;
  const pairs: Array<[string, string[]]> = [];
  for (const t of words) {
    const current = pairs[pairs.length - 1];
    if (keys.has(t) && (current === undefined || current[1].length > 0)) pairs.push([t, []]);
    else current![1].push(t);
  }
  return pairs.map(([k, v]) => [k, unquote(v.join(' '))]);
}

/** Pairs by position: key, value, key, value; a quoted value runs to its closing quote. */
function pairsByPosition(words: readonly string[], issues: BodyIssue[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  let i = 0;
  while (i < words.length) {
    const key = words[i]!;
    if (i + 1 >= words.length) {
      issues.push({
        kind: 'malformed-call',
        message: `A key without a value was dropped: ${key}.`,
        raw: key,
      });
      break;
    }
    let j = i + 1;
    const first = words[j]!;
    const q = first[0];
    if ((q === '"' || q === "'") && !(first.length >= 2 && first.endsWith(q))) {
      while (j + 1 < words.length && !words[j]!.endsWith(q)) j++;
    }
    pairs.push([key, unquote(words.slice(i + 1, j + 1).join(' '))]);
    i = j + 1;
  }
  return pairs;
}

/**
 * The arguments of the tool `name` from its key and value words; what was dropped or typed is
 * reported in `issues`.
 */
export function wordArguments(
  words: readonly string[],
  name: string,
  ctx: BodyContext,
  issues: BodyIssue[],
): Record<string, unknown> {
  const schema = ctx.options.tools?.parameters(name);
  const props = schema ? getOwn(schema, 'properties') : undefined;
  const keys = new Set(isPlainObject(props) ? Object.keys(props) : []);
  const pairs = (words.length > 0 && pairsBySchema(words, keys)) || pairsByPosition(words, issues);
  const args: Record<string, unknown> = {};
  for (const [key, text] of pairs) {
    const propSchema = isPlainObject(props) ? getOwn(props, key) : undefined;
    const value = coerceValue(text, isPlainObject(propSchema) ? propSchema : undefined, (message) =>
      issues.push({ kind: 'arguments-coerced', message: `"${name}", ${key}: ${message}.`, raw: text }),
    );
    setOwn(args, key, value);
  }
  return args;
}
