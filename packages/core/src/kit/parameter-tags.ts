/**
 * One reader for calls written as a call tag with parameter tags inside, the shape of the XML
 * family and its kin:
 *
 *   <function=get_weather><parameter=city>Paris</parameter></function>        (Qwen3-Coder)
 *   <invoke name="get_weather"><parameter name="city">Paris</parameter></invoke>   (Claude-style)
 *   <｜DSML｜invoke name="get_weather"><｜DSML｜parameter name="city">Paris</｜DSML｜parameter>
 *
 * What differs between the forms — the tag names, where the name is, how values are laid out and
 * typed, what a broken call becomes — is a ParameterCallSpec; the reading is the same. What
 * models get wrong and vLLM / llama.cpp accept, so do we: a missing parameter close (the next
 * parameter or the call's close ends the value), a missing call close, a JSON object instead of
 * parameters where the spec allows it. Linear: tags are read forward only (attribute-tags.ts),
 * values by scanValue (tag-values.ts).
 */
import {
  type AttributeTag,
  type AttributeTagOptions,
  Finder,
  nextAttributeTag,
  readAttributeTag,
} from './attribute-tags.js';
import { BRACE_OPEN, isAsciiAlphanumeric, skipJsonSpace, UNDERSCORE } from './char-codes.js';
import { opensProse } from './evidence.js';
import { parseJsonLadder } from './json-ladder.js';
import type {
  AnnouncedCall,
  BodyContext,
  BodyIssue,
  BodyParser,
  BodyResult,
  RawCall,
} from './markup-spec.js';
import { scanValue, type ValueRules, type ValueSpan } from './tag-values.js';
import { ArgumentCollector, type TypedArgumentsOptions } from './typed-values.js';
import { decodeName, StrayText, type ValueLayout, valueText } from './xml-text.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

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
  /** A parameter tag without a name is none (else its value is kept under the key ''). Default true. */
  paramNeedsName?: boolean;
  /**
   * Where a value ends: `scan` — at its close when what follows may follow a value, skipping CDATA
   * and fences (tag-values.ts); `first-tag` — at the first parameter or call tag, open or close,
   * written exactly (DSML, whose values hold no markup of their own). Default `scan`.
   */
  valueEnd?: 'scan' | 'first-tag';
  /**
   * What names and values are: `xml` — entity-encoded, laid out by `layout` (xml-text.ts); `raw` —
   * the value as written, the names trimmed. Default `xml`.
   */
  text?: 'xml' | 'raw';
  /** How values are laid out between their tags (`xml` text). */
  layout: ValueLayout;
  /** The parameter attribute that says how the model wrote a value (DSML's `string="true"`). */
  writtenAs?: string;
  /** How values are typed. */
  typing?: TypedArgumentsOptions;
  /** A call whose last value closed is whole though its own close never came. */
  closedValueEndsCall?: boolean;
  /** In mentions mode, a call tag whose name has no letter, digit or `_` (`<function=…>`) is prose. */
  proseUnlessNamed?: boolean;
  /**
   * The call's body may be one JSON object of arguments instead of parameters: `open` — right after
   * the call tag, up to the call's close, parsed here; `rest` — the text left when no parameter
   * came, up to the call's end, passed on as a JSON string.
   */
  jsonArguments?: 'open' | 'rest';
  /** Tags (local names) that end a call although they are not its close: the wrapper's. */
  endsAt?: readonly string[];
  /**
   * When a block with no call is prose: `mention` — when a call tag in it was named in a sentence;
   * `open-without-call` — when the output is still open and no call tag was read (prose naming the
   * wrapper, `write a <｜DSML｜function_calls> block`). Default `mention`.
   */
  prose?: 'mention' | 'open-without-call';
  /**
   * Reads another child element of the call (Claude 2.1's `<tool_name>`): returns where reading
   * goes on, or undefined when the tag is none of its own.
   */
  child?(body: string, tag: AttributeTag, limit: number, call: CallInProgress): number | undefined;
  /** A call without a name that the output ended inside still makes the block's calls partial. */
  unnamedCutIsPartial?: boolean;
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
  return !t.closing && spec.params.includes(t.local) && (spec.paramNeedsName === false || named(t));
}

/** A name or key as the spec's text declares it. */
function nameText(raw: string | null, spec: ParameterCallSpec): string {
  return spec.text === 'raw' ? (raw ?? '').trim() : decodeName(raw ?? '');
}

/**
 * `first-tag` values: the nearest parameter or call tag after a value, written exactly, each
 * searched for once per body (the kit's Finder), whatever the prefix.
 */
class FirstTag {
  private readonly finder: Finder;
  private readonly closes: Set<string>;

  constructor(body: string, spec: ParameterCallSpec) {
    const prefixes = spec.tags.prefixes ?? [''];
    const closes = spec.params.flatMap((p) => prefixes.map((x) => `</${x}${p}>`));
    const needles = [
      ...closes,
      ...prefixes.map((x) => `</${x}${spec.call}>`),
      ...spec.params.flatMap((p) => prefixes.map((x) => `<${x}${p} `)),
      ...prefixes.map((x) => `<${x}${spec.call} `),
    ];
    this.finder = new Finder(body, needles);
    this.closes = new Set(closes);
  }

  span(from: number, limit: number): ValueSpan {
    const end = this.finder.next(from);
    if (end === null || end.at >= limit) return { start: from, end: limit, next: limit, closed: false };
    const closed = this.closes.has(end.needle);
    return { start: from, end: end.at, next: closed ? end.at + end.needle.length : end.at, closed };
  }
}

/** Reads every call in `body[from, limit)`; tags between calls are the markup, words there are reported. */
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
  let sawCall = false;
  const firstTag = spec.valueEnd === 'first-tag' ? new FirstTag(body, spec) : null;
  // Words between the calls are reported with them; tags there are the block's markup.
  const between = new StrayText(body);
  for (;;) {
    let at = i;
    let tag = nextAttributeTag(body, i, limit, spec.tags);
    while (tag !== null && !isCallOpen(tag, spec)) {
      between.add(at, tag.start);
      at = tag.end;
      tag = nextAttributeTag(body, tag.end, limit, spec.tags);
    }
    between.add(at, tag === null ? limit : tag.start);
    if (tag === null) break;
    // `<invoke name="search"> element per call`: the tag named in a sentence (prose follows it,
    // not a parameter), architecture/precision.md.
    if (
      ctx.options.mentions &&
      (opensProse(body.slice(tag.end, Math.min(limit, tag.end + 64))) ||
        (spec.proseUnlessNamed === true && !namesSomething(nameOf(tag, spec) ?? '')))
    ) {
      prose = true;
      between.add(tag.start, tag.end);
      i = tag.end;
      continue;
    }
    sawCall = true;
    const read = readOneCall(body, tag, limit, ctx, spec, issues, firstTag);
    if (read.call) calls.push(read.call);
    truncated ||= read.truncated;
    i = read.next;
    // maxCalls read: the calls after them are not read (a megabyte of them would be read for
    // nothing), and their text is the issue's raw text, as the JSON-call reader does (json-calls.ts).
    if (calls.length >= ctx.options.maxCalls) {
      // Counted by their call tags: one scan of tags, none of values.
      let first = -1;
      let more = 0;
      for (
        let t = nextAttributeTag(body, i, limit, spec.tags);
        t !== null;
        t = nextAttributeTag(body, t.end, limit, spec.tags)
      ) {
        if (!isCallOpen(t, spec)) continue;
        if (first === -1) first = t.start;
        more++;
      }
      if (more > 0) {
        const message = `More than maxCalls (${ctx.options.maxCalls}) calls; ${more} more call${more === 1 ? '' : 's'} were not read.`;
        issues.push({ kind: 'limit-exceeded', message, raw: body.slice(first, limit) });
      }
      break;
    }
  }
  if (calls.length === 0) {
    const isProse = spec.prose === 'open-without-call' ? !sawCall && !ctx.closed : prose;
    if (isProse) return { calls, notMarkup: true };
    return { calls, issues, error: spec.noCall };
  }
  between.report('the call block, outside its calls,', issues);
  if (truncated && !ctx.closed) issues.push(cutValueIssue(body.slice(from, limit)));
  return { calls, issues };
}

/**
 * A block of one spec's calls, named `format` when it yields calls (the default variant of a
 * family names the variant whose models write the block). `reopen`: the block's open marker is
 * the start of the call tag (`<function=`, `<invoke name=`), which the engine took; it is put back.
 */
export function parameterCallsBody(spec: ParameterCallSpec, format?: string, reopen = false): BodyParser {
  return (body, ctx) => {
    const read = readParameterCalls(reopen ? ctx.open + body : body, ctx, spec);
    return format === undefined || read.calls.length === 0 ? read : { ...read, format };
  };
}

/**
 * The first call of a block still arriving, for the engine's early announcement
 * (architecture/semantics.md): the name in its call tag, by the first spec whose call it is, once
 * that tag is complete — from then on every longer prefix gives the same answer. The arguments are
 * typed per parameter by the tool's schema when the block ends, so they come whole, with the call.
 * A block opened inside its call tag (an open marker ending in `=`) has the marker put back.
 */
export function announceParameterCall(
  specs: readonly ParameterCallSpec[],
): (prefix: string, open: string) => AnnouncedCall | null {
  return (prefix, open) => {
    const text = open.endsWith('=') ? open + prefix : prefix;
    const p = skipJsonSpace(text, 0);
    for (const spec of specs) {
      const tag = readAttributeTag(text, p, text.length, spec.tags);
      if (tag === null || tag.closing || tag.local !== spec.call) continue;
      const name = nameText(nameOf(tag, spec), spec);
      return name === '' ? null : { name };
    }
    return null;
  };
}

/**
 * A block of parameter tags the output ended inside (its last value still open): its calls are
 * returned with the values read up to the cut, and flagged (architecture/semantics.md, cut off by
 * the end of the output).
 */
export function cutValueIssue(raw: string): BodyIssue {
  return {
    kind: 'partial-call',
    message: 'The output ended inside a call; its last argument may be cut off.',
    raw,
  };
}

/** A tool name has a letter, a digit or an underscore (`<function=…>` is an ellipsis in prose). */
function namesSomething(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = charCodeAt.call(name, i);
    if (isAsciiAlphanumeric(c) || c === UNDERSCORE || c > 0x2e7f) return true;
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
  firstTag: FirstTag | null,
): Read {
  if (spec.jsonArguments === 'open') {
    const p = skipJsonSpace(body, open.end, false, limit);
    if (charCodeAt.call(body, p) === BRACE_OPEN) {
      return readJsonArguments(body, open, p, limit, nameText(nameOf(open, spec), spec), spec, issues);
    }
  }
  const call: CallInProgress = { name: nameOf(open, spec), args: new ArgumentCollector(spec.typing) };
  let i = open.end;
  let truncated = true;
  let json = null as string | null;
  // Words between the call's elements, and opening tags of none, are reported, not passed over
  // in silence.
  const stray = new StrayText(body);
  /** The JSON arguments of `rest`: what is left before the call's end when no parameter came. */
  const rest = (end: number) => {
    const text = body.slice(i, end).trim();
    if (spec.jsonArguments === 'rest' && call.args.size === 0 && text.startsWith('{')) json = text;
    else stray.add(i, end);
  };
  for (;;) {
    const tag = nextAttributeTag(body, i, limit, spec.tags);
    if (tag === null) {
      rest(limit);
      i = limit;
      break;
    }
    if (tag.local === spec.call && tag.closing) {
      rest(tag.start);
      i = tag.end;
      truncated = false;
      break;
    }
    if (isCallOpen(tag, spec)) {
      // A missing call close: the next call starts here.
      rest(tag.start);
      i = tag.start;
      truncated = false;
      break;
    }
    stray.add(i, tag.start);
    if (isParamOpen(tag, spec)) {
      const span =
        firstTag?.span(tag.end, limit) ?? scanValue(body, tag.end, limit, rulesOf(spec, tag.local));
      const raw = body.slice(span.start, span.end);
      const key = nameText(nameOf(tag, spec), spec);
      const writtenAs = spec.writtenAs === undefined ? undefined : tag.attrs?.get(spec.writtenAs);
      if (spec.text === 'raw') call.args.add(key, raw, writtenAs);
      else {
        // A verbatim value is what stands between its tags; one the model left unclosed (ended by
        // `</function>` or `</tool_call>`) has no such bound, and the blanks before what ended it
        // are layout, as in the line layout (a MiMo leak: `…--full </tool_call>`).
        const written = spec.layout === 'verbatim' && !span.closed ? 'lines' : spec.layout;
        call.args.add(key, valueText(raw, written), writtenAs);
      }
      if (spec.closedValueEndsCall) truncated = !span.closed;
      i = span.next;
      continue;
    }
    if (spec.endsAt?.includes(tag.local)) {
      // The wrapper's close (or a new wrapper) inside a call whose own close never came.
      i = tag.start;
      break;
    }
    const child = spec.child?.(body, tag, limit, call);
    // An opening tag of no element (`<p arameter name="a">`, garbled) is reported with the words;
    // a closing one is the markup's (Claude 2.1's `</parameters>`, the close of a garbled tag).
    if (child === undefined && !tag.closing) stray.add(tag.start, tag.end);
    i = child ?? tag.end;
  }
  const name = nameText(call.name, spec);
  if (name === '') {
    issues.push({
      kind: 'malformed-call',
      message: `${spec.label} without a name was removed.`,
      raw: body.slice(open.start, i),
    });
    return { call: null, next: i, truncated: truncated && spec.unnamedCutIsPartial === true };
  }
  stray.report(`the call "${name}", outside its arguments,`, issues);
  return { call: { name, arguments: json ?? call.args.build(name, ctx, issues) }, next: i, truncated };
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
