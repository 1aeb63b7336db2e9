/**
 * The stream engine every built-in format runs: one pass over the output, in chunks of any size,
 * that releases text as soon as it cannot start a marker, sends reasoning to `reasoning`, cuts
 * call blocks out and turns them into calls. `parse(text)` is this engine fed one chunk (`pushLast`).
 *
 * Why one engine: architecture/semantics.md, guarantees 1, 4, 5, 7 and 8 (nothing lost, code is not markup,
 * reasoning, streaming = batch, linear time) are properties of the scan, not of a format. Holding
 * them once here means every format has them.
 *
 * How it stays linear: between pushes the engine keeps only a short carry (a possible marker
 * prefix, a fence line being read), and the body of an open block as a list of pieces. Every
 * character is scanned once in text mode, or once by a block's close search and guard.
 *
 * The engine is split by concern under `kit/engine/` (the files table in
 * architecture/stream-engine.md); this file is its shell: push, end, the fast path for plain
 * chunks, and the loop that hands the work to the current mode.
 *
 * Invariants kept here:
 * - `push` and `end` never throw: a failure inside becomes an `internal-error` issue;
 * - input past `maxInputLength` is kept as text, unparsed, and reported once at the end;
 * - the plain paths (`pushPlain`, `pushPlainText`) do exactly what `run` would do with the carry
 *   and the chunk, or decline (return null);
 * - after `run`, `carry` holds what must wait for more input and `offset` is its input offset.
 */
import type { ResolvedParseOptions } from '../options.js';
import type { StreamEvent } from '../schemas.js';
import { LINE_FEED, SPACE, TAB } from './char-codes.js';
import { CompiledMarkup, PLAIN_WORD } from './engine/compiled.js';
import { Mode } from './engine/state.js';
import { TextScan } from './engine/text-scan.js';
import type { EventFolder } from './fold-events.js';
import type { MarkerSet } from './marker-set.js';

// Called directly, never as `text.charCodeAt` or `text.slice`: see architecture/stream-engine.md,
// "Reading code units".
const charCodeAt = String.prototype.charCodeAt;
const slice = String.prototype.slice;

export { CompiledMarkup };

/** Chunks up to this long are checked for the plain fast path (see pushPlain). */
const FAST_CHUNK = 16;

export class MarkupStreamParser extends TextScan {
  constructor(
    compiled: CompiledMarkup,
    opts: ResolvedParseOptions,
    /** False for the nested parser that reads a held fence: fences are probed one level deep. */
    probeFences = true,
    /** `true` or the EventFolder for a caller that folds the events (see EngineState). */
    fold: EventFolder | boolean = false,
  ) {
    super(compiled, opts, probeFences, fold);
    if (opts.reasoningOpen) this.enterReasoning(this.compiled.defaultReasoning);
  }

  get format(): string | null {
    return this.matched;
  }

  override push(chunk: string): StreamEvent[] {
    if (
      chunk.length <= FAST_CHUNK &&
      this.pending === null &&
      !this.ended &&
      this.overflow === null &&
      this.folder === null
    ) {
      // Prose is most of what streams: its check is a small method of its own, which the
      // compiler inlines here (the general one, with every mode, it would not).
      const events =
        this.mode === Mode.Text
          ? this.pushPlainText(chunk)
          : this.carry === ''
            ? this.pushPlain(chunk)
            : null;
      if (events !== null) return events;
    }
    return this.pushChunk(chunk);
  }

  /** Any chunk, through the scan. */
  private pushChunk(chunk: string): StreamEvent[] {
    const events: StreamEvent[] = [];
    this.events = this.folder ?? events;
    if (this.ended || chunk.length === 0) return events;
    try {
      const room = this.opts.maxInputLength - this.received;
      if (room < chunk.length || this.overflow) {
        if (room > 0) this.run(this.carry + chunk.slice(0, room), false);
        this.overflow ??= [];
        this.overflow.push(room > 0 ? chunk.slice(room) : chunk);
        this.received += Math.max(room, 0);
      } else {
        this.received += chunk.length;
        this.run(this.carry + chunk, false);
      }
    } catch (error) {
      this.internalError(error);
    }
    return events;
  }

  /**
   * `push(chunk)` then `end()` — a batch parse — with nothing held back between them: the whole
   * output is scanned knowing it is the end. A tail held back as a possible marker and appended to
   * an open block's body at the end made that body a rope of a megabyte and a few characters,
   * copied whole by its first read. What comes out is what `push` and `end` give (guarantee 7).
   */
  pushLast(chunk: string): StreamEvent[] {
    if (
      this.ended ||
      this.carry !== '' ||
      this.overflow !== null ||
      this.opts.maxInputLength - this.received < chunk.length
    )
      return [...this.push(chunk), ...this.end()];
    this.received += chunk.length;
    return this.finish(chunk);
  }

  override end(): StreamEvent[] {
    return this.finish(this.carry);
  }

  /** The end of the output, after `rest` (the carry, or with `pushLast` the whole last chunk). */
  private finish(rest: string): StreamEvent[] {
    const events: StreamEvent[] = [];
    this.events = this.folder ?? events;
    if (this.ended) return events;
    this.ended = true;
    try {
      this.run(rest, true);
      this.finishMode();
      // The end of the output settles a waiting block: a call, unless only its stray closer,
      // which never came, could have proven it.
      this.settlePending(this.pending?.provenBy == null);
      this.reportOverLimit();
      this.reportIdFailure();
      if (this.overflow) {
        const rest = this.overflow.join('');
        this.issue({
          kind: 'limit-exceeded',
          message: `The output is longer than maxInputLength (${this.opts.maxInputLength} characters); the rest was kept as text, unparsed.`,
          raw: rest,
          offset: this.opts.maxInputLength,
        });
        this.text(rest);
      }
    } catch (error) {
      this.internalError(error);
    }
    return events;
  }

  /** `pushPlain` in text mode. */
  private pushPlainText(chunk: string): StreamEvent[] | null {
    const n = chunk.length;
    if (n === 0 || !this.wholeDecided || this.opts.maxInputLength - this.received < n) return null;
    // Before any text, a start marker may begin here (`get_weather(` on its own line): the scan's.
    if (!this.content.hasText && this.compiled.startMarkers !== null) return null;
    let work = chunk;
    let i = 0;
    if (this.carry === '') {
      // Most tokens of prose: nothing in them starts a marker and they end in no blank. The sink
      // releases them (after what it held) and `passed` would leave no indent: its look is skipped.
      const plain = this.compiled.plainUnits;
      let code = 0;
      for (; i < n; i++) {
        code = charCodeAt.call(chunk, i);
        if (code >= 128 || plain[code] === 0) break;
      }
      if (i === n && plain[code] === PLAIN_WORD) {
        this.received += n;
        this.offset += n;
        this.prevCode = code;
        this.lineIndent = -1;
        return [{ type: 'text', text: this.content.writeEndingWord(chunk) }];
      }
      if (i === n) {
        // The same ending in a blank: the sink holds the blank until text follows. What
        // `pushTextPast` would do with it, here because every space of a stream cut into single
        // characters comes this way, and a call for each cost more than the rest of the push.
        this.received += n;
        const out = this.content.write(chunk);
        this.passed(chunk, n);
        return out.length > 0 ? [{ type: 'text', text: out }] : [];
      }
    } else work = this.carry + chunk;
    return this.pushTextPast(work, i, n);
  }

  /**
   * The rest of `pushPlainText`, for `work` (the carry and the chunk of `n` units) whose first `i`
   * units start no marker: what the scan does with text that holds no whole marker. A unit that
   * may start one where none starts (`for`, `a < b`) is passed over, and the start of one that
   * the work cuts off (`if` before `functools[`, a `<` at the end) is released up to and carried,
   * as `run` carries it. Apart from `pushPlainText`, whose size decides whether the compiler
   * inlines it into `push`.
   */
  private pushTextPast(work: string, i: number, n: number): StreamEvent[] | null {
    const stops = this.compiled.textMarkers;
    const length = work.length;
    let hold = length;
    for (; i < length; i++) {
      if (!stops.canStart(charCodeAt.call(work, i))) continue;
      const found = stops.matchAt(work, i, false);
      if (found === null) continue;
      if (found !== 'partial') return null;
      hold = i;
      break;
    }
    this.received += n;
    if (hold === length) {
      this.carry = '';
      const out = this.content.write(work);
      this.passed(work, length);
      return out.length > 0 ? [{ type: 'text', text: out }] : [];
    }
    this.carry = slice.call(work, hold);
    if (hold === 0) return [];
    const out = this.content.write(slice.call(work, 0, hold));
    this.passed(work, hold);
    return out.length > 0 ? [{ type: 'text', text: out }] : [];
  }

  /**
   * A short chunk in which nothing can start a marker of the current mode (most streamed tokens):
   * exactly what `run` would do with it, without the scan's set-up. Returns null to take the
   * general path. Reasoning and block bodies here; text in `pushPlainText`.
   */
  private pushPlain(chunk: string): StreamEvent[] | null {
    const n = chunk.length;
    if (n === 0 || this.opts.maxInputLength - this.received < n) return null;
    let stops: MarkerSet<unknown> | null;
    switch (this.mode) {
      case Mode.Reasoning:
        stops = this.reasoningClose!;
        break;
      case Mode.Block:
        if (
          this.block!.close === 'json-end' ||
          this.blockFence > 0 ||
          this.trailingState !== 0 ||
          this.awaitingBodyStart
        )
          return null;
        stops = this.blockClose;
        // A block that only the end of the output closes: nothing in a chunk can end it.
        if (stops === null && this.block!.close !== 'end-of-output') return null;
        break;
      default:
        return null;
    }
    if (stops !== null)
      for (let i = 0; i < n; i++) if (stops.canStart(charCodeAt.call(chunk, i))) return null;
    this.received += n;
    let events: StreamEvent[];
    if (this.mode === Mode.Reasoning) {
      const out = this.reasoningSink.write(chunk);
      events = out.length > 0 ? [{ type: 'reasoning', text: out }] : [];
    } else {
      this.events = events = [];
      this.appendBody(chunk, 0, n);
    }
    this.passed(chunk, n);
    return events;
  }

  /** A plain chunk of `n` units went by: what the scan keeps of the text before it. */
  private passed(chunk: string, n: number): void {
    const last = charCodeAt.call(chunk, n - 1);
    this.prevCode = last;
    // A chunk that ends in neither a blank nor a newline leaves no indent to count.
    this.lineIndent =
      last === SPACE || last === TAB || last === LINE_FEED ? indentAfter(chunk, n, this.lineIndent) : -1;
    this.offset += n;
  }

  // ---------------------------------------------------------------- the scan

  /** Scans `work` (the carry plus new text). Leaves what must wait for more input in `carry`. */
  private run(work: string, final: boolean): void {
    let pos = 0;
    const n = work.length;
    this.carry = '';
    this.work = work;
    this.blanksFrom = this.blanksTo = -1;
    this.textCursor = null;
    this.closeCursor = null;
    this.trailingCursor = null;
    while (pos < n) {
      let next: number;
      switch (this.mode) {
        case Mode.Text:
          next = this.scanText(work, pos, final);
          break;
        case Mode.Reasoning:
          next = this.scanReasoning(work, pos, final);
          break;
        case Mode.Block:
          next = this.scanBlock(work, pos, final);
          break;
        case Mode.Fence:
          next = this.scanFence(work, pos, final);
          break;
        case Mode.InlineCode:
          next = this.scanInlineCode(work, pos, final);
          break;
        case Mode.Whole:
          this.appendBody(work, pos, n);
          next = n;
          break;
      }
      if (next < 0) {
        // -k - 1 encodes "hold back from k": keep it for the next push.
        const hold = -next - 1;
        if (hold > 0) this.prevCode = charCodeAt.call(work, hold - 1);
        this.lineIndent = indentAfter(work, hold, this.lineIndent);
        this.carry = slice.call(work, hold);
        this.offset += hold;
        return;
      }
      pos = next;
    }
    if (n > 0) this.prevCode = charCodeAt.call(work, n - 1);
    this.lineIndent = indentAfter(work, n, this.lineIndent);
    this.offset += n;
  }

  /** Scans `text` again in text mode, once: used when a span turned out not to be markup. */
  protected override refeed(text: string, offset: number): void {
    if (this.refeeding) {
      this.text(text);
      return;
    }
    const savedOffset = this.offset;
    this.refeeding = true;
    this.offset = offset;
    this.forgetUnits();
    this.run(text, true);
    this.finishMode();
    this.forgetUnits();
    // What the refed run knew of its blanks is not the caller's work.
    this.blanksFrom = this.blanksTo = -1;
    this.refeeding = false;
    this.offset = savedOffset;
  }

  /** The output ended: settle whatever is open. */
  private finishMode(): void {
    switch (this.mode) {
      case Mode.Block:
        this.finishBlock();
        return;
      case Mode.Whole:
        this.finishWhole();
        return;
      case Mode.Fence:
        this.finishFence();
        return;
      default:
        this.mode = Mode.Text;
    }
  }

  protected override nestedParser(opts: ResolvedParseOptions): MarkupStreamParser {
    return new MarkupStreamParser(this.compiled, opts, false, this.foldOnly);
  }
}

/** Indent state after `work[0, end)`: spaces since the last newline, or -1 (capped look-back). */
function indentAfter(work: string, end: number, before: number): number {
  let count = 0;
  for (let j = end - 1; j >= 0; j--) {
    const c = charCodeAt.call(work, j);
    if (c === LINE_FEED) return count;
    if (c !== SPACE && c !== TAB) return -1;
    if (++count > 8) return -1;
  }
  return before >= 0 ? before + count : -1;
}
