/**
 * Recorded model outputs, one per family the proxy and the client adapter are tested on: what a
 * server with no tool parser (or the wrong one) returns as `content`, and the calls in it.
 */
export interface Recording {
  /** The model name a client asks for; toolformat routes by it. */
  model: string;
  /** What the server returns as the message's content. */
  content: string;
  /** The calls a reader finds in it. */
  calls: Array<{ name: string; arguments: Record<string, unknown> }>;
  /** The text a user should see, or null. */
  text: string | null;
}

export const recordings = {
  hermes: {
    model: 'qwen2.5-7b-instruct',
    content:
      'Let me check the weather for you.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}\n</tool_call>',
    calls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
    text: 'Let me check the weather for you.',
  },
  'qwen3-coder': {
    model: 'qwen3-coder-30b-a3b-instruct',
    content:
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=unit>\ncelsius\n</parameter>\n</function>\n</tool_call>',
    calls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
    text: null,
  },
  deepseek: {
    model: 'deepseek-v3',
    content:
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris", "unit": "celsius"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
    text: null,
  },
  mistral: {
    model: 'mistral-small-3.2-24b-instruct-2506',
    content: '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris", "unit": "celsius"}',
    calls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
    text: null,
  },
  harmony: {
    model: 'gpt-oss-20b',
    content:
      '<|channel|>analysis<|message|>The user wants the weather in Paris. I should call get_weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris","unit":"celsius"}<|call|>',
    calls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
    text: null,
  },
  pythonic: {
    model: 'llama-4-scout-17b-16e-instruct',
    content: '[get_weather(city="Paris", unit="celsius"), get_time(timezone="Europe/Paris")]',
    calls: [
      { name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
      { name: 'get_time', arguments: { timezone: 'Europe/Paris' } },
    ],
    text: null,
  },
} satisfies Record<string, Recording>;

/** The tools the recordings call, in the OpenAI request shape. */
export const weatherTools = [
  {
    type: 'function' as const,
    function: {
      name: 'get_weather',
      description: 'Current weather for a city',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
        required: ['city'],
      },
    },
  },
  {
    type: 'function' as const,
    function: {
      name: 'get_time',
      description: 'Current time in a time zone',
      parameters: { type: 'object', properties: { timezone: { type: 'string' } }, required: ['timezone'] },
    },
  },
];
