/**
 * The markup of the line-keyed family, declared for the core stream engine. ReAct is keyed by
 * lines, not wrapped in tags, so it is declared as blocks that start at a key and end where the
 * next key starts (`closeBefore`) or at the end of the output (where the stop sequence cut it):
 *
 *   Thought: …        a block ending before the next key: reasoning
 *   Action: …         a block to the end of the output: the call section (keyed-body.ts)
 *   Observation: …    a block to the end: the model made the result up; cut off and reported
 *   Final Answer:     a label: removed, and the answer after it streams as content
 *
 * Prose writes `Thought:` and `Action:` too, so `Thought:` only counts for this format (`auto:
 * false`) and `Action:` counts in auto mode only on strong evidence (`auto: 'strong'`);
 * the ✿ markers, `✦ tool_call:` and Command R7B's action tokens are strong enough for auto mode.
 * Every variant reads every form (models drift); a variant only names itself in ParseResult.format.
 */
import type {
  BlockSpec,
  BodyParser,
  JsonCallsOptions,
  MarkupSpec,
  RawCall,
  ReasoningSpec,
} from '@toolformat/core/kit';
import { isBlankRange, jsonCallsBody, THINK_REASONING } from '@toolformat/core/kit';
import { KEY_VALUE_OPEN, keyValueBody } from './key-value-line.js';
import { keyedBody } from './keyed-body.js';

/**
 * JSON call lists as the line-keyed families write them: Command R's `[{"tool_name", "parameters"}]`
 * after `Action:`, Command R7B's `<|START_ACTION|>[{"tool_call_id", "tool_name", "parameters"}]`,
 * and the `<tool_call>{"name", "arguments"}` a ReAct-prompted model drifts into (a ReAct agent’s
 * drift). Command R's keys first; its `directly-answer` pseudo-tool is a choice, not a call. One
 * value per block, and JSON that breaks off inside a string is a call the output ended inside of.
 */
export const REACT_JSON: JsonCallsOptions = {
  nameKeys: ['tool_name', 'name', 'function', 'tool'],
  argumentKeys: ['parameters', 'arguments', 'args', 'input'],
  ids: ['tool_call_id', 'id'],
  noCall: new Set(['directly-answer', 'directly_answer']),
  openAi: false,
  values: 'one',
  brokenOff: 'partial-call',
};

export interface MarkupOptions {
  /** The handler id: `react`, `react:keyvalue`, … */
  id: string;
  /** True for the default variant: blocks then name the variant whose models write them. */
  familyFormats: boolean;
}

/** ReAct's keys (LangChain, Qwen-Agent `react_chat.py`), with the spellings models drift into. */
export const REACT_KEYS = {
  thought: ['Thought:'],
  action: ['Action:'],
  input: ['Action Input:', 'Action input:'],
  observation: ['Observation:'],
  final: ['Final Answer:', 'Final answer:'],
} as const;

/** Qwen-Agent's function-call markers (`qwen_fncall_prompt.py`). */
export const QWEN_KEYS = {
  action: ['✿FUNCTION✿:', '✿FUNCTION✿'],
  input: ['✿ARGS✿:', '✿ARGS✿'],
  observation: ['✿RESULT✿:', '✿RESULT✿'],
  final: ['✿RETURN✿:', '✿RETURN✿'],
} as const;

/** Openers of every call form: a thought ends before any of them. */
const CALL_OPENERS = ['<tool_call>', '✿FUNCTION✿', '✦ tool_call:', '✦tool_call:', '<|START_ACTION|>'];

export const REASONING: readonly ReasoningSpec[] = [
  THINK_REASONING,
  // Command R7B / Command A plan and reflection.
  { open: ['<|START_THINKING|>'], close: ['<|END_THINKING|>'] },
];

/**
 * Turn tokens servers leave in, Command R7B's answer wrapper (and Command A Vision / MoE's, vLLM's
 * `cohere_command4`: `<|START_TEXT|>`), Qwen-Agent's reply marker.
 */
const STRIP = [
  '<|END_OF_TURN_TOKEN|>',
  '<|START_RESPONSE|>',
  '<|END_RESPONSE|>',
  '<|START_TEXT|>',
  '<|END_TEXT|>',
  ...QWEN_KEYS.final,
];

/**
 * A thought is reasoning. One the output ends inside of (no key after it) whose later paragraphs
 * follow a blank line: the model answered without writing `Final Answer:`, and those paragraphs
 * are the answer — the user must not lose them to reasoning.
 */
/** The calls of a thought: none, shared (the engine only reads a result's calls). */
const NO_CALLS: RawCall[] = [];

export const thoughtBody: BodyParser = (body, ctx) => {
  if (!ctx.closed) {
    let at = body.indexOf('\n');
    let seenText = !isBlankRange(body, 0, at === -1 ? body.length : at);
    while (at !== -1) {
      const next = body.indexOf('\n', at + 1);
      const lineEnd = next === -1 ? body.length : next;
      if (isBlankRange(body, at + 1, lineEnd)) {
        if (seenText) {
          const answer = body.slice(lineEnd).trim();
          if (answer !== '') return { calls: NO_CALLS, reasoning: body.slice(0, at).trim(), text: answer };
        }
      } else {
        seenText = true;
      }
      at = next;
    }
  }
  return { calls: NO_CALLS, reasoning: body.trim() };
};

/**
 * A result the model wrote with no action before it (an action's own made-up result is cut off
 * inside the action's section): a made-up tool step. It and everything after it — an answer built
 * on it — are removed as a malformed call, so a tool loop tells the model instead of answering.
 */
export const madeUpResultBody: BodyParser = () => ({
  calls: [],
  error: 'a tool result written by the model with no action before it (results come from the tools)',
});

/** A JSON-in-tag block (`<|START_ACTION|>…<|END_ACTION|>`, `<tool_call>…</tool_call>`): one value. */
const jsonBlockBody = jsonCallsBody(REACT_JSON);

export function buildMarkup(options: MarkupOptions): MarkupSpec {
  const { id, familyFormats } = options;
  const fmt = (variant: string) => (familyFormats && variant !== '' ? `react:${variant}` : id);
  const lineKey = (key: string) => `\n${key}`;
  const reactKeys = [
    ...REACT_KEYS.thought,
    ...REACT_KEYS.action,
    ...REACT_KEYS.observation,
    ...REACT_KEYS.final,
  ].map(lineKey);

  const blocks: BlockSpec[] = [
    {
      open: REACT_KEYS.thought,
      lineStart: true,
      closeBefore: [...reactKeys, ...CALL_OPENERS],
      body: thoughtBody,
      format: fmt(''),
      auto: false,
    },
    {
      open: REACT_KEYS.action,
      lineStart: true,
      close: 'end-of-output',
      body: keyedBody({ ...REACT_KEYS, lineStart: true, jsonFormat: fmt('command-r'), json: REACT_JSON }),
      format: fmt(''),
      // Prose writes `Action:` too: auto mode reads it only on strong evidence (the action ends
      // the output and names a declared tool), so a walk-through in prose stays text.
      auto: 'strong',
      confidence: 0.8,
    },
    {
      open: REACT_KEYS.observation,
      lineStart: true,
      close: 'end-of-output',
      body: madeUpResultBody,
      format: fmt(''),
      auto: false,
    },
    {
      open: QWEN_KEYS.action,
      close: 'end-of-output',
      body: keyedBody({ ...QWEN_KEYS, thought: [], lineStart: false, json: REACT_JSON }),
      format: fmt('qwen-agent'),
      confidence: 0.95,
    },
    {
      open: QWEN_KEYS.observation,
      close: 'end-of-output',
      body: madeUpResultBody,
      format: fmt('qwen-agent'),
      auto: false,
    },
    {
      // `✦ tool_call: NAME for k v …` takes the rest of its line. Further calls on the line are
      // cut apart by the body parser, which knows a `✦` inside a quoted value from one that
      // starts a call (key-value-line.ts).
      open: [...KEY_VALUE_OPEN],
      closeBefore: ['\n'],
      body: keyValueBody,
      format: fmt('keyvalue'),
      // Its marker is rare in prose, but a sentence may quote it: auto mode asks strong evidence.
      auto: 'strong',
      confidence: 0.9,
    },
    {
      open: '<|START_ACTION|>',
      close: '<|END_ACTION|>',
      guard: 'json',
      bodyStart: '{[',
      body: jsonBlockBody,
      format: fmt('command-r'),
      confidence: 0.95,
    },
    {
      // Models prompted for ReAct drift into the tags they were trained on (a ReAct agent’s drift); Hermes
      // owns this marker in auto mode.
      open: '<tool_call>',
      close: '</tool_call>',
      guard: 'json',
      bodyStart: '{[',
      body: jsonBlockBody,
      format: fmt(''),
      auto: false,
      confidence: 0.5,
    },
  ];
  return { id, blocks, reasoning: REASONING, strip: STRIP, labels: REACT_KEYS.final };
}
