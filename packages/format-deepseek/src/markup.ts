/**
 * The markup of the family, declared for the core stream engine. Every variant reads every form
 * (a V3.1 server may host a V3 fine-tune; R1 distills drift); in the default variant a block names
 * the variant whose models write it (`deepseek:v3.1`), in the others the handler's own id.
 *
 * Look-alike spellings (tokens.ts) open blocks too, except two that are other formats' markup in
 * auto mode: `<｜tool_calls_begin｜>` (fullwidth bars, ASCII `_`) is StepFun Step-3's, and
 * `<|tool_call_begin|>` is Kimi K2's. With this format chosen they are read; in auto mode not.
 */
import {
  type BlockSpec,
  type MarkupSpec,
  type ParameterCallSpec,
  parameterCallsBody,
  readJsonCallObjects,
} from '@toolformat/core/kit';
import { announceTokenCall, tokenCallsBody } from './call-body.js';
import { asciiSpelling, DSML_TAGS, dsml, spellings, step3Spelling, T } from './tokens.js';

/** The formats a call of each token form reports (call-body.ts). */
export interface CallFormats {
  /** The format a V3-form call reports (`deepseek`). */
  v3: string | undefined;
  /** The format a V3.1-form call reports (`deepseek:v3.1`). */
  v31: string | undefined;
}

export interface MarkupOptions {
  /** The variant's handler id: `deepseek`, `deepseek:v3.1`, … */
  id: string;
  /** True for the default variant: blocks then name the variant whose models write them. */
  familyFormats: boolean;
}

const CALLS_BEGIN = ['tool', 'calls', 'begin'];
const CALLS_END = ['tool', 'calls', 'end'];
const CALL_BEGIN = ['tool', 'call', 'begin'];
const CALL_END = ['tool', 'call', 'end'];
const EOS = ['end', 'of', 'sentence'];

/**
 * DeepSeek V3.2 / V4 "DSML" calls, read by the kit's parameter-tag reader:
 *
 *   <｜DSML｜function_calls>            (V4: <｜DSML｜tool_calls>)
 *   <｜DSML｜invoke name="get_weather">
 *   <｜DSML｜parameter name="location" string="true">Paris</｜DSML｜parameter>
 *   </｜DSML｜invoke>
 *   </｜DSML｜function_calls>
 *
 * Several invokes per block; a missing `</｜DSML｜invoke>` or `</｜DSML｜parameter>` ends at the
 * next tag that cannot be inside it; an invoke whose body is a JSON object (SGLang's tests show
 * models write that) takes it as the arguments. The model says how it wrote each value
 * (`string="true"` raw text, `"false"` JSON); the tool's schema, when it types the parameter,
 * decides. A lone parameter named like a wrapper (`arguments`, …) that the tool does not declare
 * holds all the arguments: vLLM unwraps it, and so do we, with an issue.
 */
const DSML_CALLS: ParameterCallSpec = {
  tags: DSML_TAGS,
  call: 'invoke',
  nameFirst: 'name',
  params: ['parameter'],
  paramNeedsName: false,
  valueEnd: 'first-tag',
  text: 'raw',
  layout: 'verbatim',
  writtenAs: 'string',
  typing: {
    wording: 'parameter',
    dropUnnamed: true,
    wrappers: new Set(['arguments', 'input', 'parameters', 'args']),
  },
  jsonArguments: 'rest',
  endsAt: ['function_calls', 'tool_calls'],
  prose: 'open-without-call',
  unnamedCutIsPartial: true,
  label: 'An invoke',
  noCall: 'no <｜DSML｜invoke name="…"> in the block',
};

/** Every close of the wrapper: its end token, or the end of the turn the server left in. */
const WRAPPER_CLOSES = [...spellings(CALLS_END), ...spellings(EOS)];

export function buildMarkup({ id, familyFormats }: MarkupOptions): MarkupSpec {
  const fmt = (variant: string) => (familyFormats ? (variant === '' ? id : `deepseek:${variant}`) : id);
  const named = (variant: string) => (familyFormats ? fmt(variant) : undefined);
  const formats: CallFormats = { v3: named(''), v31: named('v3.1') };

  // The guard: an end token inside an argument's JSON string is text (call-body.ts reads the
  // call tokens the same way).
  const wrapper = (open: readonly string[], auto: boolean, confidence: number): BlockSpec => ({
    open,
    close: WRAPPER_CLOSES,
    guard: 'json',
    body: tokenCallsBody(formats),
    announce: announceTokenCall(),
    format: fmt(''),
    auto,
    confidence,
  });
  const bare = (open: readonly string[], auto: boolean, confidence: number): BlockSpec => ({
    open,
    close: spellings(CALL_END),
    guard: 'json',
    body: tokenCallsBody(formats, true),
    announce: announceTokenCall(true),
    format: fmt(''),
    auto,
    confidence,
  });
  const dsmlWrapper = (local: string, variant: string): BlockSpec => ({
    open: dsml(local),
    close: dsml(local, true),
    body: parameterCallsBody(DSML_CALLS, named(variant)),
    format: fmt(variant),
    confidence: 0.95,
  });

  const lookAlikeBegins = spellings(CALLS_BEGIN, { step3: false }).filter((s) => s !== T.callsBegin);
  const blocks: BlockSpec[] = [
    wrapper([T.callsBegin], true, 0.95),
    // llama.cpp's spellings: `<｜tool▁calls｜>`, a markdown-escaped `<｜tool\_calls\_begin｜>`.
    wrapper(
      [...lookAlikeBegins, '<\uFF5Ctool\u2581calls\uFF5C>', '<\uFF5Ctool\\_calls\\_begin\uFF5C>'],
      true,
      0.85,
    ),
    wrapper([step3Spelling(CALLS_BEGIN)], false, 0.5),
    // A call without the wrapper (V3.1 outputs cut by a server, or written so by a fine-tune).
    bare(spellings(CALL_BEGIN, { step3: false, ascii: false }), true, 0.85),
    bare([step3Spelling(CALL_BEGIN), asciiSpelling(CALL_BEGIN)], false, 0.5),
    dsmlWrapper('function_calls', 'v3.2'),
    dsmlWrapper('tool_calls', 'v4'),
    {
      open: dsml('invoke', false, ' name='),
      close: dsml('invoke', true),
      body: parameterCallsBody(DSML_CALLS, named('v3.2'), true),
      format: fmt('v3.2'),
      confidence: 0.8,
    },
    // LM Studio prompts a model whose template it cannot use for tools (R1 distills among them)
    // with its own format, `[TOOL_REQUEST]{"name": …, "arguments": {…}}[END_TOOL_REQUEST]`. The
    // route reads it; in auto mode the gemma format, whose prompt it is, owns the marker.
    {
      open: '[TOOL_REQUEST]',
      close: ['[END_TOOL_REQUEST]', '[TOOL_REQUEST_END]'],
      closeBefore: ['[TOOL_REQUEST]'],
      guard: 'json',
      bodyStart: '{[',
      body: (body, ctx) => readJsonCallObjects(body, ctx),
      format: fmt(''),
      auto: false,
      confidence: 0.5,
    },
  ];
  return {
    id,
    blocks,
    // Stray end tokens (a wrapper end after bare calls) and the end of the turn are never content.
    strip: [...spellings(CALLS_END), ...spellings(EOS)],
  };
}
