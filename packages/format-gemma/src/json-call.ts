/**
 * LM Studio's default tool-use format: `[TOOL_REQUEST]{"name": …, "arguments": {…}}[END_TOOL_REQUEST]`
 * (its prompt), `[TOOL_REQUEST]\nname {json}\n[TOOL_REQUEST_END]` (LLxprt Code’s text parser), and a line number in
 * front of the JSON (`1 {"name": …}`, seen in the wild). The JSON goes through core's ladder.
 */
import {
  type BodyContext,
  type BodyResult,
  BRACE_OPEN,
  isDigit,
  isJsonSpace,
  isPlainObject,
  type JsonCallsOptions,
  jsonCallFrom,
  jsonRepaired,
  parseJsonLadder,
  type RawCall,
  readJsonCalls,
} from '@toolformat/core/kit';

/** Past a leading line number (`12 `) and blanks; unchanged when there is none. */
export function skipLineNumber(text: string, pos: number): number {
  let p = pos;
  while (p < text.length && isJsonSpace(text.charCodeAt(p))) p++;
  const digits = p;
  while (p < text.length && p - digits < 6 && isDigit(text.charCodeAt(p))) p++;
  if (p === digits || p >= text.length || !isJsonSpace(text.charCodeAt(p))) return digits;
  while (p < text.length && isJsonSpace(text.charCodeAt(p))) p++;
  return p;
}

/** LM Studio's call object: `{"name", "arguments"|"parameters"}`, alone and with nothing after it. */
const GEMMA_JSON: JsonCallsOptions = {
  openAi: false,
  values: 'one',
  trailing: 'reject',
  allOrNothing: true,
  brokenOff: 'repair',
  nesting: 0,
  repairWhole: true,
};

/** `{"name": …, "arguments"|"parameters": …}` → a call, or null. */
export function callFromObject(value: unknown): RawCall | null {
  const call = jsonCallFrom(value, GEMMA_JSON);
  return typeof call === 'string' ? null : call;
}

/** Reads `{json}` (repair reported) into a call: a call object, or the arguments of `named`. */
export function readJsonCall(json: string, named?: string): BodyResult {
  if (named === undefined) return readJsonCalls(json, true, GEMMA_JSON);
  const parsed = parseJsonLadder(json);
  if (!parsed.ok) return { calls: [], error: `the JSON does not parse: ${parsed.error}` };
  if (!isPlainObject(parsed.value)) return { calls: [], error: 'the arguments are not an object' };
  const issues = parsed.repaired !== null ? [jsonRepaired(parsed.repairs, json)] : [];
  return { calls: [{ name: named, arguments: parsed.value }], issues };
}

/** The body of a `[TOOL_REQUEST]` block: JSON with a name, or `name {arguments}`. */
export function toolRequestBody(body: string, ctx: BodyContext): BodyResult {
  const p = skipLineNumber(body, 0);
  if (p >= body.length) return { calls: [], error: 'the block is empty' };
  if (!ctx.closed && body.trim() !== '' && !body.trimEnd().endsWith('}'))
    return { calls: [], error: 'the output ended inside the call, so its arguments are incomplete' };
  if (body.charCodeAt(p) === BRACE_OPEN) return readJsonCall(body.slice(p).trim());
  const brace = body.indexOf('{', p);
  const name = (brace === -1 ? body.slice(p) : body.slice(p, brace)).trim();
  if (name === '' || name.length > 256 || /\s/.test(name)) return { calls: [], error: 'no tool name' };
  if (brace === -1) return { calls: [{ name, arguments: {} }] };
  return readJsonCall(body.slice(brace).trim(), name);
}
