/**
 * @toolformat/format-xml — tool calls written as XML parameters, typed by the tool's JSON Schema:
 * Claude-style `<function_calls><invoke name>`, Qwen3-Coder / Qwen3.5 / Nemotron 3 / Step-3.5
 * `<tool_call><function=…><parameter=…>`, Seed-OSS `<seed:tool_call>`, GLM `<arg_key>/<arg_value>`,
 * MiniMax-M2 `<minimax:tool_call>`, Step-3 `<steptml:invoke>`, generic `<tool>` tags and Morph's
 * `<tool_name>…</tool_name>`.
 */
import { xmlPlugin } from './plugin.js';

export { createXmlFormat, xmlPlugin } from './plugin.js';
export type { XmlVariant } from './variants.js';
export default xmlPlugin;
