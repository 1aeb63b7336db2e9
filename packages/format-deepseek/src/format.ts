/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers.
 */
import { ToolFormatConfigError } from '@toolformat/core';
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { handlerId, isVariant, VARIANT_IDS, VARIANTS } from './variants.js';

export function createDeepseekFormat(variant: string = 'v3'): MarkupFormatHandler {
  if (!isVariant(variant)) {
    throw new ToolFormatConfigError(
      `format deepseek: unknown variant '${variant}'; known variants: ${VARIANT_IDS.join(', ')}.`,
      { key: 'variant', allowed: VARIANT_IDS },
    );
  }
  const def = VARIANTS[variant];
  return defineFormat({
    markup: buildMarkup({ id: handlerId(variant), familyFormats: variant === 'v3' }),
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
  });
}
