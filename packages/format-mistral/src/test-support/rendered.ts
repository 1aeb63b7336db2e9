/**
 * Expected texts, copied byte for byte from the chat templates rendered with the two-call weather
 * conversation (`WEATHER_TOOL` / `WEATHER_CALLS`; each `rendered/NAME.txt` below names a render
 * kept with the project's template renders, outside this repository).
 */
export { WEATHER_CALLS, WEATHER_TOOL } from '@toolformat/core/testing';

export const WEATHER_RESULTS = [
  { id: 'a1b2c3d4e', name: 'get_weather', content: '{"temperature": 22, "condition": "sunny"}' },
  { id: 'f5g6h7i8j', name: 'get_weather', content: '{"temperature": 15, "condition": "rain"}' },
];

/** rendered/mistral_nemo_2407.txt: the calls (before `</s>`) and the results. */
export const V3_CALLS =
  '[TOOL_CALLS][{"name": "get_weather", "arguments": {"location": "Paris", "unit": "celsius"}, "id": "a1b2c3d4e"}, {"name": "get_weather", "arguments": {"location": "London"}, "id": "f5g6h7i8j"}]';
export const V3_RESULTS =
  '[TOOL_RESULTS]{"content": {"temperature": 22, "condition": "sunny"}, "call_id": "a1b2c3d4e"}[/TOOL_RESULTS][TOOL_RESULTS]{"content": {"temperature": 15, "condition": "rain"}, "call_id": "f5g6h7i8j"}[/TOOL_RESULTS]';

/** rendered/mistral_small_3.2_2506.txt. */
export const V11_CALLS =
  '[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4e[ARGS]{"location": "Paris", "unit": "celsius"}[TOOL_CALLS]get_weather[CALL_ID]f5g6h7i8j[ARGS]{"location": "London"}';
export const V11_RESULTS =
  '[TOOL_RESULTS]a1b2c3d4e[TOOL_CONTENT]{"temperature": 22, "condition": "sunny"}[/TOOL_RESULTS][TOOL_RESULTS]f5g6h7i8j[TOOL_CONTENT]{"temperature": 15, "condition": "rain"}[/TOOL_RESULTS]';

/** rendered/mistral_devstral_small_2507.txt (= mistral_ministral3_reasoning_2512.txt). */
export const V13_CALLS =
  '[TOOL_CALLS]get_weather[ARGS]{"location": "Paris", "unit": "celsius"}[TOOL_CALLS]get_weather[ARGS]{"location": "London"}';
export const V13_RESULTS =
  '[TOOL_RESULTS]{"temperature": 22, "condition": "sunny"}[/TOOL_RESULTS][TOOL_RESULTS]{"temperature": 15, "condition": "rain"}[/TOOL_RESULTS]';

/** The tool list, as the v11 / v13 templates write it (`tools|tojson`). */
export const AVAILABLE_TOOLS =
  '[AVAILABLE_TOOLS][{"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city.", "parameters": {"type": "object", "properties": {"location": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"}}, "required": ["location"]}}}][/AVAILABLE_TOOLS]';
