/**
 * A set of literal markers (`<tool_call>`, `[TOOL_CALLS]`, …) compiled for scanning:
 * a first-code-unit table says in O(1) whether a position can start a marker, and a trie finds
 * the longest marker there in one step per unit (DeepSeek alone has dozens of markers starting
 * with `<｜`; trying them one by one made `<｜<｜<｜…` cost dozens of comparisons a character).
 * No regular expressions: every question asked of a position costs at most the length of the
 * longest marker.
 */

function isAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

interface TrieNode<T> {
  next: Map<number, TrieNode<T>>;
  /** The marker that ends at this node, if any. */
  match: MarkerMatch<T> | null;
}

export interface MarkerMatch<T> {
  marker: string;
  value: T;
}

export class MarkerSet<T> {
  /** Markers by their first code unit, longest first. */
  private readonly byFirst = new Map<number, Array<MarkerMatch<T>>>();
  /** A trie over the markers' code units: a match costs one step per unit of the longest match. */
  private readonly trie: TrieNode<T> = { next: new Map(), match: null };
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
        let node = this.trie;
        for (let i = 0; i < m.marker.length; i++) {
          const code = m.marker.charCodeAt(i);
          let child = node.next.get(code);
          if (!child) {
            child = { next: new Map(), match: null };
            node.next.set(code, child);
          }
          node = child;
        }
        node.match = m;
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
    let node = this.trie.next.get(text.charCodeAt(pos));
    if (!node) return null;
    let best = node.match;
    let i = pos + 1;
    const n = text.length;
    while (i < n) {
      const child: TrieNode<T> | undefined = node.next.get(text.charCodeAt(i));
      if (!child) return best;
      node = child;
      i++;
      if (node.match) best = node.match;
    }
    // The text ended on the way: a longer marker may still complete.
    return !final && node.next.size > 0 ? 'partial' : best;
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

  /**
   * What the cursor searches prose for with indexOf: a marker's first character when that is
   * punctuation (`<`, `[`, a backtick: rare in prose), the whole marker when it starts with a
   * letter or digit (`functools[`, `Action:`), so that every `f` of prose is not a candidate.
   */
  get probes(): readonly string[] {
    if (this.probeList === null) {
      const out = new Set<string>();
      for (const [code, list] of this.byFirst) {
        if (isAlnum(code)) for (const m of list) out.add(m.marker);
        else out.add(String.fromCharCode(code));
      }
      this.probeList = [...out];
    }
    return this.probeList;
  }
  private probeList: string[] | null = null;

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
    const probes = this.set.probes;
    this.charNext ??= probes.map(() => -2);
    const next = this.charNext;
    for (let k = 0; k < next.length; k++) {
      let at = next[k]!;
      if (at !== -1 && at < from) {
        at = text.indexOf(probes[k]!, from);
        next[k] = at;
      }
      if (at !== -1 && (best === -1 || at < best)) best = at;
    }
    // Probes of whole markers find only complete ones: a marker cut off by the end of the text
    // (to be held back) starts in the last maxLength - 1 units, which are walked.
    const tail = Math.max(from, text.length - this.set.maxLength + 1);
    const stop = best === -1 ? text.length : best;
    for (let i = tail; i < stop; i++) if (this.set.canStart(text.charCodeAt(i))) return i;
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
