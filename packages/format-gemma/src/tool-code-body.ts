/**
 * A ```` ```tool_code ```` fence (Google's function-calling prompt): one or more python calls,
 * `get_weather(city="Paris")`, read by core's literal parser — never evaluated. Positional values
 * get the declared parameters' names in schema order; without a schema they are reported.
 * `print(f(a=1))`, which the cookbook's own examples write, is read as the call inside.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  type PythonCall,
  parsePythonCalls,
  pythonRawCalls,
  type RawCall,
} from '@toolformat/core/kit';
import { callBody } from './call-body.js';
import { parseGemmaObject } from './gemma-value.js';

/** `print(x(…))` → the inner call (the cookbook wraps calls in print). */
function unwrapPrint(body: string): string {
  const t = body.trim();
  if (t.startsWith('print(') && t.endsWith(')')) return t.slice('print('.length, -1);
  return body;
}

export function toolCodeBody(body: string, ctx: BodyContext): BodyResult {
  if (body.trim() === '') return { calls: [], error: 'the tool_code block is empty' };
  const source = unwrapPrint(body);
  const parsed = parsePythonCalls(source, { maxDepth: ctx.options.maxDepth });
  if (!parsed.ok) return { calls: [], error: `not python calls: ${parsed.error} at offset ${parsed.offset}` };
  const issues: BodyIssue[] = [];
  for (const note of parsed.notes ?? [])
    issues.push({ kind: 'json-repaired', message: note.message, raw: body });
  const calls = toRawCalls(parsed.calls, ctx, body, issues);
  if (parsed.end < source.length && source.slice(parsed.end).trim() !== '') {
    issues.push({
      kind: 'trailing-text',
      message: 'Code after the calls was removed.',
      raw: source.slice(parsed.end),
    });
  }
  if (calls.length === 0) return { calls: [], error: 'no call in the tool_code block' };
  return { calls, issues };
}

/** The call syntax of `<|tool_call>` blocks, strings written bare (so typed as FunctionGemma's are). */
const strippedCall = callBody({ close: '', inferDelimited: true });

/** Pythonic calls with positional values named by the schema (core's `pythonRawCalls`). */
export const toRawCalls = (
  parsed: readonly PythonCall[],
  ctx: BodyContext,
  raw: string,
  issues: BodyIssue[],
): RawCall[] => pythonRawCalls(parsed, ctx, raw, issues);

/**
 * Gemma 4 with its tokens gone (a server that strips them, or a model served without its
 * template): `call:NAME(key="value", …)` on its own, the arguments in parentheses. The engine took
 * `call:`; the rest is one python call, read by the literal parser. What follows the call on
 * later lines stays text.
 */
export function bareCallBody(body: string, ctx: BodyContext): BodyResult {
  // `call:write_file{content:hello,path:a.txt}`: Gemma 4's own argument syntax, its string
  // delimiters stripped with the tokens (vLLM's pythonic parser leaves this in the content).
  const brace = body.indexOf('{');
  const paren = body.indexOf('(');
  if (brace !== -1 && (paren === -1 || brace < paren)) {
    const parsed = parseGemmaObject(body, brace, ctx.options.maxDepth);
    if (!parsed.ok)
      return parsed.truncated
        ? { calls: [], error: 'the output ended inside this call, so its arguments are incomplete' }
        : { calls: [], notMarkup: true };
    const read = strippedCall(`call:${body.slice(0, parsed.end)}`, ctx);
    if (read.calls.length === 0) return { calls: [], notMarkup: true };
    const rest = body.slice(parsed.end);
    return rest.trim() === '' ? read : { ...read, text: rest };
  }
  const parsed = parsePythonCalls(body, { maxDepth: ctx.options.maxDepth, allowBareCall: true });
  if (!parsed.ok || parsed.calls.length !== 1)
    return ctx.closed || parsed.ok
      ? { calls: [], notMarkup: true }
      : { calls: [], error: 'the output ended inside this call, so its arguments are incomplete' };
  const issues: BodyIssue[] = [];
  const raw = body.slice(0, parsed.end);
  for (const note of parsed.notes ?? []) issues.push({ kind: 'json-repaired', message: note.message, raw });
  const calls = toRawCalls(parsed.calls, ctx, raw, issues);
  const rest = body.slice(parsed.end);
  return rest.trim() === '' ? { calls, issues } : { calls, issues, text: rest };
}
