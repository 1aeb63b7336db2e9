/**
 * The models of the family differ only in how the templates write history: K2-0905 heads the tool
 * list with `# Tools`, K2 Thinking writes a reasoning block before each assistant turn. Parsing is
 * the same for all (every variant reads every form); a variant names itself in `ParseResult.format`.
 */
import { defineVariants, type FormatVariant } from '@toolformat/core/kit';
import { kimi0905Prompt, kimiK3Prompt, kimiPrompt } from './prompt.js';
import { renderCalls, renderK3Result, renderResult } from './render.js';
import { IM_END, K3_MESSAGE_CLOSE } from './tokens.js';

/** Every turn, calls included, ends with `<|im_end|>`. */
const STOPS = [IM_END];

export const VARIANTS = defineVariants('kimi', 'instruct', {
  /** Kimi K2 Instruct (0711) and the K2 models with its template. */
  instruct: { prompt: kimiPrompt, stops: STOPS, calls: renderCalls.plain, result: renderResult },
  /** Kimi K2 Instruct 0905. */
  '0905': { prompt: kimi0905Prompt, stops: STOPS, calls: renderCalls.plain, result: renderResult },
  /** Kimi K2 Thinking. */
  thinking: { prompt: kimiPrompt, stops: STOPS, calls: renderCalls.thinking, result: renderResult },
  /**
   * Kimi K3 (vLLM's `kimi_k3`): XTML channels (tokens.ts). Its template closes every message with
   * `<|close|>message<|sep|><|end_of_msg|>`, so the turn stops at the close tag.
   */
  k3: { prompt: kimiK3Prompt, stops: [K3_MESSAGE_CLOSE], calls: renderCalls.k3, result: renderK3Result },
} satisfies Record<string, FormatVariant>);

export type KimiVariant = (typeof VARIANTS.ids)[number];
