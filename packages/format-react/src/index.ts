/**
 * @toolformat/format-react — line-keyed tool calls: ReAct (Thought / Action / Action Input /
 * Observation / Final Answer), the key-value line `✦ tool_call: NAME for k v`, Qwen-Agent's
 * `✿FUNCTION✿` / `✿ARGS✿`, and Command R's `Action:` JSON list and R7B's `<|START_ACTION|>`.
 */
import { reactPlugin } from './plugin.js';

export { createReactFormat, reactPlugin } from './plugin.js';
export type { ReactVariant } from './variants.js';
export default reactPlugin;
