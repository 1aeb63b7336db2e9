/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers, and the family's sanitizer.
 */
import {
  bareCallLineBlocks,
  defineFormat,
  detectSigns,
  isJsonSpace,
  type MarkupFormatHandler,
  markupSigns,
} from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { sanitizeContent, stripTrailingLabel } from './sanitize.js';
import { VARIANTS } from './variants.js';

/** Whether the text, after blanks, starts like a JSON call `{"name"` / `[{"name"`. */
function startsWithJsonCall(text: string): boolean {
  let p = 0;
  while (p < text.length && isJsonSpace(text.charCodeAt(p))) p++;
  if (text[p] === '[') {
    p++;
    while (p < text.length && isJsonSpace(text.charCodeAt(p))) p++;
  }
  if (text[p] !== '{') return false;
  p++;
  while (p < text.length && isJsonSpace(text.charCodeAt(p))) p++;
  return text.startsWith('"name"', p);
}

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
    // A marker counts only where JSON follows it, as the parser itself decides (`bodyStart`); a
    // bare call proven by a stray closer has no marker of its own to score. Bare JSON is this
    // family's only when declared tools confirm it, except in the json variant.
    detect: detectSigns(markupSigns(markup.blocks.filter((block) => block.provenBy === undefined)), (text) =>
      startsWithJsonCall(text) ? (anyJson ? 0.6 : 0.3) : 0,
    ),
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
