/**
 * @toolformat/format-react — line-keyed tool calls: ReAct (Thought / Action / Action Input /
 * Observation / Final Answer), the key-value line `✦ tool_call: NAME for k v`, Qwen-Agent's
 * `✿FUNCTION✿` / `✿ARGS✿`, and Command R's `Action:` JSON list and R7B's `<|START_ACTION|>`.
 */
import { reactPlugin } from './plugin.js';

export { readActionInput } from './action-input.js';
export { detectReact } from './detect.js';
export { createReactFormat, handlerId, VARIANT_IDS } from './format.js';
export { keyValueBody } from './key-value-body.js';
export { type KeyScheme, keyedBody } from './keyed-body.js';
export { buildMarkup, type MarkupOptions, QWEN_KEYS, REACT_KEYS } from './markup.js';
export { reactPlugin } from './plugin.js';
export { renderCalls, renderResult } from './render.js';
export { sanitizeContent } from './sanitize.js';
export { type ReactVariant, VARIANTS, type VariantDefinition } from './variants.js';
export default reactPlugin;
