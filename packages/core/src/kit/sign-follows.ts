/**
 * Follow checks for `detectSigns` (detect-signs.ts) that read lines: a marker that counts only
 * at the start of a line (a line key prose also writes, like ReAct's `Action:`), and what must
 * come after it. Each check costs O(1) per occurrence after one walk of the text, so a sign
 * table stays linear however often its marker occurs.
 */
import { LINE_FEED, skipJsonSpace } from './char-codes.js';
import type { SignFollow } from './detect-signs.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/**
 * The occurrence must start a line (or the text): `marker` is the sign's marker, whose length
 * tells where the occurrence starts. Then `follow`, if given, must hold too.
 */
export function atLineStart(marker: string, follow?: SignFollow): SignFollow {
  return (text, end) => {
    const at = end - marker.length;
    if (at !== 0 && charCodeAt.call(text, at - 1) !== LINE_FEED) return false;
    return follow === undefined || follow(text, end);
  };
}

/**
 * A line that starts with `key` comes later in the text. The last such line is found once per
 * text (one `lastIndexOf`), so every occurrence's check is a comparison. The text is remembered
 * only until the current job ends (a detect is synchronous): a proxy must not hold the last
 * megabyte it detected on.
 */
export function lineKeyLater(key: string): SignFollow {
  const lineKey = `\n${key}`;
  let seen: string | null = null;
  let last = -1;
  return (text, end) => {
    if (text !== seen) {
      if (seen === null) queueMicrotask(() => (seen = null));
      seen = text;
      last = text.lastIndexOf(lineKey);
    }
    return last !== -1 && last >= end - 1;
  };
}

/** After JSON blanks, one of `starts` (`` ```json ``, `[`). */
export function startsAfterBlanks(starts: readonly string[]): SignFollow {
  return (text, end) => {
    const p = skipJsonSpace(text, end);
    return starts.some((s) => text.startsWith(s, p));
  };
}
