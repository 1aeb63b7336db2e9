/**
 * The variants of the family: one, `harmony`, the format gpt-oss writes. The table has the shape
 * every format's has (`defineVariants`), so a second harmony spelling is one more row.
 */
import { defineVariants, type FormatVariant } from '@toolformat/core/kit';
import { harmonyPrompt } from './prompt.js';
import { renderCalls, renderResult } from './render.js';
import { CALL, RETURN } from './tokens.js';

/**
 * The model stops at `<|call|>` (a call, waiting for its result) and `<|return|>` (done);
 * `<|end|>` only separates the messages of one turn.
 */
export const STOP_SEQUENCES: readonly string[] = [CALL, RETURN];

export const VARIANTS = defineVariants('harmony', 'harmony', {
  harmony: { prompt: harmonyPrompt, stops: STOP_SEQUENCES, calls: renderCalls, result: renderResult },
} satisfies Record<string, FormatVariant>);

export type HarmonyVariant = (typeof VARIANTS.ids)[number];
