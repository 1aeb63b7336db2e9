/**
 * Runs of the same block (architecture/stream-engine.md): a megabyte of one broken block, or of one
 * call past `maxCalls`, read block by block costs the whole engine per block, about a microsecond
 * each. Once two units in a row (a unit: from one block's open marker to the next one's) have the
 * same text and had the same effect, the next identical units are counted, not read.
 *
 * Why that is exact: the engine is a function of its state and the text. Two identical units in a row
 * whose effects were the same, and such that the effect leaves no trace but counters (an issue's
 * `count`, the calls dropped past `maxCalls`) and the text it released (the folder's content and
 * reasoning, which the engine never reads back), leave the engine as they found it; the third reads
 * the same text from the same state, and so on. What a unit sees around it is the same too: before it,
 * the previous copy; after it, the next copies, up to a margin longer than any look-ahead of the
 * scan (a marker, a run of named tokens, the blanks before the character that decides a block).
 *
 * Invariants kept here:
 * - only a batch parse counts units (the events go to an EventFolder), so a stream, which reads every
 *   unit, checks the counting against it: streaming = batch (architecture/semantics.md, guarantee 7);
 * - a unit whose effect is anything but counters and released text (a call, a new issue, text held
 *   in a sink) is never counted;
 * - text read again (`refeed`) starts its units afresh, and so does the text after it: a unit is
 *   compared only with units read in the same pass;
 * - the units counted are compared character by character, each once: the scan stays linear.
 */
import { Fences } from './fences.js';
import { Mode } from './state.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** The entries of a mark (see markNow). */
const CALLS = 0;
const ISSUES = 1;
const ISSUE_COUNT = 2;
const SINKS = 3;
const DROPPED = 4;
const DROPPED_TEXTS = 5;
const DROPPED_RUN = 6;
const CALL_INDEX = 7;
const MARK_SIZE = 8;
/** What a unit that may be counted leaves as it was. */
const UNCHANGED = [CALLS, ISSUES, SINKS, DROPPED_TEXTS, CALL_INDEX] as const;

const NO_MARK: number[] = [];
const newMark = (): number[] => new Array<number>(MARK_SIZE).fill(0);

/** Blocks opened before units are marked at all (see countRepeats). */
const FIRST_COUNTED_BLOCK = 16;

/** Text kept after the units counted, longer than any look-ahead of the scan. */
const MARGIN = 1024;

export abstract class Repeats extends Fences {
  /** Blocks opened so far, up to FIRST_COUNTED_BLOCK. */
  private blocksOpened = 0;
  /** Input offset of the last block's open marker (a unit's start), or -1. */
  private unitAt = -1;
  /** Length of the unit before the last one, or -1: the two compared must be the same length. */
  private unitLength = -1;
  /** The mark at unitAt (made when the first unit is marked: a parse that opens few blocks allocates none). */
  private unitMark: number[] = NO_MARK;
  private nextMark: number[] = NO_MARK;
  /** The last unit's effect, or null; the array the next effect is written into. */
  private unitEffect: number[] | null = null;
  private spareEffect: number[] = NO_MARK;
  /** The content and reasoning the last unit released (unitText, unitReasoning when it ended). */
  private lastText = '';
  private lastReasoning = '';

  /**
   * At a block's open marker at `at` in `work`, in text mode, with the text before it released:
   * skips the copies of the last unit that start here, when the last two units were the same
   * text with the same effect. Returns where the scan goes on (`at` when nothing was counted).
   */
  protected countRepeats(work: string, at: number): number {
    // A usual output opens a few blocks: runs worth counting are long, so the first ones are read
    // without a mark (a typical response pays nothing here).
    if (this.blocksOpened < FIRST_COUNTED_BLOCK) {
      if (++this.blocksOpened === FIRST_COUNTED_BLOCK) {
        this.unitMark = newMark();
        this.nextMark = newMark();
        this.spareEffect = newMark();
      }
      this.unitTexts = 0;
      this.unitReasonings = 0;
      return at;
    }
    // A unit that released text in more than one piece is not counted (see unitTexts).
    const pieces = this.unitTexts > 1 || this.unitReasonings > 1;
    const text = this.unitTexts === 0 ? '' : this.unitText;
    const reasoning = this.unitReasonings === 0 ? '' : this.unitReasoning;
    this.unitTexts = 0;
    this.unitReasonings = 0;
    if (this.folder === null || this.pending !== null || this.mode !== Mode.Text) {
      this.unitAt = -1;
      this.unitLength = -1;
      return at;
    }
    const lastText = this.lastText;
    const lastReasoning = this.lastReasoning;
    this.lastText = text;
    this.lastReasoning = reasoning;
    const mark = this.markNow(this.nextMark);
    const start = this.offset + at;
    const before = this.unitAt;
    const previous = this.unitEffect;
    this.unitAt = start;
    if (before === -1) {
      this.unitEffect = null;
      this.unitLength = -1;
      this.swapMark();
      return at;
    }
    // effectOf writes into the spare array; the previous effect becomes the next spare.
    const effect = this.effectOf(mark);
    if (effect !== null) this.spareEffect = previous ?? newMark();
    this.unitEffect = effect;
    this.swapMark();
    const len = start - before;
    const lastLength = this.unitLength;
    this.unitLength = len;
    // The two units compared are the last two read, whole: same length, same effect, same text.
    if (previous === null || effect === null || pieces || len !== lastLength || !sameEffect(previous, effect))
      return at;
    // The text a unit releases is its effect too: the same each time, or the units differ
    // (compared last: a call-heavy output's units end here, at the effect).
    if (text !== lastText || reasoning !== lastReasoning) return at;
    // The last two units, [at - 2len, at - len) and [at - len, at), must be the same text.
    const unit = at - len;
    if (unit - len < 0 || !sameText(work, unit - len, unit, len)) return at;
    // A copy is counted only where more copies follow it for MARGIN units: what a unit's reading
    // looks at past its end (the next unit's open marker, which ends its body, and any look-ahead
    // of the scan) must be what the units compared saw there. A copy followed by other text
    // (`>>>` then `>>>><call>`, where the third block's body runs on) is read, not counted.
    const copies = copiesAt(work, unit, at, len) - (Math.ceil(MARGIN / len) + 1);
    if (copies <= 0) return at;
    const p = at + copies * len;
    if (text !== '') this.folder.addText(text.repeat(copies));
    if (reasoning !== '') this.folder.addReasoning(reasoning.repeat(copies));
    this.folder.repeatLastIssue(copies * effect[ISSUE_COUNT]!);
    this.repeatOverLimit(copies, effect[DROPPED]!, effect[DROPPED_RUN]!);
    // The next unit starts afresh: two more must agree before anything is counted again.
    this.unitAt = -1;
    this.unitLength = -1;
    this.unitEffect = null;
    return p;
  }

  /** Units start afresh (see refeed): the last ones were read in another pass over the text. */
  protected forgetUnits(): void {
    this.unitAt = -1;
    this.unitLength = -1;
    this.unitEffect = null;
    this.unitTexts = 0;
    this.unitReasonings = 0;
  }

  /** The counters a unit may change, and everything else it must leave as it was. */
  private markNow(out: number[]): number[] {
    const folder = this.folder!;
    out[CALLS] = folder.calls.length + this.callCount;
    out[ISSUES] = folder.issues.length;
    out[ISSUE_COUNT] = folder.lastIssueCount;
    out[SINKS] = this.content.mark * 65536 + this.reasoningSink.mark;
    // DROPPED, DROPPED_TEXTS and DROPPED_RUN, in that order.
    this.overLimitMark(out, DROPPED);
    out[CALL_INDEX] = this.callIndex;
    return out;
  }

  private swapMark(): void {
    const m = this.unitMark;
    this.unitMark = this.nextMark;
    this.nextMark = m;
  }

  /**
   * The last unit's effect, `nextMark - unitMark`, or null when it is more than counters and
   * released text: a call, a new issue, a new raw text past maxCalls, or a sink left otherwise.
   */
  private effectOf(mark: number[]): number[] | null {
    const was = this.unitMark;
    for (const i of UNCHANGED) if (mark[i] !== was[i]) return null;
    const effect = this.spareEffect;
    for (let i = 0; i < MARK_SIZE; i++) effect[i] = mark[i]! - was[i]!;
    return effect;
  }
}

function sameEffect(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < MARK_SIZE; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * How many copies of `work[unit, unit + len)` follow each other from `at`. A loop of its own that
 * returns a number: V8 compiles a long run of copies while it counts them, and any other step after
 * the loop would stop that code at its end on every call (architecture/stream-engine.md, "Long loops").
 */
function copiesAt(work: string, unit: number, at: number, len: number): number {
  const n = work.length;
  let found = 0;
  for (let p = at; p + len <= n && sameText(work, unit, p, len); p += len) found++;
  return found;
}

/** `work[a, a + len)` equals `work[b, b + len)`. */
function sameText(work: string, a: number, b: number, len: number): boolean {
  if (b + len > work.length) return false;
  for (let i = 0; i < len; i++)
    if (charCodeAt.call(work, a + i) !== charCodeAt.call(work, b + i)) return false;
  return true;
}
