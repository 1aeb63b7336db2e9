/**
 * What the XML family writes that is its own, beside the readers the kit declares: the call and
 * parameter tags (`readParameterCalls`, declared in markup.ts), GLM's and Hunyuan 3's key/value
 * pairs (`tagPairCalls`) and arguments as child elements (`readChildElements`). Here: what is
 * inside a `<tool_call>`, the generic `<tool>` tags and Morph's `<TOOL_NAME>`, MiniMax M3's invokes
 * and their nested elements, MiniCPM5's calls, the wrappers that hold several of these, and the
 * early announcement of a call's name.
 *
 * Every reader here scans forward over tags read by the kit's attribute-tag reader
 * (architecture/semantics.md, guarantee 8), and types values through the kit's ArgumentCollector
 * or, for M3's nested values, the kit's `elementsObject`.
 */
import type { ToolIndex } from '@toolformat/core/kit';
import {
  type AnnouncedCall,
  ArgumentCollector,
  type AttributeTag,
  type BodyContext,
  type BodyIssue,
  type BodyParser,
  type BodyResult,
  BRACE_OPEN,
  BRACKET_OPEN,
  type CallInProgress,
  cutValueIssue,
  decodeName,
  elementsObject,
  getOwn,
  isJsonSpace,
  isPlainObject,
  LT,
  type NestedElementsSpec,
  nextAttributeTag,
  nextMarkedTag,
  type ParameterCallSpec,
  parseJsonLadder,
  type RawCall,
  readAttributeTag,
  readChildElements,
  readJsonCallObjects,
  readNestedElements,
  readParameterCalls,
  StrayText,
  scanValue,
  setOwn,
  skipJsonSpace,
  type TagPairCalls,
  type ValueRules,
  valueText,
  XML_TAG_OPTIONS,
} from '@toolformat/core/kit';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

type Tag = AttributeTag;

const nextTag = (s: string, from: number, limit = s.length) =>
  nextAttributeTag(s, from, limit, XML_TAG_OPTIONS);
const readTag = (s: string, at: number, limit = s.length) => readAttributeTag(s, at, limit, XML_TAG_OPTIONS);

/** The result named by its format (the default variant's blocks name the variant that writes them). */
function named(result: BodyResult, format: string | undefined): BodyResult {
  return format === undefined || result.error !== undefined ? result : { ...result, format };
}

/** Claude 2.1's children of `<invoke>`: `<tool_name>x</tool_name><parameters><k>v</k></parameters>`. */
export function claude21Child(
  body: string,
  tag: Tag,
  limit: number,
  call: CallInProgress,
): number | undefined {
  if (tag.closing) return undefined;
  if (tag.local === 'tool_name') {
    const close = body.indexOf('</tool_name>', tag.end);
    const end = close === -1 || close > limit ? limit : close;
    call.name ??= body.slice(tag.end, end).trim();
    return close === -1 || close > limit ? limit : close + '</tool_name>'.length;
  }
  if (tag.local === 'parameters')
    return readChildElements(body, tag.end, limit, 'parameters', call.args, XML_TAG_OPTIONS);
  return undefined;
}

// --- <tool_call>: Qwen3-Coder's, GLM's, an invoke, or JSON ------------------------------------------

export interface ToolCallReaders {
  function: ParameterCallSpec;
  invoke: ParameterCallSpec;
  /** GLM's `NAME<arg_key>…`. */
  pairs: TagPairCalls;
  /** ParseResult.format per reader, or undefined for the block's own. */
  formats: { function?: string | undefined; glm?: string | undefined; invoke?: string | undefined };
}

/**
 * What is inside a `<tool_call>`: Qwen3-Coder's `<function=…>`, GLM's `name<arg_key>…`, or an
 * `<invoke name>` that drifted in, or Qwen2.5's JSON, which Qwen3-Coder models are seen writing
 * when served with the wrong parser (its route covers the shapes its family writes). In auto mode
 * the merged `<tool_call>` tries Hermes' JSON reader first (merge-markup.ts).
 */
export function toolCallBody({ function: fn, invoke, pairs, formats }: ToolCallReaders): BodyParser {
  return (body: string, ctx: BodyContext): BodyResult => {
    const p = skipJsonSpace(body, 0);
    if (p === body.length) return { calls: [], error: 'an empty tool call' };
    const first = charCodeAt.call(body, p);
    if (first === LT) {
      const tag = readTag(body, p);
      if (tag !== null && !tag.closing && tag.local === 'function') {
        return named(readParameterCalls(body, ctx, fn, p), formats.function);
      }
      if (tag !== null && !tag.closing && tag.local === 'invoke')
        return named(readParameterCalls(body, ctx, invoke, p), formats.invoke);
      return { calls: [], error: 'neither <function=…> nor <invoke> inside the tool call' };
    }
    if (first === BRACE_OPEN || first === BRACKET_OPEN)
      return named(readJsonCallObjects(body, ctx), formats.function);
    return named(pairs.read(body.slice(p), ctx), formats.glm);
  };
}

// --- Hunyuan 3: <tool_call>NAME<tool_sep><arg_key>k</arg_key><arg_value>v</arg_value> ------------

/**
 * Hunyuan 3's `<tool_calls>` wrapper: `<tool_call>NAME<tool_sep><arg_key>…</arg_key><arg_value>…
 * </arg_value></tool_call>`, one element per call, blanks between them. The separator ends the name
 * the way GLM's newline does (the name stops at the first tag). A call the output ended inside is
 * read as GLM's is: flagged, never silently whole.
 */
export function hyCallsBody(pairs: TagPairCalls, format: string | undefined): BodyParser {
  return (body, ctx) => {
    const read = pairs.readElements(body, ctx, '<tool_call>', '</tool_call>');
    if (read.calls.length === 0 && read.issues.length === 0)
      return { calls: [], error: 'no <tool_call> in <tool_calls>' };
    return named(read, format);
  };
}

// --- Early announcement ----------------------------------------------------------------------------

/**
 * The early announcement of a `<tool_call>` body or of any block of call tags: GLM's `NAME` once
 * the line or tag after it has begun (`pairs`) (from then on every longer prefix gives the same answer),
 * else the kit's announcement of the first call tag (`calls`).
 */
export function announceXmlCall(
  calls: (prefix: string, open: string) => AnnouncedCall | null,
  pairs: TagPairCalls,
) {
  return (prefix: string, open: string): AnnouncedCall | null => {
    const p = skipJsonSpace(prefix, 0);
    // GLM: `<tool_call>NAME` and then `<arg_key>` or a line break.
    if (open === '<tool_call>' && p < prefix.length && charCodeAt.call(prefix, p) !== LT)
      return pairs.announce(prefix, p);
    return calls(prefix, open);
  };
}

// --- <tool>: generic tags, and Morph's <TOOL_NAME> ---------------------------------------------------

/** Tags that hold the arguments inside `<tool>`. */
const ARGUMENT_CONTAINERS = new Set(['arguments', 'parameters', 'args', 'input', 'params']);
/** Tags that hold the name inside `<tool>`. */
const NAME_TAGS = new Set(['name', 'tool_name', 'function', 'function_name']);

const isTrailingParamOpen = (t: Tag) =>
  !t.closing && t.local === 'parameter' && (t.name !== null || t.eq !== null);
const TRAILING_RULES: ValueRules = {
  tags: XML_TAG_OPTIONS,
  isClose: (t) => t.closing && t.local === 'parameter',
  canFollow: (t) => t.local === 'parameter',
  isStop: isTrailingParamOpen,
};

/**
 * The generic tag forms models fall into when a prompt shows them XML (Atlas AnyLegal’s XML tags,
 * Claude-trained models on other APIs): `<tool><name>search</name><arguments><query>…</query>
 * </arguments></tool>`, `<tool>enter_plan_mode</tool>` and `<parameter name="reason">…</parameter>`
 * after the close (the block's trailing elements). `close` is the block's close tag: when trailing
 * `<parameter>` elements followed it, the body holds the close and them (see BlockSpec.trailing).
 */
export function toolTagBody(close: string) {
  return (body: string, ctx: BodyContext): BodyResult => {
    const cut = body.indexOf(close);
    const head = cut === -1 ? body : body.slice(0, cut);
    const issues: BodyIssue[] = [];
    const args = new ArgumentCollector();
    const p = skipJsonSpace(head, 0);
    const name = charCodeAt.call(head, p) === LT ? readNamedChildren(head, p, args) : plainName(head);
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
    const c = charCodeAt.call(name, i);
    if (isJsonSpace(c) || c === BRACE_OPEN || c === BRACKET_OPEN || c === LT) return null;
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
  const p = skipJsonSpace(head, open.end);
  if (charCodeAt.call(head, p) === BRACE_OPEN) {
    const closeTag = `</${open.local}>`;
    const close = head.indexOf(closeTag, p);
    const json = head.slice(p, close === -1 ? head.length : close);
    const parsed = parseJsonLadder(json.trim());
    if (parsed.ok && isPlainObject(parsed.value)) {
      for (const [k, v] of Object.entries(parsed.value)) args.addTyped(k, v);
    }
    return close === -1 ? head.length : close + closeTag.length;
  }
  return readChildElements(head, open.end, head.length, open.local, args, XML_TAG_OPTIONS);
}

/** `<parameter name="k">v</parameter>` elements after the block's close. */
function readTrailing(body: string, from: number, args: ArgumentCollector): void {
  let i = from;
  for (;;) {
    const tag = nextTag(body, i);
    if (tag === null) return;
    if (!isTrailingParamOpen(tag)) {
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
    const p = skipJsonSpace(body, 0);
    if (charCodeAt.call(body, p) === BRACE_OPEN) {
      const parsed = parseJsonLadder(body.trim());
      if (!parsed.ok || !isPlainObject(parsed.value)) {
        return { calls: [], error: `the JSON inside <${name}> does not parse` };
      }
      const call: RawCall = { name, arguments: parsed.value };
      return { calls: [call], issues };
    }
    if (p < body.length && charCodeAt.call(body, p) !== LT) {
      // Prose between the tags: `<search>` used as a word is not a call.
      return { calls: [], notMarkup: true };
    }
    readChildElements(body, p, body.length, null, args, XML_TAG_OPTIONS);
    return { calls: [{ name, arguments: args.build(name, ctx, issues) }], issues };
  };
}

// --- MiniMax M3: invokes whose arguments are nested elements -----------------------------------------

/**
 * MiniMax M3 (vLLM's `minimax_m3`): M2's `<tool_call>` of `<invoke name>` elements, every
 * structural tag behind a namespace marker, each argument an element named after it, its value
 * text or nested elements (`<shipping><city>Singapore</city></shipping>`). Children that are all
 * `<item>` make a list; other children make an object, a repeated name a list of its values.
 * Leaves are typed by the part of the tool's schema they sit under (core's `coerceValue`), so
 * `018956` under `{"type": "integer"}` is 18956 (the kit's `elementsObject`, declared in markup.ts).
 *
 * Only a tag right behind the marker is markup: a value may hold any other tag as text
 * (`x <tool_call> y`), which is what the marker is for. A model that drops the marker from its inner
 * tags (peers' parsers repair this) leaves a block this strict reading cannot make sense of; that
 * block is read once more with the marker removed, every tag markup.
 */
export function m3CallsBody(
  namespace: string,
  elements: NestedElementsSpec,
  format: string | undefined,
): BodyParser {
  return (body: string, ctx: BodyContext): BodyResult => {
    let read = readM3Calls(body, namespace, elements, ctx);
    if (read.calls.length === 0 || read.stray || (read.truncated && ctx.closed))
      read = readM3Calls(body.replaceAll(namespace, ''), '', elements, ctx);
    const { calls, issues } = read;
    if (calls.length === 0)
      return { calls, issues, error: 'no <invoke name="…"> in the MiniMax M3 tool call' };
    if (read.truncated && !ctx.closed) issues.push(cutValueIssue(body));
    return format === undefined ? { calls, issues } : { calls, issues, format };
  };
}

interface M3Calls {
  calls: RawCall[];
  issues: BodyIssue[];
  /** An invoke the text ended inside. */
  truncated: boolean;
  /** Text other than blanks directly inside an invoke, between its arguments: an unmarked tag. */
  stray: boolean;
}

/** Every `<invoke>` of a block, reading as tags only those right behind `marker` ('' : every tag). */
function readM3Calls(text: string, marker: string, elements: NestedElementsSpec, ctx: BodyContext): M3Calls {
  const out: M3Calls = { calls: [], issues: [], truncated: false, stray: false };
  // Words among an invoke's arguments and between the invokes are reported with the calls.
  const strayText = new StrayText(text);
  let i = 0;
  for (;;) {
    let at = i;
    let tag = nextMarkedTag(text, i, marker, elements.tags);
    while (tag !== null && !(tag.local === 'invoke' && !tag.closing)) {
      strayText.add(at, tag.start - marker.length);
      at = tag.end;
      tag = nextMarkedTag(text, tag.end, marker, elements.tags);
    }
    if (tag === null) {
      strayText.add(at, text.length);
      strayText.report('the call block, outside its calls,', out.issues);
      return out;
    }
    strayText.add(at, tag.start - marker.length);
    const name = decodeName(tag.name ?? tag.eq ?? '');
    const tool = ctx.options.tools?.parameters(name);
    const schema = isPlainObject(tool) ? tool : undefined;
    const read = readNestedElements(text, tag.end, 'invoke', elements, { marker, schema, strayText });
    out.truncated ||= !read.closed;
    out.stray ||= read.stray;
    i = read.next;
    if (name === '') {
      out.issues.push({
        kind: 'malformed-call',
        message: 'An <invoke> without a name was removed.',
        raw: text.slice(tag.start - marker.length, i),
      });
      continue;
    }
    out.calls.push({ name, arguments: elementsObject(read.children, schema, elements) });
  }
}

// --- MiniCPM5: <function name="NAME"><param name="KEY"> ----------------------------------------------

/** The tokenizer's space and newline (`Ġ`, `Ċ`) when a server leaves byte-level tokens undecoded. */
const TOKENIZER_SPACE = '\u0120';
const TOKENIZER_NEWLINE = '\u010a';

/** A tool name MiniCPM5 invents for a declared one, and how its arguments map (vLLM's `minicpm5`). */
export interface ToolAlias {
  from: readonly string[];
  to: string;
  /** Each argument of the real tool and the keys the invented one may carry it under, in order. */
  args: ReadonlyArray<readonly [string, readonly string[]]>;
  /** Arguments the invented name implies (`enable_roaming` → `enabled: true`). */
  fixed?: Readonly<Record<string, unknown>>;
}

export interface MiniCpmCalls {
  spec: ParameterCallSpec;
  /** Keys the model wraps all arguments in when the tool declares no such parameter. */
  wrappers: readonly string[];
  aliases: readonly ToolAlias[];
}

/**
 * MiniCPM5's `<function name="NAME"><param name="KEY">VALUE</param></function>`, one block per
 * call. Its servers may leave the tag's space as the tokenizer's `Ġ`, or drop it
 * (`<functionname="…">`, `<paramname="…">`), which vLLM's `minicpm5` parser reads: the tags are
 * put back in shape before reading. With declared tools, two habits of the model are undone as
 * vLLM does, so the call reaches the declared tool: the arguments wrapped in one object
 * (`<param name="properties">{'id': 'x'}</param>`), and a tool name it is known to invent.
 */
export function miniCpmFunctionBody(calls: MiniCpmCalls): BodyParser {
  return (body, ctx) => {
    let text = body.replaceAll('<paramname=', '<param name=');
    if (
      ctx.open.includes(TOKENIZER_SPACE) ||
      text.includes(TOKENIZER_SPACE) ||
      text.includes(TOKENIZER_NEWLINE)
    )
      text = text.replaceAll(TOKENIZER_SPACE, ' ').replaceAll(TOKENIZER_NEWLINE, '\n');
    const read = readParameterCalls(`<function name=${text}`, ctx, calls.spec);
    const tools = ctx.options.tools;
    if (read.error !== undefined || tools === null) return read;
    return { ...read, calls: read.calls.map((c) => miniCpmCall(c, tools, calls)) };
  };
}

function miniCpmCall(call: RawCall, tools: ToolIndex, calls: MiniCpmCalls): RawCall {
  if (!isPlainObject(call.arguments)) return call;
  let { name } = call;
  let args: Record<string, unknown> = call.arguments;
  if (tools.has(name)) args = unwrap(name, args, tools, calls.wrappers);
  else {
    const renamed = alias(name, args, tools, calls.aliases);
    if (renamed === null) return call;
    [name, args] = renamed;
  }
  return { ...call, name, arguments: args };
}

/** `properties: {k: v}` → `k: v` for the declared keys, when `properties` is no declared key. */
function unwrap(
  name: string,
  args: Record<string, unknown>,
  tools: ToolIndex,
  wrappers: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let changed = false;
  for (const [key, value] of Object.entries(args)) {
    const inner = wrappers.includes(key) && tools.parameter(name, key) === undefined ? objectIn(value) : null;
    if (inner === null) {
      setOwn(out, key, value);
      continue;
    }
    for (const [k, v] of Object.entries(inner)) {
      if (tools.parameter(name, k) === undefined) continue;
      setOwn(out, k, v);
      changed = true;
    }
  }
  return changed ? out : args;
}

function objectIn(value: unknown): Record<string, unknown> | null {
  if (isPlainObject(value)) return value;
  if (typeof value !== 'string') return null;
  // MiniCPM5 writes the wrapper as a Python dict too (`{'id': 'x'}`): the ladder repairs quotes.
  const parsed = parseJsonLadder(value.trim());
  return parsed.ok && isPlainObject(parsed.value) ? parsed.value : null;
}

function alias(
  name: string,
  args: Record<string, unknown>,
  tools: ToolIndex,
  aliases: readonly ToolAlias[],
): [string, Record<string, unknown>] | null {
  for (const rule of aliases) {
    if (!rule.from.includes(name) || !tools.has(rule.to)) continue;
    const out: Record<string, unknown> = {};
    let found = false;
    for (const [target, sources] of rule.args) {
      for (const source of sources) {
        const value = getOwn(args, source);
        if (value === undefined || value === null || value === '') continue;
        // Read before the name was mapped, the value was typed without the real tool's schema.
        const stringy = tools.parameter(rule.to, target)?.type === 'string' && typeof value !== 'string';
        setOwn(out, target, stringy ? JSON.stringify(value) : value);
        found = true;
        break;
      }
    }
    if (!found) return null;
    for (const [k, v] of Object.entries(rule.fixed ?? {})) setOwn(out, k, v);
    return [rule.to, out];
  }
  return null;
}
