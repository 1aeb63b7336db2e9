/**
 * The `auto` handler: content sniffing over every registered format. Formats built with
 * `defineFormat` are merged into one markup and scanned in one pass (streaming = batch, linear).
 * Formats with a hand-written handler take part in the batch parse through `detect`, after the
 * merged scan found no call.
 */
import type { MarkupFormatHandler } from './define-format.js';
import { defineFormat } from './define-format.js';
import { ToolFormatConfigError } from './errors.js';
import type { ToolFormatHandler } from './handler.js';
import { mergeMarkup } from './kit/merge-markup.js';

export const AUTO_ID = 'auto';

function isMarkupHandler(h: ToolFormatHandler): h is MarkupFormatHandler {
  return typeof (h as MarkupFormatHandler).markup === 'object' && (h as MarkupFormatHandler).markup !== null;
}

const teachError = () =>
  new ToolFormatConfigError(
    "The 'auto' format only reads output; it cannot teach a model a format. Choose one (--format ID, or a models.yaml rule) for prompts and stop sequences.",
  );

export function createAutoHandler(
  handlers: readonly ToolFormatHandler[],
  /**
   * `trusted`: `handlers[0]` is the model's own format (rescue with a known model). Its calls need
   * ordinary evidence, every other format's strong evidence (architecture/precision.md).
   */
  options: { trusted?: boolean } = {},
): ToolFormatHandler {
  const markupHandlers = handlers.filter(isMarkupHandler);
  const others = handlers.filter((h) => !isMarkupHandler(h));
  const trusted = options.trusted === true && handlers[0] !== undefined && isMarkupHandler(handlers[0]);
  const merged = defineFormat({
    markup: mergeMarkup(
      AUTO_ID,
      markupHandlers.map((h) => h.markup),
      { trusted },
    ),
    systemPrompt: () => {
      throw teachError();
    },
    stopSequences: [],
    formatToolCalls: () => {
      throw teachError();
    },
    formatResult: () => {
      throw teachError();
    },
  });
  return {
    id: AUTO_ID,
    systemPrompt: merged.systemPrompt,
    stopSequences: () => [],
    formatToolCalls: merged.formatToolCalls,
    formatResult: merged.formatResult,
    createStreamParser: merged.createStreamParser,
    parse(text, opts) {
      const result = merged.parse(text, opts);
      if (result.calls.length > 0 || others.length === 0) return result;
      let best: ToolFormatHandler | null = null;
      let bestScore = 0;
      for (const h of others) {
        const score = safeDetect(h, text);
        if (score > bestScore) {
          best = h;
          bestScore = score;
        }
      }
      if (!best) return result;
      const other = best.parse(text, opts);
      return other.calls.length > 0 ? other : result;
    },
    sanitize(text) {
      let out = merged.sanitize(text);
      for (const h of others) if (safeDetect(h, out) > 0) out = h.sanitize(out);
      return out;
    },
    detect(text) {
      let best = 0;
      for (const h of handlers) best = Math.max(best, safeDetect(h, text));
      return best;
    },
  };
}

export function safeDetect(h: ToolFormatHandler, text: string): number {
  try {
    const s = h.detect(text);
    return Number.isFinite(s) ? Math.min(1, Math.max(0, s)) : 0;
  } catch {
    return 0;
  }
}
