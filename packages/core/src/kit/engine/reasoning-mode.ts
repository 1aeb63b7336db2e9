/**
 * Reasoning mode (architecture/semantics.md, guarantee 5): from a reasoning open marker (or from
 * the start, with `reasoningOpen`) to its close, everything goes to `reasoning`. The format-level
 * helpers for reasoning live in `kit/reasoning.ts`; this is the engine's mode.
 *
 * Invariants kept here:
 * - reasoning is released as soon as it cannot start the close marker; only a possible prefix of
 *   it is carried to the next push;
 * - where a longer close may still complete at a found one, the scan waits for the text that
 *   tells them apart, as batch would see it;
 * - a `closeBefore` marker ends reasoning and is read again by the text scan (it belongs to what
 *   follows); a reasoning spec's close set is always compiled (see CompiledMarkup).
 */
import type { MarkerSet } from '../marker-set.js';
import type { ReasoningSpec } from '../markup-spec.js';
import { Announcements } from './announcements.js';
import { Mode } from './state.js';

export abstract class ReasoningMode extends Announcements {
  // reasoning state
  protected reasoningClose: MarkerSet<true> | null = null;
  private reasoningCloseBefore: ReadonlySet<string> | null = null;

  protected enterReasoning(spec: ReasoningSpec): void {
    this.mode = Mode.Reasoning;
    this.reasoningClose = this.compiled.reasoningCloses.get(spec)!;
    this.reasoningCloseBefore = this.compiled.reasoningClosesBefore.get(spec) ?? null;
    this.reasoningSink.separate();
  }

  protected scanReasoning(work: string, pos: number, final: boolean): number {
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
}
