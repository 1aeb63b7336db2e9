/**
 * Calls written as a name and then key/value tag pairs: `NAME<arg_key>k</arg_key><arg_value>v
 * </arg_value>…` (GLM-4.5 / 4.6 / 4.7 inside `<tool_call>`, Hunyuan 3 after `NAME<tool_sep>`). A
 * format declares the key tag, the value tag and the characters that end the name; values are
 * typed by the tool's schema through the ArgumentCollector.
 *
 * Every scan moves forward over tags read by the attribute-tag reader (architecture/semantics.md,
 * guarantee 8).
 */
import { type AttributeTag, type AttributeTagOptions, nextAttributeTag } from './attribute-tags.js';
import { BRACE_OPEN, BRACKET_OPEN, isJsonSpace, LT, QUOTE } from './char-codes.js';
import type { AnnouncedCall, BodyContext, BodyIssue, BodyResult, RawCall } from './markup-spec.js';
import { cutValueIssue } from './parameter-tags.js';
import { scanValue, type ValueRules } from './tag-values.js';
import { ArgumentCollector } from './typed-values.js';
import { decodeName, StrayText, valueText } from './xml-text.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface TagPairsSpec {
  /** How the tags are spelled. */
  tags: AttributeTagOptions;
  /** The tag around each key (`arg_key`). */
  key: string;
  /** The tag around each value (`arg_value`). */
  value: string;
  /** The characters that end the name (`<\n`: the first tag or a line break). */
  nameEnds: string;
  /** Tags that are layout between the pairs (Hunyuan's `tool_sep`): passed over, not reported. */
  layoutTags?: readonly string[];
}

/** A reader of one declared key/value call shape. */
export interface TagPairCalls {
  /** One call: the name at the start of `body`, then its pairs. */
  read(body: string, ctx: BodyContext): BodyResult;
  /** Every call in `open…close` elements of `body` (a call the output ended inside is flagged). */
  readElements(
    body: string,
    ctx: BodyContext,
    open: string,
    close: string,
  ): { calls: RawCall[]; issues: BodyIssue[] };
  /** The call's name once it has ended in `prefix` (from `from` on): the same for every longer prefix. */
  announce(prefix: string, from: number): AnnouncedCall | null;
}

/** Where the name that starts at `from` ends: the first of `ends`, or -1 when none came yet. */
function nameEnd(s: string, from: number, ends: string): number {
  for (let i = from; i < s.length; i++) if (ends.includes(s[i]!)) return i;
  return -1;
}

/** A name: no blanks inside, and not the start of JSON (that body is another format's). */
function pairCallName(head: string): string | null {
  let name = head.trim();
  // A literal `\n` after the name: the whole output was escaped once.
  while (name.endsWith('\\n')) name = name.slice(0, -2).trimEnd();
  if (name === '') return null;
  const first = charCodeAt.call(name, 0);
  if (first === BRACE_OPEN || first === BRACKET_OPEN || first === QUOTE || first === LT) return null;
  for (let i = 0; i < name.length; i++) if (isJsonSpace(charCodeAt.call(name, i))) return null;
  return decodeName(name);
}

/**
 * The reader a spec declares. Output that was JSON-escaped as a whole (sglang's tests:
 * `todo_write\n<arg_key>` with a literal backslash-n) still reads: the escapes between tags are
 * layout. Linear: one forward scan per call, one `indexOf` per element.
 */
export function tagPairCalls(spec: TagPairsSpec): TagPairCalls {
  const isKeyOpen = (t: AttributeTag) => !t.closing && t.local === spec.key;
  const isValueOpen = (t: AttributeTag) => !t.closing && t.local === spec.value;
  const layoutTags = spec.layoutTags ?? [];
  const keyRules: ValueRules = {
    tags: spec.tags,
    isClose: (t) => t.closing && t.local === spec.key,
    canFollow: () => true,
    isStop: (t) => isValueOpen(t) || isKeyOpen(t),
  };
  const valueRules: ValueRules = {
    tags: spec.tags,
    isClose: (t) => t.closing && t.local === spec.value,
    canFollow: (t) => t.local === spec.key || t.local === spec.value || t.closing,
    isStop: (t) => isKeyOpen(t),
  };

  const read = (body: string, ctx: BodyContext): BodyResult => {
    const end = nameEnd(body, 0, spec.nameEnds);
    const headEnd = end === -1 ? body.length : end;
    const name = pairCallName(body.slice(0, headEnd));
    // Words after the tag (`like <tool_call>get_weather, and then…`): the tag named in prose.
    if (name === null) return { calls: [], notMarkup: true };
    const args = new ArgumentCollector();
    const issues: BodyIssue[] = [];
    let i = headEnd;
    let truncated = false;
    let key: string | null = null;
    let sawTag = false;
    // The tag a value's scan read last, when it is the next one: not read twice.
    let known: AttributeTag | undefined;
    // What stands outside the pairs and is not layout (words, a tag of no pair): reported, not
    // passed over in silence (architecture/semantics.md, guarantee 1).
    const stray = new StrayText(body);
    for (;;) {
      const tag = known ?? nextAttributeTag(body, i, body.length, spec.tags);
      known = undefined;
      if (tag === null) {
        stray.add(i, body.length);
        break;
      }
      stray.add(i, tag.start);
      sawTag = true;
      if (isKeyOpen(tag)) {
        const span = scanValue(body, tag.end, body.length, keyRules);
        key = decodeName(body.slice(span.start, span.end));
        i = span.next;
        known = span.nextTag;
        continue;
      }
      if (isValueOpen(tag)) {
        const span = scanValue(body, tag.end, body.length, valueRules);
        const text = valueText(body.slice(span.start, span.end), 'inline');
        if (key === null) {
          issues.push({
            kind: 'malformed-call',
            message: `An <${spec.value}> without its <${spec.key}> in "${name}" was dropped.`,
            raw: text,
          });
        } else {
          args.add(key, text);
        }
        key = null;
        truncated = !span.closed;
        i = span.next;
        known = span.nextTag;
        continue;
      }
      if (!layoutTags.includes(tag.local)) stray.add(tag.start, tag.end);
      i = tag.end;
    }
    stray.report(`the call "${name}", outside its arguments,`, issues);
    if (key !== null) {
      issues.push({
        kind: 'partial-call',
        message: `The argument ${JSON.stringify(key)} of "${name}" has no value.`,
        raw: key,
      });
    }
    // The cut-off rule (architecture/semantics.md): with nothing after the name the name itself may
    // be cut (`<tool_call>list_d` could go on), so it is no call; a call cut inside its arguments
    // is returned with what was read, flagged `partial-call` (strict mode never returns it).
    if (!ctx.closed && !sawTag) {
      return { calls: [], error: 'the output ended right after the name, which may be cut off' };
    }
    if (truncated && !ctx.closed) issues.push(cutValueIssue(body));
    return { calls: [{ name, arguments: args.build(name, ctx, issues) }], issues };
  };

  const readElements = (body: string, ctx: BodyContext, open: string, close: string) => {
    const calls: RawCall[] = [];
    const issues: BodyIssue[] = [];
    // Words between the elements are reported with the calls (architecture/semantics.md, guarantee 1).
    const between = new StrayText(body);
    let i = 0;
    for (;;) {
      const at = body.indexOf(open, i);
      between.add(i, at === -1 ? body.length : at);
      if (at === -1) break;
      const from = at + open.length;
      const closeAt = body.indexOf(close, from);
      const inner = body.slice(from, closeAt === -1 ? body.length : closeAt);
      const one = read(inner, closeAt === -1 ? ctx : { ...ctx, closed: true });
      if (one.error !== undefined || one.notMarkup) {
        issues.push({ kind: 'malformed-call', message: one.error ?? 'not a call', raw: inner });
      } else {
        calls.push(...one.calls);
        if (one.issues) issues.push(...one.issues);
      }
      if (closeAt === -1) break;
      i = closeAt + close.length;
    }
    between.report('the call block, outside its calls,', issues);
    return { calls, issues };
  };

  const announce = (prefix: string, from: number): AnnouncedCall | null => {
    const end = nameEnd(prefix, from, spec.nameEnds);
    if (end === -1) return null;
    const name = pairCallName(prefix.slice(from, end));
    return name === null ? null : { name };
  };

  return { read, readElements, announce };
}
