/**
 * LFM2's `<|tool_call_start|>[get_weather(location='Paris')]<|tool_call_end|>`: a pythonic call
 * list, read by core's literal parser (never evaluated). LFM2 models prompted with JSON tools also
 * write `[{"name": …, "arguments": …}]` between the same markers, so a body that starts like a
 * JSON object is read as JSON calls.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyParser,
  type BodyResult,
  parsePythonCalls,
  pythonRawCalls,
} from '@toolformat/core/kit';

/** `[{` or `{` after blanks: JSON calls, not a pythonic list. */
function looksLikeJsonCalls(body: string): boolean {
  let i = 0;
  while (i < body.length && /\s/.test(body[i]!)) i++;
  if (body[i] === '{') return true;
  if (body[i] !== '[') return false;
  i++;
  while (i < body.length && /\s/.test(body[i]!)) i++;
  return body[i] === '{' || body[i] === ']';
}

/** `json` reads the JSON form: the family's JSON body parser. */
export function pythonOrJsonCallsBody(body: string, ctx: BodyContext, json: BodyParser): BodyResult {
  if (body.trim() === '') return { calls: [], error: 'the block is empty' };
  if (looksLikeJsonCalls(body)) return json(body, ctx);
  const parsed = parsePythonCalls(body, { maxDepth: ctx.options.maxDepth });
  if (!parsed.ok)
    return { calls: [], error: `not a pythonic call list: ${parsed.error} at offset ${parsed.offset}` };
  const issues: BodyIssue[] = [];
  for (const note of parsed.notes ?? [])
    issues.push({ kind: 'json-repaired', message: note.message, raw: body });
  const calls = pythonRawCalls(parsed.calls, ctx, body, issues);
  if (parsed.end < body.length) {
    issues.push({
      kind: 'trailing-text',
      message: 'Text after the call list was removed.',
      raw: body.slice(parsed.end),
    });
  }
  if (calls.length === 0) return { calls: [], error: 'the call list is empty' };
  return { calls, issues };
}
