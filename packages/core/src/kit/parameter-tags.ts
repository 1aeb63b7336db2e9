/**
 * One reader for calls written as a call tag with parameter tags inside, the shape of the XML
 * family and its kin:
 *
 *   <function=get_weather><parameter=city>Paris</parameter></function>        (Qwen3-Coder)
 *   <invoke name="get_weather"><parameter name="city">Paris</parameter></invoke>   (Claude-style)
 *
 * What differs between the forms — the tag names, where the name is, how values are laid out and
 * typed, what a broken call becomes — is a ParameterCallSpec; the reading is the same. What
 * models get wrong and vLLM / llama.cpp accept, so do we: a missing parameter close (the next
 * parameter or the call's close ends the value), a missing call close, a JSON object instead of
 * parameters where the spec allows it. Linear: tags are read forward only (attribute-tags.ts),
 * values by scanValue (tag-values.ts).
 */
import { type AttributeTag, type AttributeTagOptions, nextAttributeTag } from './attribute-tags.js';
import { isJsonSpace } from './char-codes.js';
import { opensProse } from './evidence.js';
import { parseJsonLadder } from './json-ladder.js';
import type { BodyContext, BodyIssue, BodyResult, RawCall } from './markup-spec.js';
import { scanValue, type ValueRules } from './tag-values.js';
import { ArgumentCollector, type TypedArgumentsOptions } from './typed-values.js';
import { decodeName, type ValueLayout, valueText } from './xml-text.js';

/** A call being read, for a spec's `child` hook. */
export interface CallInProgress {
  /** The name from the call tag, or one a child element gave; null while none. */
  name: string | null;
  readonly args: ArgumentCollector;
}

export interface ParameterCallSpec {
  /** How the tags are spelled. */
  tags: AttributeTagOptions;
  /** The call element's local name: `function`, `invoke`. */
  call: string;
  /** Which spelling of a name a tag is read by first: its `=` form or its `name` attribute. */
  nameFirst: 'eq' | 'name';
  /** A call tag without a name opens no call (`<function>` in prose). */
  callNeedsName?: boolean;
  /** The parameter elements' local names; a value ends at the close of its own element only. */
  params: readonly string[];
  /** How values are laid out between their tags. */
  layout: ValueLayout;
  /** How values are typed. */
  typing?: TypedArgumentsOptions;
  /** A call whose last value closed is whole though its own close never came. */
  closedValueEndsCall?: boolean;
  /** In mentions mode, a call tag whose name has no letter, digit or `_` (`<function=…>`) is prose. */
  proseUnlessNamed?: boolean;
  /** The call's body may be one JSON object of arguments instead of parameters. */
  jsonArguments?: boolean;
  /**
   * Reads another child element of the call (Claude 2.1's `<tool_name>`): returns where reading
   * goes on, or undefined when the tag is none of its own.
   */
  child?(body: string, tag: AttributeTag, limit: number, call: CallInProgress): number | undefined;
  /** How the call is named in issues: `A <function=…>`, `An <invoke>`. */
  label: string;
  /** The error of a block without a call. */
  noCall: string;
}

interface Read {
  call: RawCall | null;
  next: number;
  truncated: boolean;
}

/** A tag's name or key, by the spec's order. */
function nameOf(tag: AttributeTag, spec: ParameterCallSpec): string | null {
  return spec.nameFirst === 'eq' ? (tag.eq ?? tag.name) : (tag.name ?? tag.eq);
}

const named = (t: AttributeTag) => t.eq !== null || t.name !== null;

/** The rules of one spec's values, per parameter element. */
const RULES = new WeakMap<ParameterCallSpec, Map<string, ValueRules>>();

function rulesOf(spec: ParameterCallSpec, local: string): ValueRules {
  let bySpec = RULES.get(spec);
  if (bySpec === undefined) {
    bySpec = new Map();
    for (const param of spec.params) {
      bySpec.set(param, {
        tags: spec.tags,
        isClose: (t) => t.closing && t.local === param,
        canFollow: (t) => spec.params.includes(t.local) || t.local === spec.call || t.closing,
        isStop: (t) => isParamOpen(t, spec) || (t.local === spec.call && (t.closing || isCallOpen(t, spec))),
      });
    }
    RULES.set(spec, bySpec);
  }
  return bySpec.get(local)!;
}

function isCallOpen(t: AttributeTag, spec: ParameterCallSpec): boolean {
  return !t.closing && t.local === spec.call && (!spec.callNeedsName || named(t));
}

function isParamOpen(t: AttributeTag, spec: ParameterCallSpec): boolean {
  return !t.closing && spec.params.includes(t.local) && named(t);
}

/** Reads every call in `body[from, limit)`; text between calls belongs to the markup. */
export function readParameterCalls(
  body: string,
  ctx: BodyContext,
  spec: ParameterCallSpec,
  from = 0,
  limit = body.length,
): BodyResult {
  const calls: RawCall[] = [];
  const issues: BodyIssue[] = [];
  let i = from;
  let truncated = false;
  let prose = false;
  for (;;) {
    let tag = nextAttributeTag(body, i, limit, spec.tags);
    while (tag !== null && !isCallOpen(tag, spec)) tag = nextAttributeTag(body, tag.end, limit, spec.tags);
    if (tag === null) break;
    // `<invoke name="search"> element per call`: the tag named in a sentence (prose follows it,
    // not a parameter), architecture/precision.md.
    if (
      ctx.options.mentions &&
      (opensProse(body.slice(tag.end, Math.min(limit, tag.end + 64))) ||
        (spec.proseUnlessNamed === true && !namesSomething(nameOf(tag, spec) ?? '')))
    ) {
      prose = true;
      i = tag.end;
      continue;
    }
    const read = readOneCall(body, tag, limit, ctx, spec, issues);
    if (read.call) calls.push(read.call);
    truncated ||= read.truncated;
    i = read.next;
  }
  if (calls.length === 0) {
    if (prose) return { calls, notMarkup: true };
    return { calls, issues, error: spec.noCall };
  }
  if (truncated && !ctx.closed) {
    issues.push({
      kind: 'partial-call',
      message: 'The output ended inside a call; its last argument may be cut off.',
      raw: body.slice(from, limit),
    });
  }
  return { calls, issues };
}

/** A tool name has a letter, a digit or an underscore (`<function=…>` is an ellipsis in prose). */
function namesSomething(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if ((c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || c === 95 || c > 0x2e7f) return true;
  }
  return false;
}

function readOneCall(
  body: string,
  open: AttributeTag,
  limit: number,
  ctx: BodyContext,
  spec: ParameterCallSpec,
  issues: BodyIssue[],
): Read {
  if (spec.jsonArguments) {
    let p = open.end;
    while (p < limit && isJsonSpace(body.charCodeAt(p))) p++;
    if (body.charCodeAt(p) === 123 /* { */) {
      return readJsonArguments(body, open, p, limit, decodeName(nameOf(open, spec) ?? ''), spec, issues);
    }
  }
  const call: CallInProgress = { name: nameOf(open, spec), args: new ArgumentCollector(spec.typing) };
  let i = open.end;
  let truncated = true;
  for (;;) {
    const tag = nextAttributeTag(body, i, limit, spec.tags);
    if (tag === null) {
      i = limit;
      break;
    }
    if (tag.local === spec.call && tag.closing) {
      i = tag.end;
      truncated = false;
      break;
    }
    if (isCallOpen(tag, spec)) {
      // A missing call close: the next call starts here.
      i = tag.start;
      truncated = false;
      break;
    }
    if (isParamOpen(tag, spec)) {
      const span = scanValue(body, tag.end, limit, rulesOf(spec, tag.local));
      // A verbatim value is what stands between its tags; one the model left unclosed (ended by
      // `</function>` or `</tool_call>`) has no such bound, and the blanks before what ended it
      // are layout, as in the line layout (a MiMo leak: `…--full </tool_call>`).
      const written = spec.layout === 'verbatim' && !span.closed ? 'lines' : spec.layout;
      call.args.add(
        decodeName(nameOf(tag, spec) ?? ''),
        valueText(body.slice(span.start, span.end), written),
      );
      if (spec.closedValueEndsCall) truncated = !span.closed;
      i = span.next;
      continue;
    }
    i = spec.child?.(body, tag, limit, call) ?? tag.end;
  }
  const name = decodeName(call.name ?? '');
  if (name === '') {
    issues.push({
      kind: 'malformed-call',
      message: `${spec.label} without a name was removed.`,
      raw: body.slice(open.start, i),
    });
    return { call: null, next: i, truncated: false };
  }
  return { call: { name, arguments: call.args.build(name, ctx, issues) }, next: i, truncated };
}

/** `<function=name>{json}</function>`: the arguments are one JSON object. */
function readJsonArguments(
  body: string,
  open: AttributeTag,
  at: number,
  limit: number,
  name: string,
  spec: ParameterCallSpec,
  issues: BodyIssue[],
): Read {
  const closeTag = `</${spec.call}>`;
  const close = body.indexOf(closeTag, at);
  const end = close === -1 || close > limit ? limit : close;
  const next = close === -1 || close > limit ? limit : close + closeTag.length;
  const json = body.slice(at, end).trim();
  const parsed = parseJsonLadder(json);
  if (name === '' || !parsed.ok) {
    issues.push({
      kind: 'malformed-call',
      message: `${spec.label} whose JSON arguments do not parse was removed${parsed.ok ? '' : ` (${parsed.error})`}.`,
      raw: body.slice(open.start, next),
    });
    return { call: null, next, truncated: false };
  }
  if (parsed.repaired !== null) {
    issues.push({
      kind: 'json-repaired',
      message: `Arguments of "${name}": ${parsed.repairs.join('; ')}`,
      raw: json,
    });
  }
  return { call: { name, arguments: parsed.value }, next, truncated: close === -1 };
}
