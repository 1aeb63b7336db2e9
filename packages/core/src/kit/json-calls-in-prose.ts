/**
 * JSON calls in free text — `Here is the result: {"name": …, "parameters": {…}}` — for a format
 * that reads bare JSON anywhere with an explicit format (`prose-calls.ts` runs the finder). Every
 * top-level JSON value in the text that has the declared call shape is calls; everything else
 * (prose, JSON that is not a call) stays text. Values are parsed strictly: without markers, broken
 * JSON is more likely prose than a call.
 *
 * A call the sentence goes on after on its line is a mention (architecture/precision.md), read
 * with the parse's `mentions` option; one of the declared `separators` right after a call (`{…};
 * {…}`) is looked past first, and `markupSeparator` after a call is markup, not text.
 *
 * Cost (architecture/semantics.md, guarantee 8): values are delimited by `findJsonValues` in one
 * pass, then each is parsed once.
 */
import { isJsonSpace, isSpaceOrTab } from './char-codes.js';
import { textContinuesSentence } from './evidence.js';
import { collectJsonCalls, type JsonCallShape } from './json-call-object.js';
import { findJsonValues } from './json-scan.js';
import type { ProseFinder, ProseMatch } from './prose-calls.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface JsonCallsInProseOptions extends JsonCallShape {
  /** Characters that may stand between calls on one line (`;,` for `{…}; {…}`). */
  separators?: string;
  /** A separator that, right after a call, is markup and leaves the text with it (`;`). */
  markupSeparator?: string;
  /** Read mentions as such (the parse's `mentions` option). */
  mentions?: boolean;
}

class JsonCallsInProse implements ProseFinder {
  private readonly values: Array<{ start: number; end: number }>;
  private index = 0;

  constructor(
    readonly text: string,
    readonly options: JsonCallsInProseOptions,
  ) {
    this.values = findJsonValues(text, { singleQuotes: false });
  }

  next(from: number): ProseMatch | null {
    const t = this.text;
    const separators = this.options.separators ?? '';
    while (this.index < this.values.length) {
      const { start, end } = this.values[this.index++]!;
      if (start < from) continue;
      let value: unknown;
      try {
        value = JSON.parse(t.slice(start, end));
      } catch {
        continue;
      }
      let sep = end;
      while (sep < t.length && isSpaceOrTab(charCodeAt.call(t, sep))) sep++;
      const after = sep < t.length && separators.includes(t[sep]!) ? sep + 1 : end;
      if (this.options.mentions && textContinuesSentence(t, after)) continue;
      const found = collectJsonCalls(value, this.options);
      if (found.calls.length === 0 || found.rejected.length > 0) continue;
      let last = end;
      const markup = this.options.markupSeparator;
      if (markup !== undefined) {
        let q = end;
        while (q < t.length && isJsonSpace(charCodeAt.call(t, q))) q++;
        if (q < t.length && t[q] === markup) last = q + 1;
      }
      const result =
        found.unread.length > 0 ? { calls: found.calls, issues: found.unread } : { calls: found.calls };
      return { start, end: last, result };
    }
    return null;
  }
}

/** The finder of JSON calls of the declared shape in `text` (for `callsInProse`). */
export function jsonCallsInProse(text: string, options: JsonCallsInProseOptions): ProseFinder {
  return new JsonCallsInProse(text, options);
}
