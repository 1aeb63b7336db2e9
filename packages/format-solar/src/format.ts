/**
 * One variant → a complete handler: the variant's markup (markup.ts) run by the core stream
 * engine, its prompt, stops and renderers, and the family's sanitizer and detector.
 */
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { detectSolar } from './markup.js';
import { sanitizeContent } from './sanitize.js';
import { VARIANTS } from './variants.js';

export function createSolarFormat(variant: string = VARIANTS.defaultVariant): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: def.markup(id),
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
    sanitizeExtra: sanitizeContent,
    detect: detectSolar,
  });
}
