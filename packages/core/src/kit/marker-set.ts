/**
 * A set of literal markers (`<tool_call>`, `[TOOL_CALLS]`, …) compiled for scanning:
 * a first-code-unit table says in O(1) whether a position can start a marker, and the markers
 * sharing their first two units are tried longest first (a format has a dozen markers starting
 * with `<`; the second unit rules out most of them at once). No regular expressions: every
 * question asked of a position costs at most the length of the longest marker.
 */

export interface MarkerMatch<T> {
  marker: string;
  value: T;
}

export class MarkerSet<T> {
  /** Markers by their first code unit, longest first. */
  private readonly byFirst = new Map<number, Array<MarkerMatch<T>>>();
  /** Markers of two or more units by their first two (`c0 * 65536 + c1`), longest first. */
  private readonly byTwo = new Map<number, Array<MarkerMatch<T>>>();
  /** One-unit markers (a backtick). */
  private readonly single = new Map<number, MarkerMatch<T>>();
  /** First units that start a marker longer than one unit. */
  private readonly startsLong = new Set<number>();
  /** The distinct first code units, for indexOf-driven candidate search on long text. */
  readonly firstChars: string[] = [];
  readonly maxLength: number;
  readonly size: number;

  constructor(entries: ReadonlyArray<readonly [string, T]>) {
    let max = 0;
    for (const [marker, value] of entries) {
      if (marker.length === 0) continue;
      const code = marker.charCodeAt(0);
      let list = this.byFirst.get(code);
      if (!list) {
        list = [];
        this.byFirst.set(code, list);
        this.firstChars.push(marker[0]!);
      }
      if (!list.some((m) => m.marker === marker)) list.push({ marker, value });
      if (marker.length > max) max = marker.length;
    }
    for (const list of this.byFirst.values()) {
      list.sort((a, b) => b.marker.length - a.marker.length);
      for (const m of list) {
        const c0 = m.marker.charCodeAt(0);
        if (m.marker.length === 1) {
          this.single.set(c0, m);
          continue;
        }
        this.startsLong.add(c0);
        const key = c0 * 65536 + m.marker.charCodeAt(1);
        const two = this.byTwo.get(key);
        if (two) two.push(m);
        else this.byTwo.set(key, [m]);
      }
    }
    this.maxLength = max;
    this.size = entries.length;
  }

  /** True when a marker may start with this code unit. */
  canStart(code: number): boolean {
    return this.byFirst.has(code);
  }

  /**
   * The marker that starts at `pos`, the longest if several do. Unless `final`, returns
   * `'partial'` when the text ends before the markers could be told apart (a longer marker may
   * still complete), so the caller holds the text back.
   */
  matchAt(text: string, pos: number, final = false): MarkerMatch<T> | 'partial' | null {
    const c0 = text.charCodeAt(pos);
    if (!this.byFirst.has(c0)) return null;
    if (pos + 1 >= text.length) {
      // One unit visible: a longer marker may still come.
      if (!final && this.startsLong.has(c0)) return 'partial';
      return this.single.get(c0) ?? null;
    }
    const list = this.byTwo.get(c0 * 65536 + text.charCodeAt(pos + 1));
    if (list) {
      for (const m of list) {
        if (pos + m.marker.length <= text.length) {
          if (text.startsWith(m.marker, pos)) return m;
        } else if (!final && m.marker.startsWith(text.slice(pos))) {
          return 'partial';
        }
      }
    }
    return this.single.get(c0) ?? null;
  }

  /**
   * A cursor over one text for repeated forward searches. Each first character's (or marker's)
   * next position is remembered and searched again only once passed, so a whole scan costs one
   * native indexOf pass per distinct character: linear, however many candidates turn out not
   * to be markers (`a < b < c` …) and however many markers never occur.
   */
  cursor(text: string): MarkerCursor<T> {
    return new MarkerCursor(this, text);
  }

  /** Every marker, flat, for the cursor's whole-marker search. */
  get all(): ReadonlyArray<MarkerMatch<T>> {
    this.flat ??= [...this.byFirst.values()].flat();
    return this.flat;
  }
  private flat: Array<MarkerMatch<T>> | null = null;

  /**
   * The start of the shortest tail of `text` (from `from` on) that is a proper prefix of a
   * marker: text that must be held back because the next chunk may complete a marker.
   * Returns `text.length` when no tail needs holding. Costs O(maxLength²) at most.
   */
  holdbackStart(text: string, from: number): number {
    const n = text.length;
    const start = Math.max(from, n - this.maxLength + 1);
    for (let i = start; i < n; i++) {
      if (this.matchAt(text, i) === 'partial') return i;
    }
    return n;
  }
}

export class MarkerCursor<T> {
  // Created on first use: a streamed one-character chunk never needs them.
  private charNext: number[] | null = null;
  private markerNext: number[] | null = null;
  /** Short texts (a streamed chunk) are walked code by code: cheaper than indexOf calls. */
  private readonly walk: boolean;

  constructor(
    private readonly set: MarkerSet<T>,
    private readonly text: string,
  ) {
    this.walk = text.length <= 32;
  }

  /** The next index at or after `from` where some marker could start, or -1. */
  nextCandidate(from: number): number {
    const text = this.text;
    if (this.walk) {
      for (let i = from; i < text.length; i++) if (this.set.canStart(text.charCodeAt(i))) return i;
      return -1;
    }
    let best = -1;
    this.charNext ??= this.set.firstChars.map(() => -2);
    const next = this.charNext;
    for (let k = 0; k < next.length; k++) {
      let at = next[k]!;
      if (at !== -1 && at < from) {
        at = text.indexOf(this.set.firstChars[k]!, from);
        next[k] = at;
      }
      if (at !== -1 && (best === -1 || at < best)) best = at;
    }
    return best;
  }

  /** The first complete occurrence of any marker at or after `from` (longest on a tie), or null. */
  nextMarker(from: number): { at: number; match: MarkerMatch<T> } | null {
    let best: { at: number; match: MarkerMatch<T> } | null = null;
    const markers = this.set.all;
    this.markerNext ??= markers.map(() => -2);
    const next = this.markerNext;
    for (let k = 0; k < next.length; k++) {
      let at = next[k]!;
      const m = markers[k]!;
      if (at !== -1 && at < from) {
        at = this.text.indexOf(m.marker, from);
        next[k] = at;
      }
      if (
        at !== -1 &&
        (best === null || at < best.at || (at === best.at && m.marker.length > best.match.marker.length))
      ) {
        best = { at, match: m };
      }
    }
    return best;
  }
}
