import { weatherTools } from '@toolformat/test-upstream/recordings';

/** One bundled model output per format family, with a model name that routes to it. */
export interface Example {
  family: string;
  model: string;
  text: string;
}

/** The tools the bundled examples call, shown in the tools box: the same ones the proxy's and the adapter's tests replay. */
export const weatherToolsJson = JSON.stringify(weatherTools, null, 2);

export const examples: readonly Example[] = [
  {
    family: 'hermes',
    model: 'Qwen/Qwen2.5-7B-Instruct',
    text:
      '<think>\nThe user wants the weather and the local time in Paris. Two tools, one call each.\n</think>\n' +
      'Let me check both for you.\n' +
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}\n</tool_call>\n' +
      '<tool_call>\n{"name": "get_time", "arguments": {"timezone": "Europe/Paris"}}\n</tool_call>',
  },
  {
    family: 'xml',
    model: 'qwen3-coder-30b-a3b-instruct',
    text:
      'I will look that up.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n' +
      '<parameter=unit>\ncelsius\n</parameter>\n</function>\n</tool_call>',
  },
  {
    family: 'react',
    model: 'command-r7b-12-2024',
    text:
      'Thought: I need the weather in Paris.\nAction: get_weather\nAction Input: {"city": "Paris", "unit": "celsius"}\n' +
      'Observation: (the model made this up)',
  },
  {
    family: 'llama',
    model: 'llama-4-scout-17b-16e-instruct',
    text: '[get_weather(city="Paris", unit="celsius"), get_time(timezone="Europe/Paris")]',
  },
  {
    family: 'deepseek',
    model: 'deepseek-r1-0528',
    text:
      '<think>\nWeather first.\n</think>\n\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n' +
      '```json\n{"city": "Paris", "unit": "celsius"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  },
  {
    family: 'mistral',
    model: 'mistral-small-3.2-24b-instruct-2506',
    text: 'Checking now.[TOOL_CALLS]get_weather[ARGS]{"city": "Paris", "unit": "celsius"}',
  },
  {
    family: 'gemma',
    model: 'gemma-3-27b-it',
    text: 'Here is the call:\n```tool_code\nget_weather(city="Paris", unit="celsius")\n```',
  },
  {
    family: 'kimi',
    model: 'kimi-k2-instruct',
    text:
      'Let me check.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>' +
      '{"city": "Paris", "unit": "celsius"}<|tool_call_end|><|tool_calls_section_end|>',
  },
  {
    family: 'solar',
    model: 'solar-open-100b',
    text:
      '<|tool_calls|><|tool_call:begin|>call_1<|tool_call:name|>get_weather<|tool_call:args|>' +
      '{"city": "Paris", "unit": "celsius"}<|tool_call:end|><|calls|>',
  },
  {
    family: 'harmony',
    model: 'gpt-oss-20b',
    text:
      '<|channel|>analysis<|message|>The user wants the weather in Paris. I should call get_weather.<|end|>' +
      '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris","unit":"celsius"}<|call|>',
  },
];
