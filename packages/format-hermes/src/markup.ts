/**
 * The markup of the family, declared for the core stream engine: every wrapper models put JSON
 * calls in, with the variant each one belongs to. Every variant reads all of them (models drift
 * between wrappers, an agent’s leaked-call report); a variant adds what only its models write and names itself in
 * `ParseResult.format`.
 */
import type {
  BlockSpec,
  BodyParser,
  JsonCallsOptions,
  MarkupSpec,
  ReasoningSpec,
} from '@toolformat/core/kit';
import {
  announceAttributeTag,
  announceFunctionTag,
  announceJsonCall,
  attributeTagBody,
  functionTagBody,
  JSON_CALL_SPELLINGS,
  jsonCallsBody,
  nestedMarkupBody,
  readJsonCalls,
  readPythonCallList,
} from '@toolformat/core/kit';

/**
 * The JSON in the family's tags: every spelling (models drift between wrappers), a finished body
 * repaired as one value, and Qwen-Agent's `<code>…</code>` after a call as its `code` argument.
 */
export const HERMES_JSON: JsonCallsOptions = {
  ...JSON_CALL_SPELLINGS,
  repairWhole: true,
  codeArgument: 'code',
  vouchExact: true,
};

/** A JSON body starts with one of these; anything else after an open marker is prose. */
const JSON_START = '{[';

export interface MarkupOptions {
  /** The variant's handler id: `hermes`, `hermes:granite`, … */
  id: string;
  /** True for the default variant: blocks then name the variant whose models write them. */
  familyFormats: boolean;
  /** `json`: bare JSON calls (and ```json fences) count without declared tools; `[TOOL_CALLS]` too. */
  anyJson?: boolean;
  /** Granite 3.x / ERNIE wrap the answer in `<response>…</response>`. */
  responseTags?: boolean;
  /** Fenced blocks (off for the parser that reads inside a fence: one level, linear). */
  fences?: boolean;
}

export const REASONING: readonly ReasoningSpec[] = [
  { open: ['<think>'], close: ['</think>'] },
  // Hermes 2 Pro's planning block (vLLM's Hermes parser strips it too).
  { open: ['<scratch_pad>'], close: ['</scratch_pad>'] },
  // Apertus.
  { open: ['<|inner_prefix|>'], close: ['<|inner_suffix|>'] },
  // Inkling: a thinking block ends like every block, at `<|end_message|>` (or the end of sampling).
  { open: ['<|content_thinking|>'], close: ['<|end_message|>', '<|content_model_end_sampling|>'] },
];

/**
 * Inkling's block tokens that carry nothing once the blocks are read: the model-message header,
 * the text block (its text is the reply), the raw-tool-text and tool-error blocks (shown as text,
 * as vLLM's `inkling` parser does) and the two block ends.
 */
const INKLING_STRIP = [
  '<|message_model|>',
  '<|content_text|>',
  '<|content_invoke_tool_text|>',
  '<|content_tool_error|>',
  '<|end_message|>',
  '<|content_model_end_sampling|>',
];

/** End-of-turn tokens servers leave in, and closers of self-delimiting blocks (`<|tool_call|>[…]<|/tool_call|>`). */
const STRIP = [
  '<|im_end|>',
  '<|endoftext|>',
  '<|end_of_text|>',
  '<|eot_id|>',
  '<|end|>',
  '<|/tool_call|>',
  '</function_call>',
  // GigaChat's message separator and end of sequence.
  '<|message_sep|>',
  '</s>',
  // Listed so that `</function_call>` above does not eat the front of Claude-style `</function_calls>`.
  '</function_calls>',
  ...INKLING_STRIP,
];

export function buildMarkup(options: MarkupOptions): MarkupSpec {
  const { id, familyFormats } = options;
  const fmt = (variant: string) => (familyFormats && variant !== '' ? `hermes:${variant}` : id);
  // A tag's markers prove its calls; only a form without markers needs the exact shape vouched for
  // (the whole output below, architecture/semantics.md), so a tag's reading does not check it.
  const tagJson: JsonCallsOptions = { ...HERMES_JSON, vouchExact: false };
  const json = jsonCallsBody(tagJson);
  const apertus = jsonCallsBody({ ...tagJson, nameKeyed: true });
  // LFM2 writes a pythonic list; prompted with JSON tools, JSON calls between the same markers.
  const lfm2: BodyParser = (body, ctx) => readPythonCallList(body, ctx, { json });

  const tag = (
    open: string,
    close: string,
    variant: string,
    confidence: number,
    body: BodyParser = json,
  ): BlockSpec => ({
    open,
    close,
    guard: 'json',
    bodyStart: JSON_START,
    body,
    // Streams announce the call once `"name": "…"` has arrived (the kit's JSON reader).
    ...(body === json ? { announce: announceJsonCall } : {}),
    format: fmt(variant),
    confidence,
  });
  /** A wrapper with no close tag: the block ends where its JSON value ends. */
  const selfDelimited = (
    open: string,
    variant: string,
    confidence: number,
    bodyStart = JSON_START,
  ): BlockSpec => ({
    open,
    close: 'json-end',
    bodyStart,
    body: json,
    announce: announceJsonCall,
    format: fmt(variant),
    confidence,
  });

  const blocks: BlockSpec[] = [
    // Hermes 2 Pro / 3, Qwen2.5 / QwQ / Qwen3, Granite 4, SmolLM3, ERNIE, Cogito, xLAM drift.
    tag('<tool_call>', '</tool_call>', '', 0.9),
    // MiniMax-M1 (JSON lines), Jamba and Hunyuan (an array), and leaked calls.
    tag('<tool_calls>', '</tool_calls>', '', 0.9),
    // Leaked calls (an agent’s leaked-call report): the tool list's own tag, and older wrappers.
    tag('<tools>', '</tools>', '', 0.7),
    tag('<function>', '</function>', '', 0.6),
    // The name in the tag (Llama 3.1 docs, Functionary v3.1; Hermes models drift into it).
    {
      open: ['<function=', '<function name='],
      close: '</function>',
      guard: 'json',
      body: functionTagBody,
      announce: announceFunctionTag,
      format: fmt(''),
      confidence: 0.7,
    },
    // The name (and id) as attributes of the tag, JSON inside: `<tool_call id="…" name="…">{…}`
    // (DeepSeek models drift into it). A `<tool_call>` that opens before the tag's close ends it:
    // a tag named in prose must not swallow the real call after it.
    {
      open: ['<tool_call name=', '<tool_call id='],
      close: '</tool_call>',
      closeBefore: ['<tool_call>', '<tool_call '],
      guard: 'json',
      body: attributeTagBody,
      announce: announceAttributeTag,
      format: fmt(''),
      confidence: 0.7,
    },
    // Wrappers llama.cpp's Hermes 2 Pro parser also accepts.
    tag('<tool>', '</tool>', '', 0.5),
    tag('<json>', '</json>', '', 0.5),
    tag('<JSON>', '</JSON>', '', 0.5),
    tag('<xml>', '</xml>', '', 0.5),
    // Granite-20B-FunctionCalling writes `<function_call> {json}` lines with no close tag; a
    // `</function_call>` after the JSON is removed as a strip token.
    selfDelimited('<function_call>', '', 0.7),
    // Nemotron Nano v2, Nemotron-Mini.
    tag('<TOOLCALL>', '</TOOLCALL>', 'nemotron', 0.95),
    tag('<toolcall>', '</toolcall>', 'nemotron', 0.9),
    tag('<longcat_tool_call>', '</longcat_tool_call>', 'longcat', 0.95),
    // Granite 3.x `<|tool_call|>[…]`; Phi-4-mini adds `<|/tool_call|>` (a strip token).
    selfDelimited('<|tool_call|>', 'granite', 0.95),
    // GigaChat 3 (`<|message_sep|>\n\nfunction call<|role_sep|>\n{…}`) and 3.1 (`<|function_call|>{…}`):
    // one JSON call after the marker, no close tag.
    selfDelimited('function call<|role_sep|>', 'gigachat', 0.9),
    selfDelimited('<|function_call|>', 'gigachat', 0.95),
    // Phi-4-mini as prompted by vLLM, Firefunction v2: `functools[…]`.
    selfDelimited('functools', 'phi4', 0.8, '['),
    // LFM2: a pythonic list, or JSON.
    tag('<|tool_call_start|>', '<|tool_call_end|>', 'lfm2', 0.95, lfm2),
    // Apertus: `[{"NAME": {args}}]`.
    tag('<|tools_prefix|>', '<|tools_suffix|>', 'apertus', 0.95, apertus),
    // InternLM2.
    tag('<|action_start|><|plugin|>', '<|action_end|>', 'internlm', 0.95),
    // Inkling: `{"name": …, "args": {…}}` in a tool block, ended like every Inkling block.
    {
      ...tag('<|content_invoke_tool_json|>', '<|end_message|>', 'inkling', 0.95),
      close: ['<|end_message|>', '<|content_model_end_sampling|>'],
    },
  ];
  // Qwen3 after `</think>` with its `<tool_call>` left out: a JSON call at a line start counts only
  // when the stray `</tool_call>` follows it (which then goes too). Not in auto mode: prose and
  // data answers start lines with `{`; the route and rescue under it read it.
  blocks.push({
    open: '{',
    lineStart: true,
    close: 'json-end',
    provenBy: ['</tool_call>'],
    body: (body, ctx) => {
      const read = json(`${ctx.open}${body}`, ctx);
      return read.calls.length > 0 && read.error === undefined ? read : { calls: [], notMarkup: true };
    },
    format: fmt(''),
    auto: false,
    confidence: 0.3,
  });
  // Granite 3.x and ERNIE wrap their answer in `<response>` (a strip token there); elsewhere
  // `<response>{json}</response>` is one more wrapper models write.
  if (!options.responseTags) blocks.push(tag('<response>', '</response>', '', 0.5));
  if (options.anyJson) {
    // xLAM's vLLM parser also takes Mistral's marker; not in auto mode (Mistral's package owns it).
    blocks.push({ ...selfDelimited('[TOOL_CALLS]', 'json', 0.5), auto: false });
  }
  if (options.fences !== false) {
    // Fence bodies are read by the same markup without fences, bare JSON included. ```tool_call /
    // ```tool_calls are the format itself (models write them, a malformed-call proposal): JSON,
    // JSON lines or tags, and what does not parse is removed and reported.
    const inner = () => buildMarkup({ ...options, anyJson: true, fences: false });
    blocks.push({
      fence: ['tool_call', 'tool_calls'],
      body: nestedMarkupBody(inner, {
        empty: 'the fence is empty',
        noCall: 'no call in the fence',
        beside: 'Text beside the calls inside a tool_call fence was removed.',
      }),
      format: fmt(''),
      confidence: 0.8,
    });
    // xLAM answers in a ```json fence. Elsewhere a fence is code unless it holds nothing but
    // calls to declared tools, which the engine's fence probe checks (architecture/semantics.md, guarantee 4);
    // not claiming ```json there keeps ordinary JSON examples streaming as they come. In `json`
    // the fence is calls only when it holds nothing else (no text, nothing repaired or malformed).
    if (options.anyJson) {
      blocks.push({
        fence: 'json',
        body: nestedMarkupBody(inner, { only: true }),
        format: id,
        confidence: 0.3,
      });
    }
  }

  const strip = options.responseTags ? [...STRIP, '<response>', '</response>'] : STRIP;
  return {
    id,
    blocks,
    reasoning: REASONING,
    strip,
    whole: {
      startChars: JSON_START,
      body: (body, ctx) =>
        readJsonCalls(body, false, {
          ...HERMES_JSON,
          trailing: 'text',
          maxCalls: ctx.options.maxCalls,
          maxDepth: ctx.options.maxDepth,
        }),
      format: fmt('json'),
      onlyDeclaredTools: !options.anyJson,
    },
  };
}
