/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers, the family's sanitizer and detector.
 */
import { ToolFormatConfigError } from '@toolformat/core';
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { detectReact } from './detect.js';
import { buildMarkup } from './markup.js';
import { sanitizeContent } from './sanitize.js';
import { isVariant, type ReactVariant, VARIANTS } from './variants.js';

export const VARIANT_IDS = Object.keys(VARIANTS) as ReactVariant[];

/** `react` for the default variant, `react:keyvalue` for the others. */
export function handlerId(variant: ReactVariant): string {
  return variant === 'react' ? 'react' : `react:${variant}`;
}

export function createReactFormat(variant: string = 'react'): MarkupFormatHandler {
  if (!isVariant(variant)) {
    throw new ToolFormatConfigError(
      `format react: unknown variant '${variant}'; known variants: ${VARIANT_IDS.join(', ')}.`,
      { key: 'variant', allowed: VARIANT_IDS },
    );
  }
  const def = VARIANTS[variant];
  return defineFormat({
    markup: buildMarkup({ id: handlerId(variant), familyFormats: variant === 'react' }),
    detect: detectReact,
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
    sanitizeExtra: sanitizeContent,
  });
}
