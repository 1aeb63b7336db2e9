/**
 * How sure the family is that a text holds its markup (the router's auto mode and rescue order
 * handlers by this). A marker counts only where JSON follows it, as the parser itself decides
 * (`bodyStart`): prose that mentions `<tool_call>` does not make the text ours.
 *
 * Cost: one `indexOf` walk per marker; the blanks after an occurrence are skipped once, and
 * occurrences do not overlap, so the whole is linear in the text.
 */

import type { MarkupSpec } from '@toolformat/core/kit';
import { isJsonSpace } from '@toolformat/core/kit';

/** Whether some occurrence of `marker` is followed (after blanks) by one of `starts`. */
function followedBy(text: string, marker: string, starts: string): boolean {
  let at = text.indexOf(marker);
  while (at !== -1) {
    let p = at + marker.length;
    while (p < text.length && isJsonSpace(text.charCodeAt(p))) p++;
    if (p < text.length && starts.includes(text[p]!)) return true;
    at = text.indexOf(marker, Math.max(p, at + 1));
  }
  return false;
}

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

export function createDetector(markup: MarkupSpec, bareJsonScore: number): (text: string) => number {
  const markers: Array<{ marker: string; starts: string; score: number }> = [];
  for (const block of markup.blocks) {
    // A bare call proven by a stray closer has no marker of its own to score.
    if (block.provenBy !== undefined) continue;
    const score = block.confidence ?? 0.9;
    const opens = block.open === undefined ? [] : typeof block.open === 'string' ? [block.open] : block.open;
    for (const open of opens) markers.push({ marker: open, starts: block.bodyStart ?? '', score });
    const fences =
      block.fence === undefined ? [] : typeof block.fence === 'string' ? [block.fence] : block.fence;
    for (const info of fences) markers.push({ marker: `\`\`\`${info}`, starts: '\n\r {[<', score });
  }
  markers.sort((a, b) => b.score - a.score);
  return (text) => {
    if (typeof text !== 'string') return 0;
    for (const m of markers) {
      if (m.starts === '' ? text.includes(m.marker) : followedBy(text, m.marker, m.starts)) return m.score;
    }
    return startsWithJsonCall(text) ? bareJsonScore : 0;
  };
}
