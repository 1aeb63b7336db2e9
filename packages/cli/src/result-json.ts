/**
 * The JSON shape `toolformat parse` prints — a stable interface (the README’s "The command line"):
 * `{"format", "calls":[{"id","name","arguments"}], "content", "reasoning", "issues":[{"kind","message","raw"}]}`.
 * Built key by key so the order never depends on how a handler happened to build its result.
 */
import type { ParseIssue, ParseResult, ToolCall } from '@toolformat/core';

export interface CallJson {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export interface IssueJson {
  kind: string;
  message: string;
  raw?: string;
}

export interface ResultJson {
  format: string | null;
  calls: CallJson[];
  content: string | null;
  reasoning: string | null;
  issues: IssueJson[];
}

export function toResultJson(result: ParseResult): ResultJson {
  return {
    format: result.format,
    calls: result.calls.map(toCallJson),
    content: result.content,
    reasoning: result.reasoning,
    issues: result.issues.map(toIssueJson),
  };
}

function toCallJson(call: ToolCall): CallJson {
  return { id: call.id, name: call.name, arguments: call.arguments };
}

function toIssueJson(issue: ParseIssue): IssueJson {
  const out: IssueJson = { kind: issue.kind, message: issue.message };
  if (issue.raw !== undefined) out.raw = issue.raw;
  return out;
}
