/**
 * @toolformat/format-hermes — JSON tool calls inside tags: `<tool_call>`, `<tool_calls>`, `<tools>`,
 * `<function_call>`, `<function>`, ```tool_call fences, Granite `<|tool_call|>`, Nemotron
 * `<TOOLCALL>`, LFM2 `<|tool_call_start|>`, Phi-4 `functools[…]`, Apertus, InternLM, and bare JSON.
 */
import { hermesPlugin } from './plugin.js';

export { type CallShapeOptions, collectCalls, toRawCall } from './call-object.js';
export { createHermesFormat, handlerId, VARIANT_IDS } from './format.js';
export { type JsonCallsOptions, jsonCallsBody, readJsonCalls } from './json-calls-body.js';
export { buildMarkup, type MarkupOptions } from './markup.js';
export { hermesPlugin } from './plugin.js';
export { sanitizeContent } from './sanitize.js';
export { type HermesVariant, VARIANTS, type VariantDefinition } from './variants.js';
export default hermesPlugin;
