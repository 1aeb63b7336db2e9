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
  type MarkupSpec,
  type ReasoningSpec,
  readJsonCallObjects,
} from '@toolformat/core/kit';
import { bareBody, END_TOOL_REQUEST, wholeBody } from './bare-body.js';
import { callBody } from './call-body.js';
import { toolRequestBody } from './json-call.js';
import { bareCallBody, toolCodeBody } from './tool-code-body.js';

export const GEMMA4_CALL = '<|tool_call>';
export const GEMMA4_CALL_END = '<tool_call|>';
export const GEMMA4_RESPONSE = '<|tool_response>';
export const FG_CALL = '<start_function_call>';
export const FG_CALL_END = '<end_function_call>';
export const FG_RESPONSE = '<start_function_response>';
export const TOOL_REQUEST = '[TOOL_REQUEST]';
export const TOOL_REQUEST_END = '[TOOL_REQUEST_END]';

/** End-of-turn tokens servers leave in, and stray closers. */
export const END_TOKENS = ['<end_of_turn>', '<eos>', '<turn|>'];
const STRIP = [...END_TOKENS, GEMMA4_CALL_END, FG_CALL_END, END_TOOL_REQUEST, TOOL_REQUEST_END];

const STRONG = [GEMMA4_CALL, GEMMA4_RESPONSE, FG_CALL, FG_RESPONSE, TOOL_REQUEST];

export const REASONING: readonly ReasoningSpec[] = [
  // Gemma 4's thinking channel; the template writes `<|channel>thought\n…<channel|>`.
  { open: ['<|channel>thought', '<|channel>'], close: ['<channel|>'] },
  { open: ['<think>'], close: ['</think>'] },
];

const NAME_START = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_';

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
      body: callBody({ close: GEMMA4_CALL_END, inferDelimited: false }),
      format: fmt('gemma4'),
      confidence: 0.95,
    },
    {
      open: FG_CALL,
      close: FG_CALL_END,
      closeBefore: [FG_CALL, FG_RESPONSE, '<end_of_turn>'],
      bodyStart: 'c',
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
