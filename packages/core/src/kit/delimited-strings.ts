/**
 * A close guard for bodies whose strings sit between two delimiter tokens and hold raw text
 * (Gemma 4's `<|"|>…<|"|>`, FunctionGemma's `<escape>…<escape>`): a string runs from one token to
 * the next of the same token, with no escapes, so a marker between them is text. Fed the body in
 * pieces as it arrives. It jumps from token to token with `indexOf`, each search remembered until
 * it is passed, so a stretch of text is searched once per token however many pieces it comes in;
 * a token cut at the end of a piece is kept (at most its length less one) until the next piece
 * says whether it completes.
 */

export class DelimitedStringTracker {
  /** The index in `delimiters` of the token that opened the string the body is in, or -1. */
  private open = -1;
  /** The end of the last piece when it may be the start of a token. */
  private carry = '';
  /** Characters consumed so far, over all pieces. */
  consumed = 0;
  private readonly longest: number;
  // The last search for each token: in `searched`, from `searchedFrom[k]`, found at `foundAt[k]`.
  private searched = '';
  private readonly searchedFrom: number[];
  private readonly foundAt: number[];

  constructor(private readonly delimiters: readonly string[]) {
    this.longest = Math.max(...delimiters.map((d) => d.length));
    this.searchedFrom = delimiters.map(() => Number.POSITIVE_INFINITY);
    this.foundAt = delimiters.map(() => -1);
  }

  /** True when this tracker reads these tokens (the same list). */
  reads(delimiters: readonly string[]): boolean {
    return delimiters === this.delimiters;
  }

  /**
   * Ready for the next body. The searches stay: they hold for the same text, so a parse of many
   * small blocks searches the text for each token once, not once a block.
   */
  reset(): void {
    this.open = -1;
    this.carry = '';
    this.consumed = 0;
  }

  get inString(): boolean {
    return this.open !== -1;
  }

  /** Advances over `text[from, to)`. */
  track(text: string, from: number, to: number): void {
    if (to <= from) return;
    this.consumed += to - from;
    let i = from;
    if (this.carry !== '') {
      // A token cut at the end of the last piece: read with the start of this one, from each
      // start inside the carry (a few characters).
      const carry = this.carry;
      this.carry = '';
      const joined = carry + text.slice(from, Math.min(to, from + this.longest));
      let p = 0;
      while (p < carry.length) {
        const k = this.tokenAt(joined, p);
        if (k === -2) {
          // Still cut: this piece ended inside the token too.
          this.carry = joined.slice(p);
          return;
        }
        if (k === -1) {
          p++;
          continue;
        }
        this.open = this.open === -1 ? k : -1;
        p += this.delimiters[k]!.length;
      }
      i = from + p - carry.length;
    }
    while (i < to) {
      let k = this.open;
      let at: number;
      if (k !== -1) at = this.find(text, k, i);
      else {
        at = -1;
        for (let d = 0; d < this.delimiters.length; d++) {
          const found = this.find(text, d, i);
          if (found !== -1 && (at === -1 || found < at)) {
            at = found;
            k = d;
          }
        }
      }
      if (at === -1 || at >= to) break;
      const end = at + this.delimiters[k]!.length;
      if (end > to) {
        // The token runs past the piece: decided with the next one.
        this.carry = text.slice(at, to);
        return;
      }
      this.open = this.open === -1 ? k : -1;
      i = end;
    }
    // The piece may end inside a token the text does not hold whole yet: only where the text ends
    // within a token's length after it (a token the text holds whole was found above).
    const n = text.length;
    if (to <= n - this.longest) return;
    for (let p = Math.max(i, n - this.longest + 1); p < to; p++) {
      if (this.tokenAt(text.slice(p, to), 0) === -2) {
        this.carry = text.slice(p, to);
        return;
      }
    }
  }

  /** The next `delimiters[k]` in `text` at or after `i`, or -1; a search is reused until passed. */
  private find(text: string, k: number, i: number): number {
    if (text !== this.searched) {
      this.searched = text;
      this.searchedFrom.fill(Number.POSITIVE_INFINITY);
    }
    const found = this.foundAt[k]!;
    if (this.searchedFrom[k]! <= i && (found === -1 || found >= i)) return found;
    const at = text.indexOf(this.delimiters[k]!, i);
    this.searchedFrom[k] = i;
    this.foundAt[k] = at;
    return at;
  }

  /**
   * The index of the token that may come next (any outside a string, the open one inside) that
   * `s` holds at `p`; -2 when `s` ends inside one; -1 when none starts there.
   */
  private tokenAt(s: string, p: number): number {
    let cut = false;
    for (let k = 0; k < this.delimiters.length; k++) {
      if (this.open !== -1 && k !== this.open) continue;
      const d = this.delimiters[k]!;
      if (s.startsWith(d, p)) return k;
      if (s.length - p < d.length && d.startsWith(s.slice(p))) cut = true;
    }
    return cut ? -2 : -1;
  }
}
