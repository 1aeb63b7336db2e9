/**
 * @toolformat/format-gemma — every way Gemma models write a call: LM Studio's `[TOOL_REQUEST]`
 * and `{…}[END_TOOL_REQUEST]`, the cookbook's ```` ```tool_code ```` blocks, bare pythonic lists,
 * FunctionGemma's `<start_function_call>` and Gemma 4's `<|tool_call>`.
 */
import { gemmaPlugin } from './plugin.js';

export { createGemmaFormat, gemmaPlugin } from './plugin.js';
export type { GemmaVariant } from './variants.js';
export default gemmaPlugin;
