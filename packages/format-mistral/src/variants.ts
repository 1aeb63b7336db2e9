/**
 * The three generations of Mistral's tokenizer that changed how calls are written. Parsing is
 * shared (every variant reads every form); a variant chooses the prompt placement, the renderers
 * and which form it names in `ParseResult.format`.
 */

import { defineVariants, type FormatVariant } from '@toolformat/core/kit';
import { mistralPrompt } from './prompt.js';
import { renderCalls, renderResult } from './render.js';

/** Every generation ends its turn, calls included, with the end-of-sequence token. */
const EOS_STOPS = ['</s>'];

export const VARIANTS = defineVariants('mistral', 'v13', {
  /** Tokenizer v3 / v7: Mistral 7B v0.3, Nemo, Small 2409 / 2501 / 3.1, Ministral 8B, Devstral 2505. */
  v3: { prompt: mistralPrompt, stops: EOS_STOPS, calls: renderCalls.v3, result: renderResult.v3 },
  /** Tokenizer v11: Mistral Small 3.2 (2506), Magistral 2506. */
  v11: { prompt: mistralPrompt, stops: EOS_STOPS, calls: renderCalls.v11, result: renderResult.v11 },
  /** Tokenizer v13: Devstral 2507+, Magistral 2507+, Ministral 3, Mistral Medium / Large 3. */
  v13: { prompt: mistralPrompt, stops: EOS_STOPS, calls: renderCalls.v13, result: renderResult.v13 },
} satisfies Record<string, FormatVariant>);

export type MistralVariant = (typeof VARIANTS.ids)[number];
