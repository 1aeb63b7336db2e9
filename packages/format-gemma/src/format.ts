/**
 * One variant → a complete handler: the markup run by the core stream engine, the variant's
 * prompt, stops and renderers.
 */
import { ToolFormatConfigError } from '@toolformat/core';
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { detectGemma } from './detect.js';
import { buildMarkup } from './markup.js';
import { type GemmaVariant, isVariant, VARIANTS } from './variants.js';

export const VARIANT_IDS = Object.keys(VARIANTS) as GemmaVariant[];

/** `gemma` for the default variant, `gemma:functiongemma` for the others. */
export function handlerId(variant: GemmaVariant): string {
  return variant === 'gemma' ? 'gemma' : `gemma:${variant}`;
}

export function createGemmaFormat(variant: string = 'gemma'): MarkupFormatHandler {
  if (!isVariant(variant)) {
    throw new ToolFormatConfigError(
      `format gemma: unknown variant '${variant}'; known variants: ${VARIANT_IDS.join(', ')}.`,
      { key: 'variant', allowed: VARIANT_IDS },
    );
  }
  const def: (typeof VARIANTS)[GemmaVariant] = VARIANTS[variant];
  return defineFormat({
    markup: buildMarkup(handlerId(variant)),
    detect: detectGemma,
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
  });
}
