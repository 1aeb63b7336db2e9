/**
 * What `parse` searches a text for before it runs the engine (architecture/stream-engine.md): a
 * set of strings such that every marker holds one of them. When none occurs, no marker can, and
 * the text is the content as it is.
 *
 * Why a cover and not each marker's first character: the check costs one native pass over the
 * text per probe, and auto mode's markers start with seven different ASCII characters. Most
 * markers hold a character that others hold too (`<tool_call>` and `[TOOL_CALLS]` both end in a
 * closing bracket of some kind, `Action:` and `call:` share the colon), so a few characters cover
 * them all: a marker with one candidate character forces it, and the rest are covered greedily,
 * by the character that covers the most markers still uncovered.
 *
 * Candidates are the punctuation a marker holds (never a letter, digit or blank: prose is made of
 * those). Punctuation prose writes often (`_`, `.`, `,`, quotes…) is a candidate only in a marker
 * that holds no rarer one. A marker with no punctuation at all is its own probe (`Observation`).
 */
import { isAsciiAlphanumeric, isSpace } from '../char-codes.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Punctuation common in prose and code: a probe of one would send most outputs to the engine. */
const COMMON = '_-.,/\'"()!?;*#@&%$+';

/**
 * `markers`: every literal that opens something in text mode (followed words excluded);
 * `followedChars`: the characters that must follow those words (each is a probe).
 */
export function plainProbes(markers: readonly string[], followedChars: string): string[] {
  const chosen = new Set<string>(followedChars);
  const words: string[] = [];
  let uncovered: string[][] = [];
  for (const marker of markers) {
    if (marker.length === 0) continue;
    const candidates = candidateChars(marker);
    if (candidates.length === 0) words.push(marker);
    else {
      if (candidates.length === 1) chosen.add(candidates[0]!);
      uncovered.push(candidates);
    }
  }
  uncovered = uncovered.filter((c) => !c.some((x) => chosen.has(x)));
  while (uncovered.length > 0) {
    const counts = new Map<string, number>();
    for (const candidates of uncovered) for (const c of candidates) counts.set(c, (counts.get(c) ?? 0) + 1);
    let best = '';
    let bestCount = 0;
    for (const [c, count] of counts) {
      if (count > bestCount) {
        best = c;
        bestCount = count;
      }
    }
    chosen.add(best);
    uncovered = uncovered.filter((c) => !c.includes(best));
  }
  const singles = [...chosen];
  return [...singles, ...words.filter((w) => !singles.some((c) => w.includes(c)))];
}

/** The distinct punctuation of `marker`, the rare kind if it has any. */
function candidateChars(marker: string): string[] {
  const rare: string[] = [];
  const common: string[] = [];
  for (const c of marker) {
    const code = charCodeAt.call(c, 0);
    if (isAsciiAlphanumeric(code) || isSpace(code)) continue;
    const into = COMMON.includes(c) ? common : rare;
    if (!into.includes(c)) into.push(c);
  }
  return rare.length > 0 ? rare : common;
}
