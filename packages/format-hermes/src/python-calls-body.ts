/**
 * LFM2's `<|tool_call_start|>[get_weather(location='Paris')]<|tool_call_end|>`: a pythonic call
 * list, read by core's literal parser (never evaluated). LFM2 models prompted with JSON tools also
 * write `[{"name": …, "arguments": …}]` between the same markers, so a body that starts like a
 * JSON object is read as JSON calls.
 */
import { type BodyContext, type BodyParser, type BodyResult, readPythonCallList } from '@toolformat/core/kit';

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
  return looksLikeJsonCalls(body) ? json(body, ctx) : readPythonCallList(body, ctx);
}
