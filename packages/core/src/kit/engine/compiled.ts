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

import { MarkerSet } from '../marker-set.js';
import type { BlockSpec, MarkupSpec, ReasoningSpec } from '../markup-spec.js';
import { THINK_REASONING } from '../markup-spec.js';

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
