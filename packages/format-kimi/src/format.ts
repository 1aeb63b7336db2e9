/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers.
 */
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { buildMarkup, detectKimi } from './markup.js';
import { sanitizeContent } from './sanitize.js';
import { VARIANTS } from './variants.js';

export function createKimiFormat(variant: string = VARIANTS.defaultVariant): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: buildMarkup(id),
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
    sanitizeExtra: sanitizeContent,
    detect: detectKimi,
  });
}
