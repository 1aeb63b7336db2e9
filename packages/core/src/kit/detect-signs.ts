/**
 * A format's `detect` as a declaration: a table of signs, each a marker and the score its presence
 * gives, checked in the declared order; the first that holds gives the score. The router's auto
 * mode and rescue order handlers by it (architecture/router-and-plugins.md), so a sign should be
 * what only this format writes; a marker prose also writes counts only with what the parser
 * itself would read after it (`follow`).
 *
 * Cost: one `indexOf` walk per sign, and a follow check per occurrence that reads only what comes
 * before the next occurrence of a marker starting with a non-blank: linear in the text.
 */
import { skipJsonSpace } from './char-codes.js';
import type { BlockSpec } from './markup-spec.js';

/** Whether what follows an occurrence of a marker (from `end`, just after it) makes it count. */
export type SignFollow = (text: string, end: number) => boolean;

/** A marker, the score it gives, and optionally what must follow it for the sign to hold. */
export type DetectSign = readonly [marker: string, score: number, follow?: SignFollow];

/** Whether some occurrence of `marker` in `text` is followed as `follow` demands. */
function holds(text: string, marker: string, follow: SignFollow | undefined): boolean {
  if (follow === undefined) return text.includes(marker);
  for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
    if (follow(text, at + marker.length)) return true;
  }
  return false;
}

/**
 * The detector of a sign table: the score of the first sign (in the declared order) that holds;
 * when none does, `otherwise(text)` (a check no marker expresses, like a bare JSON call where the
 * output starts), else 0.
 */
export function detectSigns(
  signs: readonly DetectSign[],
  otherwise?: (text: string) => number,
): (text: string) => number {
  return (text) => {
    if (typeof text !== 'string') return 0;
    for (const [marker, score, follow] of signs) if (holds(text, marker, follow)) return score;
    return otherwise === undefined ? 0 : otherwise(text);
  };
}

/**
 * A follow as a block's `bodyStart` reads it: after JSON blanks, one of `chars`; or, directly after
 * the marker, one of `tight` (the block's `bodyStartTight`).
 */
export function bodyStarts(chars: string, tight = ''): SignFollow {
  return (text, end) => {
    if (end < text.length && tight.includes(text[end]!)) return true;
    const p = skipJsonSpace(text, end);
    return p < text.length && chars.includes(text[p]!);
  };
}

/** What follows a fence's info word before its body: a line break, a blank or JSON. */
const FENCE_BODY = '\n\r {[<';

/**
 * Signs read off markup blocks: every open marker (counting only where its `bodyStart` follows)
 * and every fence (` ```info ` before a body), scored by the block's `confidence` (default 0.9),
 * surest first.
 */
export function markupSigns(blocks: readonly BlockSpec[]): DetectSign[] {
  const signs: DetectSign[] = [];
  for (const block of blocks) {
    const score = block.confidence ?? 0.9;
    const starts = block.bodyStart ?? '';
    const follow = starts === '' ? undefined : bodyStarts(starts, block.bodyStartTight);
    const opens = block.open === undefined ? [] : typeof block.open === 'string' ? [block.open] : block.open;
    for (const open of opens) signs.push([open, score, follow]);
    const fences =
      block.fence === undefined ? [] : typeof block.fence === 'string' ? [block.fence] : block.fence;
    for (const info of fences) signs.push([`\`\`\`${info}`, score, bodyStarts(FENCE_BODY)]);
  }
  // A stable sort: of equal scores, the first declared is tried first.
  return signs.sort((a, b) => b[1] - a[1]);
}
