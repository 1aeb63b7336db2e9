/**
 * A close guard for bodies whose strings sit between two delimiter tokens and hold raw text
 * (Gemma 4's `<|"|>…<|"|>`, FunctionGemma's `<escape>…<escape>`): a string runs from one token to
 * the next of the same token, with no escapes, so a marker between them is text. Fed the body in
 * pieces as it arrives; each character is looked at once, and a token cut across two pieces is
 * kept (at most its length less one) until the next piece says whether it completes.
 */

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export class DelimitedStringTracker {
  /** The token that opened the string the body is in, or null outside strings. */
  private open: string | null = null;
  /** The tokens that may come next: all of them outside a string, the open one inside. */
  private wanted: readonly string[];
  /** The end of the last piece when it may be the start of a token. */
  private carry = '';
  /** Characters consumed so far, over all pieces. */
  consumed = 0;

  constructor(private readonly delimiters: readonly string[]) {
    this.wanted = delimiters;
  }

  get inString(): boolean {
    return this.open !== null;
  }

  /** Advances over `text[from, to)`. */
  track(text: string, from: number, to: number): void {
    if (to <= from) return;
    this.consumed += to - from;
    // The carry is shorter than every token, so joining it costs at most that much per piece.
    const s =
      this.carry === '' && from === 0 && to === text.length ? text : this.carry + text.slice(from, to);
    this.carry = '';
    const n = s.length;
    let i = 0;
    while (i < n) {
      const c = charCodeAt.call(s, i);
      let matched = 0;
      let cut = false;
      for (const d of this.wanted) {
        if (charCodeAt.call(d, 0) !== c) continue;
        if (i + d.length <= n) {
          if (s.startsWith(d, i)) {
            matched = d.length;
            this.open = this.open === null ? d : null;
            this.wanted = this.open === null ? this.delimiters : [d];
            break;
          }
        } else if (d.startsWith(s.slice(i))) cut = true;
      }
      if (matched > 0) {
        i += matched;
        continue;
      }
      if (cut) {
        // The rest of the piece may be the start of a token: it is decided with the next piece.
        this.carry = s.slice(i);
        return;
      }
      i++;
    }
  }
}
