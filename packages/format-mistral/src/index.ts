/**
 * @toolformat/format-mistral — Mistral's `[TOOL_CALLS]` in its three generations (v3 JSON list,
 * v11 `NAME[CALL_ID]ID[ARGS]{…}`, v13 `NAME[ARGS]{…}`), `[THINK]` reasoning, `[TOOL_RESULTS]`.
 */
import { mistralPlugin } from './plugin.js';

export { isMistralId, toMistralId } from './call-id.js';
export { type GenerationFormats, readToolCalls } from './calls-body.js';
export { createMistralFormat } from './format.js';
export { buildMarkup, REASONING } from './markup.js';
export { mistralPlugin } from './plugin.js';
export { availableTools, mistralPrompt } from './prompt.js';
export { renderCalls, renderResult } from './render.js';
export {
  DEFAULT_VARIANT,
  handlerId,
  type MistralVariant,
  VARIANT_IDS,
  VARIANTS,
  type VariantDefinition,
} from './variants.js';
export default mistralPlugin;
