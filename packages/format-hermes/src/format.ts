/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers, and the family's sanitizer.
 */
import { type MarkupFormatHandler, ToolFormatConfigError, defineFormat } from '@toolformat/core';
import { createDetector } from './detect.js';
import { buildMarkup } from './markup.js';
import { sanitizeContent } from './sanitize.js';
import { type HermesVariant, VARIANTS, isVariant } from './variants.js';

export const VARIANT_IDS = Object.keys(VARIANTS) as HermesVariant[];

/** `hermes` for the default variant, `hermes:granite` for the others. */
export function handlerId(variant: HermesVariant): string {
  return variant === 'hermes' ? 'hermes' : `hermes:${variant}`;
}

export function createHermesFormat(variant: string = 'hermes'): MarkupFormatHandler {
  if (!isVariant(variant)) {
    throw new ToolFormatConfigError(
      `format hermes: unknown variant '${variant}'; known variants: ${VARIANT_IDS.join(', ')}.`,
      { key: 'variant', allowed: VARIANT_IDS },
    );
  }
  const def = VARIANTS[variant];
  const id = handlerId(variant);
  const anyJson = 'anyJson' in def && def.anyJson;
  const markup = buildMarkup({
    id,
    familyFormats: variant === 'hermes',
    anyJson,
    responseTags: 'responseTags' in def && def.responseTags,
  });
  return defineFormat({
    markup,
    // Bare JSON is this family's only when declared tools confirm it, except in the json variant.
    detect: createDetector(markup, anyJson ? 0.6 : 0.3),
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
    sanitizeExtra: sanitizeContent,
  });
}
