/**
 * Whether a long text holds any of a few short strings, in native searches a cache-sized window
 * at a time. The no-markup check (`parse` of prose, architecture/stream-engine.md) asks this of
 * every output: searched whole, each probe is one pass over the text from memory, and three
 * probes cost three passes; searched per window, every probe after the first reads the window
 * from the CPU's cache, and the whole check costs little more than one pass.
 *
 * Linear: each window is searched once per probe, and consecutive windows overlap by the longest
 * probe minus one unit, so a probe that straddles two windows is still found whole in one.
 */

/** Code units per window: a one-byte window fits a first-level data cache with room to spare. */
const WINDOW = 16 * 1024;

export function containsAny(text: string, probes: readonly string[]): boolean {
  const n = text.length;
  if (n <= WINDOW) {
    for (let k = 0; k < probes.length; k++) if (text.includes(probes[k]!)) return true;
    return false;
  }
  let overlap = 0;
  for (let k = 0; k < probes.length; k++) overlap = Math.max(overlap, probes[k]!.length - 1);
  for (let start = 0; start < n; start += WINDOW) {
    // A slice of a long string shares its characters: no copy is made.
    const window = text.slice(start, Math.min(n, start + WINDOW + overlap));
    for (let k = 0; k < probes.length; k++) if (window.includes(probes[k]!)) return true;
  }
  return false;
}
