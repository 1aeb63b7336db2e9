/**
 * Calls written as invocations with named parameters — the Claude-style block and its kin:
 *
 *   <invoke name="get_weather"><parameter name="city">Paris</parameter></invoke>
 *
 * with any namespace prefix on the tags (`antml:`, `steptml:`), several invokes in one block
 * (`<function_calls>`, `<minimax:tool_call>`, Step-3's `<｜tool_calls_begin｜>`), and the legacy
 * Claude 2.1 form `<invoke><tool_name>x</tool_name><parameters><k>v</k></parameters></invoke>`.
 * Text between invokes (Step-3's `function<｜tool_sep｜>`, blanks) belongs to the markup.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  opensProse,
  type RawCall,
} from '@toolformat/core/kit';
import { ArgumentCollector, valueText } from './values.js';
import { nextTag, scanValue, type Tag, type ValueRules } from './xml-scan.js';

const isInvokeOpen = (t: Tag) => !t.closing && t.local === 'invoke';
const isInvokeClose = (t: Tag) => t.closing && t.local === 'invoke';
const isParamOpen = (t: Tag) => !t.closing && t.local === 'parameter' && (t.name !== null || t.eq !== null);

const PARAMETER_RULES: ValueRules = {
  isClose: (t) => t.closing && t.local === 'parameter',
  canFollow: (t) => t.local === 'parameter' || t.local === 'invoke' || t.closing,
  isStop: (t) => isParamOpen(t) || isInvokeClose(t) || isInvokeOpen(t),
};

/** Reads every invoke in `body[from, limit)`; text between them belongs to the markup. */
export function readInvokes(body: string, ctx: BodyContext, from = 0, limit = body.length): BodyResult {
  const calls: RawCall[] = [];
  const issues: BodyIssue[] = [];
  let i = from;
  let truncated = false;
  let prose = false;
  for (;;) {
    let tag = nextTag(body, i, limit);
    while (tag !== null && !isInvokeOpen(tag)) tag = nextTag(body, tag.end, limit);
    if (tag === null) break;
    // `<invoke name="search"> element per call`: the tag named in a sentence (what follows it is
    // prose, not a parameter), architecture/precision.md.
    if (ctx.options.mentions && opensProse(body.slice(tag.end, Math.min(limit, tag.end + 64)))) {
      prose = true;
      i = tag.end;
      continue;
    }
    const read = readOneInvoke(body, tag, limit, ctx, issues);
    if (read.call) calls.push(read.call);
    truncated ||= read.truncated;
    i = read.next;
  }
  if (calls.length === 0) {
    if (prose) return { calls, notMarkup: true };
    return { calls, issues, error: 'no <invoke name="…"> with a name in the block' };
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

function readOneInvoke(
  body: string,
  open: Tag,
  limit: number,
  ctx: BodyContext,
  issues: BodyIssue[],
): { call: RawCall | null; next: number; truncated: boolean } {
  let name = open.name ?? open.eq;
  const args = new ArgumentCollector();
  let i = open.end;
  let truncated = true;
  for (;;) {
    const tag = nextTag(body, i, limit);
    if (tag === null) {
      i = limit;
      break;
    }
    if (isInvokeClose(tag)) {
      i = tag.end;
      truncated = false;
      break;
    }
    if (isInvokeOpen(tag)) {
      // A missing `</invoke>`: the next call starts here.
      i = tag.start;
      truncated = false;
      break;
    }
    if (isParamOpen(tag)) {
      const span = scanValue(body, tag.end, limit, PARAMETER_RULES);
      args.add(decodeName(tag.name ?? tag.eq ?? ''), valueText(body.slice(span.start, span.end), 'inline'));
      i = span.next;
      continue;
    }
    if (!tag.closing && tag.local === 'tool_name') {
      // Claude 2.1: `<invoke><tool_name>x</tool_name>`.
      const close = body.indexOf('</tool_name>', tag.end);
      const end = close === -1 || close > limit ? limit : close;
      name ??= body.slice(tag.end, end).trim();
      i = close === -1 || close > limit ? limit : close + '</tool_name>'.length;
      continue;
    }
    if (!tag.closing && tag.local === 'parameters') {
      i = readChildElements(body, tag.end, limit, 'parameters', args);
      continue;
    }
    i = tag.end;
  }
  const raw = body.slice(open.start, i);
  const callName = decodeName(name ?? '');
  if (callName === '') {
    issues.push({ kind: 'malformed-call', message: 'An <invoke> without a name was removed.', raw });
    return { call: null, next: i, truncated: false };
  }
  return { call: { name: callName, arguments: args.build(callName, ctx, issues) }, next: i, truncated };
}

/**
 * Child elements as parameters, `<k>v</k>` each, up to `</container>`: Claude 2.1's
 * `<parameters>`, the generic `<arguments>`, the Morph form. Returns where reading goes on.
 */
export function readChildElements(
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
      isClose: (t) => t.closing && t.local === tag.local && t.prefix === tag.prefix,
      canFollow: () => true,
      isStop: (t) => container !== null && t.closing && t.local === container,
    };
    const span = scanValue(body, tag.end, limit, rules);
    args.add(key, valueText(body.slice(span.start, span.end), 'inline'));
    i = span.next;
  }
}

/** Names and keys are written raw or entity-encoded; either way they are trimmed. */
export function decodeName(raw: string): string {
  return valueText(raw, 'inline').trim();
}
