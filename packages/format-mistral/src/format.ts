/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers.
 */
import { ToolFormatConfigError } from '@toolformat/core';
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { DEFAULT_VARIANT, handlerId, isVariant, VARIANT_IDS, VARIANTS } from './variants.js';

/** What each generation's markup is reported as, whichever variant read it. */
const GENERATION_FORMATS = { v3: handlerId('v3'), v11: handlerId('v11'), v13: handlerId('v13') };

export function createMistralFormat(variant: string = DEFAULT_VARIANT): MarkupFormatHandler {
  if (!isVariant(variant)) {
    throw new ToolFormatConfigError(
      `format mistral: unknown variant '${variant}'; known variants: ${VARIANT_IDS.join(', ')}.`,
      { key: 'variant', allowed: VARIANT_IDS },
    );
  }
  const def = VARIANTS[variant];
  return defineFormat({
    markup: buildMarkup(handlerId(variant), GENERATION_FORMATS),
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
  });
}
