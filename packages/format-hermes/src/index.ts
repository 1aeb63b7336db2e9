/**
 * @toolformat/format-hermes — JSON tool calls inside tags: `<tool_call>`, `<tool_calls>`, `<tools>`,
 * `<function_call>`, `<function>`, ```tool_call fences, Granite `<|tool_call|>`, Nemotron
 * `<TOOLCALL>`, LFM2 `<|tool_call_start|>`, Phi-4 `functools[…]`, Apertus, InternLM, and bare JSON.
 */
import { hermesPlugin } from './plugin.js';

export { createHermesFormat, hermesPlugin } from './plugin.js';
export type { HermesVariant } from './variants.js';
export default hermesPlugin;
