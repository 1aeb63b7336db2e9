/**
 * Text a stream appends to piece by piece (an open block's body, the arguments sent so far, a run
 * of held blanks) kept about its own length in memory.
 *
 * V8 keeps `text += piece` as a rope: a node per piece, which is cheaper than a list of pieces
 * joined at the end, but a node (about twenty bytes) costs more than the characters of a short
 * token, so a megabyte streamed a character at a time was held as twenty megabytes. A read of a
 * character flattens the rope in place. Done whenever the text grew by a quarter since the last
 * time, the rope part stays a fraction of the text, and each character is copied a handful of times
 * in all: linear (architecture/stream-engine.md, "Appended text").
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
