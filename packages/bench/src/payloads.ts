/** The texts the bench parses: written to look like real model output, built once. */
import { allFormatsRouter } from './router.js';

const PROSE =
  'The forecast service reports conditions per city. I will check both cities you asked about and compare ' +
  'them; if one is missing I will say so rather than guess. Temperatures are in Celsius unless you prefer ' +
  'Fahrenheit, and I will round to whole degrees. ';

/** Prose of about `size` characters with no markup at all. */
export function prose(size: number): string {
  let s = '';
  while (s.length < size) s += PROSE;
  return s.slice(0, size);
}

export const ARGUMENT_PAYLOADS = [
  '{"location": "Paris, France", "unit": "celsius", "days": 3, "include": ["hourly", "alerts"]}',
  '{"location": "London, United Kingdom", "unit": "celsius", "days": 3, "include": ["hourly"]}',
];

/** A typical 2 KB response: reasoning-free prose, then two Hermes calls. */
export function typicalResponse(): string {
  const calls = ARGUMENT_PAYLOADS.map(
    (a) => `<tool_call>\n{"name": "get_weather", "arguments": ${a}}\n</tool_call>`,
  );
  const head = prose(2048 - calls.join('\n').length - 2);
  return `${head}\n${calls.join('\n')}\n`;
}

/**
 * About `size` characters of prose with `calls` Hermes calls spread through it, and the call
 * objects' JSON (the JSON.parse baseline).
 */
export function callHeavy(size: number, calls: number): { text: string; payloads: string[] } {
  const payloads: string[] = [];
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; i < calls; i++) {
    const a = ARGUMENT_PAYLOADS[i % ARGUMENT_PAYLOADS.length]!;
    const payload = `{"name": "get_weather", "arguments": ${a}}`;
    payloads.push(payload);
    parts.push(`\n<tool_call>\n${payload}\n</tool_call>\n`);
    length += payload.length + 27;
  }
  const gap = Math.max(0, Math.floor((size - length) / Math.max(1, calls)));
  const filler = prose(gap);
  let text = '';
  for (const part of parts) text += filler + part;
  if (text.length < size) text += prose(size - text.length);
  return { text: flat(text), payloads };
}

/** Of `chars`, the one that occurs least often in `text` (the first on a tie). */
export function rarestFirstChar(text: string, chars: readonly string[]): string {
  let best = chars[0]!;
  let bestCount = Number.POSITIVE_INFINITY;
  for (const c of chars) {
    let count = 0;
    for (let at = text.indexOf(c); at !== -1 && count < bestCount; at = text.indexOf(c, at + 1)) count++;
    if (count < bestCount) {
      best = c;
      bestCount = count;
    }
  }
  return best;
}

/** The JSON.parse baseline for the typical response: the call objects themselves. */
export const CALL_OBJECTS = ARGUMENT_PAYLOADS.map((a) => `{"name": "get_weather", "arguments": ${a}}`);

export const TOOLS = [
  {
    type: 'function' as const,
    function: {
      name: 'get_weather',
      description: 'Current weather and forecast for a city',
      parameters: {
        type: 'object',
        properties: {
          location: { type: 'string' },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
          days: { type: 'integer' },
          include: { type: 'array', items: { type: 'string' } },
        },
        required: ['location'],
      },
    },
  },
];

const AUTO_INPUTS: Record<string, (n: number) => string> = {
  'hermes <tool_call>{"a": repeated': (n) => repeatTo('<tool_call>{"a":', n),
  'functionary >>>f\\n{ repeated': (n) => repeatTo('>>>f\n{', n),
  'gemma [TOOL_REQUEST]{"name": repeated': (n) => repeatTo('[TOOL_REQUEST]{"name":', n),
  'harmony <|channel|>commentary … { repeated': (n) =>
    repeatTo('<|channel|>commentary to=functions.f <|constrain|>json<|message|>{', n),
  'mistral [TOOL_CALLS]f[ARGS]{ repeated': (n) => repeatTo('[TOOL_CALLS]f[ARGS]{', n),
  'deepseek <｜tool▁call▁begin｜> repeated': (n) => repeatTo('<｜tool▁call▁begin｜>', n),
  'xml <invoke name=" repeated': (n) => repeatTo('<invoke name="', n),
  '{{{{ at depth': (n) => repeatTo('{{', n),
  'unclosed <think> of prose': (n) => `<think>${prose(n - 7)}`,
  '<function= repeated': (n) => repeatTo('<function=', n),
  'one JSON string argument of the whole size': (n) =>
    `<tool_call>{"name": "f", "arguments": {"a": "${prose(n - 56)}"}}</tool_call>`,
  '\\n between markers': (n) => `<tool_call>${'\n'.repeat(n - 23)}</tool_call>`,
  'kimi section, then functions.f:0<|tool_call_argument_begin|>{"a": repeated': (n) =>
    `<|tool_calls_section_begin|>${repeatTo('<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a":', n - 28)}`,
  'solar <|tool_call:begin|>1<|tool_call:name|>f<|tool_call:args|>{ repeated': (n) =>
    repeatTo('<|tool_call:begin|>1<|tool_call:name|>f<|tool_call:args|>{', n),
  'gemma4 <|tool_call>call:f{ repeated': (n) => repeatTo('<|tool_call>call:f{', n),
  'react Thought: lines repeated': (n) => repeatTo('Thought: hmm\n', n),
  'llama [f( repeated': (n) => repeatTo('[f(', n),
};

/**
 * Adversarial inputs of `size` characters, per format (the bench's budgets: 1 MiB under 50 ms,
 * 2× the input at most 2.5× the time), from the issues and from inputs that hung peers.
 */
export interface AdversarialInput {
  format: string;
  /** The variant, when the row is one variant's own (the family's default otherwise). */
  variant?: string;
  name: string;
  make: (size: number) => string;
}

export const ADVERSARIAL: AdversarialInput[] = [
  // Issue 7: the input that made a peer's DeepSeek regex take 17 s.
  {
    format: 'deepseek',
    name: '<｜tool▁calls▁begin｜> then <｜tool▁sep｜> repeated, no fence',
    make: (n) => `<｜tool▁calls▁begin｜>${repeatTo('<｜tool▁sep｜>', n - 21)}`,
  },
  {
    format: 'deepseek',
    name: 'unclosed <｜DSML｜invoke name=" repeated in a block',
    make: (n) => `<｜DSML｜function_calls>${repeatTo('<｜DSML｜invoke name="', n - 22)}`,
  },
  // Issue 6: Gemma 4 arguments that never close, and unbalanced parens in a tool_code block.
  { format: 'gemma', name: 'call:x{a:<|"|> repeated', make: (n) => repeatTo('call:x{a:<|"|>', n) },
  {
    format: 'gemma',
    name: '<|tool_call> then call:x{a:<|"|> repeated',
    make: (n) => `<|tool_call>${repeatTo('call:x{a:<|"|>', n - 12)}`,
  },
  {
    format: 'gemma',
    name: 'unbalanced ( in a tool_code block',
    make: (n) => `\`\`\`tool_code\nf(${repeatTo('(', n - 15)}`,
  },
  // Issue 8: pythonic inputs that made a peer's regex backtrack for minutes.
  {
    format: 'llama',
    name: 'pythonic [foo(a=, b=, c= repeated',
    make: (n) => `[foo(${repeatTo('a=, b=, c=, ', n - 5)}`,
  },
  {
    format: 'llama',
    name: 'hello world[A(A= then \\t)A(A=,\\t repeated',
    make: (n) => `hello world[A(A=\t${repeatTo(')A(A=,\t\t', n - 17)}`,
  },
  // Many short candidates that each fail: the cost of one failed parse decides these.
  { format: 'llama', name: "[a(b=' repeated", make: (n) => repeatTo("[a(b='", n) },
  { format: 'llama', name: '[a(b=@ repeated', make: (n) => repeatTo('[a(b=@', n) },
  { format: 'llama', name: '[f( repeated (nesting to maxDepth)', make: (n) => repeatTo('[f(', n) },
  {
    format: 'hermes',
    name: 'unclosed <tool_call>{"a": repeated',
    make: (n) => repeatTo('<tool_call>{"a":', n),
  },
  { format: 'hermes', name: '<tool_call> repeated', make: (n) => repeatTo('<tool_call>', n) },
  {
    format: 'hermes',
    name: 'deep nesting [[[ in a block',
    make: (n) => `<tool_call>${repeatTo('[', n - 11)}`,
  },
  {
    format: 'hermes',
    name: 'many separators ,:, in a block',
    make: (n) => `<tool_call>{${repeatTo('"a":1,', n - 12)}`,
  },
  { format: 'hermes', name: 'spaces inside an open block', make: (n) => `<tool_call>${' '.repeat(n - 11)}` },
  { format: 'hermes', name: 'backticks and quotes in prose', make: (n) => repeatTo('`a` "b\\ ``', n) },
  { format: 'hermes', name: 'prose with < everywhere', make: (n) => repeatTo('a < b <t <to ', n) },
  {
    format: 'xml',
    name: 'unclosed <parameter= in an open block',
    make: (n) => `<tool_call>\n<function=f>\n${repeatTo('<parameter=', n)}`,
  },
  { format: 'xml', name: 'unclosed <invoke name=" repeated', make: (n) => repeatTo('<invoke name="', n) },
  {
    format: 'xml',
    name: 'spaces inside a parameter',
    make: (n) => `<tool_call>\n<function=f>\n<parameter=a>${' '.repeat(n)}`,
  },
  { format: 'kimi', name: '<|tool_call_begin|> repeated', make: (n) => repeatTo('<|tool_call_begin|>', n) },
  {
    format: 'kimi',
    name: 'unclosed call with { repeated',
    make: (n) =>
      `<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>${repeatTo('{', n - 80)}`,
  },
  { format: 'solar', name: '<|tool_call:begin|> repeated', make: (n) => repeatTo('<|tool_call:begin|>', n) },
  { format: 'harmony', name: '<|channel|> repeated', make: (n) => repeatTo('<|channel|>', n) },
  {
    format: 'mistral',
    name: 'a JSON string left open, then [TOOL_CALLS] repeated',
    make: (n) => `[TOOL_CALLS][{"name": "f", "arguments": {"a": "${repeatTo('[TOOL_CALLS]', n - 48)}`,
  },
  {
    format: 'hermes',
    name: 'a JSON string left open, then </tool_call> repeated',
    make: (n) => `<tool_call>{"a": "${repeatTo('</tool_call>', n - 18)}`,
  },
  { format: 'react', name: 'Thought: lines repeated', make: (n) => repeatTo('Thought: hmm\n', n) },
  { format: 'react', name: 'Action: without input repeated', make: (n) => repeatTo('Action: f\n', n) },
  // Issue 18: the inputs a side-by-side run found at ≥ 50 ms / MiB (each failed block threw inside
  // JSON.parse and left one issue object), and the shapes the bench lacked.
  { format: 'functionary', name: '>>>f\\n{ repeated', make: (n) => repeatTo('>>>f\n{', n) },
  {
    format: 'tool-request',
    name: '[TOOL_REQUEST]{"name": repeated',
    make: (n) => repeatTo('[TOOL_REQUEST]{"name":', n),
  },
  {
    format: 'kimi',
    name: 'section, then functions.f:0<|tool_call_argument_begin|>{"a": repeated',
    make: (n) =>
      `<|tool_calls_section_begin|>${repeatTo('<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a":', n - 28)}`,
  },
  {
    format: 'solar',
    name: '<|tool_call:begin|>1<|tool_call:name|>f<|tool_call:args|>{ repeated',
    make: (n) => repeatTo('<|tool_call:begin|>1<|tool_call:name|>f<|tool_call:args|>{', n),
  },
  {
    format: 'harmony',
    name: '<|channel|>commentary to=functions.f <|constrain|>json<|message|>{ repeated',
    make: (n) => repeatTo('<|channel|>commentary to=functions.f <|constrain|>json<|message|>{', n),
  },
  { format: 'gemma4', name: '<|tool_call>call:f{ repeated', make: (n) => repeatTo('<|tool_call>call:f{', n) },
  { format: 'keyvalue', name: '✦ tool_call: f\\n repeated', make: (n) => repeatTo('✦ tool_call: f\n', n) },
  {
    format: 'functiongemma',
    name: '<start_function_call>call:f{ repeated',
    make: (n) => repeatTo('<start_function_call>call:f{', n),
  },
  {
    format: 'mistral-v11',
    name: '[TOOL_CALLS]f[ARGS]{ repeated',
    make: (n) => repeatTo('[TOOL_CALLS]f[ARGS]{', n),
  },
  {
    format: 'mistral-v13',
    name: '[TOOL_CALLS]f[ARGS]{ repeated',
    make: (n) => repeatTo('[TOOL_CALLS]f[ARGS]{', n),
  },
  { format: 'hermes', name: 'unclosed <think> of prose', make: (n) => `<think>${prose(n - 7)}` },
  { format: 'deepseek-r1', name: 'unclosed <think> of prose', make: (n) => `<think>${prose(n - 7)}` },
  {
    format: 'deepseek',
    name: '<｜tool▁call▁begin｜> repeated, no section marker',
    make: (n) => repeatTo('<｜tool▁call▁begin｜>', n),
  },
  {
    format: 'deepseek-v3.1',
    name: '<｜tool▁call▁begin｜>f<｜tool▁sep｜>{ repeated, no section marker',
    make: (n) => repeatTo('<｜tool▁call▁begin｜>f<｜tool▁sep｜>{', n),
  },
  {
    format: 'minimax',
    name: '<invoke name=" repeated outside a block',
    make: (n) => repeatTo('<invoke name="', n),
  },
  { format: 'qwen3-coder', name: '<function= repeated', make: (n) => repeatTo('<function=', n) },
  { format: 'llama3.1', name: '<function= repeated', make: (n) => repeatTo('<function=', n) },
  { format: 'hermes', name: '{{{{ at depth in a block', make: (n) => `<tool_call>${repeatTo('{{', n - 11)}` },
  { format: 'json', name: '{{{{ at depth', make: (n) => repeatTo('{{', n) },
  {
    format: 'hermes',
    name: 'one JSON string argument of the whole size',
    make: (n) => `<tool_call>{"name": "f", "arguments": {"a": "${prose(n - 56)}"}}</tool_call>`,
  },
  {
    format: 'hermes',
    name: '\\n between markers',
    make: (n) => `<tool_call>${'\n'.repeat(n - 23)}</tool_call>`,
  },
  ...[
    'hermes <tool_call>{"a": repeated',
    'functionary >>>f\\n{ repeated',
    'gemma [TOOL_REQUEST]{"name": repeated',
    'harmony <|channel|>commentary … { repeated',
    'mistral [TOOL_CALLS]f[ARGS]{ repeated',
    'deepseek <｜tool▁call▁begin｜> repeated',
    'xml <invoke name=" repeated',
    '{{{{ at depth',
    'unclosed <think> of prose',
    '<function= repeated',
    'one JSON string argument of the whole size',
    '\\n between markers',
    'kimi section, then functions.f:0<|tool_call_argument_begin|>{"a": repeated',
    'solar <|tool_call:begin|>1<|tool_call:name|>f<|tool_call:args|>{ repeated',
    'gemma4 <|tool_call>call:f{ repeated',
    'react Thought: lines repeated',
    'llama [f( repeated',
  ].map((name) => ({ format: 'auto', name, make: AUTO_INPUTS[name]! })),
  ...variantInputs(),
];

/**
 * One row per variant of every format, so that no variant goes unmeasured: the call the variant's
 * own renderer writes, cut inside its arguments and repeated — every copy opens a call that never
 * closes, the shape that makes a scanner re-read or a parser fail once per copy.
 */
function variantInputs(): AdversarialInput[] {
  const router = allFormatsRouter();
  const rows: AdversarialInput[] = [];
  const seen = new Set<string>();
  for (const info of router.formats()) {
    for (const variant of [undefined, ...info.variants]) {
      const handler = router.get(info.id, variant);
      if (seen.has(handler.id)) continue;
      seen.add(handler.id);
      const written = handler.formatToolCalls([{ id: 'call_1', name: 'f', arguments: { a: 'x' } }]);
      const cut = written.indexOf('x');
      const unit = cut > 0 ? written.slice(0, cut) : written.slice(0, Math.ceil(written.length / 2));
      rows.push({
        format: info.id,
        ...(variant === undefined ? {} : { variant }),
        name: `${handler.id}'s own call cut inside its arguments, repeated`,
        make: (n) => repeatTo(unit, n),
      });
    }
  }
  return rows;
}

/** `repeat` builds a rope every access walks; output read from a socket is one flat string. */
function repeatTo(unit: string, n: number): string {
  return flat(unit.repeat(Math.ceil(n / unit.length)).slice(0, n));
}

function flat(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
