/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers, and the family's sanitizer.
 */
import { bareCallLineBlocks, defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { createDetector } from './detect.js';
import { buildMarkup } from './markup.js';
import { sanitizeContent, stripTrailingLabel } from './sanitize.js';
import { VARIANTS } from './variants.js';

export function createHermesFormat(variant: string = 'hermes'): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  const anyJson = 'anyJson' in def && def.anyJson;
  const markup = buildMarkup({
    id,
    familyFormats: variant === 'hermes',
    anyJson,
    responseTags: 'responseTags' in def && def.responseTags,
  });
  const handler = defineFormat({
    markup,
    // A declared tool's bare Python call, alone where the output starts (Granite 3.x writes it).
    markupForTools: (names) => {
      const lines = bareCallLineBlocks(names, id);
      return lines.length === 0 ? undefined : { ...markup, blocks: [...markup.blocks, ...lines] };
    },
    // Bare JSON is this family's only when declared tools confirm it, except in the json variant.
    detect: createDetector(markup, anyJson ? 0.6 : 0.3),
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
  });
  return {
    ...handler,
    /**
     * The parse's content (malformed blocks removed), with a label that stood right before a cut
     * removed at the cut (the events say where blocks were), then the line clean-up.
     */
    sanitize(text) {
      const parser = handler.createStreamParser({ onMalformed: 'strip', generateId: () => '' });
      let out = '';
      for (const event of [...parser.push(text), ...parser.end()]) {
        if (event.type === 'text') out += event.text;
        else if (event.type === 'tool-call-end' || event.type === 'issue') out = stripTrailingLabel(out);
      }
      return sanitizeContent(out);
    },
  };
}
