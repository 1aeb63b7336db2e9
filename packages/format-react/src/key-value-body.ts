/**
 * The key-value line (LLxprt Code’s text parser, LLxprt's text parser): `✦ tool_call: NAME for KEY VALUE KEY VALUE`,
 * e.g. `✦ tool_call: list_directory for path /home/user ignore *.log`. The engine hands over one
 * line (the block ends before a newline or the next `✦`).
 *
 * Where keys end and values begin: with a declared schema, a word that names a parameter starts the
 * next pair, so a value may hold spaces (`for path /my docs ignore *.log`); without one, words
 * alternate key, value, and a value with spaces must be quoted. Values are typed by the parameter's
 * schema, or read as JSON literals (`42`, `true`) when there is none (architecture/semantics.md, guarantee 2).
 */
import {
  type BodyIssue,
  type BodyParser,
  coerceValue,
  getOwn,
  isPlainObject,
  setOwn,
} from '@toolformat/core/kit';
import { isToolName } from './keyed-body.js';

function words(text: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    const blank = c === 32 || c === 9 || c === 13 || c === 10;
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
function pairsBySchema(tokens: readonly string[], keys: ReadonlySet<string>): Array<[string, string]> | null {
  if (!keys.has(tokens[0]!)) return null;
  const pairs: Array<[string, string[]]> = [];
  for (const t of tokens) {
    const current = pairs[pairs.length - 1];
    if (keys.has(t) && (current === undefined || current[1].length > 0)) pairs.push([t, []]);
    else current![1].push(t);
  }
  return pairs.map(([k, v]) => [k, unquote(v.join(' '))]);
}

/** Pairs by position: key, value, key, value; a quoted value runs to its closing quote. */
function pairsByPosition(tokens: readonly string[], issues: BodyIssue[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  let i = 0;
  while (i < tokens.length) {
    const key = tokens[i]!;
    if (i + 1 >= tokens.length) {
      issues.push({
        kind: 'malformed-call',
        message: `A key without a value was dropped: ${key}.`,
        raw: key,
      });
      break;
    }
    let j = i + 1;
    const first = tokens[j]!;
    const q = first[0];
    if ((q === '"' || q === "'") && !(first.length >= 2 && first.endsWith(q))) {
      while (j + 1 < tokens.length && !tokens[j]!.endsWith(q)) j++;
    }
    pairs.push([key, unquote(tokens.slice(i + 1, j + 1).join(' '))]);
    i = j + 1;
  }
  return pairs;
}

export const keyValueBody: BodyParser = (body, ctx) => {
  const tokens = words(body);
  const name = tokens[0];
  if (name === undefined) return { calls: [], error: 'no tool name after `tool_call:`' };
  if (!isToolName(name)) return { calls: [], error: `${JSON.stringify(name)} is not a tool name` };
  if (tokens.length === 1) return { calls: [{ name, arguments: {} }] };
  if (tokens[1] !== 'for')
    return { calls: [], error: 'expected `for` and key-value pairs after the tool name' };
  const rest = tokens.slice(2);
  const issues: BodyIssue[] = [];
  const schema = ctx.options.tools?.parameters(name);
  const props = schema ? getOwn(schema, 'properties') : undefined;
  const keys = new Set(isPlainObject(props) ? Object.keys(props) : []);
  const pairs = (rest.length > 0 && pairsBySchema(rest, keys)) || pairsByPosition(rest, issues);
  const args: Record<string, unknown> = {};
  for (const [key, text] of pairs) {
    const propSchema = isPlainObject(props) ? getOwn(props, key) : undefined;
    const value = coerceValue(text, isPlainObject(propSchema) ? propSchema : undefined, (message) =>
      issues.push({ kind: 'arguments-coerced', message: `"${name}", ${key}: ${message}.`, raw: text }),
    );
    setOwn(args, key, value);
  }
  return { calls: [{ name, arguments: args }], issues };
};
