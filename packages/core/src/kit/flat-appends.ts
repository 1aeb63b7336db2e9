/**
 * Text a stream appends to piece by piece (an open block's body, the arguments sent so far, a run
 * of held blanks) kept at a few bytes a character.
 *
 * V8 keeps `text += piece` as a rope: a node per piece, which is cheaper than a list of pieces
 * joined at the end, but a node (about twenty bytes) costs more than the characters of a short
 * token. A read of a character flattens the rope in place. Done whenever the text grew by a quarter
 * since the last time, at most a quarter of the text is rope, and each character is copied a
 * handful of times in all: linear (architecture/stream-engine.md, "Appended text").
 */

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Texts shorter than this are never flattened by `keepFlat`: a short rope costs nothing. */
const MIN_GROWTH = 1024;

/**
 * Call after an append to `text`, with `flat` the length it was last flattened at (0 for a new
 * text); returns that length, `text.length` when it flattened the text now.
 */
export function keepFlat(text: string, flat: number): number {
  const n = text.length;
  if (n - flat <= MIN_GROWTH + (flat >> 2)) return flat;
  charCodeAt.call(text, 0);
  return n;
}
