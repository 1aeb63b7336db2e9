/**
 * Text release: where content, reasoning and issues leave the engine (architecture/stream-engine.md).
 * The scans decide what is text; this file is the way out for it (the plain-chunk fast path,
 * `pushPlain`, writes the same sinks).
 *
 * Invariants kept here:
 * - text goes out through the content `TextSink`, which applies the whitespace rule and holds
 *   trailing blanks, so what comes out never depends on where chunks were cut
 *   (architecture/semantics.md, guarantee 7);
 * - while a block waits for its decision (`pending`), text is not released: it is held with the
 *   block (`holdBlank`), and goes out after the block's calls or with its raw text;
 * - text, reasoning and issues go to the folder when there is one (folded as they come), else
 *   out as events;
 * - calls past maxCalls make one issue, at the end, however many there were and however the
 *   output was chunked (architecture/semantics.md).
 */
import type { ParseIssue } from '../../schemas.js';
import { RawRuns } from '../raw-runs.js';
import { EngineState } from './state.js';

/** How every maxCalls issue starts, the engine's and the bodies' (which the engine folds into one). */
const MAX_CALLS_MESSAGE = 'More than maxCalls';

export abstract class TextRelease extends EngineState {
  /** Calls past maxCalls, reported in one issue at the end (see dropOverLimit). */
  private overLimit: {
    count: number;
    counted: boolean;
    raws: RawRuns;
    offset: number | undefined;
  } | null = null;
  /**
   * Content and reasoning folded since the last block's open marker (see engine/repeats.ts): how
   * many pieces of each, and the last one. Pointers only: prose released piece by piece must not
   * build a second copy of itself.
   */
  protected unitTexts = 0;
  protected unitText = '';
  protected unitReasonings = 0;
  protected unitReasoning = '';

  protected text(s: string): void {
    if (s.length === 0) return;
    if (this.pending !== null) {
      // Blanks a block leaves behind (a trailing form's) wait with it for the decision.
      this.holdBlank(s);
      return;
    }
    const out = this.content.write(s);
    if (out.length === 0) return;
    if (this.folder !== null) {
      this.folder.addText(out);
      this.unitText = out;
      this.unitTexts++;
    } else this.events.push({ type: 'text', text: out });
  }

  /** Blanks after a waiting block, held with it until it is settled. */
  protected holdBlank(s: string): void {
    if (s === '') return;
    this.pendingBlank += s;
    this.pendingKeep += s;
  }

  protected reasoning(s: string): void {
    if (s.length === 0) return;
    const out = this.reasoningSink.write(s);
    if (out.length === 0) return;
    if (this.folder !== null) {
      this.folder.addReasoning(out);
      this.unitReasoning = out;
      this.unitReasonings++;
    } else this.events.push({ type: 'reasoning', text: out });
  }

  protected issue(issue: ParseIssue): void {
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
  protected dropOverLimit(raw: string, offset: number | undefined, count: number | null): void {
    this.overLimit ??= { count: 0, counted: true, raws: new RawRuns(), offset };
    const over = this.overLimit;
    over.count += count ?? 1;
    if (count === null) over.counted = false;
    if (raw !== '') over.raws.push(raw);
  }

  /** Calls dropped past maxCalls so far, the different raw texts among them, and the last one's run. */
  protected overLimitMark(out: number[], at: number): void {
    const over = this.overLimit;
    out[at] = over === null ? 0 : over.count;
    out[at + 1] = over === null ? 0 : over.raws.runCount;
    out[at + 2] = over === null ? 0 : over.raws.lastRun;
  }

  /** What `times` more units would drop, each `count` calls and `run` more of the last raw text. */
  protected repeatOverLimit(times: number, count: number, run: number): void {
    const over = this.overLimit;
    if (over === null || times <= 0) return;
    over.count += times * count;
    over.raws.extendLast(times * run);
  }

  protected reportOverLimit(): void {
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

  protected internalError(error: unknown): void {
    // A bug in a format must not become an exception in the caller's agent loop (semantics 9).
    this.issue({ kind: 'internal-error', message: `toolformat failed while parsing: ${String(error)}` });
  }
}

/** How many calls a body's maxCalls issue says it left unread (`N more call(s)`), or null. */
function droppedIn(message: string): number | null {
  if (message.includes('" was not')) return 1; // one named call
  const m = /; (\d+) more call/.exec(message);
  return m ? Number(m[1]) : null;
}
