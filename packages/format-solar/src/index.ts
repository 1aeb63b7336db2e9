/**
 * @toolformat/format-solar — Upstage Solar Open's tool-call markup (`upstage/Solar-Open-100B`):
 * `<|tool_calls|><|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{…}<|tool_call:end|>`,
 * ids kept as written, `<|think|>…<|end|>` reasoning, `<|content|>` answers.
 */
import { solarPlugin } from './plugin.js';

export { createSolarFormat, solarPlugin } from './plugin.js';
export type { SolarVariant } from './variants.js';
export default solarPlugin;
