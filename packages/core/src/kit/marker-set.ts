/**
 * A set of literal markers (`<tool_call>`, `[TOOL_CALLS]`, …) compiled for scanning:
 * a first-code-unit table says in O(1) whether a position can start a marker, and a trie finds
 * the longest marker there in one step per unit (DeepSeek alone has dozens of markers starting
 * with `<｜`; trying them one by one made `<｜<｜<｜…` cost dozens of comparisons a character).
 * No regular expressions: every question asked of a position costs at most the length of the
 * longest marker.
 */

import { isAsciiAlphanumeric, isSpace, LINE_FEED, SPACE, trailingSpaceStart } from './char-codes.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/**
 * A node of a path-compressed trie: `label` holds the code units that follow the one that led
 * here when no marker ends and nothing branches among them, so matching `</tool_call>` is a
 * table lookup and one comparison of the rest, not a node per unit.
 */
interface TrieNode<T> {
  label: string;
  /** The marker that ends after `label`, if any. */
  match: MarkerMatch<T> | null;
  /**
   * The children and the code units that lead to them, as two lists: a node has a few children,
   * and a look along a short list costs less than a Map's hashed lookup (a match walks three or
   * four nodes).
   */
  codes: number[];
  children: Array<TrieNode<T>>;
}

/** A node of the plain trie the compressed one is folded from (a node per code unit). */
interface PlainNode<T> {
  next: Map<number, PlainNode<T>>;
  match: MarkerMatch<T> | null;
}

export interface MarkerMatch<T> {
  marker: string;
  value: T;
}

/** First code units below this are looked up in a table, not a Map (markers start with ASCII). */
const TABLE_SIZE = 128;

export class MarkerSet<T> {
  /** Markers by their first code unit, longest first. */
  private readonly byFirst = new Map<number, Array<MarkerMatch<T>>>();
  /** The trie's first level: for ASCII in `rootTable`, for the rest in `rootMap`. */
  private readonly rootTable: Array<TrieNode<T> | undefined> = new Array(TABLE_SIZE).fill(undefined);
  private readonly rootMap = new Map<number, TrieNode<T>>();
  /** 1 where an ASCII code unit may start a marker (the check every scanned character makes). */
  private readonly startTable = new Uint8Array(TABLE_SIZE);
  /** The distinct first code units, for indexOf-driven candidate search on long text. */
  readonly firstChars: string[] = [];
  readonly maxLength: number;
  readonly size: number;
  /**
   * Word markers that matter only where one of `chars` follows them after blanks, or where the
   * text ends after them (a block decided by its first body character: `functools[`). The cursor
   * finds them from those characters instead of searching prose for the word (see `probes`).
   */
  readonly followed: ReadonlyArray<{ marker: string; chars: string }>;

  constructor(
    entries: ReadonlyArray<readonly [string, T]>,
    followedBy: ReadonlyMap<string, string> = new Map(),
  ) {
    this.followed = [...followedBy].map(([marker, chars]) => ({ marker, chars }));
    let max = 0;
    for (const [marker, value] of entries) {
      if (marker.length === 0) continue;
      const code = charCodeAt.call(marker, 0);
      let list = this.byFirst.get(code);
      if (!list) {
        list = [];
        this.byFirst.set(code, list);
        this.firstChars.push(marker[0]!);
        if (code < TABLE_SIZE) this.startTable[code] = 1;
      }
      if (!list.some((m) => m.marker === marker)) list.push({ marker, value });
      if (marker.length > max) max = marker.length;
    }
    // A plain trie first (a node per code unit), then chains without branches are folded.
    const root: PlainNode<T> = { next: new Map(), match: null };
    for (const list of this.byFirst.values()) {
      list.sort((a, b) => b.marker.length - a.marker.length);
      for (const m of list) {
        let node = root;
        for (let i = 0; i < m.marker.length; i++) {
          const code = charCodeAt.call(m.marker, i);
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
    for (const [code, child] of root.next) {
      const node = compress(child);
      if (code < TABLE_SIZE) this.rootTable[code] = node;
      else this.rootMap.set(code, node);
    }
    this.maxLength = max;
    this.size = entries.length;
  }

  /** True when a marker may start with this code unit. */
  canStart(code: number): boolean {
    return code < TABLE_SIZE ? this.startTable[code] === 1 : this.byFirst.has(code);
  }

  /**
   * True when a marker may start with this code unit and it is no ASCII letter or digit: a unit
   * the cursor searches for itself. A marker that starts with a letter (`functools`) is found by
   * its rarer parts, never by each such letter of prose.
   */
  isProbeStart(code: number): boolean {
    return this.canStart(code) && !isAsciiAlphanumeric(code);
  }

  /** True when the one marker that starts with this code unit is that unit alone (`{`). */
  isOnlyMarkerOf(code: number): boolean {
    const list = this.byFirst.get(code);
    return list !== undefined && list.length === 1 && list[0]!.marker.length === 1;
  }

  /**
   * The marker that starts at `pos`, the longest if several do. Unless `final`, returns
   * `'partial'` when the text ends before the markers could be told apart (a longer marker may
   * still complete), so the caller holds the text back.
   */
  matchAt(text: string, pos: number, final = false): MarkerMatch<T> | 'partial' | null {
    const first = charCodeAt.call(text, pos);
    let node = first < TABLE_SIZE ? this.rootTable[first] : this.rootMap.get(first);
    if (node === undefined) return null;
    let best: MarkerMatch<T> | null = null;
    let i = pos + 1;
    const n = text.length;
    for (;;) {
      const label = node.label;
      if (label.length > 0) {
        if (i + label.length > n) {
          // The text ends inside the label: partial if what there is agrees with it.
          for (let k = 0; i + k < n; k++)
            if (charCodeAt.call(text, i + k) !== charCodeAt.call(label, k)) return best;
          return final ? best : 'partial';
        }
        // Unit by unit: labels are a few units long, and a native startsWith costs more than that.
        for (let k = 0; k < label.length; k++)
          if (charCodeAt.call(text, i + k) !== charCodeAt.call(label, k)) return best;
        i += label.length;
      }
      if (node.match !== null) best = node.match;
      const codes: number[] = node.codes;
      if (i >= n) return !final && codes.length > 0 ? 'partial' : best;
      const code = charCodeAt.call(text, i);
      let k = 0;
      while (k < codes.length && codes[k] !== code) k++;
      if (k === codes.length) return best;
      node = node.children[k]!;
      i++;
    }
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
   * punctuation (`<`, `[`, a backtick: rare in prose); for a marker that starts with a letter or
   * digit, the marker from its first punctuation on (`<|role_sep|>` of `function call<|role_sep|>`:
   * a native search for a letter stops at every such letter of prose, one for `<` almost never),
   * or the whole marker when it has none (`Observation`). That punctuation is passed over when
   * other markers start with it and punctuation follows (`|role_sep|>`, not `<|role_sep|>`): in
   * output full of tags, V8's search for a string whose first character keeps occurring falls
   * back to a scan that reads English slowly (1 MiB with 1,000 calls: 375 µs for `<|role_sep|>`,
   * 11 µs for `|role_sep|>`). A `followed` word is no probe: the cursor finds it from the
   * characters that must follow it. `probeOffsets[k]` is where probe `k` starts in its marker, so
   * a find at `i` is a candidate at `i - probeOffsets[k]`.
   */
  get probes(): readonly string[] {
    if (this.probeList === null) {
      // Keyed by offset and probe: `Thought:` and `Action:` share the probe `:` at different
      // offsets, and each offset finds only its own markers.
      const out = new Map<string, [string, number]>();
      for (const [code, list] of this.byFirst) {
        if (!isAsciiAlphanumeric(code)) {
          const probe = String.fromCharCode(code);
          out.set(`0:${probe}`, [probe, 0]);
          continue;
        }
        for (const m of list) {
          if (this.followed.some((f) => f.marker === m.marker)) continue;
          let k = 1;
          while (
            k < m.marker.length &&
            (isAsciiAlphanumeric(charCodeAt.call(m.marker, k)) || charCodeAt.call(m.marker, k) === SPACE)
          )
            k++;
          if (k === m.marker.length) k = 0;
          else
            while (
              k + 1 < m.marker.length &&
              this.byFirst.has(charCodeAt.call(m.marker, k)) &&
              !isAsciiAlphanumeric(charCodeAt.call(m.marker, k + 1)) &&
              charCodeAt.call(m.marker, k + 1) !== SPACE
            )
              k++;
          const probe = m.marker.slice(k);
          out.set(`${k}:${probe}`, [probe, k]);
        }
      }
      this.probeList = [...out.values()].map(([probe]) => probe);
      this.probeOffsetList = [...out.values()].map(([, k]) => k);
    }
    return this.probeList;
  }
  private probeList: string[] | null = null;

  get probeOffsets(): readonly number[] {
    if (this.probeOffsetList === null) void this.probes;
    return this.probeOffsetList!;
  }
  private probeOffsetList: number[] | null = null;

  /** Each probe's code unit when it is one unit long, else -1 (made once, read by every cursor). */
  get probeCodes(): Int32Array {
    this.probeCodeList ??= Int32Array.from(this.probes, (probe) =>
      probe.length === 1 ? charCodeAt.call(probe, 0) : -1,
    );
    return this.probeCodeList;
  }
  private probeCodeList: Int32Array | null = null;

  /** Every marker, flat, for the cursor's whole-marker search. */
  get all(): ReadonlyArray<MarkerMatch<T>> {
    this.flat ??= [...this.byFirst.values()].flat();
    return this.flat;
  }
  private flat: Array<MarkerMatch<T>> | null = null;

  /**
   * Per marker of `all`, what the whole-marker search looks for when it is not the marker itself:
   * a line key (`\nThought:`) is searched from its second character, and each find checked for the
   * line break before it; '' for the others. Text has a line break every few dozen characters, and
   * V8's search for a string that starts with one stops at each: 0.3–0.45 ms a megabyte for a key
   * that never comes, against 0.01 ms for `Thought:`.
   */
  get anchors(): readonly string[] {
    this.anchorList ??= this.all.map(({ marker }) =>
      marker.length > 2 && charCodeAt.call(marker, 0) === LINE_FEED ? marker.slice(1) : '',
    );
    return this.anchorList;
  }
  private anchorList: string[] | null = null;

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

/** How many units after a search's start `MarkerCursor.search` looks at before a native search. */
const NEARBY = 8;

export class MarkerCursor<T> {
  // Created on first use: a streamed one-character chunk never needs them.
  private charNext: number[] | null = null;
  /** The probes (indexes) that may still occur at or after the last search. */
  private liveProbes: number[] | null = null;
  private markerNext: number[] | null = null;
  /** The set's probes and offsets, and each probe's code unit when it is one (else -1). */
  private probes: readonly string[] = [];
  private offsets: readonly number[] = [];
  private probeCodes: Int32Array | null = null;
  /** Short texts (a streamed chunk) are walked code by code: cheaper than indexOf calls. */
  private readonly walk: boolean;
  /**
   * The text's length, and where its last maxLength - 1 units start, read once: a string's
   * `length` read at a site that has seen many kinds of string is a lookup of its own.
   */
  private readonly length: number;
  private readonly tailStart: number;

  constructor(
    private readonly set: MarkerSet<T>,
    private readonly text: string,
  ) {
    const length = text.length;
    this.length = length;
    this.walk = length <= 32;
    this.tailStart = length - set.maxLength + 1;
  }

  /**
   * The last answer of `nextCandidate` when a probe gave it: that probe (else -1), and the nearest
   * next candidate of every other probe and followed word then (-1 when none has one).
   */
  private lastBest = -1;
  private lastProbe = -1;
  private runnerUp = -1;

  /** The next index at or after `from` where some marker could start, or -1. */
  nextCandidate(from: number): number {
    const text = this.text;
    const n = this.length;
    if (this.walk) {
      for (let i = from; i < n; i++) if (this.set.canStart(charCodeAt.call(text, i))) return i;
      return -1;
    }
    // Where one probe's character comes over and over and nothing else does (`[f([f(…`), the
    // scan asks for the next candidate after each: only that probe is searched again while it
    // stays nearer than every other one and the tail is not reached.
    const k0 = this.lastProbe;
    if (k0 !== -1 && from > this.lastBest) {
      const offset = this.offsets[k0]!;
      const found = this.search(k0, from + offset);
      if (found !== -1) {
        const at = found - offset;
        this.charNext![k0] = at;
        const other = this.runnerUp;
        if ((other === -1 || at < other) && at <= this.tailStart) {
          this.lastBest = at;
          return at;
        }
      }
    }
    let best = -1;
    let bestProbe = -1;
    let second = -1;
    if (this.charNext === null) this.startProbes();
    const next = this.charNext!;
    const offsets = this.offsets;
    // Only probes that still occur are asked: one that ran out is dropped from the list, so a text
    // that holds one probe's character over and over (`[f([f(…`) costs a look at that probe per
    // candidate, not at every probe of the set.
    const live = this.liveProbes!;
    for (let j = 0; j < live.length; j++) {
      const k = live[j]!;
      let at = next[k]!;
      if (at < from) {
        const offset = offsets[k]!;
        at = this.search(k, from + offset);
        if (at === -1) {
          next[k] = -1;
          live[j] = live[live.length - 1]!;
          live.pop();
          j--;
          continue;
        }
        at -= offset;
        next[k] = at;
      }
      if (best === -1 || at < best) {
        if (best !== -1) second = best;
        best = at;
        bestProbe = k;
      } else if (second === -1 || at < second) second = at;
    }
    const followed = this.set.followed;
    for (let k = 0; k < followed.length; k++) {
      const at = this.nextFollowed(k, from);
      if (at === -1) continue;
      if (best === -1 || at < best) {
        if (best !== -1) second = best;
        best = at;
        bestProbe = -1;
      } else if (second === -1 || at < second) second = at;
    }
    this.lastBest = best;
    this.lastProbe = bestProbe;
    this.runnerUp = second;
    // Probes of whole markers find only complete ones: a marker cut off by the end of the text
    // (to be held back) starts in the last maxLength - 1 units, which are walked.
    const stop = best === -1 ? n : best;
    for (let i = Math.max(from, this.tailStart); i < stop; i++) {
      if (this.set.canStart(charCodeAt.call(text, i))) {
        this.lastProbe = -1;
        return i;
      }
    }
    return best;
  }

  private startProbes(): void {
    const probes = this.set.probes;
    this.probes = probes;
    this.offsets = this.set.probeOffsets;
    this.probeCodes = this.set.probeCodes;
    const count = probes.length;
    const next = new Array<number>(count);
    const live = new Array<number>(count);
    for (let k = 0; k < count; k++) {
      next[k] = -2;
      live[k] = k;
    }
    this.charNext = next;
    this.liveProbes = live;
  }

  /**
   * The first probe `k` at or after `from`, or -1. A native search costs a call however near its
   * answer is; where candidates come every few characters (`[f([f(…`), a look at the next few
   * units finds most of them first.
   */
  private search(k: number, from: number): number {
    const text = this.text;
    const code = this.probeCodes![k]!;
    // Only where the last one came just before (`charNext` holds it, as a candidate): after a
    // jump (past a block, a line of prose) the next is seldom near, and the look would be spent
    // on every probe.
    if (code === -1 || from - (this.charNext![k]! + this.offsets[k]!) > NEARBY)
      return text.indexOf(this.probes[k]!, from);
    const end = Math.min(this.length, from + NEARBY);
    for (let i = from; i < end; i++) if (charCodeAt.call(text, i) === code) return i;
    return end === this.length ? -1 : text.indexOf(this.probes[k]!, end);
  }

  // Per followed word: its next candidate (-2 before the first search), the last of its
  // characters examined, and each character's next position.
  private followedNext: number[] | null = null;
  private followedHit: number[] | null = null;
  private followedChars: number[][] | null = null;
  /** Where the text's trailing blanks start (computed once). */
  private blankTail = -1;

  /** Followed words searched by the word itself (see nextFollowed), and each one's next occurrence. */
  private followedByWord: boolean[] | null = null;
  private followedWordAt: number[] | null = null;

  /**
   * The next start at or after `from` of followed word `k` that one of its characters follows
   * after blanks, or that ends the text after blanks; -1 if none. It is searched from its
   * characters (a word prose writes often, its characters rarely); where they come over and over
   * without the word (`[[[[`, a brace on every line), from the word itself instead, each
   * occurrence checked for what follows it. Linear over a whole scan either way: each position is
   * searched forward only, each hit or occurrence is examined once, and the blanks walked from one
   * lie between it and the next non-blank, which no other walk crosses.
   */
  private nextFollowed(k: number, from: number): number {
    this.followedNext ??= this.set.followed.map(() => -2);
    const cached = this.followedNext[k]!;
    if (cached === -1 || cached >= from) return cached;
    this.followedByWord ??= this.set.followed.map(() => false);
    const at = this.followedByWord[k] ? this.followedFromWord(k, from) : this.followedFromChars(k, from);
    this.followedNext[k] = at;
    return at;
  }

  /**
   * Hits of a followed word's characters examined in vain before its search may turn to the word,
   * and how close together they must have come (a hit every few characters: `[[[[`). Sparse hits
   * (a `[` in every JSON payload) are cheaper than a search for the word over the whole text.
   */
  private static readonly MISSES_BEFORE_WORD = 256;
  private static readonly DENSE_GAP = 16;

  private followedFromChars(k: number, from: number): number {
    const { marker, chars } = this.set.followed[k]!;
    this.followedHit ??= this.set.followed.map(() => -1);
    this.followedChars ??= this.set.followed.map((f) => [...f.chars].map(() => -2));
    const text = this.text;
    const length = marker.length;
    const next = this.followedChars[k]!;
    let misses = 0;
    let firstMiss = -1;
    for (;;) {
      const start = Math.max(this.followedHit[k]! + 1, from + length);
      let hit = -1;
      for (let j = 0; j < next.length; j++) {
        let at = next[j]!;
        if (at !== -1 && at < start) {
          at = text.indexOf(chars[j]!, start);
          next[j] = at;
        }
        if (at !== -1 && (hit === -1 || at < hit)) hit = at;
      }
      if (hit === -1) break;
      this.followedHit[k] = hit;
      let q = hit;
      while (q > 0 && isSpace(charCodeAt.call(text, q - 1))) q--;
      // Its last unit first: a native startsWith costs more than the usual miss (`"list": [`).
      if (
        q - length >= from &&
        charCodeAt.call(text, q - 1) === charCodeAt.call(marker, length - 1) &&
        text.startsWith(marker, q - length)
      )
        return q - length;
      if (firstMiss === -1) firstMiss = hit;
      if (++misses > MarkerCursor.MISSES_BEFORE_WORD) {
        if (hit - firstMiss < misses * MarkerCursor.DENSE_GAP) {
          this.followedByWord![k] = true;
          return this.followedFromWord(k, from);
        }
        misses = 0;
        firstMiss = -1;
      }
    }
    if (this.blankTail === -1) this.blankTail = trailingSpaceStart(text);
    const end = this.blankTail - length;
    return end >= from && text.startsWith(marker, end) ? end : -1;
  }

  private followedFromWord(k: number, from: number): number {
    const { marker, chars } = this.set.followed[k]!;
    this.followedWordAt ??= this.set.followed.map(() => -2);
    const text = this.text;
    const n = this.length;
    let at = this.followedWordAt[k]!;
    for (;;) {
      if (at !== -1 && at < from) at = text.indexOf(marker, from);
      this.followedWordAt[k] = at;
      if (at === -1) return -1;
      let p = at + marker.length;
      while (p < n && isSpace(charCodeAt.call(text, p))) p++;
      if (p === n || chars.includes(text[p]!)) return at;
      from = at + 1;
    }
  }

  /**
   * The first complete occurrence of any marker at or after `from` (longest on a tie), or null.
   * The answer is one object per cursor, refilled by the next call: read it before asking again.
   */
  nextMarker(from: number): { at: number; match: MarkerMatch<T> } | null {
    let bestAt = -1;
    let best: MarkerMatch<T> | null = null;
    const markers = this.set.all;
    this.markerNext ??= markers.map(() => -2);
    const next = this.markerNext;
    for (let k = 0; k < next.length; k++) {
      let at = next[k]!;
      const m = markers[k]!;
      if (at !== -1 && at < from) {
        at = this.searchWhole(k, m.marker, from);
        next[k] = at;
      }
      if (
        at !== -1 &&
        (best === null || at < bestAt || (at === bestAt && m.marker.length > best.marker.length))
      ) {
        bestAt = at;
        best = m;
      }
    }
    if (best === null) return null;
    if (this.found === null) this.found = { at: bestAt, match: best };
    this.found.at = bestAt;
    this.found.match = best;
    return this.found;
  }
  private found: { at: number; match: MarkerMatch<T> } | null = null;

  /** Markers (by index in `all`) whose anchor turned out to come densely without them. */
  private anchorDense: Uint8Array | null = null;
  /**
   * Finds of an anchor examined in vain before the search may turn to the whole marker, and how
   * close together they must have come: `Thought:` on every line but never after a line break.
   */
  private static readonly ANCHOR_MISSES = 64;
  private static readonly ANCHOR_GAP = 128;

  /**
   * The first occurrence of marker `k` of `all` at or after `from`, or -1: by its anchor (see
   * `MarkerSet.anchors`) while the anchor's finds are sparse, else by the marker itself. Linear:
   * every find of the anchor is examined once, and searches only move forward.
   */
  private searchWhole(k: number, marker: string, from: number): number {
    const text = this.text;
    const anchor = this.set.anchors[k]!;
    if (anchor === '' || this.anchorDense?.[k] === 1) return text.indexOf(marker, from);
    const first = from + 1;
    let start = first;
    let misses = 0;
    for (;;) {
      const hit = text.indexOf(anchor, start);
      if (hit === -1) return -1;
      if (charCodeAt.call(text, hit - 1) === LINE_FEED) return hit - 1;
      if (++misses >= MarkerCursor.ANCHOR_MISSES && hit - first < misses * MarkerCursor.ANCHOR_GAP) {
        // Every find up to `hit` was examined: the marker starts at `hit` or later.
        this.anchorDense ??= new Uint8Array(this.set.all.length);
        this.anchorDense[k] = 1;
        return text.indexOf(marker, hit);
      }
      start = hit + 1;
    }
  }
}

/** Folds each chain of nodes with one child and no marker into its top node's label. */
function compress<T>(node: PlainNode<T>): TrieNode<T> {
  let label = '';
  let tail = node;
  while (tail.match === null && tail.next.size === 1) {
    const [code, child] = tail.next.entries().next().value as [number, PlainNode<T>];
    label += String.fromCharCode(code);
    tail = child;
  }
  const out: TrieNode<T> = { label, match: tail.match, codes: [], children: [] };
  for (const [code, child] of tail.next) {
    out.codes.push(code);
    out.children.push(compress(child));
  }
  return out;
}
