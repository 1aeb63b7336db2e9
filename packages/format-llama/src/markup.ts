/**
 * The markup of the family, declared for the core stream engine. Every variant reads every form
 * (models drift between Llama generations' formats); a variant adds what only its models write
 * and names itself in `ParseResult.format`.
 *
 * Strong markers (`<|python_tag|>`, `<|python_start|>`, `<function=`, `>>>`, `<function_calls>`)
 * take part in auto mode. Bare JSON and bare pythonic lists look like prose and code answers too:
 * with an explicit format they are read anywhere in the text (Llama 3.1 answers "Here is the
 * result: {…}"), in auto mode only at the start of the output, naming declared tools or, without tools, in the
 * exact call shape (`whole`).
 */
import {
  announceFunctionTag,
  type BlockSpec,
  type BodyContext,
  type BodyResult,
  BRACE_OPEN,
  BRACKET_OPEN,
  callsInProse,
  functionTagBody,
  isAsciiAlphanumeric,
  type JsonCallsOptions,
  jsonCallsInProse,
  type MarkupSpec,
  pythonCallLists,
  readJsonCalls,
  readPythonCallList,
  UNDERSCORE,
} from '@toolformat/core/kit';
import { recipientBody, recipientSegments } from './recipient-body.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** End-of-turn and end-of-message tokens of Llama 3.x and 4 that servers leave in. */
export const END_TOKENS = ['<|eot_id|>', '<|eom_id|>', '<|eot|>', '<|eom|>', '<|end_of_text|>'];

const STRONG = ['<|python_tag|>', '<|python_start|>', '<function=', '>>>', '<function_calls>'];

/** Bare forms run to the next strong marker or end token (then the scan goes on from there). */
const BARE_END = [...STRONG, ...END_TOKENS];

const IDENT_START = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_';

export interface MarkupOptions {
  /** Handler id: `llama`, `llama:pythonic`, … */
  id: string;
  /** Functionary v3.2: the prompt ends with `>>>`, so the output may start at a recipient. */
  recipientStart?: boolean;
}

/**
 * JSON calls in Llama's shapes: one object, several separated by `;` (vLLM's Llama 3 parser
 * splits on it), by blanks or newlines, or written back to back (the Llama 4 HF template), or an
 * array of them. `{"name", "parameters"|"arguments"}` (the HF template's key, and vLLM's), with
 * `"type": "function"` or wrapped the OpenAI way (what a fine-tune copies from an OpenAI-style
 * tool list). A call without arguments is a call only when the key is present: `{"name": "x"}`
 * alone is too often an ordinary JSON answer. In a block nothing but calls (one value that is not
 * a call breaks the block), a finished body repaired however it ends, and a value the output
 * ended inside is not read further.
 */
const LLAMA_JSON: JsonCallsOptions = {
  argumentKeys: ['parameters', 'arguments'],
  requireArguments: true,
  openAi: 'typed',
  separators: ';,',
  allOrNothing: true,
  brokenOff: 'repair',
  openLists: false,
  vouchExact: true,
};

/** Whether the body, after blanks, starts with JSON calls: `{`, or `[` then `{`. */
function startsWithJsonCalls(body: string): boolean {
  const t = body.trimStart();
  const c = charCodeAt.call(t, 0);
  return (
    c === BRACE_OPEN || (c === BRACKET_OPEN && charCodeAt.call(t.slice(1).trimStart(), 0) === BRACE_OPEN)
  );
}

/** JSON calls in a block body. */
function jsonCallsBody(body: string, ctx: BodyContext): BodyResult {
  return readJsonCalls(body, ctx.closed, { ...LLAMA_JSON, maxDepth: ctx.options.maxDepth });
}

/** `brave_search.call(…)`: the built-in tool's name is the object, `.call` the method. */
const CALL_SUFFIX = '.call';

function callName(name: string): string {
  return name.endsWith(CALL_SUFFIX) && name.length > CALL_SUFFIX.length
    ? name.slice(0, -CALL_SUFFIX.length)
    : name;
}

/**
 * Pythonic calls — `[get_weather(city="Paris"), get_time()]` (Llama 3.2 / 4 docs), bare
 * `f(a=1)` lines (OLMo 3 inside `<function_calls>`), `brave_search.call(query="…")` (Llama 3.1
 * built-in tools) — in a body that must be calls, read by core's literal parser: model output is
 * never evaluated.
 */
function pythonCallsBody(body: string, ctx: BodyContext): BodyResult {
  return readPythonCallList(body, ctx, { rename: callName, vouchExact: true });
}

/** The name Llama 3.1's prompt gives the code interpreter: raw Python after the tag is its `{code}`. */
export const CODE_INTERPRETER = 'code_interpreter';

/** `name.call(` at `from`: a built-in tool call. */
function startsWithBuiltinCall(body: string, from: number): boolean {
  const paren = body.indexOf('.call(', from);
  if (paren <= from || paren - from > 64) return false;
  for (let i = from; i < paren; i++) {
    const c = charCodeAt.call(body, i);
    if (!isAsciiAlphanumeric(c) && c !== UNDERSCORE) return false;
  }
  return true;
}

/**
 * What follows Llama 3.1's `<|python_tag|>` (up to `<|eom_id|>`): JSON calls separated by `;`
 * (custom tools with `Environment: ipython`), a built-in tool `brave_search.call(query="…")` /
 * `wolfram_alpha.call(…)`, a pythonic list, or raw Python for the code interpreter.
 */
function pythonTagBody(body: string, ctx: BodyContext): BodyResult {
  const p = body.length - body.trimStart().length;
  if (p === body.length) return { calls: [], error: 'nothing follows <|python_tag|>' };
  if (startsWithJsonCalls(body)) return jsonCallsBody(body, ctx);
  if (body[p] === '[' || startsWithBuiltinCall(body, p)) {
    const read = pythonCallsBody(body, ctx);
    if (read.error === undefined || startsWithBuiltinCall(body, p)) return read;
  }
  const code = body.trim();
  if (!ctx.closed && code === '') return { calls: [], error: 'nothing follows <|python_tag|>' };
  return { calls: [{ name: CODE_INTERPRETER, arguments: { code } }] };
}

/** Llama 4's `<|python_start|>…<|python_end|>`: a pythonic list, or JSON calls. Empty (the HF template's own empty pair) is nothing. */
function pythonStartBody(body: string, ctx: BodyContext): BodyResult {
  if (body.trimStart() === '') return { calls: [] };
  return startsWithJsonCalls(body) ? jsonCallsBody(body, ctx) : pythonCallsBody(body, ctx);
}

/**
 * Bare JSON (`{` opens) and bare pythonic lists (`[` opens) anywhere in the text: the open marker
 * belongs to the body. Every call-shaped JSON object and every list that parses as calls is
 * calls; the rest is text, and the `;` between JSON calls is markup. Without markers broken JSON
 * is more likely prose than a call, so it is parsed strictly. A list another list follows on the
 * same line is not a mention (`[a(x=1)] and [b(y=2)]`).
 */
function bareBody(body: string, ctx: BodyContext): BodyResult {
  const text = ctx.open + body;
  const finder =
    ctx.open === '['
      ? pythonCallLists(text, ctx, { rename: callName, listRuns: true })
      : jsonCallsInProse(text, { ...LLAMA_JSON, markupSeparator: ';', mentions: ctx.options.mentions });
  return callsInProse(text, [finder]);
}

/**
 * The output starts with a pythonic list or JSON calls. Taken when every call names a declared
 * tool or, without tools, has the exact call shape (`onlyDeclaredTools`).
 */
function wholeBody(body: string, ctx: BodyContext): BodyResult {
  if (startsWithJsonCalls(body)) {
    // Text after the calls: with the explicit format, the bare-text scan keeps it as content and
    // finds any calls in it, so the whole-output form steps aside. Auto mode has no bare-text scan
    // (prose braces would all be candidates): there the leading calls are taken, the text is content.
    const r = readJsonCalls(body, true, { ...LLAMA_JSON, trailing: 'text' });
    return r.text === undefined || ctx.auto ? r : { calls: [], error: 'text follows the calls' };
  }
  const r = pythonCallsBody(body, ctx);
  const trailing = r.issues?.find((i) => i.kind === 'trailing-text');
  if (trailing === undefined) return r;
  // (The same choice for a pythonic list.)
  if (!ctx.auto) return { calls: [], error: 'text follows the calls' };
  return { ...r, issues: r.issues!.filter((i) => i !== trailing), text: trailing.raw ?? '' };
}

export function buildMarkup(options: MarkupOptions): MarkupSpec {
  const { id } = options;
  const blocks: BlockSpec[] = [
    // Llama 3.1 built-in tools and JSON with `Environment: ipython`; ends at `<|eom_id|>`.
    {
      open: '<|python_tag|>',
      close: ['<|eom_id|>', '<|eot_id|>', '<|eom|>', '<|eot|>'],
      closeBefore: ['<|python_tag|>'],
      body: pythonTagBody,
      confidence: 0.95,
    },
    // Llama 4 (vLLM strips these too).
    {
      open: '<|python_start|>',
      close: ['<|python_end|>'],
      closeBefore: ['<|eot|>', '<|eom|>', '<|eot_id|>', '<|eom_id|>'],
      body: pythonStartBody,
      confidence: 0.95,
    },
    // Llama 3.1 custom tools (doc), Functionary v3.1.
    {
      open: '<function=',
      close: '</function>',
      guard: 'json',
      body: functionTagBody,
      announce: announceFunctionTag,
      confidence: 0.8,
    },
    // Functionary v3.2: `>>>name\n{json}` up to the next `>>>`.
    {
      open: '>>>',
      close: 'end-of-output',
      closeBefore: ['>>>', ...END_TOKENS],
      // (The guard reads strings from the first bracket, after the name.)
      guard: 'json',
      bodyStart: IDENT_START,
      bodyStartTight: IDENT_START,
      body: recipientBody,
      confidence: 0.8,
    },
    // OLMo 3: pythonic calls, one a line, inside `<function_calls>` (Claude-style XML there is the XML format's).
    {
      open: '<function_calls>',
      close: '</function_calls>',
      body: (body, ctx) =>
        body.trimStart().startsWith('<') ? { calls: [], notMarkup: true } : pythonCallsBody(body, ctx),
      confidence: 0.7,
    },
    // Explicit format only: bare JSON calls and pythonic lists anywhere in the text.
    {
      open: ['{', '['],
      close: 'end-of-output',
      closeBefore: BARE_END,
      guard: 'json',
      body: bareBody,
      auto: false,
      confidence: 0.3,
    },
  ];
  const whole: MarkupSpec['whole'] = options.recipientStart
    ? { startChars: IDENT_START, body: (body) => recipientSegments(body), format: id }
    : { startChars: '{[', body: wholeBody, format: id, onlyDeclaredTools: true };
  return { id, blocks, strip: [...END_TOKENS, '<|python_end|>'], whole };
}
