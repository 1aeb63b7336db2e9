/**
 * Expected texts, copied byte for byte from the chat templates rendered with the two-call weather
 * conversation (`WEATHER_TOOL`; each `rendered/NAME.txt` below names a render kept with the
 * project's template renders, outside this repository). The K2-0905 render was given the ids
 * `functions.get_weather:0` / `:1`; the other templates number the calls themselves.
 */
export { WEATHER_TOOL } from '@toolformat/core/testing';

/** The weather calls with the ids the templates write. */
export const KIMI_WEATHER_CALLS = [
  { id: 'functions.get_weather:0', name: 'get_weather', arguments: { location: 'Paris', unit: 'celsius' } },
  { id: 'functions.get_weather:1', name: 'get_weather', arguments: { location: 'London' } },
];

export const KIMI_WEATHER_RESULTS = [
  {
    id: 'functions.get_weather:0',
    name: 'get_weather',
    content: '{"temperature": 22, "condition": "sunny"}',
  },
  { id: 'functions.get_weather:1', name: 'get_weather', content: '{"temperature": 15, "condition": "rain"}' },
];

/** rendered/kimi_k2_instruct.txt: the `tool_declare` turn. */
export const TOOL_DECLARE_TURN =
  '<|im_system|>tool_declare<|im_middle|>[{"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city.", "parameters": {"type": "object", "properties": {"location": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"}}, "required": ["location"]}}}]<|im_end|>';

/** rendered/kimi_k2_instruct.txt (= kimi_k2_thinking.txt): the text of the `tool_declare` turn. */
export const TOOL_DECLARATION =
  '[{"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city.", "parameters": {"type": "object", "properties": {"location": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"}}, "required": ["location"]}}}]';

/** rendered/kimi_k2_0905_official.txt: the text of the `tool_declare` turn, template indentation included. */
export const TOOL_DECLARATION_0905 =
  '\n  # Tools\n  [{"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city.", "parameters": {"type": "object", "properties": {"location": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"}}, "required": ["location"]}}}]';

/** rendered/kimi_k2_instruct.txt (= kimi_k2_0905_official.txt): the assistant turn with the calls. */
export const CALLS_TURN =
  '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location": "Paris", "unit": "celsius"}<|tool_call_end|><|tool_call_begin|>functions.get_weather:1<|tool_call_argument_begin|>{"location": "London"}<|tool_call_end|><|tool_calls_section_end|>';

/** rendered/kimi_k2_thinking.txt: a past call turn of K2 Thinking (its reasoning dropped). */
export const THINKING_CALLS_TURN =
  '<think></think><|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location": "Paris", "unit": "celsius"}<|tool_call_end|><|tool_call_begin|>functions.get_weather:1<|tool_call_argument_begin|>{"location": "London"}<|tool_call_end|><|tool_calls_section_end|>';

/** rendered/kimi_k2_thinking.agentic.txt: the call turn with its reasoning. */
export const THINKING_AGENTIC_TURN =
  '<think>User wants weather for two cities; call the tool twice.</think><|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location": "Paris", "unit": "celsius"}<|tool_call_end|><|tool_call_begin|>functions.get_weather:1<|tool_call_argument_begin|>{"location": "London"}<|tool_call_end|><|tool_calls_section_end|>';

/** rendered/kimi_k2_instruct.txt: the two result turns' text. */
export const RESULT_TEXTS = [
  '## Return of functions.get_weather:0\n{"temperature": 22, "condition": "sunny"}',
  '## Return of functions.get_weather:1\n{"temperature": 15, "condition": "rain"}',
];
