/**
 * @toolformat/format-deepseek — DeepSeek's tool-call markup: V2.5 / V3 / R1
 * `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json…`, V3.1
 * `<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}`, V3.2 DSML `<｜DSML｜function_calls>` and V4's
 * `<｜DSML｜tool_calls>`, with the look-alike spellings servers and models produce.
 */
import { deepseekPlugin } from './plugin.js';

export { createDeepseekFormat, deepseekPlugin } from './plugin.js';
export type { DeepseekVariant } from './variants.js';
export default deepseekPlugin;
