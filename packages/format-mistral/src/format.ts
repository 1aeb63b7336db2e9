/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers.
 */
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { VARIANTS } from './variants.js';

/** What each generation's markup is reported as, whichever variant read it. */
const GENERATION_FORMATS = {
  v3: VARIANTS.handlerId('v3'),
  v11: VARIANTS.handlerId('v11'),
  v13: VARIANTS.handlerId('v13'),
};

export function createMistralFormat(variant: string = VARIANTS.defaultVariant): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: buildMarkup(id, GENERATION_FORMATS),
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
  });
}
