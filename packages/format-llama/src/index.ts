/**
 * @toolformat/format-llama — Llama 3.1 / 3.3 JSON and built-in tools (`<|python_tag|>`), Llama
 * 3.2 / 4 pythonic lists (`<|python_start|>`), `<function=…>` (Llama 3.1 doc, Functionary v3.1),
 * Functionary v3.2 `>>>recipient`, OLMo 3 `<function_calls>`.
 */
import { llamaPlugin } from './plugin.js';

export { createLlamaFormat, llamaPlugin } from './plugin.js';
export type { LlamaVariant } from './variants.js';
export default llamaPlugin;
