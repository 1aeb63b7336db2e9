/** The texts the bench parses: written to look like real model output, built once. */

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

/** Adversarial inputs of `size` characters (DESIGN.md budgets: 1 MiB under 50 ms, linear). */
export const ADVERSARIAL: Record<string, (size: number) => string> = {
  'unclosed <tool_call>{"a": repeated': (n) => repeatTo('<tool_call>{"a":', n),
  '<tool_call> repeated': (n) => repeatTo('<tool_call>', n),
  'deep nesting [[[ in a block': (n) => `<tool_call>${repeatTo('[', n - 11)}`,
  'many separators ,:, in a block': (n) => `<tool_call>{${repeatTo('"a":1,', n - 12)}`,
  'spaces inside an open block': (n) => `<tool_call>${' '.repeat(n - 11)}`,
  'backticks and quotes in prose': (n) => repeatTo('`a` "b\\ ``', n),
  'prose with < everywhere': (n) => repeatTo('a < b <t <to ', n),
};

function repeatTo(unit: string, n: number): string {
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}
