/**
 * Collects released text (content or reasoning) and applies the one whitespace rule of
 * architecture/semantics.md, guarantee 1: text is the input with spans cut out, trimmed at both ends, and where a
 * span was cut out, the whitespace after it is dropped when whitespace (or the start) came
 * before it — so `A\n<tool_call>…</tool_call>\nB` reads `A\nB`, and `A <x/> B` reads `A B`.
 *
 * Whitespace is held back until non-space text follows, so trailing whitespace never leaks
 * out of a stream. Decisions depend only on the text, never on where chunks were cut, which
 * is what keeps streaming equal to batch.
 */
import { isSpace } from './char-codes.js';
import { keepFlat } from './flat-appends.js';

// Called directly, never as `text.charCodeAt` or `text.slice`: see architecture/stream-engine.md,
// "Reading code units".
const charCodeAt = String.prototype.charCodeAt;
const slice = String.prototype.slice;

export class TextSink {
  private started = false;
  private pendingSpace = '';
  /** `pendingSpace`'s length when it was last flattened (see kit/flat-appends.ts). */
  private pendingFlat = 0;
  /** Set by `cut()`: drop the whitespace that follows, up to the next non-space text. */
  private dropSpaceAfterCut = false;

  /** Returns the text to release now ('' when all of it is held or dropped). */
  write(s: string): string {
    const n = s.length;
    // The usual streamed token: nothing held, no blank at either end. It goes out as it is
    // (what the general rule below gives too, without its slices).
    if (
      n > 0 &&
      this.pendingSpace.length === 0 &&
      this.started &&
      !this.dropSpaceAfterCut &&
      !isSpace(charCodeAt.call(s, 0)) &&
      !isSpace(charCodeAt.call(s, n - 1))
    )
      return s;
    let first = 0;
    while (first < n && isSpace(charCodeAt.call(s, first))) first++;
    if (first === n) {
      if (this.started && !this.dropSpaceAfterCut) {
        this.pendingSpace += s;
        this.pendingFlat = keepFlat(this.pendingSpace, this.pendingFlat);
      }
      return '';
    }
    let last = n;
    while (last > first && isSpace(charCodeAt.call(s, last - 1))) last--;
    let out: string;
    if (!this.started) out = slice.call(s, first, last);
    else if (this.dropSpaceAfterCut) out = this.pendingSpace + slice.call(s, first, last);
    else out = this.pendingSpace + slice.call(s, 0, last);
    this.pendingSpace = last === n ? '' : slice.call(s, last);
    this.pendingFlat = 0;
    this.started = true;
    this.dropSpaceAfterCut = false;
    return out;
  }

  /** A span was cut out here. */
  cut(): void {
    if (!this.dropSpaceAfterCut) this.dropSpaceAfterCut = !this.started || this.pendingSpace.length > 0;
  }

  /** A new block of the same stream starts (e.g. a second `<think>`): keep the two apart. */
  separate(): void {
    if (this.started && this.pendingSpace.length === 0) this.pendingSpace = '\n';
  }

  /**
   * `write` for a text whose last unit is no blank (the caller has looked): the usual streamed
   * token, whose blanks inside and before it all go out once text has started.
   */
  writeEndingWord(s: string): string {
    if (!this.started || this.dropSpaceAfterCut) return this.write(s);
    const held = this.pendingSpace;
    if (held.length === 0) return s;
    this.pendingSpace = '';
    this.pendingFlat = 0;
    return held + s;
  }

  get hasText(): boolean {
    return this.started;
  }

  /** The sink's whole state in one number: equal marks, equal sinks (see engine/repeats.ts). */
  get mark(): number {
    return this.pendingSpace.length * 4 + (this.started ? 2 : 0) + (this.dropSpaceAfterCut ? 1 : 0);
  }
}
