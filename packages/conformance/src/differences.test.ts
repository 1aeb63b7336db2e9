import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adjustedScores, loadDifferences } from './differences.js';
import type { CaseRun } from './runner.js';

const run = (id: string, callsExact: boolean, autoCallsExact = callsExact): CaseRun =>
  ({
    score: { id, family: 'f', partial: false, callsExact, callsContent: callsExact, autoCallsExact },
  }) as CaseRun;

describe('documented differences', () => {
  it('loads every package list, naming its package', () => {
    const dir = mkdtempSync(join(tmpdir(), 'diffs-'));
    mkdirSync(join(dir, 'format-a'));
    writeFileSync(
      join(dir, 'format-a', 'conformance-differences.json'),
      '{"peer-1": {"columns": ["calls"], "reason": "r"}}',
    );
    expect(loadDifferences(dir).get('peer-1')).toEqual({
      columns: ['calls'],
      reason: 'r',
      source: 'format-a',
    });
    rmSync(dir, { recursive: true });
  });

  it('counts a documented failing case as intended and flags a documented case that passes', () => {
    const diffs = new Map([
      ['a', { columns: ['calls' as const], reason: '', source: 'p' }],
      ['b', { columns: ['calls' as const], reason: '', source: 'p' }],
    ]);
    const { families, stale } = adjustedScores([run('a', false), run('b', true), run('c', false)], diffs);
    expect(families.get('f')).toMatchObject({ cases: 3, documented: 2, callsExact: 2, autoCallsExact: 2 });
    expect(stale).toEqual(['b (p)']);
  });
});
