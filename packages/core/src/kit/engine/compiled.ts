/**
 * A format's `MarkupSpec` compiled once for the engine and shared by every stream parser of the
 * handler (architecture/stream-engine.md): the marker sets the text scan looks for, the close sets
 * of blocks and reasoning, and the fence info strings.
 *
 * Invariants kept here:
 * - every block the engine enters is a `sameShape` copy: one object shape for all formats, so the
 *   engine's reads of block fields stay monomorphic where several formats run in one process;
 * - every reasoning spec the engine may enter (the default one too) has a close set;
 * - a `closeBefore` marker is in its close set too, and in `closesBefore` /
 *   `reasoningClosesBefore`, which say it belongs to what follows.
 */

import { isAsciiAlphanumeric, isSpace, SPACE } from '../char-codes.js';
import { MarkerSet } from '../marker-set.js';
import type { BlockSpec, BodyResult, MarkupSpec, ReasoningSpec } from '../markup-spec.js';
import { THINK_REASONING } from '../markup-spec.js';
import { plainProbes } from './plain-probes.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Kinds of `CompiledMarkup.plainUnits`. */
export const PLAIN_WORD = 1;
const PLAIN_BLANK = 2;

/** What a marker found in text mode opens. */
export type TextMarker =
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
  /**
   * What `parse` searches a text for before it runs the engine (see engine/plain-probes.ts):
   * every marker holds one, so when none occurs no marker can open anything and the text is the
   * content as it is.
   */
  readonly plainProbes: readonly string[];
  /**
   * Word markers left out of `plainProbes` (see `decidedByBodyStart`) that still open a block
   * when they end the text: the text's last non-blank characters must not be one of them.
   */
  readonly plainTails: readonly string[];
  /**
   * Per ASCII code unit: `PLAIN_WORD` when it can start no text marker and is no blank,
   * `PLAIN_BLANK` for a blank that starts no marker, 0 else. A streamed token of such units that
   * ends in a word unit only goes to the content (see `MarkupStreamParser.pushPlainText`).
   */
  readonly plainUnits = new Uint8Array(128);

  constructor(readonly spec: MarkupSpec) {
    const entries: Array<[string, TextMarker]> = [];
    const starts: Array<[string, TextMarker]> = [];
    for (const declared of spec.blocks) {
      const block = sameShape(declared);
      for (const open of list(block.open))
        (block.outputStart ? starts : entries).push([open, { kind: 'block', spec: block }]);
      for (const info of list(block.fence)) if (!this.fences.has(info)) this.fences.set(info, block);
      const literal = literalCloses(block);
      if (literal.length > 0 || block.closeBefore !== undefined) {
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
    const followedBy = new Map<string, string>();
    for (const [marker, value] of entries) {
      if (value.kind === 'block' && isWord(marker) && decidedByBodyStart(value.spec))
        followedBy.set(marker, (followedBy.get(marker) ?? '') + value.spec.bodyStart);
    }
    // A word marker shared with a block that is not decided so is searched for as a word.
    for (const [marker, value] of entries) {
      if (value.kind !== 'block' || !decidedByBodyStart(value.spec)) followedBy.delete(marker);
    }
    this.textMarkers = new MarkerSet(entries, followedBy);
    for (let code = 0; code < 128; code++)
      this.plainUnits[code] = this.textMarkers.canStart(code) ? 0 : isSpace(code) ? PLAIN_BLANK : PLAIN_WORD;
    this.startMarkers = starts.length > 0 ? new MarkerSet(starts) : null;
    // A block that only its closer proves (`provenBy`) is text unless that closer occurs: the
    // plain-text check looks for the closer instead of the open marker (a `{` at a line start).
    // A marker another entry also opens stays, through that entry.
    const plainEntries: Array<readonly [string, unknown]> = [];
    for (const [marker, value] of entries) {
      if (value.kind === 'block' && value.spec.provenBy !== undefined && value.spec.provenBy.length > 0) {
        for (const closer of value.spec.provenBy) plainEntries.push([closer, true]);
      } else plainEntries.push([marker, value]);
    }
    this.plainProbes = plainProbes(
      plainEntries.map(([marker]) => marker).filter((marker) => !followedBy.has(marker)),
      [...followedBy.values()].join(''),
    );
    this.plainTails = [...followedBy.keys()];
  }
}

/**
 * A marker that is a word (`functools`) would be searched for whole, and a native search for a
 * word stops at every occurrence of its first letter in prose: 1 MiB of English cost 30 times an
 * indexOf of `<`. When the word opens a block that its first non-blank character decides
 * (`bodyStart`, no close marker that could come first), the block needs one of those characters
 * after it, or the output to end after it (the block is then cut off): the marker set finds it
 * from those characters (`MarkerSet.followed`), and `parse` looks for them in place of the word.
 */
/** Letters, digits and spaces only: the cursor would search for the whole marker. */
function isWord(marker: string): boolean {
  for (let i = 0; i < marker.length; i++) {
    const c = charCodeAt.call(marker, i);
    if (!isAsciiAlphanumeric(c) && c !== SPACE) return false;
  }
  return marker.length > 0;
}

/** The block opens only when its first non-blank character is one of `bodyStart` (or the output ends). */
function decidedByBodyStart(block: BlockSpec): boolean {
  return (
    block.bodyStart !== undefined &&
    block.bodyStart.length > 0 &&
    block.bodyStartTight === undefined &&
    block.closeBefore === undefined &&
    (block.close === undefined || block.close === 'json-end' || block.close === 'end-of-output')
  );
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
    strings: b.strings,
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

/**
 * A body parser's reading as one object shape, every field present in one order (`format` filled
 * in when given): body parsers of many formats return literals of many shapes, and the engine's
 * reads of them, shared by every format in a process (the CLI, the proxy), would go megamorphic.
 */
export function oneShape(r: BodyResult, format: string | undefined = r.format): BodyResult {
  return {
    calls: r.calls,
    issues: r.issues,
    error: r.error,
    text: r.text,
    reasoning: r.reasoning,
    format: r.format ?? format,
    notMarkup: r.notMarkup,
    strictJson: r.strictJson,
    exactShape: r.exactShape,
  };
}

/**
 * The block's literal close markers: none for `'end-of-output'` and `'json-end'`, which name a way
 * to end, not text to look for (a call whose arguments said "end-of-output" was cut there).
 */
function literalCloses(block: BlockSpec): readonly string[] {
  const close = block.close;
  if (close === undefined || close === 'end-of-output' || close === 'json-end') return [];
  return list(close);
}

function list<T extends string>(v: T | readonly T[] | undefined): readonly T[] {
  return v === undefined ? [] : typeof v === 'string' ? [v] : v;
}
