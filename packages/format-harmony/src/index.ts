/**
 * @toolformat/format-harmony — OpenAI gpt-oss and its harmony response format: `analysis`
 * (reasoning), `commentary` (calls `to=functions.NAME`, preambles) and `final` messages between
 * special tokens, and the TypeScript-like tool declarations of its prompt.
 */
import { harmonyPlugin } from './plugin.js';

export { builtinArgumentKey, readBuiltinArguments, readJsonArguments } from './call-arguments.js';
export { detectHarmony } from './detect.js';
export { createHarmonyFormat, STOP_SEQUENCES } from './format.js';
export { emptyHeader, type Header, readHeader } from './header.js';
export {
  ANALYSIS_OPEN,
  buildMarkup,
  FINAL_OPEN,
  HARMONY_ID,
  PREAMBLE_OPEN,
  REASONING,
} from './markup.js';
export { RECIPIENT_FIRST, readMessages, START_ASSISTANT_TO } from './message-body.js';
export { harmonyPlugin } from './plugin.js';
export { harmonyPrompt, TOOL_CHANNEL_NOTE } from './prompt.js';
export { renderCalls, renderResult } from './render.js';
export { nextToken, withoutTokens } from './token-scan.js';
export * as tokens from './tokens.js';
export { functionsNamespace, typescriptType } from './typescript-types.js';
export default harmonyPlugin;
