/**
 * The stream engine every built-in format runs: one pass over the output, in chunks of any size,
 * that releases text as soon as it cannot start a marker, sends reasoning to `reasoning`, cuts
 * call blocks out and turns them into calls. `parse(text)` is this engine fed one chunk.
 *
 * Why one engine: architecture/semantics.md, guarantees 1, 4, 5, 7 and 8 (nothing lost, code is not markup,
 * reasoning, streaming = batch, linear time) are properties of the scan, not of a format. Holding
 * them once here means every format has them.
 *
 * How it stays linear: between pushes the engine keeps only a short carry (a possible marker
 * prefix, a fence line being read), and the body of an open block as a list of pieces. Every
 * character is scanned once in text mode, or once by a block's close search and guard.
 */
import type { ResolvedParseOptions } from '../options.js';
import type { ParseIssue, StreamEvent, ToolCall } from '../schemas.js';
import { ArgumentStream, type ArgumentsAt } from './argument-stream.js';
import { normalizeArguments } from './arguments.js';
import {
  BACKTICK,
  BRACE_OPEN,
  BRACKET_OPEN,
  CARRIAGE_RETURN,
  isSpace,
  LINE_FEED,
  SPACE,
  TAB,
} from './char-codes.js';
import { continuesSentence, gluesToMarker, holdsProse, opensProse } from './evidence.js';
import { declaredOrExact } from './exact-call-shape.js';
import { EventFolder, issueAt } from './fold-events.js';
import { defaultGenerateId } from './ids.js';
import { JsonBoundaryTracker } from './json-boundary.js';
import { type MarkerCursor, MarkerSet } from './marker-set.js';
import type {
  AnnouncedCall,
  BlockSpec,
  BodyResult,
  MarkupSpec,
  RawCall,
  ReasoningSpec,
} from './markup-spec.js';
import { THINK_REASONING } from './markup-spec.js';
import { RawRuns } from './raw-runs.js';
import { TextSink } from './text-sink.js';

/** The calls of a fence that holds nothing else, waiting to go out (see callsOnly). */
interface FenceCalls {
  events: Array<Extract<StreamEvent, { index: number }>>;
  calls: number;
  callIndex: number;
  format: string | null;
}

/** The most neutral tokens glued together that a sentence is taken to name (see neutralRunEnd). */
const MAX_NAMED_RUN = 8;
/** The most blanks between a token and the words a sentence goes on with (see namedInSentence). */
const MAX_NAMED_GAP = 16;

type TextMarker =
  | { kind: 'block'; spec: BlockSpec }
  | { kind: 'reasoning'; spec: ReasoningSpec }
  | { kind: 'strip' }
  | { kind: 'separator' }
  | { kind: 'label' }
  | { kind: 'backtick' };

/** A spec compiled once and shared by every stream parser of the handler. */
export class CompiledMarkup {
  readonly textMarkers: MarkerSet<TextMarker>;
  /** The open markers of `outputStart` blocks: looked for only where the output's text starts. */
  readonly startMarkers: MarkerSet<TextMarker> | null;
  readonly closeSets = new Map<BlockSpec, MarkerSet<true>>();
  /** Per block with `closeBefore`: those markers (they are in its close set too). */
  readonly closesBefore = new Map<BlockSpec, ReadonlySet<string>>();
  /** Per block with `trailing`: the element open markers and the element close markers. */
  readonly trailingSets = new Map<BlockSpec, { open: MarkerSet<true>; close: MarkerSet<true> }>();
  readonly reasoningCloses = new Map<ReasoningSpec, MarkerSet<true>>();
  /** The `closeBefore` markers of a reasoning spec: they end it and are read again in text. */
  readonly reasoningClosesBefore = new Map<ReasoningSpec, ReadonlySet<string>>();
  readonly fences = new Map<string, BlockSpec>();
  readonly defaultReasoning: ReasoningSpec;

  constructor(readonly spec: MarkupSpec) {
    const entries: Array<[string, TextMarker]> = [];
    const starts: Array<[string, TextMarker]> = [];
    for (const declared of spec.blocks) {
      const block = sameShape(declared);
      for (const open of list(block.open))
        (block.outputStart ? starts : entries).push([open, { kind: 'block', spec: block }]);
      for (const info of list(block.fence)) if (!this.fences.has(info)) this.fences.set(info, block);
      if (Array.isArray(block.close) || typeof block.close === 'string' || block.closeBefore !== undefined) {
        const literal =
          Array.isArray(block.close) || typeof block.close === 'string'
            ? list(block.close as string | readonly string[])
            : [];
        const before = list(block.closeBefore);
        const closes = [...literal, ...before];
        this.closeSets.set(block, new MarkerSet(closes.map((c) => [c, true] as const)));
        if (before.length > 0) this.closesBefore.set(block, new Set(before));
      }
      if (block.trailing) {
        this.trailingSets.set(block, {
          open: new MarkerSet(block.trailing.open.map((m) => [m, true] as const)),
          close: new MarkerSet(block.trailing.close.map((m) => [m, true] as const)),
        });
      }
    }
    const reasoning = spec.reasoning ?? [THINK_REASONING];
    for (const r of reasoning) {
      for (const open of r.open) entries.push([open, { kind: 'reasoning', spec: r }]);
      const closes = [...r.close, ...(r.closeBefore ?? [])];
      this.reasoningCloses.set(r, new MarkerSet(closes.map((c) => [c, true] as const)));
      if (r.closeBefore !== undefined && r.closeBefore.length > 0)
        this.reasoningClosesBefore.set(r, new Set(r.closeBefore));
    }
    this.defaultReasoning = reasoning[0] ?? THINK_REASONING;
    if (!this.reasoningCloses.has(this.defaultReasoning)) {
      this.reasoningCloses.set(
        this.defaultReasoning,
        new MarkerSet(this.defaultReasoning.close.map((c) => [c, true] as const)),
      );
    }
    for (const s of spec.strip ?? []) entries.push([s, { kind: 'strip' }]);
    for (const s of spec.separators ?? []) entries.push([s, { kind: 'separator' }]);
    for (const l of spec.labels ?? []) entries.push([l, { kind: 'label' }]);
    if (spec.codeAware !== false) entries.push(['`', { kind: 'backtick' }]);
    this.textMarkers = new MarkerSet(entries);
    this.startMarkers = starts.length > 0 ? new MarkerSet(starts) : null;
  }
}

/**
 * A copy of a format's block with every field present, in one order: the engine reads block
 * fields on every block it enters, and blocks declared by many formats as object literals of many
 * shapes would make each of those reads megamorphic in a process where several formats run (a
 * run of tiny blocks was 80% slower there). One shape keeps them monomorphic.
 */
function sameShape(b: BlockSpec): BlockSpec {
  return {
    open: b.open,
    fence: b.fence,
    close: b.close,
    closeBefore: b.closeBefore,
    guard: b.guard,
    lineStart: b.lineStart,
    outputStart: b.outputStart,
    yieldsToWhole: b.yieldsToWhole,
    bodyStart: b.bodyStart,
    bodyStartTight: b.bodyStartTight,
    trailing: b.trailing,
    announce: b.announce,
    unclosed: b.unclosed,
    body: b.body,
    format: b.format,
    auto: b.auto,
    confidence: b.confidence,
    evidence: b.evidence,
    provenBy: b.provenBy,
  };
}

function list<T extends string>(v: T | readonly T[] | undefined): readonly T[] {
  return v === undefined ? [] : typeof v === 'string' ? [v] : v;
}

enum Mode {
  Text,
  Reasoning,
  Block,
  Fence,
  InlineCode,
  Whole,
}

/** Body lengths at which a block's `announce` is asked for the first call's name (doubling). */
const FIRST_ANNOUNCE = 16;
const LAST_ANNOUNCE = 1024;

/** Chunks up to this long are checked for the plain fast path (see pushPlain). */
const FAST_CHUNK = 16;

/** Longest fence info line or fence close line read before deciding without its end. */
const MAX_FENCE_LINE = 256;

export class MarkupStreamParser {
  private mode = Mode.Text;
  private carry = '';
  /** Input offset of `carry[0]`. */
  private offset = 0;
  private received = 0;
  private overflow: string[] | null = null;
  /** Where events go: the array push or end returns, or the folder (see the constructor). */
  private events: { push(event: StreamEvent): unknown } = [];
  private readonly content = new TextSink();
  private readonly reasoningSink = new TextSink();
  private readonly opts: ResolvedParseOptions;
  private readonly compiled: CompiledMarkup;
  /** Spaces since the last newline before `carry`, or -1 when something else came. */
  private lineIndent = 0;
  private callIndex = 0;
  private callCount = 0;
  private matched: string | null = null;
  private ended = false;
  /** Refed text must not be refed again: that keeps refeeding linear. */
  private refeeding = false;
  private wholeDecided: boolean;
  /** The whole-output form is read in place of a block that yields to it (see scanText): it must be all calls. */
  private wholeForBare = false;

  // reasoning state
  private reasoningClose: MarkerSet<true> | null = null;
  private reasoningCloseBefore: ReadonlySet<string> | null = null;
  // block state
  private block: BlockSpec | null = null;
  private blockOpen = '';
  private blockClose: MarkerSet<true> | null = null;
  /** The block's `closeBefore` markers: a close among them belongs to what follows. */
  private blockCloseBefore: ReadonlySet<string> | null = null;
  private blockFence = 0;
  private blockOffset = 0;
  private bodyPieces: string[] = [];
  private bodyLength = 0;
  private tracker: JsonBoundaryTracker | null = null;
  private readonly bodyContext: { options: ResolvedParseOptions; closed: boolean; open: string };
  private readonly foldOnly: boolean;
  private readonly folder: EventFolder | null;
  private malformedWhy = '';
  private malformedMessage = '';
  /** The block's JSON guard waits for the first close marker (see startGuard). */
  private lazyGuard = false;
  /** Body offset of the first close marker the JSON guard passed over, or -1. */
  private skippedClose = -1;
  private skippedCloseMarker = '';
  /** The block has a `bodyStart` and no non-blank character of its body has come yet. */
  private awaitingBodyStart = false;
  /** A block with `trailing` after its close: 1 between elements, 2 inside one; else 0. */
  private trailingState: 0 | 1 | 2 = 0;
  /** Blanks after the close (or an element) not yet known to belong to the block. */
  private trailingBlank = '';
  // code state
  private fenceTicks = 0;
  private fenceAtLineStart = false;
  private inlineTicks = 0;
  // early announcement of a block's first call (BlockSpec.announce)
  private announceAt = Number.POSITIVE_INFINITY;
  /** `generated`: the id came from generateId (and goes back if the call does not come). */
  private announced: { index: number; id: string; name: string; generated: boolean } | null = null;
  /** The id of a withdrawn announcement, for the next call (see takeId). */
  private spareId: string | null = null;
  /** Why the caller's generateId gave no id, once it has failed (see newId). */
  private idFailure: string | null = null;
  /** The built-in ids given in its place, and whether a call that came out holds one. */
  private fallbackIds: Set<string> | null = null;
  private fallbackUsed = false;
  /** Calls past maxCalls, reported in one issue at the end (see dropOverLimit). */
  private overLimit: { count: number; counted: boolean; raws: RawRuns; offset: number | undefined } | null =
    null;
  /** The arguments of the announced call, sent as they arrive (when its block's announce says where). */
  private argumentStream: ArgumentStream | null = null;
  /**
   * A block that read as calls, waiting for what follows it to say whether it is a call or a
   * mention (architecture/precision.md): its reading, its raw text, and the blanks after it.
   */
  private pending: {
    read: BodyResult;
    raw: string;
    offset: number;
    format: string | undefined;
    /** The open marker was glued to a word (`text<｜tool▁calls▁begin｜>`): a template's join. */
    glued: boolean;
    /** The block asks strong evidence of its calls (`BlockSpec.evidence`). */
    strong: boolean;
    /** Its close marker came (false: the output ended inside it). */
    closed: boolean;
    /** The stray closers that prove it (`BlockSpec.provenBy`), or null. */
    provenBy: readonly string[] | null;
    /** It starts its line, is glued to the word before it, or follows other markup. */
    ownLine: boolean;
    /** A blank stands right before its open marker (see blockMidLine). */
    midLine: boolean;
    /** A fence of calls (see callsOnly), in place of `read`. */
    fence?: FenceCalls;
    /** No call, only the issues of a broken one (they go out as they are if it stands). */
    brokenOnly?: boolean;
    /** The block held nothing at all (`<tool_call></tool_call>`). */
    empty?: boolean;
  } | null = null;
  /** The block's open marker was glued to the word before it (see gluesToMarker). */
  private blockGlued = false;
  /** The open block asks strong evidence of its calls. */
  private blockStrong = false;
  /** The open block ends at a close marker of its own (so one that never came means a cut). */
  private blockCloses = false;
  /** The open block's `provenBy` closers, or null. */
  private blockProvenBy: readonly string[] | null = null;
  /** The open block starts its line, is glued to a word, or follows other markup (see ownLine). */
  private blockOwnLine = true;
  /** A blank stands right before the block's open marker: it may be named in a sentence. */
  private blockMidLine = false;
  /** The last character scanned before the current work (for blockGlued at its start), or -1. */
  private prevCode = -1;
  private pendingBlank = '';
  /** The same without the stop tokens passed over (what follows the block if it is a call). */
  private pendingKeep = '';
  /** 0: a plain code fence; 1: held, undecided; 2: held, starts like markup (see fenceOut). */
  private fenceProbe: 0 | 1 | 2 = 0;
  private fenceOpen = '';
  private fencePieces: string[] = [];
  // search cursors over the text being scanned (see MarkerCursor: they keep the scan linear)
  private work = '';
  private textCursor: MarkerCursor<TextMarker> | null = null;
  private closeCursor: MarkerCursor<true> | null = null;
  private closeCursorSet: MarkerSet<true> | null = null;
  private trailingCursor: MarkerCursor<true> | null = null;

  constructor(
    compiled: CompiledMarkup,
    opts: ResolvedParseOptions,
    /** False for the nested parser that reads a held fence: fences are probed one level deep. */
    private readonly probeFences = true,
    /**
     * For a caller that folds the events into a ParseResult (batch `parse`): `true`, or the
     * EventFolder to fold them into as they come (then push and end return no events, and a long
     * output's events never pile up in an array). Calls are then not announced and
     * `tool-call-delta` events are not built, since the fold ignores both (and announcements take
     * no id of their own: see takeId). Everything else is what the stream does.
     */
    fold: EventFolder | boolean = false,
  ) {
    this.compiled = compiled;
    this.opts = opts;
    this.foldOnly = fold !== false;
    this.folder = fold instanceof EventFolder ? fold : null;
    this.bodyContext = { options: opts, closed: true, open: '' };
    this.wholeDecided = compiled.spec.whole === undefined;
    if (opts.reasoningOpen) this.enterReasoning(this.compiled.defaultReasoning);
  }

  get format(): string | null {
    return this.matched;
  }

  push(chunk: string): StreamEvent[] {
    if (
      chunk.length <= FAST_CHUNK &&
      this.carry.length === 0 &&
      this.pending === null &&
      !this.ended &&
      this.overflow === null &&
      this.folder === null
    ) {
      const events = this.pushPlain(chunk);
      if (events !== null) return events;
    }
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

  end(): StreamEvent[] {
    const events: StreamEvent[] = [];
    this.events = this.folder ?? events;
    if (this.ended) return events;
    this.ended = true;
    try {
      this.run(this.carry, true);
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

  /**
   * A short chunk in which nothing can start a marker of the current mode (most streamed tokens):
   * exactly what `run` would do with it, without the scan's set-up. Returns null to take the
   * general path.
   */
  private pushPlain(chunk: string): StreamEvent[] | null {
    const n = chunk.length;
    if (n === 0 || this.opts.maxInputLength - this.received < n) return null;
    let stops: MarkerSet<unknown>;
    switch (this.mode) {
      case Mode.Text:
        if (!this.wholeDecided) return null;
        stops = this.compiled.textMarkers;
        break;
      case Mode.Reasoning:
        stops = this.reasoningClose!;
        break;
      case Mode.Block:
        if (
          this.blockClose === null ||
          this.block!.close === 'json-end' ||
          this.blockFence > 0 ||
          this.trailingState !== 0 ||
          this.awaitingBodyStart
        )
          return null;
        stops = this.blockClose;
        break;
      default:
        return null;
    }
    for (let i = 0; i < n; i++) if (stops.canStart(chunk.charCodeAt(i))) return null;
    this.received += n;
    let events: StreamEvent[];
    if (this.mode === Mode.Text) {
      const out = this.content.write(chunk);
      events = out.length > 0 ? [{ type: 'text', text: out }] : [];
    } else if (this.mode === Mode.Reasoning) {
      const out = this.reasoningSink.write(chunk);
      events = out.length > 0 ? [{ type: 'reasoning', text: out }] : [];
    } else {
      this.events = events = [];
      this.appendBody(chunk, 0, n);
    }
    this.prevCode = chunk.charCodeAt(n - 1);
    this.lineIndent = indentAfter(chunk, n, this.lineIndent);
    this.offset += n;
    return events;
  }

  // ---------------------------------------------------------------- the scan

  /** Scans `work` (the carry plus new text). Leaves what must wait for more input in `carry`. */
  private run(work: string, final: boolean): void {
    let pos = 0;
    const n = work.length;
    this.carry = '';
    this.work = work;
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
        if (hold > 0) this.prevCode = work.charCodeAt(hold - 1);
        this.lineIndent = indentAfter(work, hold, this.lineIndent);
        this.carry = work.slice(hold);
        this.offset += hold;
        return;
      }
      pos = next;
    }
    if (n > 0) this.prevCode = work.charCodeAt(n - 1);
    this.lineIndent = indentAfter(work, n, this.lineIndent);
    this.offset += n;
  }

  private scanText(work: string, pos: number, final: boolean): number {
    const n = work.length;
    const markers = this.compiled.textMarkers;
    if (this.pending !== null) {
      const decided = this.decidePending(work, pos, final);
      if (decided !== pos) return decided;
    }
    if (this.compiled.startMarkers !== null && !this.content.hasText) {
      const started = this.scanOutputStart(work, pos, final);
      if (started !== pos) return started;
    }
    if (!this.wholeDecided) {
      let p = pos;
      while (p < n && isSpace(work.charCodeAt(p))) p++;
      if (p === n) {
        this.text(work.slice(pos));
        return n;
      }
      const m = markers.matchAt(work, p, final);
      if (m === 'partial') return -p - 1;
      const kind = m === null ? null : m.value.kind;
      const isNeutral = kind === 'reasoning' || kind === 'strip' || kind === 'separator';
      if (!isNeutral) {
        this.wholeDecided = true;
        // A block's marker is stronger than a bare form's first character (`[TOOL_CALLS]` is not
        // a pythonic list): the block is read, and streams, as it would alone.
        // (A block proven only by a stray closer is weaker than the whole-output form, and so is
        // one that yields to it: the whole output is read as calls first, and only if it is not
        // all calls does the block read it.)
        const value = m === null ? null : m.value;
        const bare = value !== null && value.kind === 'block' && value.spec.yieldsToWhole === true;
        const weakBlock =
          value !== null && value.kind === 'block' && (value.spec.provenBy !== undefined || bare);
        if ((kind !== 'block' || weakBlock) && this.compiled.spec.whole!.startChars.includes(work[p]!)) {
          this.text(work.slice(pos, p));
          this.mode = Mode.Whole;
          this.wholeForBare = bare;
          this.blockOffset = this.offset + p;
          return p;
        }
      }
    }
    let from = pos;
    for (;;) {
      const c =
        work.length <= 32 ? walkCandidate(markers, work, from) : this.textCursorFor(work).nextCandidate(from);
      if (c === -1) {
        this.text(work.slice(pos));
        return n;
      }
      const m = markers.matchAt(work, c, final);
      if (m === null) {
        from = c + 1;
        continue;
      }
      if (m === 'partial') {
        this.text(work.slice(pos, c));
        return -c - 1;
      }
      const marker = m.value;
      switch (marker.kind) {
        case 'backtick': {
          let end = c;
          while (end < n && work.charCodeAt(end) === BACKTICK) end++;
          if (end === n && !final) {
            this.text(work.slice(pos, c));
            return -c - 1;
          }
          const ticks = end - c;
          if (ticks >= 3 && this.atLineStart(work, c, 3)) {
            const nl = work.indexOf('\n', end);
            if (nl === -1 && !final && n - c < MAX_FENCE_LINE) {
              this.text(work.slice(pos, c));
              return -c - 1;
            }
            const lineEnd = nl === -1 ? n : nl + 1;
            const info = firstWord(work, end, nl === -1 ? n : nl);
            const block = this.compiled.fences.get(info);
            this.text(work.slice(pos, c));
            if (block) {
              this.enterBlock(block, work.slice(c, lineEnd), c);
              this.blockFence = ticks;
              this.fenceAtLineStart = true;
            } else {
              this.mode = Mode.Fence;
              this.fenceTicks = ticks;
              this.fenceAtLineStart = true;
              // With declared tools, a fence may hold nothing but call markup (semantics 4): hold
              // it until its first character says whether it could.
              this.fenceProbe = this.opts.tools !== null && this.probeFences ? 1 : 0;
              if (this.fenceProbe) {
                this.fenceOpen = work.slice(c, lineEnd);
                this.fencePieces = [];
              } else {
                this.text(work.slice(c, lineEnd));
              }
            }
            return lineEnd;
          }
          this.text(work.slice(pos, end));
          this.mode = Mode.InlineCode;
          this.inlineTicks = ticks;
          return end;
        }
        case 'block': {
          if (marker.spec.lineStart && !this.atLineStart(work, c, 3)) {
            from = c + 1;
            continue;
          }
          this.wholeDecided = true;
          const prose = this.proseAfterOpen(marker.spec, work, c + m.marker.length);
          if (prose !== -1) {
            // What checkBodyStart would decide after entering the block, decided here: the
            // marker and the blanks after it are text (`Wrap calls in <tool_call> tags`).
            from = prose;
            continue;
          }
          this.text(work.slice(pos, c));
          this.enterBlock(marker.spec, m.marker, c);
          return c + m.marker.length;
        }
        case 'reasoning':
        case 'strip':
        case 'separator': {
          // A token named in a sentence (`the <|im_end|> token`, `wraps it in [THINK] and …`)
          // stays text (architecture/precision.md); so does a run of them glued together
          // (`verbose: <|start|>assistant<|channel|>final<|message|> just to say hello`).
          // Only a token after a blank can start a named run; the rest of a run is glued to the
          // token before it, so each run is walked once (linear time).
          const runEnd =
            marker.kind === 'reasoning' || !this.afterBlank(work, c)
              ? c + m.marker.length
              : this.neutralRunEnd(work, c + m.marker.length, final);
          if (runEnd === -1) {
            this.text(work.slice(pos, c));
            return -c - 1;
          }
          const named =
            runEnd === -2
              ? false
              : this.namedInSentence(work, c, runEnd, runEnd > c + m.marker.length, final);
          if (named === 'hold') {
            this.text(work.slice(pos, c));
            return -c - 1;
          }
          if (named) {
            from = runEnd;
            continue;
          }
          this.text(work.slice(pos, c));
          if (marker.kind === 'separator') this.content.separate();
          this.content.cut();
          if (marker.kind === 'reasoning') this.enterReasoning(marker.spec);
          return c + m.marker.length;
        }
        case 'label':
          if (!this.atLineStart(work, c, 3)) {
            from = c + 1;
            continue;
          }
          this.text(work.slice(pos, c));
          this.content.cut();
          this.matched ??= this.compiled.spec.id;
          return c + m.marker.length;
      }
    }
  }

  /**
   * Where the output's text starts (no content yet): an `outputStart` block's marker at the first
   * non-blank character opens it. Returns where the scan goes on, `pos` when nothing opened.
   * Each call looks at one position, and only until the first content is written.
   */
  private scanOutputStart(work: string, pos: number, final: boolean): number {
    const n = work.length;
    let p = pos;
    while (p < n && isSpace(work.charCodeAt(p))) p++;
    if (p === n) return pos;
    const m = this.compiled.startMarkers!.matchAt(work, p, final);
    if (m === 'partial') {
      this.text(work.slice(pos, p));
      return -p - 1;
    }
    if (m === null || m.value.kind !== 'block' || !this.atLineStart(work, p, 3)) return pos;
    this.wholeDecided = true;
    this.text(work.slice(pos, p));
    this.enterBlock(m.value.spec, m.marker, p);
    return p + m.marker.length;
  }

  private scanReasoning(work: string, pos: number, final: boolean): number {
    const close = this.reasoningClose!;
    const found = this.closeCursorFor(close).nextMarker(pos);
    if (found) {
      // A longer close may still complete where this one starts (`<|start|>`, then
      // `<|start|>assistant`): wait for the text that tells them apart, as batch would see it.
      if (
        !final &&
        found.at + close.maxLength > work.length &&
        close.matchAt(work, found.at, false) === 'partial'
      ) {
        this.reasoning(work.slice(pos, found.at));
        return -found.at - 1;
      }
      this.reasoning(work.slice(pos, found.at));
      this.mode = Mode.Text;
      this.content.cut();
      // A `closeBefore` marker belongs to what follows: the text scan reads it again.
      if (this.reasoningCloseBefore?.has(found.match.marker)) return found.at;
      return found.at + found.match.marker.length;
    }
    const hold = final ? work.length : close.holdbackStart(work, pos);
    this.reasoning(work.slice(pos, hold));
    return hold === work.length ? hold : -hold - 1;
  }

  private scanBlock(work: string, pos: number, final: boolean): number {
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
      const tracker = this.tracker!;
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
        const body = this.bodyPieces.join('') + work.slice(pos, found.at);
        read = this.parseBody(block.body, body, true);
        // A body without a quote has no string open, whatever it holds (an empty call).
        if (read.strictJson !== true && body.indexOf('"') !== -1) {
          this.lazyGuard = false;
          this.tracker = new JsonBoundaryTracker();
          this.tracker.track(body, 0, body.length);
        }
      }
      if (this.tracker) {
        this.tracker.track(work, this.trackedIn(work, pos), found.at);
        if (this.tracker.inString) {
          read = undefined;
          if (this.skippedClose === -1) {
            this.skippedClose = this.bodyLength + (found.at - pos);
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
    let p = pos;
    while (p < n && isSpace(work.charCodeAt(p))) p++;
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
    let p = pos;
    while (p < n && isSpace(work.charCodeAt(p))) p++;
    if (p === n) {
      this.appendBody(work, pos, n);
      return n;
    }
    const closes = this.blockClose;
    const close = closes?.canStart(work.charCodeAt(p)) ? closes.matchAt(work, p, final) : null;
    if (close === 'partial') {
      this.appendBody(work, pos, p);
      return -p - 1;
    }
    this.awaitingBodyStart = false;
    // An empty block (`<tool_call></tool_call>`) is still the format's markup.
    const block = this.block!;
    const first = work[p]!;
    // A name right after the marker (`<tool_call>get_weather`) is a body; after a blank it is prose.
    const tight = p === pos && this.bodyLength === 0 && block.bodyStartTight?.includes(first) === true;
    if (close !== null || block.bodyStart!.includes(first) || tight) {
      // A JSON guard guards JSON: a body that starts otherwise (XML parameters of a merged
      // `<tool_call>`) has no JSON strings, and a stray quote in it must not hide the close.
      const json = first === '{' || first === '[' || first === '"';
      if (block.close === 'json-end' || json) this.startGuard(block);
      // The blanks before the body are already in it; the guard need not see them.
      if (this.tracker) this.tracker.consumed = this.bodyLength;
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
  private proseAfterOpen(block: BlockSpec, work: string, after: number): number {
    const starts = block.bodyStart;
    if (starts === undefined) return -1;
    const n = work.length;
    let p = after;
    while (p < n && isSpace(work.charCodeAt(p))) p++;
    if (p === n) return -1;
    const first = work[p]!;
    if (starts.includes(first)) return -1;
    if (p === after && block.bodyStartTight?.includes(first) === true) return -1;
    // A close marker first makes an (empty) block; one that may still be coming waits.
    const closes = this.compiled.closeSets.get(block);
    if (closes?.canStart(work.charCodeAt(p)) && closes.matchAt(work, p) !== null) return -1;
    return p;
  }

  /** Where, in `work`, the guard has not looked yet (it may have looked past `pos` already). */
  private trackedIn(work: string, pos: number): number {
    const seenInWork = this.tracker!.consumed - this.bodyLength;
    return Math.min(work.length, pos + Math.max(0, seenInWork));
  }

  private scanFencedBlock(work: string, pos: number, final: boolean): number {
    const n = work.length;
    let p = pos;
    for (;;) {
      if (this.fenceAtLineStart) {
        const close = fenceCloseAt(work, p, this.blockFence, final);
        if (close === 'partial') {
          this.appendBody(work, pos, p);
          return -p - 1;
        }
        if (close !== -1) {
          this.appendBody(work, pos, p);
          this.completeBlock(true, work.slice(p, close));
          return close;
        }
      }
      const nl = work.indexOf('\n', p);
      if (nl === -1) {
        this.fenceAtLineStart = false;
        this.appendBody(work, pos, n);
        return n;
      }
      p = nl + 1;
      this.fenceAtLineStart = true;
      if (p === n) {
        this.appendBody(work, pos, n);
        return n;
      }
    }
  }

  private scanFence(work: string, pos: number, final: boolean): number {
    const n = work.length;
    let p = pos;
    for (;;) {
      if (this.fenceAtLineStart) {
        const close = fenceCloseAt(work, p, this.fenceTicks, final);
        if (close === 'partial') {
          this.fenceOut(work.slice(pos, p));
          return -p - 1;
        }
        if (close !== -1) {
          this.fenceOut(work.slice(pos, p));
          this.closeFence(work.slice(p, close));
          return close;
        }
      }
      const nl = work.indexOf('\n', p);
      if (nl === -1) {
        this.fenceAtLineStart = false;
        this.fenceOut(work.slice(pos));
        return n;
      }
      p = nl + 1;
      this.fenceAtLineStart = true;
      if (p === n) {
        this.fenceOut(work.slice(pos));
        return n;
      }
    }
  }

  /** Text inside a fence: released, or held while the fence may turn out to be call markup. */
  private fenceOut(s: string): void {
    if (this.fenceProbe === 0) {
      this.text(s);
      return;
    }
    this.fencePieces.push(s);
    if (this.fenceProbe === 2) return;
    let i = 0;
    while (i < s.length && isSpace(s.charCodeAt(i))) i++;
    if (i === s.length) return;
    const code = s.charCodeAt(i);
    // Call markup starts with a marker, or, in a format with a whole-output form, with one of its
    // start characters (a fence holding a bare JSON call list).
    const whole = this.compiled.spec.whole;
    if (
      code !== BACKTICK &&
      (this.compiled.textMarkers.canStart(code) || whole?.startChars.includes(s[i]!) === true)
    ) {
      this.fenceProbe = 2;
      return;
    }
    this.fenceProbe = 0;
    this.text(this.fenceOpen + this.fencePieces.join(''));
    this.fencePieces = [];
  }

  private closeFence(closeLine: string): void {
    this.mode = Mode.Text;
    if (this.fenceProbe === 0) {
      this.text(closeLine);
      return;
    }
    const body = this.fencePieces.join('');
    this.fencePieces = [];
    this.fenceProbe = 0;
    const raw = this.fenceOpen + body + closeLine;
    const fence = this.callsOnly(body);
    if (fence === null) {
      this.text(raw);
      return;
    }
    if (!this.opts.mentions) {
      this.emitFence(fence);
      return;
    }
    // A fence of calls counts on strong evidence (architecture/precision.md): a documentation page
    // shows the same fence and then explains it; a model that fences its calls stops after them.
    this.pending = {
      read: { calls: [] },
      raw,
      offset: this.offset,
      format: undefined,
      glued: false,
      strong: true,
      closed: true,
      provenBy: null,
      ownLine: true,
      midLine: false,
      fence,
    };
    this.pendingBlank = '';
    this.pendingKeep = '';
  }

  /** The calls a fence of calls holds go out (see callsOnly). */
  private emitFence(fence: FenceCalls): void {
    this.matched ??= fence.format;
    this.content.cut();
    const base = this.callIndex;
    for (const e of fence.events) {
      this.events.push({ ...e, index: base + e.index });
      if (e.type === 'tool-call-end') this.noteId(e.call.id);
    }
    this.callIndex = base + fence.callIndex;
    this.callCount += fence.calls;
  }

  /**
   * A fence whose body is nothing but call markup for declared tools counts as calls: read the
   * body with a parser of the same format (which does not probe fences again: one level, linear)
   * and take its calls only if it found calls and nothing else.
   */
  private callsOnly(body: string): FenceCalls | null {
    // Ids come from this parser's sequence, and a spare one goes back to it (see takeId).
    const opts = { ...this.opts, generateId: () => this.takeId() };
    const nested = new MarkupStreamParser(this.compiled, opts, false, this.foldOnly);
    const events = [...nested.push(body), ...nested.end()];
    if (nested.spareId !== null) this.spareId = nested.spareId;
    const tools = this.opts.tools!;
    let calls = 0;
    const callEvents: Array<Extract<StreamEvent, { index: number }>> = [];
    for (const e of events) {
      if (e.type === 'tool-call-end') {
        if (!tools.has(e.call.name)) return null;
        calls++;
        callEvents.push(e);
      } else if (
        e.type === 'tool-call-start' ||
        e.type === 'tool-call-delta' ||
        e.type === 'tool-call-abort'
      ) {
        callEvents.push(e);
      } else {
        return null;
      }
    }
    if (calls === 0 || this.callCount + calls > this.opts.maxCalls) return null;
    return { events: callEvents, calls, callIndex: nested.callIndex, format: nested.format };
  }

  /**
   * Inline code runs to a backtick run of the same length or to the end of the line. (Markdown
   * lets a span cross lines; a line is enough for model output, and it keeps the scan one pass.)
   */
  private scanInlineCode(work: string, pos: number, final: boolean): number {
    const n = work.length;
    for (let i = pos; i < n; i++) {
      const c = work.charCodeAt(i);
      if (c === LINE_FEED) {
        this.text(work.slice(pos, i + 1));
        this.mode = Mode.Text;
        return i + 1;
      }
      if (c === BACKTICK) {
        let end = i;
        while (end < n && work.charCodeAt(end) === BACKTICK) end++;
        if (end === n && !final) {
          this.text(work.slice(pos, i));
          return -i - 1;
        }
        if (end - i === this.inlineTicks) {
          this.text(work.slice(pos, end));
          this.mode = Mode.Text;
          return end;
        }
        i = end - 1;
      }
    }
    this.text(work.slice(pos));
    return n;
  }

  private textCursorFor(work: string): MarkerCursor<TextMarker> {
    this.textCursor ??= this.compiled.textMarkers.cursor(work);
    return this.textCursor;
  }

  private closeCursorFor(set: MarkerSet<true>): MarkerCursor<true> {
    if (this.closeCursor === null || this.closeCursorSet !== set) {
      this.closeCursor = set.cursor(this.work);
      this.closeCursorSet = set;
    }
    return this.closeCursor;
  }

  // ---------------------------------------------------------------- blocks

  private enterReasoning(spec: ReasoningSpec): void {
    this.mode = Mode.Reasoning;
    this.reasoningClose = this.compiled.reasoningCloses.get(spec)!;
    this.reasoningCloseBefore = this.compiled.reasoningClosesBefore.get(spec) ?? null;
    this.reasoningSink.separate();
  }

  private enterBlock(block: BlockSpec, open: string, at: number): void {
    const before = at > 0 ? this.work.charCodeAt(at - 1) : this.prevCode;
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
    // Every way out of a block takes its body (takeBody), so the list is usually empty here.
    if (this.bodyPieces.length > 0) this.bodyPieces = [];
    this.bodyLength = 0;
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
      const last = this.blockOpen.charCodeAt(this.blockOpen.length - 1);
      if (last === BRACE_OPEN || last === BRACKET_OPEN) {
        this.tracker.depth = 1;
        this.tracker.started = true;
      }
    } else if (block.guard === 'json' && !this.refeeding) {
      if (typeof block.close === 'string' || Array.isArray(block.close)) {
        if (!block.trailing) this.lazyGuard = true;
        else this.tracker = new JsonBoundaryTracker();
      } else this.tracker = new JsonBoundaryTracker();
    }
  }

  private appendBody(work: string, from: number, to: number): void {
    if (to <= from) return;
    const piece = work.slice(from, to);
    this.bodyPieces.push(piece);
    this.bodyLength += piece.length;
    // Keep the guard in step, so that it never rescans a piece.
    if (this.tracker && this.block?.close !== 'json-end' && this.tracker.consumed < this.bodyLength) {
      const start = piece.length - (this.bodyLength - this.tracker.consumed);
      this.tracker.track(piece, Math.max(0, start), piece.length);
    }
    if (this.argumentStream !== null) this.sendArguments(piece, 0, piece.length);
    if (this.bodyLength >= this.announceAt) this.tryAnnounce();
  }

  private sendArguments(text: string, from: number, to: number): void {
    const delta = this.argumentStream!.feed(text, from, to);
    if (delta !== '')
      this.events.push({ type: 'tool-call-delta', index: this.announced!.index, argumentsDelta: delta });
  }

  /**
   * Asks the block's `announce` for the first call's name at body lengths 16, 32, … 1024: the
   * same prefixes in every chunking, so the announcement (and the id it takes) is the same in
   * batch and stream; a handful of questions per block keeps the cost bounded.
   */
  private tryAnnounce(): void {
    const announce = this.block?.announce;
    if (!announce || this.announced) {
      this.announceAt = Number.POSITIVE_INFINITY;
      return;
    }
    const body = this.bodyPieces.length === 1 ? this.bodyPieces[0]! : this.bodyPieces.join('');
    this.bodyPieces = [body];
    while (this.announceAt <= LAST_ANNOUNCE && this.bodyLength >= this.announceAt) {
      let said: string | AnnouncedCall | null = null;
      try {
        said = announce(body.slice(0, this.announceAt), this.blockOpen);
      } catch {
        said = null;
      }
      this.announceAt *= 2;
      const name = typeof said === 'string' ? said : (said?.name ?? '');
      if (typeof name === 'string' && name.trim() !== '') {
        this.announceAt = Number.POSITIVE_INFINITY;
        const id =
          typeof said === 'object' && typeof said?.id === 'string' && said.id !== '' ? said.id : null;
        this.announceCall(name.trim(), id);
        const where = typeof said === 'object' ? said?.arguments : undefined;
        if (this.announced !== null && where !== undefined) this.startArguments(where, body);
        return;
      }
    }
    if (this.announceAt > LAST_ANNOUNCE) this.announceAt = Number.POSITIVE_INFINITY;
  }

  private announceCall(name: string, ownId: string | null): void {
    const tools = this.opts.tools;
    if (tools && !tools.has(name) && this.opts.unknownTools === 'drop') return;
    if (this.callCount >= this.opts.maxCalls) return;
    const id = ownId ?? this.takeId();
    const index = this.callIndex++;
    this.announced = { index, id, name, generated: ownId === null };
    this.events.push({ type: 'tool-call-start', index, id, name });
  }

  /** The announced call's arguments are in its body at `where`: send what of them is here. */
  private startArguments(where: ArgumentsAt, body: string): void {
    if (typeof where !== 'object' || where === null) return;
    this.argumentStream = new ArgumentStream(where);
    this.sendArguments(body, 0, body.length);
  }

  /** An announced call that did not come: withdraw it (its id goes to the next call). */
  private settleAnnouncement(): void {
    if (this.announced) this.withdraw(this.announced);
    this.announceAt = Number.POSITIVE_INFINITY;
  }

  private withdraw(announced: { index: number; id: string; generated: boolean }): void {
    this.events.push({ type: 'tool-call-abort', index: announced.index });
    this.announced = null;
    this.argumentStream = null;
    if (announced.generated) this.spareId = announced.id;
  }

  /**
   * The id for the next call. `generateId` is asked once per call that is extracted, in order:
   * an announcement borrows the id its call will take, and a withdrawn one hands it on. So the
   * ids of the result are the same whether or not calls were announced, streamed or batch.
   */
  private takeId(): string {
    const spare = this.spareId;
    if (spare === null) return this.newId();
    this.spareId = null;
    return spare;
  }

  /**
   * A fresh id from the caller's generateId. One that throws or gives no string is the caller's
   * bug, not the model's: the call still comes out, with a built-in id, and one issue at the end
   * names generateId (architecture/contract.md). The same in batch, stream and rescue.
   */
  private newId(): string {
    let id: unknown;
    try {
      id = this.opts.generateId();
      if (typeof id === 'string') return id;
      this.idFailure ??= `returned ${typeof id === 'object' ? String(id) : typeof id}, not a string`;
    } catch (error) {
      this.idFailure ??= `threw ${String(error)}`;
    }
    const fallback = defaultGenerateId();
    this.fallbackIds ??= new Set();
    this.fallbackIds.add(fallback);
    return fallback;
  }

  /** A call went out: note whether its id is one given in place of generateId's. */
  private noteId(id: string): void {
    if (this.fallbackIds?.has(id)) this.fallbackUsed = true;
  }

  private reportIdFailure(): void {
    if (!this.fallbackUsed || this.idFailure === null) return;
    this.fallbackUsed = false;
    this.issue({
      kind: 'internal-error',
      message: `generateId ${this.idFailure}: the calls it could not name got toolformat's own ids (call_…). Fix the generateId passed in the parse options.`,
    });
  }

  private takeBody(): string {
    const pieces = this.bodyPieces;
    if (pieces.length === 0) {
      this.bodyLength = 0;
      return '';
    }
    const body = pieces.length === 1 ? pieces[0]! : pieces.join('');
    // A fresh list: cheaper in V8 than setting `length` on the old one.
    this.bodyPieces = [];
    this.bodyLength = 0;
    return body;
  }

  /** The block's body is complete (closed by `close`, or cut off by the end when `closed` is false). */
  private completeBlock(closed: boolean, close: string, read?: BodyResult): void {
    const block = this.block!;
    const body = this.takeBody();
    this.mode = Mode.Text;
    this.block = null;
    this.tracker = null;
    this.lazyGuard = false;
    if (!closed && block.unclosed === 'text') {
      this.settleAnnouncement();
      this.refeed(this.blockOpen + body + close, this.blockOffset);
      return;
    }
    this.finishBody(block.body, body, close, closed, block.format, read);
  }

  /** `close` is the close marker that ended the body (or ''): the block's raw text is open + body + close. */
  private finishBody(
    parser: BlockSpec['body'],
    body: string,
    close: string,
    closed: boolean,
    format: string | undefined,
    read?: BodyResult,
  ): boolean {
    const ok = this.readBody(parser, body, close, closed, format, read);
    if (this.pending === null) this.settleAnnouncement();
    return ok;
  }

  private readBody(
    parser: BlockSpec['body'],
    body: string,
    close: string,
    closed: boolean,
    format: string | undefined,
    read?: BodyResult,
  ): boolean {
    const result = read ?? this.parseBody(parser, body, closed);
    // The raw text is built only where it is used: a thought or a clean call never needs it.
    if (result.notMarkup) {
      // Not this format's markup after all (a ```json fence holding an ordinary example): text.
      this.text(this.blockOpen + body + close);
      return false;
    }
    if (
      result.error !== undefined ||
      (result.calls.length === 0 && result.text === undefined && result.reasoning === undefined)
    ) {
      // A marker named in a sentence (`[TOOL_CALLS] followed by…`) is prose, not a broken call.
      if (this.opts.mentions && this.blockMidLine && opensProse(body)) {
        this.text(this.blockOpen + body + close);
        return false;
      }
      // Cut off by the end after a blank in a line of prose (`shows <｜tool▁call▁begin｜>function…`):
      // the marker is named in the sentence; the words stay as written.
      if (this.opts.mentions && !closed && this.blockCloses && this.blockMidLine && holdsProse(body)) {
        this.text(this.blockOpen + body + close);
        return false;
      }
      // Broken or empty (`<tool_call></tool_call> tags`): what follows decides too.
      if (!this.opts.mentions) {
        this.matched ??= result.format ?? format ?? this.compiled.spec.id;
        this.malformed(
          this.blockOpen + body + close,
          result.error ?? 'the block holds no call',
          this.blockOffset,
          closed || !this.blockCloses ? 'malformed-call' : 'partial-call',
        );
        return false;
      }
      this.holdBlock(
        result.error !== undefined ? result : { ...result, error: EMPTY_BLOCK },
        body + close,
        format,
        {
          closed: closed || !this.blockCloses,
          provenBy: null,
          empty: body.trim() === '',
        },
      );
      return false;
    }
    // Tokens that hold no call, named in a sentence (`verbose: <|start|>assistant<|channel|>final
    // <|message|> just to say hello`): the tokens are the prose's, not markup to cut.
    if (
      result.calls.length === 0 &&
      this.opts.mentions &&
      this.blockMidLine &&
      result.error === undefined &&
      (result.issues === undefined || result.issues.length === 0)
    ) {
      this.text(this.blockOpen + body + close);
      return false;
    }
    if (
      result.calls.length === 0 &&
      result.text !== undefined &&
      this.opts.mentions &&
      this.blockMidLine &&
      opensProse(body) &&
      hasMalformed(result)
    ) {
      this.text(this.blockOpen + body + close);
      return false;
    }
    // A block that held only a broken call (reported in its issues, `calls: []`): what follows
    // decides between a broken call and a quoted example, as for an error.
    if (
      result.calls.length === 0 &&
      this.opts.mentions &&
      hasMalformed(result) &&
      (result.text === undefined || result.text.trim() === '')
    ) {
      this.holdBlock(result, body + close, format, {
        closed: closed || !this.blockCloses,
        provenBy: null,
        brokenOnly: true,
      });
      return false;
    }
    if (result.calls.length > 0 && (this.opts.mentions || this.blockStrong || this.blockProvenBy !== null)) {
      // Call or mention: what follows the block decides (decidePending).
      this.holdBlock(result, body + close, format, { closed, provenBy: this.blockProvenBy });
      return true;
    }
    this.emitBlock(result, '', format, this.blockOffset);
    return true;
  }

  /** Holds the block just read until what follows it decides call or mention (decidePending). */
  private holdBlock(
    read: BodyResult,
    rest: string,
    format: string | undefined,
    how: Pick<NonNullable<MarkupStreamParser['pending']>, 'closed' | 'provenBy' | 'empty' | 'brokenOnly'>,
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

  /** A block's reading goes out: its issues, reasoning, text and calls. */
  private emitBlock(result: BodyResult, blockRaw: string, format: string | undefined, offset: number): void {
    this.matched ??= result.format ?? format ?? this.compiled.spec.id;
    this.content.cut();
    if (result.issues) for (const issue of result.issues) this.issue(issueAt(issue, offset));
    if (result.reasoning !== undefined && result.reasoning !== '') {
      this.reasoningSink.separate();
      this.reasoning(result.reasoning);
    }
    if (result.text !== undefined) {
      this.text(result.text);
      this.content.cut();
    }
    for (const call of result.calls) this.emitCall(call, blockRaw);
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
  private decidePending(work: string, pos: number, final: boolean): number {
    const n = work.length;
    if (this.pending!.provenBy !== null) return this.decideProven(work, pos, final, this.pending!.provenBy);
    const strong = this.strongEvidence(this.pending!);
    let p = pos;
    for (; p < n; p++) {
      const c = work.charCodeAt(p);
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
    const c = work.charCodeAt(p);
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
    let p = pos;
    while (p < n && isSpace(work.charCodeAt(p))) p++;
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
  private afterBlank(work: string, c: number): boolean {
    const before = c > 0 ? work.charCodeAt(c - 1) : this.prevCode;
    return before === SPACE || before === TAB;
  }

  /**
   * Where a run of neutral tokens (strip tokens, separators) glued one after another ends, from
   * `e` (the end of the first); -1 when the text ends inside what may be one more; -2 when the run
   * is longer than prose names (MAX_NAMED_RUN tokens). The cap keeps streaming linear: a run held
   * back for the text after it is walked again on the next push, so it must stay short.
   */
  private neutralRunEnd(work: string, e: number, final: boolean): number {
    const markers = this.compiled.textMarkers;
    for (let tokens = 1; ; tokens++) {
      if (e >= work.length || !markers.canStart(work.charCodeAt(e))) return e;
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
  private namedInSentence(
    work: string,
    c: number,
    e: number,
    run: boolean,
    final: boolean,
  ): boolean | 'hold' {
    if (!this.opts.mentions || !this.afterBlank(work, c)) return false;
    const n = work.length;
    let p = e;
    while (p < n && (work.charCodeAt(p) === SPACE || work.charCodeAt(p) === TAB)) p++;
    // A sentence does not go on after a gap this wide; and the token is held back (and these
    // blanks walked again on each push) only while the gap is short, which keeps streaming linear.
    if (p - e > MAX_NAMED_GAP) return false;
    if (p >= n) return final ? false : 'hold';
    // Text glued to a run of two or more tokens is the next message's, however it starts
    // (`! <|end|><|start|>assistant<|channel|>final<|message|>=`): prose names a run and goes on
    // after a blank. Glued punctuation carries a sentence on only after a single token (`[THINK],`).
    if (run && p === e) return false;
    return continuesSentence(work.charCodeAt(p), p === e);
  }

  /**
   * A broken block named in a line of prose (a blank before it): any text after it on its line,
   * a new sentence too, makes it a quoted example rather than a broken call.
   */
  private blockMidLineOf(pending: NonNullable<MarkupStreamParser['pending']>): boolean {
    return pending.midLine;
  }

  /** Strong evidence is demanded of this reading: strict mode, or another format than the trusted one. */
  private strongEvidence(pending: NonNullable<MarkupStreamParser['pending']>): boolean {
    if (this.opts.strict || pending.strong) return true;
    const trusted = this.compiled.spec.trusted;
    if (trusted === undefined) return false;
    const format = pending.read.format ?? pending.format ?? this.compiled.spec.id;
    return !sameFamily(format, trusted);
  }

  /** Blanks after a waiting block, held with it until it is settled. */
  private holdBlank(s: string): void {
    if (s === '') return;
    this.pendingBlank += s;
    this.pendingKeep += s;
  }

  /** Settles the waiting block: its calls go out (`stands`), or its raw text goes to content. */
  private settlePending(stands: boolean): void {
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
    if (pending.brokenOnly === true) {
      if (stands) {
        this.emitBlock(pending.read, pending.raw, pending.format, pending.offset);
        this.text(kept);
      } else {
        this.text(pending.raw + held);
      }
      return;
    }
    if (pending.fence !== undefined) {
      if (stands) {
        this.emitFence(pending.fence);
        this.text(kept);
      } else {
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

  /** With tools declared, every call names one of them (no tools declared: nothing to check). */
  private namesDeclared(read: BodyResult): boolean {
    const tools = this.opts.tools;
    if (tools === null) return true;
    for (const call of read.calls) {
      const name = typeof call.name === 'string' ? call.name.trim() : '';
      if (!tools.has(name)) return false;
    }
    return true;
  }

  /** Runs a block's body parser (a pure function of the body and the context). */
  private parseBody(parser: BlockSpec['body'], body: string, closed: boolean): BodyResult {
    // One context object per parser, refilled: body parsers read it during the call only.
    const ctx = this.bodyContext;
    ctx.closed = closed;
    ctx.open = this.blockOpen;
    try {
      return parser(body, ctx);
    } catch (error) {
      return { calls: [], error: `the format's body parser failed: ${String(error)}` };
    }
  }

  /** A span that looked like a call and did not become one; `partial-call` when the output ended inside it. */
  private malformed(raw: string, why: string, offset: number, kind = 'malformed-call'): void {
    const keep = this.opts.onMalformed === 'keep';
    // The same reason again (a run of broken blocks) shares the message built the first time.
    if (why !== this.malformedWhy) {
      this.malformedWhy = why;
      this.malformedMessage = `${keep ? 'Kept as text' : 'Removed'}: a span that looked like a call did not parse (${why}).`;
    }
    this.issue({ kind, message: this.malformedMessage, raw, offset });
    if (keep) this.text(raw);
    else this.content.cut();
  }

  private emitCall(raw: RawCall, blockRaw: string): void {
    const name = typeof raw.name === 'string' ? raw.name.trim() : '';
    if (name.length === 0) {
      this.issue({ kind: 'malformed-call', message: 'A call without a name was removed.', raw: blockRaw });
      return;
    }
    if (this.callCount >= this.opts.maxCalls) {
      this.dropOverLimit(safeJson(raw), this.blockOffset, 1);
      return;
    }
    const tools = this.opts.tools;
    if (tools && !tools.has(name)) {
      const drop = this.opts.unknownTools === 'drop';
      this.issue({
        kind: 'unknown-tool',
        message: `"${name}" is not a declared tool${drop ? '; the call was dropped' : ''}.`,
        raw: safeJson(raw),
        offset: this.blockOffset,
      });
      if (drop) return;
    }
    const normalized = normalizeArguments(raw.arguments);
    if (normalized.issue !== undefined) {
      this.issue({
        kind: 'malformed-call',
        message: `Arguments of "${name}": ${normalized.issue}`,
        raw: safeJson(raw),
      });
    }
    const announced = this.announced;
    this.announced = null;
    // The arguments' JSON, for the deltas (a fold builds none).
    const json = this.foldOnly ? '' : safeJson(normalized.arguments);
    const sent = this.argumentStream?.sent ?? '';
    this.argumentStream = null;
    // The announcement is this call's when the name matches and what streamed of its arguments is
    // the start of their JSON. Otherwise (the block was read again after a stray quote, a key was
    // written twice) it is withdrawn and the call starts afresh: the deltas of every call that
    // ends add up to its arguments.
    const reuse = announced !== null && announced.name === name && json.startsWith(sent);
    if (announced && !reuse) this.withdraw(announced);
    // A call that carries its own id leaves the announcement's for the next call.
    if (reuse && raw.id !== undefined && announced.generated) this.spareId = announced.id;
    const call: ToolCall = {
      id: raw.id ?? (reuse ? announced.id : this.takeId()),
      name,
      arguments: normalized.arguments,
    };
    const index = reuse ? announced.index : this.callIndex++;
    this.callCount++;
    if (!reuse) this.events.push({ type: 'tool-call-start', index, id: call.id, name });
    if (!this.foldOnly) {
      // What of the arguments' JSON has not been sent yet: all of it, unless they streamed.
      const rest = reuse ? json.slice(sent.length) : json;
      if (rest !== '') this.events.push({ type: 'tool-call-delta', index, argumentsDelta: rest });
    }
    this.events.push({ type: 'tool-call-end', index, call });
    if (this.fallbackIds !== null) this.noteId(call.id);
  }

  /** Scans `text` again in text mode, once: used when a span turned out not to be markup. */
  private refeed(text: string, offset: number): void {
    if (this.refeeding) {
      this.text(text);
      return;
    }
    const savedOffset = this.offset;
    this.refeeding = true;
    this.offset = offset;
    this.run(text, true);
    this.finishMode();
    this.refeeding = false;
    this.offset = savedOffset;
  }

  /** The output ended: settle whatever is open. */
  private finishMode(): void {
    switch (this.mode) {
      case Mode.Block: {
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
            const whole = this.takeBody();
            this.bodyPieces.push(whole);
            this.bodyLength = whole.length;
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
        return;
      }
      case Mode.Whole: {
        const whole = this.compiled.spec.whole!;
        const body = this.takeBody();
        this.mode = Mode.Text;
        const ok = this.tryWhole(whole, body);
        if (!ok) {
          this.wholeDecided = true;
          this.refeed(body, this.blockOffset);
        }
        return;
      }
      case Mode.Fence:
        // An unclosed fence runs to the end of the output: it is code, so text.
        if (this.fenceProbe !== 0) this.text(this.fenceOpen + this.fencePieces.join(''));
        this.fencePieces = [];
        this.fenceProbe = 0;
        this.mode = Mode.Text;
        return;
      default:
        this.mode = Mode.Text;
    }
  }

  private tryWhole(whole: NonNullable<MarkupSpec['whole']>, body: string): boolean {
    let result: BodyResult;
    try {
      result = whole.body(body, { options: this.opts, closed: true, open: '' });
    } catch {
      return false;
    }
    if (result.error !== undefined || result.calls.length === 0) return false;
    if (whole.onlyDeclaredTools && !declaredOrExact(result, this.opts)) return false;
    // Text after the calls: the block it stood in for reads calls anywhere in the text.
    if (this.wholeForBare && result.text !== undefined && result.text.trim() !== '') return false;
    // The evidence rule (architecture/precision.md): the sentence must not go on after the calls
    // on their line; with strong evidence demanded, nothing but blanks may follow them.
    const after = result.text ?? '';
    if (this.opts.strict || this.compiled.spec.trusted !== undefined) {
      const format = result.format ?? whole.format ?? this.compiled.spec.id;
      const strong = this.opts.strict || !sameFamily(format, this.compiled.spec.trusted!);
      if (strong && (after.trim() !== '' || !this.namesDeclared(result))) return false;
    }
    // (A whole body may trim the blank after its calls: the first word after them decides.)
    if (
      this.opts.mentions &&
      continuesSentence(after.trimStart().charCodeAt(0), false) &&
      after.trim() !== ''
    )
      return false;
    this.matched ??= result.format ?? whole.format ?? this.compiled.spec.id;
    this.blockOpen = '';
    if (result.issues) for (const issue of result.issues) this.issue(issueAt(issue, this.blockOffset));
    if (result.text !== undefined) this.text(result.text);
    this.content.cut();
    for (const call of result.calls) this.emitCall(call, body);
    return true;
  }

  // ---------------------------------------------------------------- output

  private text(s: string): void {
    if (s.length === 0) return;
    if (this.pending !== null) {
      // Blanks a block leaves behind (a trailing form's) wait with it for the decision.
      this.holdBlank(s);
      return;
    }
    const out = this.content.write(s);
    if (out.length === 0) return;
    if (this.folder !== null) this.folder.addText(out);
    else this.events.push({ type: 'text', text: out });
  }

  private reasoning(s: string): void {
    if (s.length === 0) return;
    const out = this.reasoningSink.write(s);
    if (out.length === 0) return;
    if (this.folder !== null) this.folder.addReasoning(out);
    else this.events.push({ type: 'reasoning', text: out });
  }

  private issue(issue: ParseIssue): void {
    // A body that stopped at maxCalls says so in its own words: that joins the one summary.
    if (issue.kind === 'limit-exceeded' && issue.message.startsWith(MAX_CALLS_MESSAGE)) {
      this.dropOverLimit(issue.raw ?? '', issue.offset, droppedIn(issue.message));
      return;
    }
    if (this.folder !== null) this.folder.addIssue(issue);
    else this.events.push({ type: 'issue', issue });
  }

  /**
   * A call past maxCalls (or a body's run of them: `count` null when the body did not say how
   * many). One issue for all of them, at the end (architecture/semantics.md): a flood of calls
   * must not become a flood of issues, and the end is where batch and every chunking agree.
   */
  private dropOverLimit(raw: string, offset: number | undefined, count: number | null): void {
    this.overLimit ??= { count: 0, counted: true, raws: new RawRuns(), offset };
    const over = this.overLimit;
    over.count += count ?? 1;
    if (count === null) over.counted = false;
    if (raw !== '') over.raws.push(raw);
  }

  private reportOverLimit(): void {
    const over = this.overLimit;
    if (over === null) return;
    this.overLimit = null;
    const n = `${over.counted ? '' : 'at least '}${over.count}`;
    const issue: ParseIssue = {
      kind: 'limit-exceeded',
      message: `${MAX_CALLS_MESSAGE} (${this.opts.maxCalls}) calls: ${n} more ${over.count === 1 && over.counted ? 'was' : 'were'} not extracted (their text is in raw; raise maxCalls to read them).`,
      raw: over.raws.join('\n'),
    };
    if (over.offset !== undefined) issue.offset = over.offset;
    if (this.folder !== null) this.folder.addIssue(issue);
    else this.events.push({ type: 'issue', issue });
  }

  private internalError(error: unknown): void {
    // A bug in a format must not become an exception in the caller's agent loop (semantics 9).
    this.issue({ kind: 'internal-error', message: `toolformat failed while parsing: ${String(error)}` });
  }

  // ---------------------------------------------------------------- line positions

  /** True when only up to `maxIndent` spaces stand between the last newline (or the start) and `at`. */
  private atLineStart(work: string, at: number, maxIndent: number): boolean {
    let count = 0;
    for (let j = at - 1; j >= 0; j--) {
      const c = work.charCodeAt(j);
      if (c === LINE_FEED) return true;
      if (c !== SPACE && c !== TAB) return false;
      if (++count > maxIndent) return false;
    }
    return this.lineIndent >= 0 && this.lineIndent + count <= maxIndent;
  }
}

/** How every maxCalls issue starts, the engine's and the bodies' (which the engine folds into one). */
const MAX_CALLS_MESSAGE = 'More than maxCalls';

/** How many calls a body's maxCalls issue says it left unread (`N more call(s)`), or null. */
function droppedIn(message: string): number | null {
  if (message.includes('" was not')) return 1; // one named call
  const m = /; (\d+) more call/.exec(message);
  return m ? Number(m[1]) : null;
}

/** Issues that say a reading is not all calls: a cut-off or broken call, text the model made up after it. */
const VOIDS_STRONG_EVIDENCE: ReadonlySet<string> = new Set([
  'partial-call',
  'malformed-call',
  'trailing-text',
]);

/** The reason given for a block that held nothing (no call, no text, no error of its own). */
const EMPTY_BLOCK = 'the block holds no call';

function hasMalformed(read: BodyResult): boolean {
  return read.issues?.some((i) => i.kind === 'malformed-call') === true;
}

function hasLineBreak(s: string): boolean {
  return s.indexOf('\n') !== -1 || s.indexOf('\r') !== -1;
}

function sameFamily(format: string, trusted: string): boolean {
  const family = (id: string) => {
    const colon = id.indexOf(':');
    return colon === -1 ? id : id.slice(0, colon);
  };
  return family(format) === family(trusted);
}

function walkCandidate(markers: MarkerSet<TextMarker>, work: string, from: number): number {
  for (let i = from; i < work.length; i++) if (markers.canStart(work.charCodeAt(i))) return i;
  return -1;
}

/** Indent state after `work[0, end)`: spaces since the last newline, or -1 (capped look-back). */
function indentAfter(work: string, end: number, before: number): number {
  let count = 0;
  for (let j = end - 1; j >= 0; j--) {
    const c = work.charCodeAt(j);
    if (c === LINE_FEED) return count;
    if (c !== SPACE && c !== TAB) return -1;
    if (++count > 8) return -1;
  }
  return before >= 0 ? before + count : -1;
}

/** The info word after a fence's backticks: ```` ```tool_call ```` → `tool_call`. */
function firstWord(work: string, from: number, to: number): string {
  let s = from;
  while (s < to && isSpace(work.charCodeAt(s))) s++;
  let e = s;
  while (e < to && !isSpace(work.charCodeAt(e)) && work.charCodeAt(e) !== BACKTICK) e++;
  return work.slice(s, e);
}

/**
 * At a line start: the index after a closing fence line of at least `ticks` backticks (up to
 * 3 spaces before, only spaces after), -1 when the line is not one, 'partial' when more input
 * is needed to tell.
 */
function fenceCloseAt(work: string, at: number, ticks: number, final: boolean): number | 'partial' {
  const n = work.length;
  let p = at;
  while (p < n && p - at < 3 && work.charCodeAt(p) === SPACE) p++;
  const tickStart = p;
  while (p < n && work.charCodeAt(p) === BACKTICK) p++;
  if (p === n && !final) return 'partial';
  if (p - tickStart < ticks) return -1;
  while (p < n && p - at < MAX_FENCE_LINE) {
    const c = work.charCodeAt(p);
    if (c === LINE_FEED) return p + 1;
    if (c !== SPACE && c !== TAB && c !== 13) return -1;
    p++;
  }
  if (p === n) return final ? n : 'partial';
  return -1;
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

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}
