/**
 * Expected texts, copied byte for byte from the chat templates rendered with the two-call weather
 * conversation (`WEATHER_TOOL` / `WEATHER_CALLS`; each `rendered/NAME.txt` below names a render
 * kept with the project's template renders, outside this repository).
 */
export { WEATHER_CALLS, WEATHER_TOOL } from '@toolformat/core/testing';

/** rendered/qwen2.5_instruct.txt: the system turn (system message "You are a helpful assistant."). */
export const QWEN_SYSTEM =
  'You are a helpful assistant.\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n{"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city.", "parameters": {"type": "object", "properties": {"location": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"}}, "required": ["location"]}}}\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>';

/** rendered/hermes2pro_llama3_tool_use.txt: the tool system turn. */
export const HERMES_SYSTEM =
  'You are a function calling AI model. You are provided with function signatures within <tools></tools> XML tags. You may call one or more functions to assist with the user query. Don\'t make assumptions about what values to plug into functions. Here are the available tools: <tools> {"type": "function", "function": {"name": "get_weather", "description": "get_weather(location: str, unit: str) - Get the current weather for a city.\n\n    Args:\n        location(str): City name        unit(str): Temperature unit", "parameters": {"type": "object", "properties": {"location": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"}}, "required": ["location"]}} </tools>Use the following pydantic model json schema for each tool call you will make: {"properties": {"name": {"title": "Name", "type": "string"}, "arguments": {"title": "Arguments", "type": "object"}}, "required": ["name", "arguments"], "title": "FunctionCall", "type": "object"}}\nFor each function call return a json object with function name and arguments within <tool_call></tool_call> XML tags as follows:\n<tool_call>\n{"name": <function-name>, "arguments": <args-dict>}\n</tool_call>';

/** rendered/vllm_granite.txt: the assistant turn with the calls. */
export const GRANITE_CALLS =
  '<|tool_call|>[\n    {\n        "name": "get_weather",\n        "arguments": {\n            "location": "Paris",\n            "unit": "celsius"\n        }\n    },\n    {\n        "name": "get_weather",\n        "arguments": {\n            "location": "London"\n        }\n    }\n]';

/** rendered/lfm2.5_8b_a1b.txt: the calls. */
export const LFM2_CALLS =
  "<|tool_call_start|>[get_weather(location='Paris', unit='celsius'), get_weather(location='London')]<|tool_call_end|>";
