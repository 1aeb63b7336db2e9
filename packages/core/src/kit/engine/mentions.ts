/**
 * Call or mention (architecture/precision.md): a block that read as calls, or a fence of calls,
 * waits (`pending`) until what follows it says whether the answer calls the tool or talks about
 * it; a token named in a sentence (`the <|im_end|> token`) stays text.
 *
 * Invariants kept here:
 * - one character after the blanks decides, so nothing is held back past it; the blanks are kept
 *   aside (`pendingBlank`), not in the carry, so a long run of them costs one pass;
 * - with strong evidence demanded (strict mode, another format than the trusted one, a block or
 *   fence that asks it), calls must stand on their own line, name declared tools, and be followed
 *   only by blanks, more markup or the end of the output;
 * - a run of named tokens is at most MAX_NAMED_RUN long and the gap after it at most
 *   MAX_NAMED_GAP: text held back for the decision is short, which keeps streaming linear;
 * - a waiting block is settled exactly once: by what follows it, or by the end of the output.
 */
import { CARRIAGE_RETURN, isSpace, LINE_FEED, SPACE, skipJsonSpace, TAB } from '../char-codes.js';
import { continuesSentence } from '../evidence.js';
import type { BodyResult } from '../markup-spec.js';
import { CallReading } from './calls.js';
import type { FenceCalls, PendingBlock } from './state.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** The most neutral tokens glued together that a sentence is taken to name (see neutralRunEnd). */
const MAX_NAMED_RUN = 8;
/** The most blanks between a token and the words a sentence goes on with (see namedInSentence). */
const MAX_NAMED_GAP = 16;

export abstract class Mentions extends CallReading {
  /** The calls a fence of calls holds go out (Fences). */
  protected abstract emitFence(fence: FenceCalls): void;

  /** Holds the block just read until what follows it decides call or mention (decidePending). */
  protected override holdBlock(
    read: BodyResult,
    rest: string,
    format: string | undefined,
    how: Pick<PendingBlock, 'closed' | 'provenBy' | 'empty' | 'brokenOnly'>,
  ): void {
    this.pending = {
      read,
      raw: this.blockOpen + rest,
      offset: this.blockOffset,
      format,
      glued: this.blockGlued,
      strong: this.blockStrong,
      ownLine: this.blockOwnLine,
      midLine: this.blockMidLine,
      // Named, not spread: a spread over the callers' shapes goes megamorphic (one per block).
      closed: how.closed,
      provenBy: how.provenBy,
      empty: how.empty,
      brokenOnly: how.brokenOnly,
    };
    this.pendingBlank = '';
    this.pendingKeep = '';
  }

  /**
   * The evidence rule (architecture/precision.md): a block that read as calls is a call when
   * nothing but blanks stands after it on its line (then a new line, the end of the output, or
   * another marker); a sentence that goes on after it makes it a mention, kept as text. With
   * strong evidence demanded, blank lines are passed over too: the calls must end the output or
   * be followed by more markup, and with tools declared they must name declared tools.
   * One character after the blanks decides, so nothing is held back past it; the blanks are kept
   * aside (not in the carry), so a long run of them costs one pass.
   * Returns where the scan goes on (`pos` when the decision is made and the text scan proceeds).
   */
  protected decidePending(work: string, pos: number, final: boolean): number {
    const n = work.length;
    if (this.pending!.provenBy !== null) return this.decideProven(work, pos, final, this.pending!.provenBy);
    const strong = this.strongEvidence(this.pending!);
    let p = pos;
    for (; p < n; p++) {
      const c = charCodeAt.call(work, p);
      if (c === SPACE || c === TAB) continue;
      if (strong && (c === LINE_FEED || c === CARRIAGE_RETURN || isSpace(c))) continue;
      break;
    }
    if (p === n) {
      this.holdBlank(work.slice(pos, n));
      if (!final) return n;
      this.settlePending(true);
      return n;
    }
    const c = charCodeAt.call(work, p);
    let stands = c === LINE_FEED || c === CARRIAGE_RETURN || (!strong && hasLineBreak(this.pendingBlank));
    if (!stands && this.compiled.textMarkers.canStart(c)) {
      const m = this.compiled.textMarkers.matchAt(work, p, final);
      if (m === 'partial') {
        this.holdBlank(work.slice(pos, p));
        return -p - 1;
      }
      // More markup, a code fence or an inline span included, starts something new.
      stands = m !== null;
    }
    // Another call that may only open where the output's text starts, which it still is here.
    const starts = this.compiled.startMarkers;
    if (!stands && starts !== null && starts.canStart(c) && !this.content.hasText) {
      const m = starts.matchAt(work, p, final);
      if (m === 'partial') {
        this.holdBlank(work.slice(pos, p));
        return -p - 1;
      }
      stands = m !== null;
    }
    // An empty block named in a line of prose (`<tool_call></tool_call> XML tags`): any text after it
    // on its line makes it the tags' names, a new sentence too.
    const empty = this.pending!.empty === true;
    if (!stands && !strong && !(empty && this.blockMidLineOf(this.pending!))) {
      const glued = p === pos && this.pendingBlank === '';
      stands = this.pending!.glued || !continuesSentence(c, glued);
    }
    this.holdBlank(work.slice(pos, p));
    this.settlePending(stands);
    return p;
  }

  /**
   * A block proven by a stray closer (`BlockSpec.provenBy`): after any blanks, the closer makes it
   * a call and is cut out with it; anything else, or the end of the output, makes it text.
   */
  private decideProven(work: string, pos: number, final: boolean, closers: readonly string[]): number {
    const n = work.length;
    const p = skipJsonSpace(work, pos);
    if (p === n) {
      this.holdBlank(work.slice(pos, n));
      if (!final) return n;
      this.settlePending(false);
      return n;
    }
    for (const closer of closers) {
      if (work.startsWith(closer, p)) {
        this.pendingBlank = '';
        this.pendingKeep = '';
        this.settlePending(true);
        return p + closer.length;
      }
      if (!final && n - p < closer.length && closer.startsWith(work.slice(p))) {
        this.holdBlank(work.slice(pos, p));
        return -p - 1;
      }
    }
    this.holdBlank(work.slice(pos, p));
    this.settlePending(false);
    return p;
  }

  /** A space or tab stands right before `c`. */
  protected afterBlank(work: string, c: number): boolean {
    const before = c > 0 ? charCodeAt.call(work, c - 1) : this.prevCode;
    return before === SPACE || before === TAB;
  }

  /**
   * Where a run of neutral tokens (strip tokens, separators) glued one after another ends, from
   * `e` (the end of the first); -1 when the text ends inside what may be one more; -2 when the run
   * is longer than prose names (MAX_NAMED_RUN tokens). The cap keeps streaming linear: a run held
   * back for the text after it is walked again on the next push, so it must stay short.
   */
  protected neutralRunEnd(work: string, e: number, final: boolean): number {
    const markers = this.compiled.textMarkers;
    for (let tokens = 1; ; tokens++) {
      if (e >= work.length || !markers.canStart(charCodeAt.call(work, e))) return e;
      const m = markers.matchAt(work, e, final);
      if (m === 'partial') return -1;
      if (m === null || (m.value.kind !== 'strip' && m.value.kind !== 'separator')) return e;
      if (tokens === MAX_NAMED_RUN) return -2;
      e += m.marker.length;
    }
  }

  /**
   * A token at `[c, e)` (`run`: two or more glued together) named in a sentence: a blank before
   * it, and after it the sentence going on (a blank and a lower-case word, or punctuation glued to
   * a single token). 'hold' when the text ends too soon to tell. Only with the evidence rule on.
   */
  protected namedInSentence(
    work: string,
    c: number,
    e: number,
    run: boolean,
    final: boolean,
  ): boolean | 'hold' {
    if (!this.opts.mentions || !this.afterBlank(work, c)) return false;
    const n = work.length;
    let p = e;
    while (p < n && (charCodeAt.call(work, p) === SPACE || charCodeAt.call(work, p) === TAB)) p++;
    // A sentence does not go on after a gap this wide; and the token is held back (and these
    // blanks walked again on each push) only while the gap is short, which keeps streaming linear.
    if (p - e > MAX_NAMED_GAP) return false;
    if (p >= n) return final ? false : 'hold';
    // Text glued to a run of two or more tokens is the next message's, however it starts
    // (`! <|end|><|start|>assistant<|channel|>final<|message|>=`): prose names a run and goes on
    // after a blank. Glued punctuation carries a sentence on only after a single token (`[THINK],`).
    if (run && p === e) return false;
    return continuesSentence(charCodeAt.call(work, p), p === e);
  }

  /**
   * A broken block named in a line of prose (a blank before it): any text after it on its line,
   * a new sentence too, makes it a quoted example rather than a broken call.
   */
  private blockMidLineOf(pending: PendingBlock): boolean {
    return pending.midLine;
  }

  /** Strong evidence is demanded of this reading: strict mode, or another format than the trusted one. */
  private strongEvidence(pending: PendingBlock): boolean {
    if (this.opts.strict || pending.strong) return true;
    const trusted = this.compiled.spec.trusted;
    if (trusted === undefined) return false;
    const format = pending.read.format ?? pending.format ?? this.compiled.spec.id;
    return !sameFamily(format, trusted);
  }

  /** Settles the waiting block: its calls go out (`stands`), or its raw text goes to content. */
  protected settlePending(stands: boolean): void {
    const pending = this.pending;
    if (pending === null) return;
    this.pending = null;
    const held = this.pendingBlank;
    const kept = this.pendingKeep;
    this.pendingBlank = '';
    this.pendingKeep = '';
    // Strong evidence: declared names, and no call cut off or missing its arguments.
    if (
      stands &&
      pending.read.error === undefined &&
      this.strongEvidence(pending) &&
      // Strong evidence: on a line of its own (not in the middle of a sentence), declared names, …
      (!pending.ownLine ||
        !this.namesDeclared(pending.read) ||
        pending.read.issues?.some((i) => VOIDS_STRONG_EVIDENCE.has(i.kind)) === true ||
        // Text the block itself holds beside its calls (a made-up Observation, a Final Answer).
        (pending.read.text !== undefined && pending.read.text.trim() !== ''))
    )
      stands = false;
    // Every way out withdraws a call announced from the block that did not come of it.
    if (pending.brokenOnly === true) {
      if (stands) {
        this.emitBlock(pending.read, pending.raw, pending.format, pending.offset);
        this.settleAnnouncement();
        this.text(kept);
      } else {
        this.settleAnnouncement();
        this.text(pending.raw + held);
      }
      return;
    }
    if (pending.fence !== undefined) {
      if (stands) {
        this.emitFence(pending.fence);
        this.settleAnnouncement();
        this.text(kept);
      } else {
        this.settleAnnouncement();
        this.text(pending.raw + held);
      }
      return;
    }
    if (stands && pending.read.error !== undefined) {
      this.matched ??= pending.read.format ?? pending.format ?? this.compiled.spec.id;
      this.malformed(
        pending.raw,
        pending.read.error,
        pending.offset,
        pending.closed ? 'malformed-call' : 'partial-call',
      );
      this.settleAnnouncement();
      this.text(kept);
      return;
    }
    if (stands) {
      this.emitBlock(pending.read, pending.raw, pending.format, pending.offset);
      this.settleAnnouncement();
      this.text(kept);
      return;
    }
    this.settleAnnouncement();
    this.text(pending.raw + held);
  }
}

/** Issues that say a reading is not all calls: a cut-off or broken call, text the model made up after it. */
const VOIDS_STRONG_EVIDENCE: ReadonlySet<string> = new Set([
  'partial-call',
  'malformed-call',
  'trailing-text',
]);

function hasLineBreak(s: string): boolean {
  return s.indexOf('\n') !== -1 || s.indexOf('\r') !== -1;
}

export function sameFamily(format: string, trusted: string): boolean {
  const family = (id: string) => {
    const colon = id.indexOf(':');
    return colon === -1 ? id : id.slice(0, colon);
  };
  return family(format) === family(trusted);
}
