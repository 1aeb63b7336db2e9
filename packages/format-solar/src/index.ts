/**
 * @toolformat/format-solar — Upstage Solar Open's tool-call markup (`upstage/Solar-Open-100B`):
 * `<|tool_calls|><|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{…}<|tool_call:end|>`,
 * ids kept as written, `<|think|>…<|end|>` reasoning, `<|content|>` answers.
 */
import { solarPlugin } from './plugin.js';

export { announceCall, callBody, open2CallBody } from './call-body.js';
export { isWord, toSolarId } from './call-id.js';
export { createSolarFormat, DEFAULT_VARIANT, OPEN2_VARIANT, STOP_SEQUENCES } from './format.js';
export { buildMarkup, buildOpen2Markup, detectSolar, REASONING, STRIP } from './markup.js';
export { solarPlugin } from './plugin.js';
export { callInstructions, open2Prompt, solarPrompt, toolList } from './prompt.js';
export { renderCalls, renderOpen2Calls, renderResult } from './render.js';
export { sanitizeContent } from './sanitize.js';
export * from './tokens.js';
export default solarPlugin;
