/**
 * The literal parser's notes (what it read generously: a bare word as a string, a missing comma) as
 * `json-repaired` issues on the calls' raw text: nothing is repaired silently
 * (architecture/semantics.md).
 */
import type { BodyIssue } from './markup-spec.js';
import type { PythonNote } from './python-calls.js';

/** One `json-repaired` issue per note, each with `raw`; none without notes. */
export function pythonNoteIssues(notes: readonly PythonNote[] | undefined, raw: string): BodyIssue[] {
  const issues: BodyIssue[] = [];
  for (const note of notes ?? []) issues.push({ kind: 'json-repaired', message: note.message, raw });
  return issues;
}
