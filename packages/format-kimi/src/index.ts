/**
 * @toolformat/format-kimi — Moonshot Kimi K2's tool-call markup (K2 Instruct, K2-0905, K2 Thinking):
 * `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{…}
 * <|tool_call_end|>…<|tool_calls_section_end|>`, ids kept as written, `<think>` reasoning.
 */
import { kimiPlugin } from './plugin.js';

export { announceName, callBody } from './call-body.js';
export { isBareCounter, parseCallId, toKimiId } from './call-id.js';
export { createKimiFormat } from './format.js';
export { inferToolName } from './infer-name.js';
export * from './k3.js';
export { buildMarkup, detectKimi, REASONING, STRIP } from './markup.js';
export { kimiPlugin } from './plugin.js';
export {
  kimi0905Prompt,
  kimiK3Prompt,
  kimiPrompt,
  toolDeclaration,
  toolDeclareTurn,
  toolList,
} from './prompt.js';
export { renderCalls, renderResult } from './render.js';
export { sanitizeContent } from './sanitize.js';
export * from './tokens.js';
export {
  DEFAULT_VARIANT,
  handlerId,
  type KimiVariant,
  VARIANT_IDS,
  VARIANTS,
  type VariantDefinition,
} from './variants.js';
export default kimiPlugin;
