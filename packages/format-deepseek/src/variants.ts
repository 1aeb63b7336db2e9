/**
 * The variants of the family: one per DeepSeek generation whose prompt or renderers differ.
 * Parsing is shared: every variant reads every form and names the form's variant (default
 * variant) or itself (the others) in ParseResult.format.
 */
import { defineVariants, type FormatVariant } from '@toolformat/core/kit';
import { r1Prompt, v3Prompt, v4Prompt, v31Prompt, v32Prompt } from './prompt.js';
import { renderCalls, renderResult } from './render.js';
import { T } from './tokens.js';

/** The end of the turn; Ollama also stops at the next user turn. */
const STOPS = [T.eos, T.user];

export const VARIANTS = defineVariants('deepseek', 'v3', {
  /** V2.5, V3, V3-0324: typed calls with fenced JSON. */
  v3: { prompt: v3Prompt, stops: STOPS, calls: renderCalls.v3, result: renderResult.v3 },
  /** R1, R1-0528 and the R1 distills: V3's markup, R1's prompt; the prompt opens `<think>`. */
  r1: { prompt: r1Prompt, stops: STOPS, calls: renderCalls.v3, result: renderResult.v3 },
  /** V3.1 / V3.1-Terminus: name and raw JSON. */
  'v3.1': { prompt: v31Prompt, stops: STOPS, calls: renderCalls.v31, result: renderResult.v31 },
  /** V3.2: DSML `function_calls`. */
  'v3.2': { prompt: v32Prompt, stops: STOPS, calls: renderCalls.v32, result: renderResult.dsml },
  /** V4: DSML with the `tool_calls` wrapper. */
  v4: { prompt: v4Prompt, stops: STOPS, calls: renderCalls.v4, result: renderResult.dsml },
} satisfies Record<string, FormatVariant>);

export type DeepseekVariant = (typeof VARIANTS.ids)[number];
