import { describe, expect, it } from 'vitest';
import type { ParseIssue } from '../schemas.js';
import { EventFolder, issueAt } from './fold-events.js';

const repaired = (offset: number): ParseIssue => ({
  kind: 'json-repaired',
  message: 'Repaired JSON: closed a bracket left open at the end (truncated output).',
  raw: '{',
  offset,
});

describe('EventFolder issues', () => {
  it('folds a run of identical issues into one with a count and the first offset', () => {
    const folder = new EventFolder();
    for (let i = 0; i < 5; i++) folder.push({ type: 'issue', issue: repaired(i * 6) });
    expect(folder.issues).toEqual([{ ...repaired(0), count: 5 }]);
  });

  it('keeps issues that differ, or that are not in a row, apart', () => {
    const folder = new EventFolder();
    const other: ParseIssue = { kind: 'json-repaired', message: 'other', raw: '{' };
    folder.push({ type: 'issue', issue: repaired(0) });
    folder.push({ type: 'issue', issue: other });
    folder.push({ type: 'issue', issue: repaired(12) });
    folder.push({ type: 'issue', issue: { ...repaired(18), raw: '[' } });
    expect(folder.issues).toHaveLength(4);
    expect(folder.issues.every((i) => i.count === undefined)).toBe(true);
  });

  it('never changes the event it was given', () => {
    const folder = new EventFolder();
    const first = repaired(0);
    folder.push({ type: 'issue', issue: first });
    folder.push({ type: 'issue', issue: repaired(6) });
    folder.push({ type: 'issue', issue: repaired(12) });
    expect(first.count).toBeUndefined();
    expect(folder.issues[0]!.count).toBe(3);
  });
});

describe('issueAt', () => {
  it('is the issue spread with its offset, whatever its shape', () => {
    const shapes = [
      { kind: 'k', message: 'm' },
      { kind: 'k', message: 'm', raw: 'r' },
      { kind: 'k', message: 'm', raw: undefined },
      { message: 'm', kind: 'k' },
      { kind: 'k', message: 'm', raw: 'r', extra: 1 },
      { kind: 'k', message: 'm', offset: 3 },
    ];
    for (const issue of shapes) {
      const at = issueAt(issue, 7);
      expect(at).toStrictEqual({ ...issue, offset: 7 });
      expect(Object.keys(at)).toEqual(Object.keys({ ...issue, offset: 7 }));
      expect(at).not.toBe(issue);
    }
  });
});
