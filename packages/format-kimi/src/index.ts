/**
 * @toolformat/format-kimi — Moonshot Kimi K2's tool-call markup (K2 Instruct, K2-0905, K2 Thinking):
 * `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{…}
 * <|tool_call_end|>…<|tool_calls_section_end|>`, ids kept as written, `<think>` reasoning.
 */
import { kimiPlugin } from './plugin.js';

export { createKimiFormat, kimiPlugin } from './plugin.js';
export type { KimiVariant } from './variants.js';
export default kimiPlugin;
