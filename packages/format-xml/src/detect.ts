/**
 * How sure the family is that a text holds its markup (auto mode and rescue order handlers by
 * this). A marker counts only where the parser itself would open a block: after `<tool_call>`, a
 * tag or (directly) a name — `<tool_call>{"name": …}` is Hermes's and scores nothing here, and
 * prose that mentions `<tool_call>` does not make the text ours.
 *
 * Cost: one `indexOf` walk per marker; occurrences do not overlap and the blanks after one are
 * skipped once, so the whole is linear in the text.
 */

import type { MarkupSpec } from '@toolformat/core/kit';
import { isJsonSpace } from '@toolformat/core/kit';

interface Marker {
  marker: string;
  /** After blanks, one of these must follow ('' = anything). */
  starts: string;
  /** Directly after the marker, one of these will do as well. */
  tight: string;
  score: number;
}

function opensBlock(text: string, m: Marker): boolean {
  let at = text.indexOf(m.marker);
  while (at !== -1) {
    let p = at + m.marker.length;
    if (m.starts === '' || (p < text.length && m.tight.includes(text[p]!))) return true;
    while (p < text.length && isJsonSpace(text.charCodeAt(p))) p++;
    if (p < text.length && m.starts.includes(text[p]!)) return true;
    at = text.indexOf(m.marker, Math.max(p, at + 1));
  }
  return false;
}

export function createDetector(markup: MarkupSpec): (text: string) => number {
  const markers: Marker[] = [];
  for (const block of markup.blocks) {
    if (block.auto === false) continue;
    const opens = block.open === undefined ? [] : typeof block.open === 'string' ? [block.open] : block.open;
    for (const marker of opens) {
      markers.push({
        marker,
        // JSON in an XML block is a sibling family's shape the block also reads (a Qwen3-Coder
        // model writing Qwen2.5's JSON): detect scores this format's own markup only.
        starts: (block.bodyStart ?? '').replace('{[', ''),
        tight: block.bodyStartTight ?? '',
        score: block.confidence ?? 0.9,
      });
    }
  }
  markers.sort((a, b) => b.score - a.score);
  return (text) => {
    if (typeof text !== 'string') return 0;
    for (const m of markers) if (opensBlock(text, m)) return m.score;
    return 0;
  };
}
