/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers.
 */
import { ToolFormatConfigError } from '@toolformat/core';
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { buildMarkup, detectKimi } from './markup.js';
import { sanitizeContent } from './sanitize.js';
import { DEFAULT_VARIANT, handlerId, isVariant, VARIANT_IDS, VARIANTS } from './variants.js';

export function createKimiFormat(variant: string = DEFAULT_VARIANT): MarkupFormatHandler {
  if (!isVariant(variant)) {
    throw new ToolFormatConfigError(
      `format kimi: unknown variant '${variant}'; known variants: ${VARIANT_IDS.join(', ')}.`,
      { key: 'variant', allowed: VARIANT_IDS },
    );
  }
  const def = VARIANTS[variant];
  return defineFormat({
    markup: buildMarkup(handlerId(variant)),
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
    sanitizeExtra: sanitizeContent,
    detect: detectKimi,
  });
}
