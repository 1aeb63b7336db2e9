/**
 * Call blocks (architecture/stream-engine.md): entering a block at its open marker, finding its
 * end (a close marker, the end of a JSON value, the end of the output), the elements that may
 * trail its close, and what happens to a block the output ends inside.
 *
 * Invariants kept here:
 * - the body is one string appended to (`bodyText`, kept flat by `keepFlat`); every way out of a
 *   block takes its body (`takeBody`);
 * - a close marker inside a JSON string does not close a guarded block; the guard sees each body
 *   character at most once (`appendBody` keeps it in step, `trackedIn` says where it stopped), and
 *   a lazy guard scans nothing while the body reads as strict JSON at the close;
 * - where a longer close may still complete at a found one, the scan waits for the text that
 *   tells them apart, as batch would see it;
 * - a guard that held a close marker back and saw no other by the end closes the block at that
 *   marker and reads the rest again, once (`refeed` does not refeed), unless the whole body, cut
 *   off by the end, reads cleanly as calls;
 * - a block with `bodyStart` is decided on the first non-blank character of its body: nothing is
 *   held back past it.
 */
import { BRACE_OPEN, BRACKET_OPEN, SPACE, skipJsonSpace, TAB } from '../char-codes.js';
import { DelimitedStringTracker } from '../delimited-strings.js';
import { gluesToMarker } from '../evidence.js';
import { keepFlat } from '../flat-appends.js';
import { JsonBoundaryTracker } from '../json-boundary.js';
import type { MarkerCursor, MarkerSet } from '../marker-set.js';
import type { BlockSpec, BodyResult } from '../markup-spec.js';
import { FIRST_ANNOUNCE } from './announcements.js';
import { Mentions } from './mentions.js';
import { Mode } from './state.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export abstract class Blocks extends Mentions {
  // the open block's end
  protected blockClose: MarkerSet<true> | null = null;
  /** The block's `closeBefore` markers: a close among them belongs to what follows. */
  private blockCloseBefore: ReadonlySet<string> | null = null;
  /** Backticks of the fence that opened the block (a fence info string), or 0 (see Fences). */
  protected blockFence = 0;
  private tracker: JsonBoundaryTracker | DelimitedStringTracker | null = null;
  /** The block's JSON guard waits for the first close marker (see startGuard). */
  private lazyGuard = false;
  /** The guard reads strings from the body's first bracket on: a name comes first (checkBodyStart). */
  private guardFromBracket = false;
  /** The guard of blocks with `strings`, kept between them (see startGuard). */
  private stringsTracker: DelimitedStringTracker | null = null;
  /** Body offset of the first close marker the JSON guard passed over, or -1. */
  private skippedClose = -1;
  private skippedCloseMarker = '';
  /** The block has a `bodyStart` and no non-blank character of its body has come yet. */
  protected awaitingBodyStart = false;
  /** A block with `trailing` after its close: 1 between elements, 2 inside one; else 0. */
  protected trailingState: 0 | 1 | 2 = 0;
  /** Blanks after the close (or an element) not yet known to belong to the block. */
  private trailingBlank = '';
  protected trailingCursor: MarkerCursor<true> | null = null;

  /** A block opened by a fence: it ends at a fence line (Fences). */
  protected abstract scanFencedBlock(work: string, pos: number, final: boolean): number;
  /** Scans text again in text mode, once (MarkupStreamParser). */
  protected abstract refeed(text: string, offset: number): void;

  protected enterBlock(block: BlockSpec, open: string, at: number): void {
    const before = at > 0 ? charCodeAt.call(this.work, at - 1) : this.prevCode;
    this.blockGlued = gluesToMarker(before);
    // Markup right after markup (`</tool_call><tool_call>`, `]` of a list) counts as its own line.
    this.blockOwnLine =
      this.blockGlued ||
      before === 0x3e ||
      before === 0x5d ||
      before === 0x7d ||
      this.atLineStart(this.work, at, 3);
    this.blockStrong = block.evidence === 'strong';
    this.blockCloses = block.close !== undefined && block.close !== 'end-of-output';
    this.blockProvenBy = block.provenBy ?? null;
    this.blockMidLine = before === SPACE || before === TAB;
    this.mode = Mode.Block;
    this.block = block;
    this.blockOpen = open;
    this.blockClose = this.compiled.closeSets.get(block) ?? null;
    this.blockCloseBefore = this.compiled.closesBefore.get(block) ?? null;
    this.blockFence = 0;
    this.blockOffset = this.offset + at;
    this.bodyText = '';
    this.bodyFlat = 0;
    this.skippedClose = -1;
    this.trailingState = 0;
    this.trailingBlank = '';
    this.awaitingBodyStart = block.bodyStart !== undefined;
    this.settleAnnouncement();
    // A fold needs no announcements: they change no id (see takeId) and the fold drops them.
    this.announceAt =
      block.announce && !this.refeeding && !this.foldOnly ? FIRST_ANNOUNCE : Number.POSITIVE_INFINITY;
    // With a prose check pending, the guard starts where the body does (checkBodyStart), so a
    // marker that turns out to be prose costs no tracker.
    this.tracker = null;
    this.lazyGuard = false;
    this.guardFromBracket = false;
    if (!this.awaitingBodyStart) this.startGuard(block);
  }

  /**
   * The JSON guard of a block whose body is JSON. Where a close marker ends the block, it is lazy:
   * the body is read at the first close, and scanned for strings only if it does not read as
   * strict JSON (see scanBlock). Either way each character is scanned at most once.
   */
  private startGuard(block: BlockSpec): void {
    if (block.close === 'json-end') {
      this.tracker = new JsonBoundaryTracker();
      // An open marker that is the value's own bracket (`{` of a bare call) is its first level.
      const last = charCodeAt.call(this.blockOpen, this.blockOpen.length - 1);
      if (last === BRACE_OPEN || last === BRACKET_OPEN) {
        this.tracker.depth = 1;
        this.tracker.started = true;
      }
    } else if (block.guard === 'json' && !this.refeeding) {
      if (typeof block.close === 'string' || Array.isArray(block.close)) {
        if (!block.trailing) this.lazyGuard = true;
        else this.tracker = this.newGuard();
      } else this.tracker = this.newGuard();
    } else if (block.strings !== undefined && !this.refeeding) {
      // One tracker for the parse: its searches of the text serve every block after the first.
      let tracker = this.stringsTracker;
      if (tracker === null || !tracker.reads(block.strings)) {
        tracker = this.stringsTracker = new DelimitedStringTracker(block.strings);
      } else tracker.reset();
      this.tracker = tracker;
    }
  }

  private newGuard(): JsonBoundaryTracker {
    const tracker = new JsonBoundaryTracker();
    tracker.fromBracket = this.guardFromBracket;
    return tracker;
  }

  protected scanBlock(work: string, pos: number, final: boolean): number {
    const n = work.length;
    const block = this.block!;
    if (this.blockFence > 0) return this.scanFencedBlock(work, pos, final);
    if (this.trailingState !== 0) return this.scanTrailing(work, pos, final);
    if (this.awaitingBodyStart) {
      const decided = this.checkBodyStart(work, pos, final);
      if (decided !== null) return decided;
    }
    if (block.close === 'end-of-output' && this.blockClose === null) {
      this.appendBody(work, pos, n);
      return n;
    }
    if (block.close === 'json-end') {
      const tracker = this.tracker as JsonBoundaryTracker;
      const stop = tracker.advanceUntilDone(work, pos, n);
      if (stop === -1) {
        this.appendBody(work, pos, n);
        return n;
      }
      this.appendBody(work, pos, stop);
      this.completeBlock(true, '');
      return stop;
    }
    const closes = this.blockClose!;
    let from = pos;
    for (;;) {
      const found = this.closeCursorFor(closes).nextMarker(from);
      if (!found) {
        const hold = final ? n : closes.holdbackStart(work, pos);
        this.appendBody(work, pos, hold);
        return hold === n ? n : -hold - 1;
      }
      // A longer close marker may still complete where this one starts (`</function>`, then
      // `\n</tool_call>`): wait for the text that tells them apart, as batch would see it.
      if (!final && found.at + closes.maxLength > n && closes.matchAt(work, found.at, false) === 'partial') {
        this.appendBody(work, pos, found.at);
        return -found.at - 1;
      }
      // The lazy guard: a body that reads as strict JSON up to this close has no string open at
      // it, which is all the guard would say; only a body that does not is scanned for strings.
      let read: BodyResult | undefined;
      if (this.lazyGuard) {
        const body = this.bodyText + work.slice(pos, found.at);
        read = this.parseBody(block.body, body, true);
        // A body without a quote has no string open, whatever it holds (an empty call).
        if (read.strictJson !== true && body.indexOf('"') !== -1) {
          this.lazyGuard = false;
          this.tracker = this.newGuard();
          this.tracker.track(body, 0, body.length);
        }
      }
      if (this.tracker) {
        this.tracker.track(work, this.trackedIn(work, pos), found.at);
        if (this.tracker.inString) {
          read = undefined;
          if (this.skippedClose === -1) {
            this.skippedClose = this.bodyText.length + (found.at - pos);
            this.skippedCloseMarker = found.match.marker;
          }
          from = found.at + 1;
          continue;
        }
      }
      this.appendBody(work, pos, found.at);
      if (this.blockCloseBefore?.has(found.match.marker)) {
        // A key that ends this block and starts what follows: the scan goes on from it.
        this.completeBlock(true, '', read);
        return found.at;
      }
      if (block.trailing) {
        // The close goes into the body: elements may follow it (see scanTrailing).
        this.tracker = null;
        this.appendBody(found.match.marker, 0, found.match.marker.length);
        this.trailingState = 1;
        this.trailingBlank = '';
        return found.at + found.match.marker.length;
      }
      this.completeBlock(true, found.match.marker, read);
      return found.at + found.match.marker.length;
    }
  }

  /**
   * After the close of a block with `trailing`: blanks, then either an element, which joins the
   * body through its close marker, or anything else, which ends the block before the blanks.
   * Blanks are kept aside rather than held in the carry, so a long run of them costs one pass.
   */
  private scanTrailing(work: string, pos: number, final: boolean): number {
    const n = work.length;
    const sets = this.compiled.trailingSets.get(this.block!)!;
    if (this.trailingState === 2) {
      this.trailingCursor ??= sets.close.cursor(work);
      const found = this.trailingCursor.nextMarker(pos);
      if (!found) {
        const hold = final ? n : sets.close.holdbackStart(work, pos);
        this.appendBody(work, pos, hold);
        return hold === n ? n : -hold - 1;
      }
      if (
        !final &&
        found.at + sets.close.maxLength > n &&
        sets.close.matchAt(work, found.at, false) === 'partial'
      ) {
        this.appendBody(work, pos, found.at);
        return -found.at - 1;
      }
      const end = found.at + found.match.marker.length;
      this.appendBody(work, pos, end);
      this.trailingState = 1;
      return end;
    }
    const p = skipJsonSpace(work, pos);
    if (p === n && !final) {
      this.trailingBlank += work.slice(pos, n);
      return n;
    }
    const m = p < n ? sets.open.matchAt(work, p, final) : null;
    if (m === 'partial') {
      this.trailingBlank += work.slice(pos, p);
      return -p - 1;
    }
    const blank = this.trailingBlank + work.slice(pos, p);
    this.trailingBlank = '';
    if (m !== null) {
      const end = p + m.marker.length;
      this.appendBody(blank, 0, blank.length);
      this.appendBody(work, p, end);
      this.trailingState = 2;
      return end;
    }
    this.trailingState = 0;
    this.completeBlock(true, '');
    this.text(blank);
    return p;
  }

  /**
   * A block with `bodyStart`: until its first non-blank character the open marker may be prose
   * (`Wrap calls in <tool_call> tags`). Returns where to go on, or null to scan the body as usual.
   * Deciding on one character keeps the scan one pass: nothing is held back past it.
   */
  private checkBodyStart(work: string, pos: number, final: boolean): number | null {
    const n = work.length;
    const p = this.blanksFrom <= pos && pos <= this.blanksTo ? this.blanksTo : skipJsonSpace(work, pos);
    if (p === n) {
      this.appendBody(work, pos, n);
      return n;
    }
    const closes = this.blockClose;
    const close = closes?.canStart(charCodeAt.call(work, p)) ? closes.matchAt(work, p, final) : null;
    if (close === 'partial') {
      this.appendBody(work, pos, p);
      return -p - 1;
    }
    this.awaitingBodyStart = false;
    // An empty block (`<tool_call></tool_call>`) is still the format's markup.
    const block = this.block!;
    const first = work[p]!;
    // A name right after the marker (`<tool_call>get_weather`) is a body; after a blank it is prose.
    const tight = p === pos && this.bodyText.length === 0 && block.bodyStartTight?.includes(first) === true;
    if (close !== null || block.bodyStart!.includes(first) || tight) {
      // A JSON guard guards JSON: a body that starts otherwise (XML parameters of a merged
      // `<tool_call>`) has no JSON strings, and a stray quote in it must not hide the close.
      const json = first === '{' || first === '[' || first === '"';
      // A body that starts with a name (`>>>get_weather\n{…}`) has its JSON after the name: the
      // guard reads strings from the bracket right after it (JsonBoundaryTracker.fromBracket).
      const named = !json && first !== '<' && block.guard === 'json';
      this.guardFromBracket = named;
      if (block.close === 'json-end' || json || named || block.strings !== undefined) this.startGuard(block);
      // The blanks before the body are already in it; the guard need not see them.
      if (this.tracker) this.tracker.consumed = this.bodyText.length;
      return null;
    }
    const blank = this.takeBody() + work.slice(pos, p);
    const open = this.blockOpen;
    this.settleAnnouncement();
    this.mode = Mode.Text;
    this.block = null;
    this.tracker = null;
    this.text(open + blank);
    return p;
  }

  /**
   * For a block with `bodyStart` whose open marker ends at `after`: the index of the first
   * non-blank character when it is already here and says the marker is prose (checkBodyStart's
   * rule), else -1. Prose that names a marker over and over (`<tool_call>` repeated) then costs a
   * lookup, not a block.
   */
  protected proseAfterOpen(block: BlockSpec, work: string, after: number): number {
    const starts = block.bodyStart;
    if (starts === undefined) return -1;
    const n = work.length;
    const p = skipJsonSpace(work, after);
    this.blanksFrom = after;
    this.blanksTo = p;
    if (p === n) return -1;
    const first = work[p]!;
    if (starts.includes(first)) return -1;
    if (p === after && block.bodyStartTight?.includes(first) === true) return -1;
    // A close marker first makes an (empty) block; one that may still be coming waits.
    const closes = this.compiled.closeSets.get(block);
    if (closes?.canStart(charCodeAt.call(work, p)) && closes.matchAt(work, p) !== null) return -1;
    return p;
  }

  /** Where, in `work`, the guard has not looked yet (it may have looked past `pos` already). */
  private trackedIn(work: string, pos: number): number {
    const seenInWork = this.tracker!.consumed - this.bodyText.length;
    return Math.min(work.length, pos + Math.max(0, seenInWork));
  }

  protected appendBody(work: string, from: number, to: number): void {
    if (to <= from) return;
    const piece = work.slice(from, to);
    this.bodyText += piece;
    this.bodyFlat = keepFlat(this.bodyText, this.bodyFlat);
    const length = this.bodyText.length;
    // Keep the guard in step, so that it never rescans a piece.
    if (this.tracker && this.block?.close !== 'json-end' && this.tracker.consumed < length) {
      const start = piece.length - (length - this.tracker.consumed);
      this.tracker.track(piece, Math.max(0, start), piece.length);
    }
    if (this.argumentStream !== null) this.sendArguments(piece, 0, piece.length);
    if (length >= this.announceAt) this.tryAnnounce();
  }

  protected takeBody(): string {
    const body = this.bodyText;
    this.bodyText = '';
    this.bodyFlat = 0;
    return body;
  }

  /** The block's body is complete (closed by `close`, or cut off by the end when `closed` is false). */
  protected completeBlock(closed: boolean, close: string, read?: BodyResult): void {
    const block = this.block!;
    const body = this.takeBody();
    this.mode = Mode.Text;
    this.block = null;
    this.tracker = null;
    this.lazyGuard = false;
    this.guardFromBracket = false;
    if (!closed && block.unclosed === 'text') {
      this.settleAnnouncement();
      this.refeed(this.blockOpen + body + close, this.blockOffset);
      return;
    }
    this.finishBody(block.body, body, close, closed, block.format, read);
  }

  /** The output ended inside a block (see finishMode). */
  protected finishBlock(): void {
    const block = this.block!;
    if (this.trailingState !== 0) {
      // The block itself closed; an element cut off by the end is read as it is.
      const blank = this.trailingBlank;
      this.trailingState = 0;
      this.trailingBlank = '';
      this.completeBlock(true, '');
      this.text(blank);
      return;
    }
    // Where the end of the output closes the block, a skipped marker whose string closed
    // later was inside a string indeed (`{"s": "[TOOL_CALLS]"}`): the block ends here.
    const endCloses = block.close === 'end-of-output' && this.tracker?.inString === false;
    if (this.skippedClose !== -1 && this.blockFence === 0 && !endCloses) {
      // The string did close later, and the whole body, cut off by the end, reads as calls
      // (`{"doc": "a <|end|> b"}` and the server cut the stop token off): the held marker
      // was inside a string indeed, and the block ends here.
      if (this.tracker?.inString === false && block.unclosed !== 'text') {
        const whole = this.bodyText;
        const read = this.parseBody(block.body, whole, false);
        if (readsAsCalls(read)) {
          this.completeBlock(false, '', read);
          return;
        }
      }
      // The JSON guard held a close marker back and no other came: the string it thought
      // open was really a stray quote. Close at that marker and read the rest again.
      const body = this.takeBody();
      const cut = this.skippedClose;
      // A `closeBefore` marker belongs to what follows: it is read again with the rest.
      const marker = this.compiled.closesBefore.get(block)?.has(this.skippedCloseMarker)
        ? ''
        : this.skippedCloseMarker;
      this.mode = Mode.Text;
      this.block = null;
      this.tracker = null;
      const offset = this.blockOffset;
      this.finishBody(block.body, body.slice(0, cut), marker, true, block.format);
      this.refeed(body.slice(cut + marker.length), offset + this.blockOpen.length + cut + marker.length);
      return;
    }
    this.completeBlock(block.close === 'end-of-output', '');
  }
}

/** Calls and nothing wrong: no error, no call cut off, broken or repaired. */
function readsAsCalls(read: BodyResult): boolean {
  if (read.error !== undefined || read.notMarkup === true || read.calls.length === 0) return false;
  return (
    read.issues === undefined ||
    read.issues.every(
      (i) => i.kind !== 'partial-call' && i.kind !== 'malformed-call' && i.kind !== 'json-repaired',
    )
  );
}
