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
import type { BlockSpec, BodyContext, BodyResult, MarkupSpec } from '@toolformat/core/kit';
import { announceFunctionTag, functionTagBody, readJsonCalls } from '@toolformat/core/kit';
import { LLAMA_JSON, scanJsonCalls } from './json-calls.js';
import { pythonStartBody, pythonTagBody } from './python-tag-body.js';
import { readPythonCalls, scanPythonLists } from './pythonic.js';
import { recipientBody, recipientSegments } from './recipient-body.js';

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

/** Bare JSON (`{` opens) and bare pythonic lists (`[` opens): the open marker belongs to the body. */
function bareBody(body: string, ctx: BodyContext): BodyResult {
  const text = ctx.open + body;
  return ctx.open === '[' ? scanPythonLists(text, ctx) : scanJsonCalls(text, ctx.options.mentions);
}

/**
 * The output starts with a pythonic list or JSON calls. Taken when every call names a declared
 * tool or, without tools, has the exact call shape (`onlyDeclaredTools`).
 */
function wholeBody(body: string, ctx: BodyContext): BodyResult {
  const t = body.trimStart();
  const json = t[0] === '{' || (t[0] === '[' && t.slice(1).trimStart()[0] === '{');
  if (json) {
    // Text after the calls: with the explicit format, the bare-text scan keeps it as content and
    // finds any calls in it, so the whole-output form steps aside. Auto mode has no bare-text scan
    // (prose braces would all be candidates): there the leading calls are taken, the text is content.
    const r = readJsonCalls(body, true, { ...LLAMA_JSON, trailing: 'text' });
    return r.text === undefined || ctx.auto ? r : { calls: [], error: 'text follows the calls' };
  }
  const r = readPythonCalls(body, ctx);
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
        body.trimStart().startsWith('<') ? { calls: [], notMarkup: true } : readPythonCalls(body, ctx),
      confidence: 0.7,
    },
    // Explicit format only: bare JSON calls and pythonic lists anywhere in the text.
    {
      open: ['{', '['],
      close: 'end-of-output',
      closeBefore: BARE_END,
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
