/**
 * Expected texts, copied byte for byte from the chat templates rendered with the two-call weather
 * conversation (`WEATHER_TOOL` / `WEATHER_CALLS`; each `rendered/NAME.txt` below names a render
 * kept with the project's template renders, outside this repository). Generated once; do not edit
 * by hand.
 */
export { WEATHER_CALLS, WEATHER_TOOL } from '@toolformat/core/testing';

/** rendered/qwen3_coder.txt: the system turn (system message "You are a helpful assistant."). */
export const QWEN3_CODER_SYSTEM =
  'You are a helpful assistant.\n\n# Tools\n\nYou have access to the following functions:\n\n<tools>\n<function>\n<name>get_weather</name>\n<description>Get the current weather for a city.</description>\n<parameters>\n<parameter>\n<name>location</name>\n<type>string</type>\n<description>City name</description>\n</parameter>\n<parameter>\n<name>unit</name>\n<type>string</type>\n<description>Temperature unit</description>\n<enum>["celsius", "fahrenheit"]</enum>\n</parameter>\n<required>["location"]</required>\n</parameters>\n</function>\n</tools>\n\nIf you choose to call a function ONLY reply in the following format with NO suffix:\n\n<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n<parameter=example_parameter_2>\nThis is the value for the second parameter\nthat can span\nmultiple lines\n</parameter>\n</function>\n</tool_call>\n\n<IMPORTANT>\nReminder:\n- Function calls MUST follow the specified format: an inner <function=...></function> block must be nested within <tool_call></tool_call> XML tags\n- Required parameters MUST be specified\n- You may provide optional reasoning for your function call in natural language BEFORE the function call, but NOT after\n- If there is no function call available, answer the question like normal with your current knowledge and do not tell the user about function calls\n</IMPORTANT>';

/** rendered/qwen3_coder.txt: the assistant turn with the two calls. */
export const QWEN3_CODER_CALLS =
  '<tool_call>\n<function=get_weather>\n<parameter=location>\nParis\n</parameter>\n<parameter=unit>\ncelsius\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_weather>\n<parameter=location>\nLondon\n</parameter>\n</function>\n</tool_call>';

/** rendered/qwen3.5.txt: the system turn (the system message comes after the tools). */
export const QWEN35_SYSTEM =
  '# Tools\n\nYou have access to the following functions:\n\n<tools>\n{"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city.", "parameters": {"type": "object", "properties": {"location": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"}}, "required": ["location"]}}}\n</tools>\n\nIf you choose to call a function ONLY reply in the following format with NO suffix:\n\n<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n<parameter=example_parameter_2>\nThis is the value for the second parameter\nthat can span\nmultiple lines\n</parameter>\n</function>\n</tool_call>\n\n<IMPORTANT>\nReminder:\n- Function calls MUST follow the specified format: an inner <function=...></function> block must be nested within <tool_call></tool_call> XML tags\n- Required parameters MUST be specified\n- You may provide optional reasoning for your function call in natural language BEFORE the function call, but NOT after\n- If there is no function call available, answer the question like normal with your current knowledge and do not tell the user about function calls\n</IMPORTANT>\n\nYou are a helpful assistant.';

/** rendered/glm_4.6.txt: the tools system turn. */
export const GLM46_SYSTEM =
  '# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n{"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city.", "parameters": {"type": "object", "properties": {"location": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"}}, "required": ["location"]}}}\n</tools>\n\nFor each function call, output the function name and arguments within the following XML format:\n<tool_call>{function-name}\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>\n<arg_key>{arg-key-2}</arg_key>\n<arg_value>{arg-value-2}</arg_value>\n...\n</tool_call>';

/** rendered/glm_4.6.txt: the calls after the empty think block. */
export const GLM46_CALLS =
  '<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>unit</arg_key>\n<arg_value>celsius</arg_value>\n</tool_call>\n<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>London</arg_value>\n</tool_call>';

/** rendered/glm_4.7_flash.txt: the tools system turn. */
export const GLM47_SYSTEM =
  '# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n{"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city.", "parameters": {"type": "object", "properties": {"location": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"}}, "required": ["location"]}}}\n</tools>\n\nFor each function call, output the function name and arguments within the following XML format:\n<tool_call>{function-name}<arg_key>{arg-key-1}</arg_key><arg_value>{arg-value-1}</arg_value><arg_key>{arg-key-2}</arg_key><arg_value>{arg-value-2}</arg_value>...</tool_call>';

/** rendered/glm_4.7_flash.txt: the calls. */
export const GLM47_CALLS =
  '<tool_call>get_weather<arg_key>location</arg_key><arg_value>Paris</arg_value><arg_key>unit</arg_key><arg_value>celsius</arg_value></tool_call><tool_call>get_weather<arg_key>location</arg_key><arg_value>London</arg_value></tool_call>';

/** rendered/minimax_m2.txt: the system turn. */
export const MINIMAX_SYSTEM =
  'You are a helpful assistant.\n\n# Tools\nYou may call one or more tools to assist with the user query.\nHere are the tools available in JSONSchema format:\n\n<tools>\n<tool>{"name": "get_weather", "description": "Get the current weather for a city.", "parameters": {"type": "object", "properties": {"location": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"}}, "required": ["location"]}}</tool>\n</tools>\n\nWhen making tool calls, use XML format to invoke tools and pass parameters:\n\n<minimax:tool_call>\n<invoke name="tool-name-1">\n<parameter name="param-key-1">param-value-1</parameter>\n<parameter name="param-key-2">param-value-2</parameter>\n...\n</invoke>\n</minimax:tool_call>';

/** rendered/minimax_m2.txt: the calls. */
export const MINIMAX_CALLS =
  '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="location">Paris</parameter>\n<parameter name="unit">celsius</parameter>\n</invoke>\n<invoke name="get_weather">\n<parameter name="location">London</parameter>\n</invoke>\n</minimax:tool_call>';

/** rendered/seed_oss.txt: the system turn, without the newline before <seed:eos>. */
export const SEED_SYSTEM =
  'You are a helpful assistant.\n\nFunction:\ndef get_weather(location: str,unit: str):\n    """\n    Get the current weather for a city.\n\n    Args:\n    - location (str) [必填]: City name\n    - unit (str) [选填]: Temperature unit\n\n    """\n工具调用请遵循如下格式:\n<seed:tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>value_1</parameter>\n<parameter=example_parameter_2>This is the value for the second parameter\nthat can span\nmultiple lines</parameter>\n</function>\n</seed:tool_call>';

/** rendered/seed_oss.txt: the calls. */
export const SEED_CALLS =
  '<seed:tool_call>\n<function=get_weather>\n<parameter=location>Paris</parameter>\n<parameter=unit>celsius</parameter>\n</function>\n</seed:tool_call>\n<seed:tool_call>\n<function=get_weather>\n<parameter=location>London</parameter>\n</function>\n</seed:tool_call>';
