/**
 * What the XML family writes that is its own, beside the call-and-parameter tags the kit reads
 * (`readParameterCalls`, declared in markup.ts): GLM's `NAME<arg_key>…<arg_value>…`, the generic
 * `<tool>` tags and Morph's `<TOOL_NAME>`, MiniMax M3's nested argument elements, the wrappers that
 * hold several of these, and the early announcement of a call's name.
 *
 * Every reader here scans forward over tags read by the kit's attribute-tag reader
 * (architecture/semantics.md, guarantee 8), and types values through the kit's ArgumentCollector.
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
  coerceValue,
  cutValueIssue,
  decodeName,
  getOwn,
  isJsonSpace,
  isPlainObject,
  LT,
  nextAttributeTag,
  type ParameterCallSpec,
  parseJsonLadder,
  QUOTE,
  type RawCall,
  readAttributeTag,
  readJsonCallObjects,
  readParameterCalls,
  scanValue,
  setOwn,
  skipJsonSpace,
  type ValueRules,
  valueText,
  XML_TAG_OPTIONS,
} from '@toolformat/core/kit';

type Tag = AttributeTag;

const nextTag = (s: string, from: number, limit = s.length) =>
  nextAttributeTag(s, from, limit, XML_TAG_OPTIONS);
const readTag = (s: string, at: number, limit = s.length) => readAttributeTag(s, at, limit, XML_TAG_OPTIONS);

/** The result named by its format (the default variant's blocks name the variant that writes them). */
function named(result: BodyResult, format: string | undefined): BodyResult {
  return format === undefined || result.error !== undefined ? result : { ...result, format };
}

// --- Child elements as parameters ----------------------------------------------------------------

/**
 * Child elements as parameters, `<k>v</k>` each, up to `</container>`: Claude 2.1's
 * `<parameters>`, the generic `<arguments>`, the Morph form. Returns where reading goes on.
 */
function readChildElements(
  body: string,
  from: number,
  limit: number,
  container: string | null,
  args: ArgumentCollector,
): number {
  let i = from;
  for (;;) {
    const tag = nextTag(body, i, limit);
    if (tag === null) return limit;
    if (tag.closing) {
      if (container === null || tag.local === container) return tag.end;
      i = tag.end;
      continue;
    }
    const key = tag.prefix === '' ? tag.local : `${tag.prefix}:${tag.local}`;
    const rules: ValueRules = {
      tags: XML_TAG_OPTIONS,
      isClose: (t) => t.closing && t.local === tag.local && t.prefix === tag.prefix,
      canFollow: () => true,
      isStop: (t) => container !== null && t.closing && t.local === container,
    };
    const span = scanValue(body, tag.end, limit, rules);
    args.add(key, valueText(body.slice(span.start, span.end), 'inline'));
    i = span.next;
  }
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
  if (tag.local === 'parameters') return readChildElements(body, tag.end, limit, 'parameters', call.args);
  return undefined;
}

// --- <tool_call>: Qwen3-Coder's, GLM's, an invoke, or JSON ------------------------------------------

export interface ToolCallReaders {
  function: ParameterCallSpec;
  invoke: ParameterCallSpec;
  /** ParseResult.format per reader, or undefined for the block's own. */
  formats: { function?: string | undefined; glm?: string | undefined; invoke?: string | undefined };
}

/**
 * What is inside a `<tool_call>`: Qwen3-Coder's `<function=…>`, GLM's `name<arg_key>…`, or an
 * `<invoke name>` that drifted in, or Qwen2.5's JSON, which Qwen3-Coder models are seen writing
 * when served with the wrong parser (its route covers the shapes its family writes). In auto mode
 * the merged `<tool_call>` tries Hermes' JSON reader first (merge-markup.ts).
 */
export function toolCallBody({ function: fn, invoke, formats }: ToolCallReaders): BodyParser {
  return (body: string, ctx: BodyContext): BodyResult => {
    const p = skipJsonSpace(body, 0);
    if (p === body.length) return { calls: [], error: 'an empty tool call' };
    const first = body.charCodeAt(p);
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
    return named(readGlmCall(body.slice(p), ctx), formats.glm);
  };
}

// --- GLM: NAME<arg_key>k</arg_key><arg_value>v</arg_value> -----------------------------------------

const isKeyOpen = (t: Tag) => !t.closing && t.local === 'arg_key';
const isValueOpen = (t: Tag) => !t.closing && t.local === 'arg_value';

const KEY_RULES: ValueRules = {
  tags: XML_TAG_OPTIONS,
  isClose: (t) => t.closing && t.local === 'arg_key',
  canFollow: () => true,
  isStop: (t) => isValueOpen(t) || isKeyOpen(t),
};
const VALUE_RULES: ValueRules = {
  tags: XML_TAG_OPTIONS,
  isClose: (t) => t.closing && t.local === 'arg_value',
  canFollow: (t) => t.local === 'arg_key' || t.local === 'arg_value' || t.closing,
  isStop: (t) => isKeyOpen(t),
};

/** A GLM name: no blanks inside, and not the start of JSON (that body is another format's). */
function glmName(head: string): string | null {
  let name = head.trim();
  // A literal `\n` after the name: the whole output was escaped once.
  while (name.endsWith('\\n')) name = name.slice(0, -2).trimEnd();
  if (name === '') return null;
  const first = name.charCodeAt(0);
  if (first === BRACE_OPEN || first === BRACKET_OPEN || first === QUOTE || first === LT) return null;
  for (let i = 0; i < name.length; i++) if (isJsonSpace(name.charCodeAt(i))) return null;
  return decodeName(name);
}

/**
 * GLM-4.5 / 4.6 / 4.7: the name right after `<tool_call>`, then key/value pairs; GLM-4.7 writes
 * them without newlines. Output that was JSON-escaped as a whole (sglang's tests: `todo_write\n<arg_key>`
 * with a literal backslash-n) still reads: the escapes between tags are layout.
 */
function readGlmCall(body: string, ctx: BodyContext): BodyResult {
  const lt = body.indexOf('<');
  const nl = body.indexOf('\n');
  const headEnd = Math.min(lt === -1 ? body.length : lt, nl === -1 ? body.length : nl);
  const name = glmName(body.slice(0, headEnd));
  // Words after the tag (`like <tool_call>get_weather, and then…`): the tag named in prose.
  if (name === null) return { calls: [], notMarkup: true };
  const args = new ArgumentCollector();
  const issues: BodyIssue[] = [];
  let i = headEnd;
  let truncated = false;
  let key: string | null = null;
  let sawTag = false;
  for (;;) {
    const tag = nextTag(body, i);
    if (tag === null) break;
    sawTag = true;
    if (isKeyOpen(tag)) {
      const span = scanValue(body, tag.end, body.length, KEY_RULES);
      key = decodeName(body.slice(span.start, span.end));
      i = span.next;
      continue;
    }
    if (isValueOpen(tag)) {
      const span = scanValue(body, tag.end, body.length, VALUE_RULES);
      const text = valueText(body.slice(span.start, span.end), 'inline');
      if (key === null) {
        issues.push({
          kind: 'malformed-call',
          message: `An <arg_value> without its <arg_key> in "${name}" was dropped.`,
          raw: text,
        });
      } else {
        args.add(key, text);
      }
      key = null;
      truncated = !span.closed;
      i = span.next;
      continue;
    }
    i = tag.end;
  }
  if (key !== null) {
    issues.push({
      kind: 'partial-call',
      message: `The argument ${JSON.stringify(key)} of "${name}" has no value.`,
      raw: key,
    });
  }
  // The cut-off rule (architecture/semantics.md): with nothing after the name the name itself may
  // be cut (`<tool_call>list_d` could go on), so it is no call; a call cut inside its arguments is
  // returned with what was read, flagged `partial-call` (strict mode never returns it).
  if (!ctx.closed && !sawTag) {
    return { calls: [], error: 'the output ended right after the name, which may be cut off' };
  }
  if (truncated && !ctx.closed) issues.push(cutValueIssue(body));
  return { calls: [{ name, arguments: args.build(name, ctx, issues) }], issues };
}

const HY_CALL_OPEN = '<tool_call>';
const HY_CALL_CLOSE = '</tool_call>';

/**
 * Hunyuan 3's `<tool_calls>` wrapper: `<tool_call>NAME<tool_sep><arg_key>…</arg_key><arg_value>…
 * </arg_value></tool_call>`, one element per call, blanks between them. The separator ends the name
 * the way GLM's newline does (readGlmCall stops the name at the first tag). A call the output
 * ended inside is read as GLM's is: flagged, never silently whole. Linear: one `indexOf` per tag.
 */
export function hyCallsBody(format: string | undefined): BodyParser {
  return (body, ctx) => {
    const calls: RawCall[] = [];
    const issues: BodyIssue[] = [];
    let i = 0;
    for (;;) {
      const open = body.indexOf(HY_CALL_OPEN, i);
      if (open === -1) break;
      const from = open + HY_CALL_OPEN.length;
      const close = body.indexOf(HY_CALL_CLOSE, from);
      const end = close === -1 ? body.length : close;
      const inner = body.slice(from, end);
      const read = readGlmCall(inner, close === -1 ? ctx : { ...ctx, closed: true });
      if (read.error !== undefined || read.notMarkup) {
        issues.push({ kind: 'malformed-call', message: read.error ?? 'not a call', raw: inner });
      } else {
        calls.push(...read.calls);
        if (read.issues) issues.push(...read.issues);
      }
      if (close === -1) break;
      i = close + HY_CALL_CLOSE.length;
    }
    if (calls.length === 0 && issues.length === 0)
      return { calls: [], error: 'no <tool_call> in <tool_calls>' };
    return named({ calls, issues }, format);
  };
}

// --- Early announcement ----------------------------------------------------------------------------

/**
 * The early announcement of a `<tool_call>` body or of any block of call tags: GLM's `NAME` once
 * the line or tag after it has begun (from then on every longer prefix gives the same answer),
 * else the kit's announcement of the first call tag (`calls`).
 */
export function announceXmlCall(calls: (prefix: string, open: string) => AnnouncedCall | null) {
  return (prefix: string, open: string): AnnouncedCall | null => {
    const p = skipJsonSpace(prefix, 0);
    // GLM: `<tool_call>NAME` and then `<arg_key>` or a line break (readGlmCall reads it so).
    if (open === '<tool_call>' && p < prefix.length && prefix.charCodeAt(p) !== LT) {
      const lt = prefix.indexOf('<', p);
      const nl = prefix.indexOf('\n', p);
      const headEnd = lt === -1 ? nl : nl === -1 ? lt : Math.min(lt, nl);
      if (headEnd === -1) return null;
      const glm = glmName(prefix.slice(p, headEnd));
      return glm === null ? null : { name: glm };
    }
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
    const name = head.charCodeAt(p) === LT ? readNamedChildren(head, p, args) : plainName(head);
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
  if (head.charCodeAt(p) === BRACE_OPEN) {
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
    if (body.charCodeAt(p) === BRACE_OPEN) {
      const parsed = parseJsonLadder(body.trim());
      if (!parsed.ok || !isPlainObject(parsed.value)) {
        return { calls: [], error: `the JSON inside <${name}> does not parse` };
      }
      const call: RawCall = { name, arguments: parsed.value };
      return { calls: [call], issues };
    }
    if (p < body.length && body.charCodeAt(p) !== LT) {
      // Prose between the tags: `<search>` used as a word is not a call.
      return { calls: [], notMarkup: true };
    }
    readChildElements(body, p, body.length, null, args);
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
 * `018956` under `{"type": "integer"}` is 18956. Nesting deeper than M3_MAX_DEPTH is kept as
 * text: the reader's recursion is bounded.
 */
export function m3CallsBody(namespace: string, format: string | undefined): BodyParser {
  return (body: string, ctx: BodyContext): BodyResult => {
    const text = body.replaceAll(namespace, '');
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
    if (truncated && !ctx.closed) issues.push(cutValueIssue(body));
    return format === undefined ? { calls, issues } : { calls, issues, format };
  };
}

const M3_MAX_DEPTH = 16;

type Schema = Record<string, unknown> | undefined;

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
    if (depth >= M3_MAX_DEPTH) {
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
