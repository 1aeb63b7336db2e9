/**
 * MiniMax M3 (vLLM's `minimax_m3`): MiniMax-M2's `<tool_call>` of `<invoke name>` elements, with
 * every structural tag prefixed by the namespace marker `]<]minimax[>[`, and each argument an
 * element named after it, its value text or nested elements:
 *
 *   ]<]minimax[>[<tool_call>
 *   ]<]minimax[>[<invoke name="create_order">]<]minimax[>[<user_id>42]<]minimax[>[</user_id>
 *   ]<]minimax[>[<shipping>]<]minimax[>[<city>Singapore]<]minimax[>[</city>]<]minimax[>[</shipping>
 *   ]<]minimax[>[<items>]<]minimax[>[<item>…]<]minimax[>[</item>]<]minimax[>[</items>
 *   ]<]minimax[>[</invoke>
 *   ]<]minimax[>[</tool_call>
 *
 * Children that are all `<item>` make a list; other children make an object, a repeated name a
 * list of its values. Leaves are typed by the part of the tool's schema they sit under (core's
 * `coerceValue`), so `018956` under `{"type": "integer"}` is 18956. Nesting deeper than
 * MAX_DEPTH is kept as text: the reader's recursion is bounded.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyParser,
  type BodyResult,
  coerceValue,
  getOwn,
  isPlainObject,
  type RawCall,
  setOwn,
} from '@toolformat/core/kit';
import { decodeName } from './invoke-body.js';
import { valueText } from './values.js';
import { nextTag, type Tag } from './xml-scan.js';

/** The namespace marker M3 writes before each of its tags. */
export const M3_NS = ']<]minimax[>[';
const MAX_DEPTH = 16;

type Schema = Record<string, unknown> | undefined;

/** Every invoke in an M3 `<tool_call>` body (the markers already taken out, or not). */
export function m3CallsBody(format: string | undefined): BodyParser {
  return (body: string, ctx: BodyContext): BodyResult => {
    const text = body.replaceAll(M3_NS, '');
    const calls: RawCall[] = [];
    const issues: BodyIssue[] = [];
    let truncated = false;
    let i = 0;
    for (;;) {
      let tag = nextTag(text, i);
      while (tag !== null && !(tag.local === 'invoke' && !tag.closing)) tag = nextTag(text, tag.end);
      if (tag === null) break;
      const name = decodeName(tag.name ?? tag.eq ?? '');
      const schema = ctx.options.tools?.parameters(name);
      const read = readChildren(text, tag.end, 'invoke', 0);
      truncated ||= !read.closed;
      i = read.next;
      if (name === '') {
        issues.push({
          kind: 'malformed-call',
          message: 'An <invoke> without a name was removed.',
          raw: text.slice(tag.start, i),
        });
        continue;
      }
      calls.push({ name, arguments: objectOf(read.children, isPlainObject(schema) ? schema : undefined) });
    }
    if (calls.length === 0)
      return { calls, issues, error: 'no <invoke name="…"> in the MiniMax M3 tool call' };
    if (truncated && !ctx.closed)
      issues.push({
        kind: 'partial-call',
        message: 'The output ended inside a call; its last argument may be cut off.',
        raw: body,
      });
    return format === undefined ? { calls, issues } : { calls, issues, format };
  };
}

/** An element's value before typing: its text, or its children by name. */
type Raw = string | { children: Array<[string, Raw]> };

function readChildren(
  text: string,
  from: number,
  local: string,
  depth: number,
): { children: Array<[string, Raw]>; next: number; closed: boolean; textEnd: number } {
  const children: Array<[string, Raw]> = [];
  let i = from;
  for (;;) {
    const tag: Tag | null = nextTag(text, i);
    if (tag === null) return { children, next: text.length, closed: false, textEnd: text.length };
    if (tag.closing) {
      if (tag.local === local) return { children, next: tag.end, closed: true, textEnd: tag.start };
      i = tag.end;
      continue;
    }
    if (depth >= MAX_DEPTH) {
      i = tag.end;
      continue;
    }
    const inner = readChildren(text, tag.end, tag.local, depth + 1);
    const value: Raw =
      inner.children.length === 0
        ? valueText(text.slice(tag.end, inner.textEnd), 'inline')
        : { children: inner.children };
    children.push([tag.local, value]);
    i = inner.next;
    if (!inner.closed) return { children, next: i, closed: false, textEnd: i };
  }
}

function propertySchema(schema: Schema, key: string): Schema {
  if (schema === undefined) return undefined;
  const props = getOwn(schema, 'properties');
  const own = isPlainObject(props) ? getOwn(props, key) : undefined;
  if (isPlainObject(own)) return own;
  const extra = getOwn(schema, 'additionalProperties');
  return isPlainObject(extra) ? extra : undefined;
}

function typeBy(value: Raw, schema: Schema): unknown {
  if (typeof value === 'string') return coerceValue(value, schema);
  const { children } = value;
  if (children.every(([k]) => k === 'item')) {
    const items = schema === undefined ? undefined : getOwn(schema, 'items');
    return children.map(([, v]) => typeBy(v, isPlainObject(items) ? items : undefined));
  }
  return objectOf(children, schema);
}

/** Children by name, typed; a name written more than once is the list of its values. */
function objectOf(children: Array<[string, Raw]>, schema: Schema): Record<string, unknown> {
  const grouped = new Map<string, unknown[]>();
  for (const [k, v] of children) {
    const typed = typeBy(v, propertySchema(schema, k));
    const list = grouped.get(k);
    if (list === undefined) grouped.set(k, [typed]);
    else list.push(typed);
  }
  const out: Record<string, unknown> = {};
  for (const [k, list] of grouped) setOwn(out, k, list.length === 1 ? list[0] : list);
  return out;
}
