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
        this.issues.push(e.issue);
        break;
      default:
        break;
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
