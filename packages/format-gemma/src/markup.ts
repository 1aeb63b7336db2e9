/**
 * The markup of the family, declared for the core stream engine. Every variant reads every form
 * (Gemma 2/3 follow whichever prompt they were given; servers mix them); a variant names itself
 * in `ParseResult.format`, and in the default variant each block names the variant whose form it is.
 *
 * Strong markers (`<|tool_call>`, `<start_function_call>`, `[TOOL_REQUEST]`, ```` ```tool_code ````)
 * take part in auto mode. Bare pythonic lists and `{…}[END_TOOL_REQUEST]` look like prose and code
 * too: with an explicit format they are read anywhere in the text; the whole output (a pythonic
 * list, or one JSON call) is read in auto mode too when it names declared tools or, without tools,
 * has the exact call shape (`whole`).
 */
import {
  type BlockSpec,
  type BodyContext,
  type BodyResult,
  BRACE_OPEN,
  callsInProse,
  findJsonEnd,
  isExactJsonCall,
  isPlainObject,
  type JsonCallsOptions,
  jsonCallFrom,
  jsonRepaired,
  type MarkupSpec,
  parseJsonLadder,
  parsePythonCalls,
  pythonCallLists,
  pythonNoteIssues,
  pythonRawCalls,
  type RawCall,
  type ReasoningSpec,
  readJsonCallObjects,
  readJsonCalls,
  skipBlank,
  unreadKeysIssue,
} from '@toolformat/core/kit';
import { callBody, endMarkedRequests, skipLineNumber, strippedGemmaCall } from './call-body.js';
import {
  END_TOKENS,
  END_TOOL_REQUEST,
  ESCAPE,
  FG_CALL,
  FG_CALL_END,
  FG_RESPONSE,
  GEMMA4_CALL,
  GEMMA4_CALL_END,
  GEMMA4_RESPONSE,
  QUOTE_TOKEN,
  TOOL_REQUEST,
  TOOL_REQUEST_END,
} from './tokens.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

const STRIP = [...END_TOKENS, GEMMA4_CALL_END, FG_CALL_END, END_TOOL_REQUEST, TOOL_REQUEST_END];

// The body parser reads a string between either token in either block (call-body.ts).
const DELIMITERS = [QUOTE_TOKEN, ESCAPE];

const STRONG = [GEMMA4_CALL, GEMMA4_RESPONSE, FG_CALL, FG_RESPONSE, TOOL_REQUEST];

export const REASONING: readonly ReasoningSpec[] = [
  // Gemma 4's thinking channel; the template writes `<|channel>thought\n…<channel|>`.
  { open: ['<|channel>thought', '<|channel>'], close: ['<channel|>'] },
  { open: ['<think>'], close: ['</think>'] },
];

const NAME_START = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_';

/**
 * LM Studio's call object `{"name", "arguments"|"parameters"}`, alone and with nothing after it
 * (its prompt's `[TOOL_REQUEST]{…}[END_TOOL_REQUEST]`; LLxprt Code's text parser reads
 * `[TOOL_REQUEST]\nname {json}\n[TOOL_REQUEST_END]`). The JSON goes through core's ladder.
 */
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
function callFromObject(value: unknown): RawCall | null {
  const call = jsonCallFrom(value, GEMMA_JSON);
  return typeof call === 'string' ? null : call;
}

/** Reads `{json}` (repair reported) into a call: a call object, or the arguments of `named`. */
function readJsonCall(json: string, named?: string): BodyResult {
  if (named === undefined) return readJsonCalls(json, true, GEMMA_JSON);
  const parsed = parseJsonLadder(json);
  if (!parsed.ok) return { calls: [], error: `the JSON does not parse: ${parsed.error}` };
  if (!isPlainObject(parsed.value)) return { calls: [], error: 'the arguments are not an object' };
  const issues = parsed.repaired !== null ? [jsonRepaired(parsed.repairs, json)] : [];
  return { calls: [{ name: named, arguments: parsed.value }], issues };
}

/** The body of a `[TOOL_REQUEST]` block: JSON with a name, or `name {arguments}`, a line number first or not. */
function toolRequestBody(body: string, ctx: BodyContext): BodyResult {
  const p = skipLineNumber(body, 0);
  if (p >= body.length) return { calls: [], error: 'the block is empty' };
  if (!ctx.closed && body.trim() !== '' && !body.trimEnd().endsWith('}'))
    return { calls: [], error: 'the output ended inside the call, so its arguments are incomplete' };
  if (charCodeAt.call(body, p) === BRACE_OPEN) return readJsonCall(body.slice(p).trim());
  const brace = body.indexOf('{', p);
  const name = (brace === -1 ? body.slice(p) : body.slice(p, brace)).trim();
  if (name === '' || name.length > 256 || /\s/.test(name)) return { calls: [], error: 'no tool name' };
  if (brace === -1) return { calls: [{ name, arguments: {} }] };
  return readJsonCall(body.slice(brace).trim(), name);
}

/** `print(x(…))` → the inner call (the cookbook wraps calls in print). */
function unwrapPrint(body: string): string {
  const t = body.trim();
  if (t.startsWith('print(') && t.endsWith(')')) return t.slice('print('.length, -1);
  return body;
}

/**
 * A ```` ```tool_code ```` fence (Google's function-calling prompt): one or more python calls,
 * `get_weather(city="Paris")`, read by core's literal parser, never evaluated. Positional values
 * get the declared parameters' names in schema order; without a schema they are reported.
 */
function toolCodeBody(body: string, ctx: BodyContext): BodyResult {
  if (body.trim() === '') return { calls: [], error: 'the tool_code block is empty' };
  const source = unwrapPrint(body);
  const parsed = parsePythonCalls(source, { maxDepth: ctx.options.maxDepth });
  if (!parsed.ok) return { calls: [], error: `not python calls: ${parsed.error} at offset ${parsed.offset}` };
  const issues = pythonNoteIssues(parsed.notes, body);
  const calls = pythonRawCalls(parsed.calls, ctx, body, issues);
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

/**
 * Gemma 4 with its tokens gone (a server that strips them, or a model served without its
 * template): `call:NAME(key="value", …)` on its own, the arguments in parentheses, read as one
 * python call by the literal parser; or Gemma's own `call:NAME{…}` with its delimiters stripped.
 * The engine took `call:`; what follows the call on later lines stays text.
 */
function bareCallBody(body: string, ctx: BodyContext): BodyResult {
  const stripped = strippedGemmaCall(body, ctx);
  if (stripped !== null) return stripped;
  const parsed = parsePythonCalls(body, { maxDepth: ctx.options.maxDepth, allowBareCall: true });
  if (!parsed.ok || parsed.calls.length !== 1)
    return ctx.closed || parsed.ok
      ? { calls: [], notMarkup: true }
      : { calls: [], error: 'the output ended inside this call, so its arguments are incomplete' };
  const raw = body.slice(0, parsed.end);
  const issues = pythonNoteIssues(parsed.notes, raw);
  const calls = pythonRawCalls(parsed.calls, ctx, raw, issues);
  const rest = body.slice(parsed.end);
  return rest.trim() === '' ? { calls, issues } : { calls, issues, text: rest };
}

/**
 * Calls written without an open marker, read with an explicit format only (prose and code look
 * the same): LM Studio's `{…}[END_TOOL_REQUEST]` and Gemma's prompted pythonic lists
 * `[f(a=1), g(b="x")]` anywhere in the text; everything else stays text. The open character
 * belongs to the text.
 */
function bareBody(body: string, ctx: BodyContext): BodyResult {
  const text = ctx.open + body;
  return callsInProse(text, [
    endMarkedRequests(text, (json) => readJsonCall(json)),
    pythonCallLists(text, ctx),
  ]);
}

/**
 * The whole output is calls: a pythonic list, or one JSON call `{"name": …, "parameters"|"arguments":
 * {…}}` (the form Gemma 3's function-calling prompts teach, and tools fine-tunes write). Taken by
 * the engine when every call names a declared tool or, without tools, has the exact call shape.
 * `jsonFormat`: the format a JSON call is reported as.
 */
function wholeBody(jsonFormat: string) {
  return (body: string, ctx: BodyContext): BodyResult => {
    const start = skipBlank(body, 0);
    return charCodeAt.call(body, start) === BRACE_OPEN
      ? { ...wholeJson(body.slice(start)), format: jsonFormat }
      : wholeList(body, ctx);
  };
}

/**
 * One JSON call and nothing after it. Read by the ladder, not the kit's JSON-call reader: that
 * reader takes JSON5 and extra brackets, too loose for a whole output read without a marker.
 */
function wholeJson(text: string): BodyResult {
  const end = findJsonEnd(text, 0);
  if (end === -1 || text.slice(end).trim() !== '') return { calls: [], error: 'not one JSON call' };
  const json = text.slice(0, end);
  const parsed = parseJsonLadder(json);
  if (!parsed.ok) return { calls: [], error: `the JSON does not parse: ${parsed.error}` };
  const call = callFromObject(parsed.value);
  if (call === null) return { calls: [], error: 'the JSON has no "name"' };
  const unread = unreadKeysIssue(parsed.value as Record<string, unknown>, call);
  const issues = unread === null ? [] : [unread];
  if (parsed.repaired !== null) {
    const message = `Repaired JSON: ${parsed.repairs.join('; ')}.`;
    issues.unshift({ kind: 'json-repaired', message, raw: json });
  }
  if (issues.length > 0) return { calls: [call], issues };
  return isExactJsonCall(parsed.value) ? { calls: [call], exactShape: true } : { calls: [call] };
}

/** A pythonic call list and nothing after it. */
function wholeList(body: string, ctx: BodyContext): BodyResult {
  const parsed = parsePythonCalls(body, { maxDepth: ctx.options.maxDepth, allowBareCall: false });
  if (!parsed.ok || parsed.calls.length === 0) return { calls: [], error: 'not a call list' };
  if (parsed.end < body.length && body.slice(parsed.end).trim() !== '')
    return { calls: [], error: 'text follows the calls' };
  const issues = pythonNoteIssues(parsed.notes, body);
  return { calls: pythonRawCalls(parsed.calls, ctx, body, issues), issues };
}

export function buildMarkup(id: string): MarkupSpec {
  const family = id === 'gemma';
  const fmt = (variant: string) => (family && variant !== '' ? `gemma:${variant}` : id);
  const blocks: BlockSpec[] = [
    {
      open: GEMMA4_CALL,
      close: GEMMA4_CALL_END,
      // A close tag cut short (`}<tool_call`) leaves the block open: the next call or the
      // model's own response token still ends it.
      closeBefore: [GEMMA4_CALL, GEMMA4_RESPONSE, '<turn|>'],
      bodyStart: 'c',
      strings: DELIMITERS,
      body: callBody({ close: GEMMA4_CALL_END, inferDelimited: false }),
      format: fmt('gemma4'),
      confidence: 0.95,
    },
    {
      open: FG_CALL,
      close: FG_CALL_END,
      closeBefore: [FG_CALL, FG_RESPONSE, '<end_of_turn>'],
      bodyStart: 'c',
      strings: DELIMITERS,
      body: callBody({ close: FG_CALL_END, inferDelimited: true }),
      format: fmt('functiongemma'),
      confidence: 0.95,
    },
    {
      open: TOOL_REQUEST,
      close: [TOOL_REQUEST_END, END_TOOL_REQUEST],
      closeBefore: [TOOL_REQUEST],
      guard: 'json',
      // A name, a JSON object or a line number: `<<<[TOOL_REQUEST]>>>` (another convention) is prose.
      bodyStart: `${NAME_START}0123456789{`,
      body: toolRequestBody,
      format: fmt('tool-request'),
      confidence: 0.9,
    },
    { fence: 'tool_code', body: toolCodeBody, format: fmt(''), confidence: 0.9 },
    // Gemma fine-tunes trained on Hermes data write `<tool_call>{"name", "args"}</tool_call>` (the
    // route reads it; in auto mode Hermes owns the marker).
    {
      open: '<tool_call>',
      close: '</tool_call>',
      guard: 'json',
      bodyStart: '{[',
      body: (body, ctx) => readJsonCallObjects(body, ctx),
      format: fmt(''),
      auto: false,
      confidence: 0.5,
    },
    // Gemma 4 with its tokens stripped: `call:get_weather(city="Paris")` at a line start. Prose
    // writes `call:` too, so auto mode reads it only on strong evidence.
    {
      open: 'call:',
      lineStart: true,
      bodyStartTight: NAME_START,
      bodyStart: NAME_START,
      close: 'end-of-output',
      closeBefore: ['\ncall:', ...STRONG, ...END_TOKENS, '```'],
      body: bareCallBody,
      format: fmt('gemma4'),
      auto: 'strong',
      confidence: 0.5,
    },
    // Explicit format only: bare pythonic lists and `{…}[END_TOOL_REQUEST]` anywhere in the text.
    {
      open: ['{', '['],
      close: 'end-of-output',
      closeBefore: [...STRONG, ...END_TOKENS, '```'],
      body: bareBody,
      format: fmt('pythonic'),
      auto: false,
      // It reads JSON only before `[END_TOOL_REQUEST]`: a whole output of one call is `whole`'s.
      yieldsToWhole: true,
      confidence: 0.3,
    },
    // LM Studio's `1 {"name": …}\n[END_TOOL_REQUEST]`: the line number is the call's, not text.
    // Only `N {` or `N N…` at a line start opens it (`1. First` is a list item, prose).
    {
      open: [...'0123456789'],
      lineStart: true,
      bodyStart: '0123456789{',
      bodyStartTight: '0123456789',
      close: 'end-of-output',
      closeBefore: [...STRONG, ...END_TOKENS, '```'],
      body: bareBody,
      format: fmt('tool-request'),
      auto: false,
      confidence: 0.3,
    },
  ];
  return {
    id,
    blocks,
    reasoning: REASONING,
    strip: STRIP,
    // The whole output as calls: a pythonic list, or one JSON call (Gemma 3's function-calling
    // prompts teach `{"name": …, "parameters": {…}}`). At the output's start the engine tries it
    // before the bare block above (`yieldsToWhole`), which reads the rest of what it reads anywhere.
    whole: { startChars: '[{', body: wholeBody(fmt('')), format: fmt('pythonic'), onlyDeclaredTools: true },
  };
}
