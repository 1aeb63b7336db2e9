/**
 * @toolformat/format-mistral — Mistral's `[TOOL_CALLS]` in its three generations (v3 JSON list,
 * v11 `NAME[CALL_ID]ID[ARGS]{…}`, v13 `NAME[ARGS]{…}`), `[THINK]` reasoning, `[TOOL_RESULTS]`.
 */
import { mistralPlugin } from './plugin.js';

export { createMistralFormat, mistralPlugin } from './plugin.js';
export type { MistralVariant } from './variants.js';
export default mistralPlugin;
