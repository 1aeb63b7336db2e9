/**
 * Folds stream events into a ParseResult. The batch parse of every format is exactly this over
 * the events of its stream parser fed one chunk (architecture/semantics.md, guarantee 7), so streaming and batch
 * cannot disagree by construction.
 */
import type { ParseIssue, ParseResult, StreamEvent, ToolCall } from '../schemas.js';

export class EventFolder {
  private content = '';
  private reasoning = '';
  private sawReasoning = false;
  readonly calls: ToolCall[] = [];
  readonly issues: ParseIssue[] = [];

  add(events: readonly StreamEvent[]): void {
    for (const e of events) this.push(e);
  }

  /** Folds one event (a stream parser may fold into a folder directly: see MarkupStreamParser). */
  push(e: StreamEvent): void {
    switch (e.type) {
      case 'text':
        this.addText(e.text);
        break;
      case 'reasoning':
        this.addReasoning(e.text);
        break;
      case 'tool-call-end':
        this.calls.push(e.call);
        break;
      case 'issue':
        this.addIssue(e.issue);
        break;
      default:
        break;
    }
  }

  /**
   * A run of identical issues (same kind, message and raw text, one after the other) is kept as
   * one carrying `count`: a megabyte of the same broken block is one issue, not hundreds of
   * thousands, and its raw text is still there (architecture/semantics.md, guarantee 1). The first one's offset is kept.
   */
  addIssue(issue: ParseIssue): void {
    const issues = this.issues;
    const last = issues.length > 0 ? issues[issues.length - 1]! : null;
    if (
      last !== null &&
      last.kind === issue.kind &&
      last.message === issue.message &&
      last.raw === issue.raw &&
      issue.count === undefined
    ) {
      // The caller's object is never changed (a stream event may hold it): the folded one is ours.
      if (this.ownsLast) last.count = (last.count ?? 1) + 1;
      else {
        issues[issues.length - 1] = { ...last, count: (last.count ?? 1) + 1 };
        this.ownsLast = true;
      }
      return;
    }
    issues.push(issue);
    this.ownsLast = false;
  }
  private ownsLast = false;

  /** How many times the last issue stands (its `count`), or 0 when there is none. */
  get lastIssueCount(): number {
    const last = this.issues.length > 0 ? this.issues[this.issues.length - 1]! : null;
    return last === null ? 0 : (last.count ?? 1);
  }

  /** The last issue stands `times` more times: what `times` more identical `addIssue`s would do. */
  repeatLastIssue(times: number): void {
    if (times <= 0 || this.issues.length === 0) return;
    const at = this.issues.length - 1;
    const last = this.issues[at]!;
    if (this.ownsLast) last.count = (last.count ?? 1) + times;
    else {
      this.issues[at] = { ...last, count: (last.count ?? 1) + times };
      this.ownsLast = true;
    }
  }

  addText(text: string): void {
    this.content += text;
  }

  addReasoning(text: string): void {
    this.reasoning += text;
    this.sawReasoning = true;
  }

  result(format: string | null): ParseResult {
    return {
      calls: this.calls,
      content: this.content.length > 0 ? this.content : null,
      reasoning: this.sawReasoning && this.reasoning.length > 0 ? this.reasoning : null,
      issues: this.issues,
      format,
    };
  }
}

export function foldEvents(events: readonly StreamEvent[], format: string | null): ParseResult {
  const folder = new EventFolder();
  folder.add(events);
  return folder.result(format);
}

/**
 * `{ ...issue, offset }`, built as a literal when the issue holds only `kind`, `message` and
 * `raw` (in that order), as body parsers write them: an object spread over issues of many shapes
 * (every format in one process) goes megamorphic and costs more than the rest of a failed block.
 * Any other issue is spread as before, so what the caller sees is the same object either way.
 */
export function issueAt(issue: { kind: string; message: string; raw?: string }, offset: number): ParseIssue {
  let n = 0;
  for (const key in issue) {
    if (key !== (n === 0 ? 'kind' : n === 1 ? 'message' : n === 2 ? 'raw' : '')) return { ...issue, offset };
    n++;
  }
  if (n === 3) return { kind: issue.kind, message: issue.message, raw: issue.raw, offset };
  if (n === 2) return { kind: issue.kind, message: issue.message, offset };
  return { ...issue, offset };
}
