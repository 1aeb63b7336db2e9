/**
 * The engine's shared state (architecture/stream-engine.md): the fields more than one concern of
 * the scan reads, the cursors the scans search with, and where a line starts.
 *
 * The engine is one class built as a chain, one concern per file, each adding its methods (and the
 * fields only it and later ones use) to the one before: EngineState → TextRelease (text-release.ts)
 * → Announcements → ReasoningMode → CallReading (calls.ts) → Mentions → Blocks → Fences → Repeats → TextScan
 * → MarkupStreamParser (`kit/markup-stream.ts`: push, end, the mode loop). A concern that calls
 * one later in the chain declares that method abstract. Every parser is a MarkupStreamParser, so
 * every call site sees one shape; no concern allocates per push.
 *
 * Invariants kept here:
 * - between pushes the engine holds only `carry` (a tail that may still start a marker, a fence
 *   line being read), the body of an open block (`bodyText`, one string appended to), and the
 *   blanks after a block waiting for its decision (`pendingBlank`);
 * - `offset` is the input offset of `carry[0]`; `prevCode` and `lineIndent` describe the text just
 *   before `carry`, so a decision about a position never needs text already released;
 * - the cursors search `work`, the text being scanned, and are dropped when it changes (see
 *   MarkerCursor in `kit/marker-set.ts`: they keep the scan linear).
 */
import type { ResolvedParseOptions } from '../../options.js';
import type { StreamEvent } from '../../schemas.js';
import { LINE_FEED, SPACE, TAB } from '../char-codes.js';
import { EventFolder } from '../fold-events.js';
import type { MarkerCursor, MarkerSet } from '../marker-set.js';
import type { BlockSpec, BodyResult } from '../markup-spec.js';
import { TextSink } from '../text-sink.js';
import type { CompiledMarkup, TextMarker } from './compiled.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export enum Mode {
  Text,
  Reasoning,
  Block,
  Fence,
  InlineCode,
  Whole,
}

/** The calls of a fence that holds nothing else, waiting to go out (see Fences.callsOnly). */
export interface FenceCalls {
  events: Array<Extract<StreamEvent, { index: number }>>;
  calls: number;
  callIndex: number;
  format: string | null;
}

/**
 * A block that read as calls, waiting for what follows it to say whether it is a call or a
 * mention (architecture/precision.md): its reading, its raw text, and the blanks after it.
 */
export interface PendingBlock {
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
  /** A fence of calls (see Fences.callsOnly), in place of `read`. */
  fence?: FenceCalls;
  /** No call, only the issues of a broken one (they go out as they are if it stands). */
  brokenOnly?: boolean;
  /** The block held nothing at all (`<tool_call></tool_call>`). */
  empty?: boolean;
}

export abstract class EngineState {
  protected mode = Mode.Text;
  protected carry = '';
  /** Input offset of `carry[0]`. */
  protected offset = 0;
  protected received = 0;
  protected overflow: string[] | null = null;
  /** Where events go: the array push or end returns, or the folder (see the constructor). */
  protected events: { push(event: StreamEvent): unknown } = [];
  protected readonly content = new TextSink();
  protected readonly reasoningSink = new TextSink();
  protected readonly opts: ResolvedParseOptions;
  protected readonly compiled: CompiledMarkup;
  /** Spaces since the last newline before `carry`, or -1 when something else came. */
  protected lineIndent = 0;
  protected callIndex = 0;
  protected callCount = 0;
  protected matched: string | null = null;
  protected ended = false;
  /** Refed text must not be refed again: that keeps refeeding linear. */
  protected refeeding = false;
  protected wholeDecided: boolean;
  /** The whole-output form is read in place of a block that yields to it (see scanText): it must be all calls. */
  protected wholeForBare = false;
  // the open block, as every concern reads it (its close search is in Blocks)
  protected block: BlockSpec | null = null;
  protected blockOpen = '';
  protected blockOffset = 0;
  protected bodyText = '';
  /** `bodyText`'s length when it was last flattened (see kit/flat-appends.ts). */
  protected bodyFlat = 0;
  protected readonly bodyContext: { options: ResolvedParseOptions; closed: boolean; open: string };
  protected readonly foldOnly: boolean;
  protected readonly folder: EventFolder | null;
  /** The block's open marker was glued to the word before it (see gluesToMarker). */
  protected blockGlued = false;
  /** The open block asks strong evidence of its calls. */
  protected blockStrong = false;
  /** The open block ends at a close marker of its own (so one that never came means a cut). */
  protected blockCloses = false;
  /** The open block's `provenBy` closers, or null. */
  protected blockProvenBy: readonly string[] | null = null;
  /** The open block starts its line, is glued to a word, or follows other markup (see ownLine). */
  protected blockOwnLine = true;
  /** A blank stands right before the block's open marker: it may be named in a sentence. */
  protected blockMidLine = false;
  /** The last character scanned before the current work (for blockGlued at its start), or -1. */
  protected prevCode = -1;
  /** A block waiting for what follows it (see Mentions.decidePending). */
  protected pending: PendingBlock | null = null;
  protected pendingBlank = '';
  /** The same without the stop tokens passed over (what follows the block if it is a call). */
  protected pendingKeep = '';
  // search cursors over the text being scanned (see MarkerCursor: they keep the scan linear)
  protected work = '';
  /**
   * `work[blanksFrom, blanksTo)` is blanks and `work[blanksTo]` is not (or is its end): what
   * proseAfterOpen read after an open marker, so that checkBodyStart, right after it, does not
   * read a megabyte of blanks again. -1 when nothing is known; reset whenever `work` changes.
   */
  protected blanksFrom = -1;
  protected blanksTo = -1;
  protected textCursor: MarkerCursor<TextMarker> | null = null;
  protected closeCursor: MarkerCursor<true> | null = null;
  private closeCursorSet: MarkerSet<true> | null = null;

  constructor(
    compiled: CompiledMarkup,
    opts: ResolvedParseOptions,
    /** False for the nested parser that reads a held fence: fences are probed one level deep. */
    protected readonly probeFences = true,
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
  }

  protected textCursorFor(work: string): MarkerCursor<TextMarker> {
    this.textCursor ??= this.compiled.textMarkers.cursor(work);
    return this.textCursor;
  }

  protected closeCursorFor(set: MarkerSet<true>): MarkerCursor<true> {
    if (this.closeCursor === null || this.closeCursorSet !== set) {
      this.closeCursor = set.cursor(this.work);
      this.closeCursorSet = set;
    }
    return this.closeCursor;
  }

  /** True when only up to `maxIndent` spaces stand between the last newline (or the start) and `at`. */
  protected atLineStart(work: string, at: number, maxIndent: number): boolean {
    return lineStartAt(work, at, maxIndent, this.lineIndent);
  }
}

/**
 * True when only up to `maxIndent` spaces or tabs stand between the last newline in `work` and
 * `at`; where `work` starts first, `indentBefore` is the indent of the text before it (-1: not a
 * line start). The engine passes what it keeps of released text, the clean-block path 0.
 */
export function lineStartAt(work: string, at: number, maxIndent: number, indentBefore: number): boolean {
  let count = 0;
  for (let j = at - 1; j >= 0; j--) {
    const c = charCodeAt.call(work, j);
    if (c === LINE_FEED) return true;
    if (c !== SPACE && c !== TAB) return false;
    if (++count > maxIndent) return false;
  }
  return indentBefore >= 0 && indentBefore + count <= maxIndent;
}
