/**
 * An incremental tracker of JSON structure over text that arrives in pieces: whether the
 * current position is inside a string, how deep the brackets are, and where the first complete
 * top-level value ended. Formats use it two ways:
 *  - as a close guard: `</tool_call>` inside `"code": "print('</tool_call>')"` does not close
 *    the block, because the tracker says the position is inside a string;
 *  - as a self-delimiting body: `<|tool_call|>[…]` ends where the array closes.
 * Each character is looked at once over the whole stream: O(n) however the text is chunked.
 */
import {
  BACKSLASH,
  BRACE_CLOSE,
  BRACE_OPEN,
  BRACKET_CLOSE,
  BRACKET_OPEN,
  GT,
  isSpace,
  LT,
  QUOTE,
} from './char-codes.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export class JsonBoundaryTracker {
  inString = false;
  private escaped = false;
  depth = 0;
  /** A top-level `{` or `[` has been seen. */
  started = false;
  /** Something other than whitespace or a bracket came before any bracket (not a JSON body). */
  sawNonJson = false;
  /**
   * The body is a name, then its JSON (`get_weather\n{…}`): what comes before the first bracket is
   * not JSON. When a second word comes before any bracket, the body is text and nothing in it is a
   * string (`all\nHe said "use {x}" …`).
   */
  fromBracket = false;
  /** Before the JSON of a `fromBracket` body: 0 in the name, 1 in the blanks after it, 2 text. */
  private beforeJson = 0;
  /** Inside a tag glued to the name (`<arg_value>`, `<![CDATA[…]]>`): its brackets are not JSON. */
  private inNameTag = false;
  /** Characters consumed so far, over all pieces. */
  consumed = 0;
  /** Offset (over all pieces) just past the first complete top-level value, or -1. */
  endedAt = -1;

  /**
   * Advances over `text[from, to)`. Stops early, returning the index in `text` just past the
   * value, when the first top-level value completes; otherwise returns -1.
   */
  advance(text: string, from: number, to: number): number {
    if (this.fromBracket && !this.started) {
      const at = this.skipName(text, from, to);
      this.consumed += at - from;
      if (at === to) return -1;
      from = at;
    }
    // State in locals for the loop (this runs over every character of every JSON body).
    let inString = this.inString;
    let escaped = this.escaped;
    let depth = this.depth;
    let i = from;
    for (; i < to; i++) {
      if (inString) {
        if (escaped) {
          escaped = false;
          continue;
        }
        // Most of a call's text is inside strings: jump to the next quote. It ends the string
        // unless an odd run of backslashes stands right before it.
        const q = this.nextQuote(text, i);
        const stop = q === -1 || q >= to ? to : q;
        let b = stop - 1;
        while (b >= i && charCodeAt.call(text, b) === BACKSLASH) b--;
        const odd = (stop - 1 - b) % 2 === 1;
        if (stop === to) {
          escaped = odd;
          i = to;
          break;
        }
        i = stop;
        if (!odd) inString = false;
        continue;
      }
      const c = charCodeAt.call(text, i);
      if (c === QUOTE) {
        inString = true;
      } else if (c === BRACE_OPEN || c === BRACKET_OPEN) {
        depth++;
        this.started = true;
      } else if (c === BRACE_CLOSE || c === BRACKET_CLOSE) {
        if (depth > 0) depth--;
        if (depth === 0 && this.started && this.endedAt === -1) {
          this.inString = inString;
          this.escaped = escaped;
          this.depth = depth;
          this.consumed += i + 1 - from;
          this.endedAt = this.consumed;
          return i + 1;
        }
      } else if (!this.started && !isSpace(c)) {
        this.sawNonJson = true;
      }
    }
    this.inString = inString;
    this.escaped = escaped;
    this.depth = depth;
    this.consumed += to - from;
    return -1;
  }

  /**
   * Of a `fromBracket` body, passes the name and the blanks after it: returns the index of the
   * bracket the JSON starts with, or `to` (for good once the body turned out to be text).
   */
  private skipName(text: string, from: number, to: number): number {
    if (this.beforeJson === 2) return to;
    for (let i = from; i < to; i++) {
      const c = charCodeAt.call(text, i);
      // A tag glued to the name is markup: the JSON may come after one (`f:0<|argument_begin|>{`),
      // never inside one (`f<arg_value><![CDATA[…`, GLM's XML arguments, where a quote is text).
      if (this.inNameTag) {
        if (c === GT) this.inNameTag = false;
        continue;
      }
      if (c === LT && this.beforeJson === 0) {
        this.inNameTag = true;
        continue;
      }
      if (isSpace(c)) {
        if (this.beforeJson === 0) this.beforeJson = 1;
      } else if (c === BRACE_OPEN || c === BRACKET_OPEN) {
        return i;
      } else if (this.beforeJson === 1) {
        this.beforeJson = 2;
        return to;
      }
    }
    return to;
  }

  // The last quote search: a string may run past many close markers (`"` then `</tool_call>`
  // repeated), and the guard is asked about each; searching again from each would be quadratic.
  private quoteText = '';
  private quoteFrom = 0;
  private quoteAt = -1;

  /** The index of the next `"` at or after `i` in `text`, or -1; each stretch of text is searched once. */
  private nextQuote(text: string, i: number): number {
    // (Comparing the text is a pointer check for the same string, which is the repeated case.)
    if (i >= this.quoteFrom && (this.quoteAt === -1 || this.quoteAt >= i) && text === this.quoteText) {
      return this.quoteAt;
    }
    const q = text.indexOf('"', i);
    this.quoteText = text;
    this.quoteFrom = i;
    this.quoteAt = q;
    return q;
  }

  /**
   * As a close guard: advances over all of `text[from, to)`, past the end of any number of
   * top-level values (`NAME[ARGS]{…}` holds two; JSON lines hold many). `advance` stops at the
   * first value's end, which would leave the guard behind and blind to the strings after it.
   */
  track(text: string, from: number, to: number): void {
    let i = from;
    while (i < to) {
      const stop = this.advance(text, i, to);
      if (stop === -1) return;
      i = stop;
    }
  }

  /**
   * For a self-delimiting body: advances until the first top-level value completes (returns the
   * index just past it) or until something that cannot start JSON comes first (returns its index,
   * so the body ends before it). Returns -1 when neither happened yet.
   */
  advanceUntilDone(text: string, from: number, to: number): number {
    for (let i = from; i < to; i++) {
      if (!this.started && !this.inString) {
        const c = charCodeAt.call(text, i);
        if (!isSpace(c) && c !== BRACE_OPEN && c !== BRACKET_OPEN) {
          this.sawNonJson = true;
          this.consumed += i - from;
          return i;
        }
        this.consumed++;
        if (c === BRACE_OPEN || c === BRACKET_OPEN) {
          this.depth = 1;
          this.started = true;
        }
        continue;
      }
      return this.advance(text, i, to);
    }
    return -1;
  }
}
