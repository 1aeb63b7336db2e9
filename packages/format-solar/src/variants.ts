/**
 * The variants of the family: Solar Open (`open`, JSON arguments after an id) and Solar Open 2
 * (`open2`, the name on the start token's line and one token-delimited pair per argument). The
 * markup differs, so each variant names its own.
 */
import { defineVariants, type FormatVariant, type MarkupSpec } from '@toolformat/core/kit';
import { buildMarkup, buildOpen2Markup } from './markup.js';
import { open2Prompt, solarPrompt } from './prompt.js';
import { renderCalls, renderOpen2Calls, renderResult } from './render.js';
import { CALLS_END, END_OF_TEXT, FLUSH } from './tokens.js';

export interface VariantDefinition extends FormatVariant {
  markup: (id: string) => MarkupSpec;
}

/**
 * `generation_config.json`'s end-of-generation tokens: `<|calls|>` after a call turn, `<|flush|>`
 * after an answer, `<|endoftext|>`. Not `<|end|>`: it also closes the reasoning segment, after which
 * the turn goes on.
 */
const STOPS: readonly string[] = [CALLS_END, FLUSH, END_OF_TEXT];

export const VARIANTS = defineVariants('solar', 'open', {
  open: { markup: buildMarkup, prompt: solarPrompt, stops: STOPS, calls: renderCalls, result: renderResult },
  open2: {
    markup: buildOpen2Markup,
    prompt: open2Prompt,
    stops: STOPS,
    calls: renderOpen2Calls,
    result: renderResult,
  },
} satisfies Record<string, VariantDefinition>);

export type SolarVariant = (typeof VARIANTS.ids)[number];
