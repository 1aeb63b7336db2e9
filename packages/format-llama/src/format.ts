/**
 * One variant → a complete handler: the markup run by the core stream engine, the variant's
 * prompt, stops and renderers.
 */
import { bareCallLineBlocks, defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { detectLlama } from './detect.js';
import { buildMarkup } from './markup.js';
import { VARIANTS } from './variants.js';

export function createLlamaFormat(variant: string = 'llama'): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  const markup = buildMarkup({ id, recipientStart: 'recipientStart' in def && def.recipientStart });
  return defineFormat({
    markup,
    // A declared tool's bare Python call without its list's brackets, alone where the output starts.
    markupForTools: (names) => {
      const lines = bareCallLineBlocks(names, id);
      return lines.length === 0 ? undefined : { ...markup, blocks: [...markup.blocks, ...lines] };
    },
    detect: detectLlama,
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
  });
}
