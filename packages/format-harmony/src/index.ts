/**
 * @toolformat/format-harmony — OpenAI gpt-oss and its harmony response format: `analysis`
 * (reasoning), `commentary` (calls `to=functions.NAME`, preambles) and `final` messages between
 * special tokens, and the TypeScript-like tool declarations of its prompt.
 */
import { harmonyPlugin } from './plugin.js';

export { createHarmonyFormat, harmonyPlugin } from './plugin.js';
export type { HarmonyVariant } from './variants.js';
export default harmonyPlugin;
