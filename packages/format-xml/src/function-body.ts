/**
 * Qwen3-Coder's form (also Qwen3.5, Nemotron 3, Step-3.5, and Seed-OSS inside `<seed:tool_call>`):
 *
 *   <function=get_weather>
 *   <parameter=city>
 *   Paris
 *   </parameter>
 *   </function>
 *
 * What models get wrong and vLLM / llama.cpp accept, so do we: a missing `</parameter>` (the next
 * `<parameter=` or `</function>` ends the value), a missing `</function>`, a JSON object instead
 * of parameters (`<function=x>{"a": 1}</function>`, Llama 3.1's form). A `<function=name` without
 * its `>` is not a call (vLLM's `test_none_tool_calls_filtered`).
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  isJsonSpace,
  opensProse,
  parseJsonLadder,
  type RawCall,
} from '@toolformat/core/kit';
import { decodeName } from './invoke-body.js';
import { ArgumentCollector, type ValueLayout, valueText } from './values.js';
import { nextTag, scanValue, type Tag, type ValueRules } from './xml-scan.js';

const isFunctionOpen = (t: Tag) => !t.closing && t.local === 'function' && (t.eq !== null || t.name !== null);
const isFunctionClose = (t: Tag) => t.closing && t.local === 'function';
/** `<parameter=k>` / `<parameter name="k">`, and MiniCPM5's `<param name="k">`. */
const isParamTag = (t: Tag) => t.local === 'parameter' || t.local === 'param';
const isParamOpen = (t: Tag) => !t.closing && isParamTag(t) && (t.eq !== null || t.name !== null);

/**
 * A value ends at the close of its own element only: a `</param>` inside a Qwen3-Coder
 * `<parameter=…>` value (HTML, say) is text, and so is a `</parameter>` inside MiniCPM5's `<param>`.
 */
const PARAMETER_RULES: ValueRules = rulesFor('parameter');
const PARAM_RULES: ValueRules = rulesFor('param');

function rulesFor(local: string): ValueRules {
  return {
    isClose: (t) => t.closing && t.local === local,
    canFollow: (t) => isParamTag(t) || t.local === 'function' || t.closing,
    isStop: (t) => isParamOpen(t) || isFunctionClose(t) || isFunctionOpen(t),
  };
}

/** Reads every `<function=…>` in `body[from, limit)`. */
export function readFunctions(
  body: string,
  ctx: BodyContext,
  layout: ValueLayout = 'lines',
  from = 0,
  limit = body.length,
): BodyResult {
  const calls: RawCall[] = [];
  const issues: BodyIssue[] = [];
  let i = from;
  let truncated = false;
  let prose = false;
  for (;;) {
    let tag = nextTag(body, i, limit);
    while (tag !== null && !isFunctionOpen(tag)) tag = nextTag(body, tag.end, limit);
    if (tag === null) break;
    // `<function=read_file> followed by <parameter=path> in your terminal`: the tag named in a
    // sentence (prose follows it, not a parameter), architecture/precision.md.
    if (
      ctx.options.mentions &&
      (opensProse(body.slice(tag.end, Math.min(limit, tag.end + 64))) ||
        !namesSomething(tag.eq ?? tag.name ?? ''))
    ) {
      prose = true;
      i = tag.end;
      continue;
    }
    const read = readOneFunction(body, tag, limit, ctx, layout, issues);
    if (read.call) calls.push(read.call);
    truncated ||= read.truncated;
    i = read.next;
  }
  if (calls.length === 0) {
    if (prose) return { calls, notMarkup: true };
    return { calls, issues, error: 'no <function=NAME> with parameters in the block' };
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

function readOneFunction(
  body: string,
  open: Tag,
  limit: number,
  ctx: BodyContext,
  layout: ValueLayout,
  issues: BodyIssue[],
): { call: RawCall | null; next: number; truncated: boolean } {
  const name = decodeName(open.eq ?? open.name ?? '');
  let p = open.end;
  while (p < limit && isJsonSpace(body.charCodeAt(p))) p++;
  if (body.charCodeAt(p) === 123 /* { */) return readJsonArguments(body, open, p, limit, name, issues);
  const args = new ArgumentCollector(true);
  let i = open.end;
  let truncated = true;
  for (;;) {
    const tag = nextTag(body, i, limit);
    if (tag === null) {
      i = limit;
      break;
    }
    if (isFunctionClose(tag)) {
      i = tag.end;
      truncated = false;
      break;
    }
    if (isFunctionOpen(tag)) {
      i = tag.start;
      truncated = false;
      break;
    }
    if (isParamOpen(tag)) {
      const span = scanValue(body, tag.end, limit, tag.local === 'param' ? PARAM_RULES : PARAMETER_RULES);
      // A verbatim value is what stands between its tags; one the model left unclosed (ended by
      // `</function>` or `</tool_call>`) has no such bound, and the blanks before what ended it
      // are layout, as in the line layout (a MiMo leak: `…--full </tool_call>`).
      const written = layout === 'verbatim' && !span.closed ? 'lines' : layout;
      args.add(decodeName(tag.eq ?? tag.name ?? ''), valueText(body.slice(span.start, span.end), written));
      truncated = !span.closed;
      i = span.next;
      continue;
    }
    i = tag.end;
  }
  if (name === '') {
    issues.push({
      kind: 'malformed-call',
      message: 'A <function=…> without a name was removed.',
      raw: body.slice(open.start, i),
    });
    return { call: null, next: i, truncated: false };
  }
  return { call: { name, arguments: args.build(name, ctx, issues) }, next: i, truncated };
}

/** `<function=name>{json}</function>`: the arguments are one JSON object. */
function readJsonArguments(
  body: string,
  open: Tag,
  at: number,
  limit: number,
  name: string,
  issues: BodyIssue[],
): { call: RawCall | null; next: number; truncated: boolean } {
  const close = body.indexOf('</function>', at);
  const end = close === -1 || close > limit ? limit : close;
  const next = close === -1 || close > limit ? limit : close + '</function>'.length;
  const json = body.slice(at, end).trim();
  const parsed = parseJsonLadder(json);
  if (name === '' || !parsed.ok) {
    issues.push({
      kind: 'malformed-call',
      message: `A <function=…> whose JSON arguments do not parse was removed${parsed.ok ? '' : ` (${parsed.error})`}.`,
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
