/**
 * One variant → a complete handler: the markup run by the core stream engine, the variant's
 * prompt, stops and renderers.
 */
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { detectGemma } from './detect.js';
import { buildMarkup } from './markup.js';
import { VARIANTS } from './variants.js';

export function createGemmaFormat(variant: string = 'gemma'): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: buildMarkup(id),
    detect: detectGemma,
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
  });
}
