/**
 * The generic tag forms models fall into when a prompt shows them XML (Atlas AnyLegal’s XML tags, Claude-trained
 * models on other APIs):
 *
 *   <tool><name>search</name><arguments><query>…</query></arguments></tool>
 *   <tool>enter_plan_mode</tool>
 *   <parameter name="reason">…</parameter>        ← after the close: the block's trailing elements
 *
 * and the Morph form, the tool's own name as the tag: `<get_weather><location>SF</location></get_weather>`.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  isJsonSpace,
  isPlainObject,
  parseJsonLadder,
  type RawCall,
} from '@toolformat/core/kit';
import { decodeName, readChildElements } from './invoke-body.js';
import { ArgumentCollector, valueText } from './values.js';
import { nextTag, scanValue, type Tag, type ValueRules } from './xml-scan.js';

/** Tags that hold the arguments inside `<tool>`. */
const ARGUMENT_CONTAINERS = new Set(['arguments', 'parameters', 'args', 'input', 'params']);
/** Tags that hold the name inside `<tool>`. */
const NAME_TAGS = new Set(['name', 'tool_name', 'function', 'function_name']);

const isParamOpen = (t: Tag) => !t.closing && t.local === 'parameter' && (t.name !== null || t.eq !== null);
const TRAILING_RULES: ValueRules = {
  isClose: (t) => t.closing && t.local === 'parameter',
  canFollow: (t) => t.local === 'parameter',
  isStop: isParamOpen,
};

/**
 * `<tool>` / `<tool_use>` blocks. `close` is the block's close tag: when trailing `<parameter>`
 * elements followed it, the body holds the close and them (see BlockSpec.trailing).
 */
export function toolTagBody(close: string) {
  return (body: string, ctx: BodyContext): BodyResult => {
    const cut = body.indexOf(close);
    const head = cut === -1 ? body : body.slice(0, cut);
    const issues: BodyIssue[] = [];
    const args = new ArgumentCollector();
    let p = 0;
    while (p < head.length && isJsonSpace(head.charCodeAt(p))) p++;
    let name: string | null;
    if (head.charCodeAt(p) === 60 /* < */) {
      name = readNamedChildren(head, p, args);
    } else {
      name = plainName(head);
    }
    if (name === null || name === '')
      return { calls: [], error: `no tool name inside the ${close.replace('/', '')} tag` };
    if (cut !== -1) readTrailing(body, cut + close.length, args);
    return { calls: [{ name, arguments: args.build(name, ctx, issues) }], issues };
  };
}

/** A bare name: one word (prose between the tags is not a call). */
function plainName(text: string): string | null {
  const name = decodeName(text);
  if (name === '' || name.length > 200) return null;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (isJsonSpace(c) || c === 123 || c === 91 || c === 60) return null;
  }
  return name;
}

/** `<name>x</name><arguments>…</arguments>`: returns the name, fills `args`. */
function readNamedChildren(head: string, from: number, args: ArgumentCollector): string | null {
  let name: string | null = null;
  let i = from;
  for (;;) {
    const tag = nextTag(head, i);
    if (tag === null) break;
    if (tag.closing) {
      i = tag.end;
      continue;
    }
    if (NAME_TAGS.has(tag.local) && name === null) {
      const closeTag = `</${tag.prefix === '' ? '' : `${tag.prefix}:`}${tag.local}>`;
      const close = head.indexOf(closeTag, tag.end);
      name = decodeName(head.slice(tag.end, close === -1 ? head.length : close));
      i = close === -1 ? head.length : close + closeTag.length;
      continue;
    }
    if (ARGUMENT_CONTAINERS.has(tag.local)) {
      i = readArguments(head, tag, args);
      continue;
    }
    i = tag.end;
  }
  return name;
}

/** The inside of `<arguments>`: child elements, or one JSON object. */
function readArguments(head: string, open: Tag, args: ArgumentCollector): number {
  let p = open.end;
  while (p < head.length && isJsonSpace(head.charCodeAt(p))) p++;
  if (head.charCodeAt(p) === 123 /* { */) {
    const closeTag = `</${open.local}>`;
    const close = head.indexOf(closeTag, p);
    const json = head.slice(p, close === -1 ? head.length : close);
    const parsed = parseJsonLadder(json.trim());
    if (parsed.ok && isPlainObject(parsed.value)) {
      for (const [k, v] of Object.entries(parsed.value)) args.addTyped(k, v);
    }
    return close === -1 ? head.length : close + closeTag.length;
  }
  return readChildElements(head, open.end, head.length, open.local, args);
}

/** `<parameter name="k">v</parameter>` elements after the block's close. */
function readTrailing(body: string, from: number, args: ArgumentCollector): void {
  let i = from;
  for (;;) {
    const tag = nextTag(body, i);
    if (tag === null) return;
    if (!isParamOpen(tag)) {
      i = tag.end;
      continue;
    }
    const span = scanValue(body, tag.end, body.length, TRAILING_RULES);
    args.add(decodeName(tag.name ?? tag.eq ?? ''), valueText(body.slice(span.start, span.end), 'inline'));
    i = span.next;
  }
}

/** Morph: the block is `<NAME>…</NAME>` for a declared tool; its children are the arguments. */
export function toolNameTagBody(name: string) {
  return (body: string, ctx: BodyContext): BodyResult => {
    const issues: BodyIssue[] = [];
    const args = new ArgumentCollector();
    let p = 0;
    while (p < body.length && isJsonSpace(body.charCodeAt(p))) p++;
    if (body.charCodeAt(p) === 123 /* { */) {
      const parsed = parseJsonLadder(body.trim());
      if (!parsed.ok || !isPlainObject(parsed.value)) {
        return { calls: [], error: `the JSON inside <${name}> does not parse` };
      }
      const call: RawCall = { name, arguments: parsed.value };
      return { calls: [call], issues };
    }
    if (p < body.length && body.charCodeAt(p) !== 60) {
      // Prose between the tags: `<search>` used as a word is not a call.
      return { calls: [], notMarkup: true };
    }
    readChildElements(body, p, body.length, null, args);
    return { calls: [{ name, arguments: args.build(name, ctx, issues) }], issues };
  };
}
