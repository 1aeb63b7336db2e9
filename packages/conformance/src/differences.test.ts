import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adjustedScores, loadDifferences, pinnedMismatches } from './differences.js';
import type { CaseRun } from './runner.js';

const call = (name: string, args: Record<string, unknown> = {}) => ({ id: 'x', name, arguments: args });
const output = (calls: ReturnType<typeof call>[], content: string | null = null) => ({
  calls,
  content,
  reasoning: null,
  issues: [],
  format: 'f',
});
const run = (
  id: string,
  callsExact: boolean,
  autoCallsExact = callsExact,
  calls: ReturnType<typeof call>[] = [],
): CaseRun =>
  ({
    case: { id },
    score: { id, family: 'f', partial: false, callsExact, callsContent: callsExact, autoCallsExact },
    explicit: output(calls),
    auto: output(calls),
  }) as unknown as CaseRun;
const pinned = { calls: [] };

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
      ['a', { columns: ['calls' as const], reason: '', source: 'p', intended: pinned }],
      ['b', { columns: ['calls' as const], reason: '', source: 'p', intended: pinned }],
    ]);
    const { families, stale } = adjustedScores([run('a', false), run('b', true), run('c', false)], diffs);
    expect(families.get('f')).toMatchObject({ cases: 3, documented: 2, callsExact: 2, autoCallsExact: 2 });
    expect(stale).toEqual(['b (p)']);
  });

  it('fails the run when a documented case gives another output than the pinned one', () => {
    // The audit's case: a router that turns a documented case into a dangerous call must not
    // score it as "intended".
    const diffs = new Map([
      ['a', { columns: ['calls' as const], reason: '', source: 'p', intended: pinned }],
    ]);
    const changed = run('a', false, false, [call('rm_rf', { path: '/' })]);
    expect(pinnedMismatches([changed], diffs)).toEqual([
      { id: 'a', source: 'p', why: 'calls [{"name":"rm_rf","arguments":{"path":"/"}}], pinned []' },
    ]);
    expect(adjustedScores([changed], diffs).families.get('f')).toMatchObject({ callsExact: 0 });
    expect(pinnedMismatches([run('a', false)], diffs)).toEqual([]);
  });

  it('fails the run for an entry with no pinned output', () => {
    const diffs = new Map([['a', { columns: ['calls' as const], reason: '', source: 'p' }]]);
    expect(pinnedMismatches([run('a', false)], diffs)[0]?.why).toBe('no intended output is pinned');
  });
});
