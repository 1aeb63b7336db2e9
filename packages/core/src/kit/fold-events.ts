/**
 * Folds stream events into a ParseResult. The batch parse of every format is exactly this over
 * the events of its stream parser fed one chunk (DESIGN.md semantics 7), so streaming and batch
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
    for (const e of events) {
      switch (e.type) {
        case 'text':
          this.content += e.text;
          break;
        case 'reasoning':
          this.reasoning += e.text;
          this.sawReasoning = true;
          break;
        case 'tool-call-end':
          this.calls.push(e.call);
          break;
        case 'issue':
          this.issues.push(e.issue);
          break;
        default:
          break;
      }
    }
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
