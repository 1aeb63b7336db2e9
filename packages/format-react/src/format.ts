/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers, the family's sanitizer and detector.
 */
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { detectReact } from './detect.js';
import { buildMarkup } from './markup.js';
import { sanitizeContent } from './sanitize.js';
import { VARIANTS } from './variants.js';

export function createReactFormat(variant: string = 'react'): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: buildMarkup({ id: id, familyFormats: variant === 'react' }),
    detect: detectReact,
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
    sanitizeExtra: sanitizeContent,
  });
}
