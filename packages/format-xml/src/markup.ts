/**
 * The markup of the family, declared for the core stream engine: every wrapper the XML-parameter
 * models write, with the variant each belongs to. Every variant reads all of them; in the default
 * variant a block names the variant whose models write it (`xml:glm`), in the others the handler's
 * own id.
 */
import {
  announceParameterCall,
  type BlockSpec,
  isAsciiIdentStart,
  isCharRun,
  isToolNameChar,
  type MarkupSpec,
  type NestedElementsSpec,
  type ParameterCallSpec,
  parameterCallsBody,
  type ReasoningSpec,
  readJsonCallObjects,
  tagPairCalls,
  type ValueLayout,
  XML_TAG_OPTIONS,
} from '@toolformat/core/kit';
import {
  announceXmlCall,
  claude21Child,
  hyCallsBody,
  m3CallsBody,
  miniCpmFunctionBody,
  type ToolAlias,
  toolCallBody,
  toolNameTagBody,
  toolTagBody,
} from './xml-body.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface MarkupOptions {
  /** The variant's handler id: `xml`, `xml:glm`, … */
  id: string;
  /** True for the default variant: blocks then name the variant whose models write them. */
  familyFormats: boolean;
  /** Seed-OSS: a pre-opened reasoning block (`reasoningOpen`) is `<seed:think>`. */
  seedThink?: boolean;
  /**
   * Declared tool names: each becomes a block of its own, `<get_weather>…</get_weather>` (Morph's
   * form, and the one Cline-style clients teach any model). Only with declared tools: a tag name
   * is a call only when the caller said it names a tool. Auto mode has no declared names; rescue
   * under another family's route reads it on strong evidence.
   */
  toolNames?: readonly string[];
  /**
   * GLM-4-9B-chat / GLM-4-0414: a call is a declared tool's name alone on a line, then its JSON
   * arguments (`get_weather\n{"city": "Paris"}`), no markers. Only with declared tools: the name
   * line is the marker.
   */
  nameLineCalls?: boolean;
  /**
   * MiniCPM5: `<function name="NAME">` opens a call of its own, with `<param name=…>` children.
   * Only in its variant: elsewhere `<function name=…>` followed by JSON is Hermes-family drift
   * (read by Hermes in auto mode), and in prose it is usually a tag being talked about.
   */
  functionNameTags?: boolean;
  /** MiniMax M3: a pre-opened reasoning block (`reasoningOpen`) is `<mm:think>`. */
  mmThink?: boolean;
  /** How `<function=…>` parameter values are laid out (default: Qwen3-Coder's lines; MiMo's verbatim). */
  valueLayout?: ValueLayout;
}

/** The namespace Claude's own output puts on its tool tags (Claude’s documented tool-use format). */
export const CLAUDE_NS = 'ant' + 'ml';
/** XML always starts a body with a tag. */
const TAG_START = '<';
/** What a name may start with, right after `<tool_call>` (GLM) or `<tool>` (Atlas AnyLegal’s XML tags). */
const NAME_START = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_';

const THINK: ReasoningSpec = { open: ['<think>'], close: ['</think>'] };
/** MiniMax M3's reasoning block (vLLM's `minimax_m3` reasoning parser). */
const MM_THINK: ReasoningSpec = { open: ['<mm:think>'], close: ['</mm:think>'] };
const SEED_THINK: ReasoningSpec = { open: ['<seed:think>'], close: ['</seed:think>'] };
/** Claude-style prompts ask for `<thinking>` by convention. */
const THINKING: ReasoningSpec = { open: ['<thinking>'], close: ['</thinking>'] };

/**
 * Qwen3-Coder's form (also Qwen3.5, Nemotron 3, Step-3.5, MiMo, and Seed-OSS inside
 * `<seed:tool_call>`): `<function=NAME><parameter=KEY>\nVALUE\n</parameter></function>`, and
 * MiniCPM5's `<param name="KEY">`. A missing `</parameter>` or `</function>` is accepted as vLLM
 * and llama.cpp do; a JSON object instead of parameters is Llama 3.1's form; a `<function=name`
 * without its `>` is not a call (vLLM's `test_none_tool_calls_filtered`). Scalars are written
 * with Python's `str()` by the templates.
 */
function functionCalls(layout: ValueLayout): ParameterCallSpec {
  return {
    tags: XML_TAG_OPTIONS,
    call: 'function',
    nameFirst: 'eq',
    callNeedsName: true,
    params: ['parameter', 'param'],
    layout,
    typing: { pythonScalars: true },
    closedValueEndsCall: true,
    proseUnlessNamed: true,
    jsonArguments: 'open',
    label: 'A <function=…>',
    noCall: 'no <function=NAME> with parameters in the block',
  };
}
const FUNCTION_LINES = functionCalls('lines');
const FUNCTION_INLINE = functionCalls('inline');

/**
 * The Claude-style invoke and its kin, `<invoke name="NAME"><parameter name="KEY">VALUE</parameter>
 * </invoke>`, with any namespace prefix (`antml:`, `steptml:`), several in one block, and the legacy
 * Claude 2.1 children `<tool_name>x</tool_name><parameters><k>v</k></parameters>`.
 */
const INVOKE_CALLS: ParameterCallSpec = {
  tags: XML_TAG_OPTIONS,
  call: 'invoke',
  nameFirst: 'name',
  params: ['parameter'],
  layout: 'inline',
  child: claude21Child,
  label: 'An <invoke>',
  noCall: 'no <invoke name="…"> with a name in the block',
};

/**
 * GLM-4.5 / 4.6 / 4.7 inside `<tool_call>` and Hunyuan 3 inside `<tool_call>…<tool_sep>`: the
 * name, then `<arg_key>k</arg_key><arg_value>v</arg_value>` pairs (GLM-4.7 without newlines). The
 * name ends at the first tag (Hunyuan's separator) or line break.
 */
const KEY_VALUE_CALLS = tagPairCalls({
  tags: XML_TAG_OPTIONS,
  key: 'arg_key',
  value: 'arg_value',
  nameEnds: '<\n',
  layoutTags: ['tool_sep'],
});

/** Every block of call tags announces its first call's name as soon as its tag is complete. */
const ANNOUNCE = announceXmlCall(announceParameterCall([FUNCTION_LINES, INVOKE_CALLS]), KEY_VALUE_CALLS);

/** MiniMax M3's namespace marker, written before each of its tags. */
const M3_NS = ']<]minimax[>[';
/**
 * MiniMax M3's arguments: elements whose values are text or nested elements, children that are
 * all `<item>` a list; nesting deeper than 16 is kept as text, so the reader's recursion is bounded.
 */
const M3_ELEMENTS: NestedElementsSpec = { tags: XML_TAG_OPTIONS, item: 'item', maxDepth: 16 };

/**
 * The tool names MiniCPM5 is known to invent for declared ones, with their arguments renamed
 * (vLLM's `minicpm5` table, kept as data); applied only when the invented name is not declared
 * and the real one is.
 */
const MINICPM_ALIASES: readonly ToolAlias[] = [
  {
    from: ['get_details_by_phone'],
    to: 'get_customer_by_phone',
    args: [['phone_number', ['phone_number', 'phone']]],
  },
  {
    from: ['get_details_by_name'],
    to: 'get_customer_by_name',
    args: [
      ['full_name', ['full_name', 'name']],
      ['date_of_birth', ['date_of_birth', 'dob']],
      ['dob', ['date_of_birth', 'dob']],
    ],
  },
  {
    from: ['get_line_details', 'get_line_status', 'get_roaming_status'],
    to: 'get_details_by_id',
    args: [['id', ['line_id', 'id']]],
  },
  { from: ['get_plan_details'], to: 'get_details_by_id', args: [['id', ['plan_id', 'id']]] },
  {
    from: ['enable_roaming'],
    to: 'toggle_roaming',
    args: [['line_id', ['line_id', 'id']]],
    fixed: { enabled: true },
  },
  {
    from: ['disable_roaming'],
    to: 'toggle_roaming',
    args: [['line_id', ['line_id', 'id']]],
    fixed: { enabled: false },
  },
  {
    from: ['add_refueled_data', 'add_data_to_line'],
    to: 'refuel_data',
    args: [
      ['customer_id', ['customer_id']],
      ['line_id', ['line_id', 'id']],
      ['amount_gb', ['amount_gb', 'gb', 'gb_amount', 'amount']],
    ],
  },
];
const MINICPM_CALLS = {
  spec: FUNCTION_INLINE,
  wrappers: ['properties', 'arguments'],
  aliases: MINICPM_ALIASES,
};

/** End-of-turn tokens servers leave in the text. */
const STRIP = ['<|im_end|>', '<|endoftext|>', '<seed:eos>', '[e~[', '<|observation|>', '<|user|>'];

/** Tag names that are markup of their own and never a Morph tool tag. */
const RESERVED = new Set([
  'tool',
  'tool_use',
  'tool_call',
  'tool_calls',
  'function_calls',
  'function',
  'invoke',
  'parameter',
  'think',
  'thinking',
  'tools',
  'functions',
]);

/** A tool name that can be a tag: `[A-Za-z_][A-Za-z0-9_.-]*`, at most 100 characters. */
function isTagName(name: string): boolean {
  // Tools come from the caller: a name that is not a string is no tag (architecture/semantics.md, guarantee 9).
  return (
    typeof name === 'string' &&
    isAsciiIdentStart(charCodeAt.call(name, 0)) &&
    isCharRun(name, isToolNameChar, 1, 100)
  );
}

export function buildMarkup(options: MarkupOptions): MarkupSpec {
  const { id, familyFormats } = options;
  const functions = options.valueLayout === undefined ? FUNCTION_LINES : functionCalls(options.valueLayout);
  const fmt = (variant: string) => (familyFormats && variant !== '' ? `xml:${variant}` : id);
  /** The format a body reports itself, in the default variant only (else the block's). */
  const named = (variant: string) => (familyFormats ? fmt(variant) : undefined);
  const toolTag = (tag: string): BlockSpec => ({
    open: `<${tag}>`,
    close: `</${tag}>`,
    bodyStart: TAG_START,
    bodyStartTight: NAME_START,
    trailing: { open: ['<parameter name=', '<parameter='], close: ['</parameter>'] },
    body: toolTagBody(`</${tag}>`),
    format: fmt(''),
    confidence: 0.6,
  });

  const blocks: BlockSpec[] = [
    // Claude-style, with or without Claude's own `antml:` namespace.
    {
      open: ['<function_calls>', `<${CLAUDE_NS}:function_calls>`],
      close: ['</function_calls>', `</${CLAUDE_NS}:function_calls>`],
      bodyStart: TAG_START,
      body: parameterCallsBody(INVOKE_CALLS, named('')),
      announce: ANNOUNCE,
      format: fmt(''),
      confidence: 0.9,
    },
    {
      open: '<minimax:tool_call>',
      close: '</minimax:tool_call>',
      bodyStart: TAG_START,
      body: parameterCallsBody(INVOKE_CALLS, named('minimax')),
      announce: ANNOUNCE,
      format: fmt('minimax'),
      confidence: 0.95,
    },
    // MiniMax M3: M2's invokes, every tag behind the namespace marker, arguments as elements.
    {
      open: `${M3_NS}<tool_call>`,
      close: `${M3_NS}</tool_call>`,
      body: m3CallsBody(M3_NS, M3_ELEMENTS, named('minimax-m3')),
      format: fmt('minimax-m3'),
      confidence: 0.95,
    },
    // Qwen3-Coder / Qwen3.5 / Nemotron 3 / Step-3.5 `<function=…>`, GLM `name<arg_key>…`.
    {
      open: '<tool_call>',
      close: '</tool_call>',
      // `<` for XML parameters, `{[` for the JSON a Qwen3-Coder model may write instead.
      bodyStart: `${TAG_START}{[`,
      guard: 'json',
      bodyStartTight: NAME_START,
      body: toolCallBody({
        function: functions,
        invoke: INVOKE_CALLS,
        pairs: KEY_VALUE_CALLS,
        formats: { function: named('qwen3-coder'), glm: named('glm'), invoke: named('') },
      }),
      announce: ANNOUNCE,
      format: fmt('qwen3-coder'),
      confidence: 0.9,
    },
    // Hunyuan 3 (Hy3): GLM's key/value pairs after `NAME<tool_sep>`, every call of the turn in one
    // `<tool_calls>` (Hunyuan A13B's JSON list in the same wrapper is Hermes's; in auto mode the
    // merged block tries that reader first, and it rejects a body that starts with a tag).
    {
      open: '<tool_calls>',
      close: '</tool_calls>',
      bodyStart: TAG_START,
      body: hyCallsBody(KEY_VALUE_CALLS, named('hy-v3')),
      format: fmt('hy-v3'),
      confidence: 0.9,
    },
    // Qwen2.5's `<tools>{json}</tools>` leak, written by Qwen3-Coder models too (Hermes reads it
    // in auto mode; here it is the route's own).
    {
      open: '<tools>',
      close: '</tools>',
      guard: 'json',
      bodyStart: '{[',
      body: (body, ctx) => readJsonCallObjects(body, ctx),
      format: fmt('qwen3-coder'),
      auto: false,
      confidence: 0.6,
    },
    {
      open: '<seed:tool_call>',
      close: '</seed:tool_call>',
      bodyStart: TAG_START,
      body: parameterCallsBody(FUNCTION_INLINE, named('seed-oss')),
      announce: ANNOUNCE,
      format: fmt('seed-oss'),
      confidence: 0.95,
    },
    // Step-3: StepTML invokes between fullwidth-bar tokens (U+FF5C, ASCII `_`).
    {
      open: '<｜tool_calls_begin｜>',
      close: '<｜tool_calls_end｜>',
      body: parameterCallsBody(INVOKE_CALLS, named('step3')),
      announce: ANNOUNCE,
      format: fmt('step3'),
      confidence: 0.95,
    },
    {
      open: '<｜tool_call_begin｜>',
      close: '<｜tool_call_end｜>',
      body: parameterCallsBody(INVOKE_CALLS, named('step3')),
      announce: ANNOUNCE,
      format: fmt('step3'),
      confidence: 0.9,
    },
    // Qwen3-Coder without `<tool_call>` (vLLM's fallback); a stray `</tool_call>` after it goes too.
    {
      open: '<function=',
      close: ['</function>', '</function>\n</tool_call>', '</function></tool_call>'],
      body: parameterCallsBody(functions, named('qwen3-coder'), true),
      announce: ANNOUNCE,
      format: fmt('qwen3-coder'),
      confidence: 0.7,
    },
    // An invoke without its wrapper.
    {
      open: ['<invoke name=', `<${CLAUDE_NS}:invoke name=`, '<steptml:invoke name='],
      close: ['</invoke>', `</${CLAUDE_NS}:invoke>`, '</steptml:invoke>'],
      body: parameterCallsBody(INVOKE_CALLS, named(''), true),
      announce: ANNOUNCE,
      format: fmt(''),
      confidence: 0.7,
    },
    // Seed 002 and generic prompts: `<tool><name>…</name><arguments>…` or `<tool>name</tool><parameter …>`.
    toolTag('tool'),
    toolTag('tool_use'),
  ];
  if (options.functionNameTags) {
    blocks.push({
      // As written, with the tokenizer's `Ġ` for the space, or with no space at all.
      open: ['<function name=', '<function\u0120name=', '<functionname='],
      close: '</function>',
      bodyStart: '"\'',
      body: miniCpmFunctionBody(MINICPM_CALLS),
      format: id,
      confidence: 0.8,
    });
  }
  if (options.nameLineCalls) {
    for (const name of new Set(options.toolNames ?? [])) {
      blocks.push({
        open: `${name}\n`,
        lineStart: true,
        close: 'json-end',
        bodyStart: '{',
        body: (body, ctx) => {
          const read = readJsonCallObjects(`{"name": ${JSON.stringify(name)}, "arguments": ${body}}`, ctx);
          return read.calls.length > 0 ? read : { calls: [], notMarkup: true };
        },
        format: id,
        auto: false,
        confidence: 0.5,
      });
    }
  }
  for (const name of new Set(options.toolNames ?? [])) {
    if (!isTagName(name) || RESERVED.has(name)) continue;
    blocks.push({
      open: `<${name}>`,
      close: `</${name}>`,
      bodyStart: '<{',
      body: toolNameTagBody(name),
      format: fmt(''),
      auto: 'strong',
      confidence: 0.5,
    });
  }
  return {
    id,
    blocks,
    reasoning: options.seedThink
      ? [SEED_THINK, THINK, THINKING, MM_THINK]
      : options.mmThink
        ? [MM_THINK, THINK, SEED_THINK, THINKING]
        : [THINK, SEED_THINK, THINKING, MM_THINK],
    strip: STRIP,
  };
}
