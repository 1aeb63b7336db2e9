import { describe, expect, it } from 'vitest';
import { parsePythonCalls } from './python-calls.js';
import { pythonNoteIssues } from './python-notes.js';

describe('pythonNoteIssues', () => {
  it('reports each of the parser notes as a json-repaired issue on the raw text', () => {
    const parsed = parsePythonCalls('[f(location=Paris)]');
    if (!parsed.ok) throw new Error(parsed.error);
    const issues = pythonNoteIssues(parsed.notes, 'RAW');
    expect(issues.length).toBe(parsed.notes?.length);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]).toEqual({ kind: 'json-repaired', message: parsed.notes![0]!.message, raw: 'RAW' });
  });

  it('is empty without notes', () => {
    expect(pythonNoteIssues(undefined, 'x')).toEqual([]);
    expect(pythonNoteIssues([], 'x')).toEqual([]);
  });
});
