import { describe, expect, it } from 'vitest';
import { type Baseline, compareBaseline, describeChange, updateBaseline } from './baseline.js';
import { emptyCounts, type FamilyCounts } from './score.js';

const fam = (callsExact: number, callsContent: number, autoCallsExact: number, cases = 10): FamilyCounts => ({
  ...emptyCounts(),
  cases,
  callsExact,
  callsContent,
  autoCallsExact,
});
const base = (families: Record<string, FamilyCounts>): Baseline => ({ families });

describe('compareBaseline', () => {
  it('finds drops and rises of the ratcheted counts, per family', () => {
    const c = compareBaseline(
      base({ hermes: fam(5, 4, 3), xml: fam(1, 1, 1) }),
      base({ hermes: fam(4, 5, 3), xml: fam(1, 1, 1) }),
    );
    expect(c.drops).toEqual([{ family: 'hermes', field: 'callsExact', from: 5, to: 4 }]);
    expect(c.rises).toEqual([{ family: 'hermes', field: 'callsContent', from: 4, to: 5 }]);
    expect(c.other).toEqual([]);
  });

  it('treats a family missing on one side as zeros', () => {
    const c = compareBaseline(base({ gone: fam(2, 0, 0) }), base({ added: fam(0, 0, 1) }));
    expect(c.drops).toEqual([{ family: 'gone', field: 'callsExact', from: 2, to: 0 }]);
    expect(c.rises).toEqual([{ family: 'added', field: 'autoCallsExact', from: 0, to: 1 }]);
  });

  it('reports case-count and partial changes as informational only', () => {
    const after = fam(1, 1, 1, 12);
    after.partial.cases = 2;
    const c = compareBaseline(base({ hermes: fam(1, 1, 1) }), base({ hermes: after }));
    expect(c.drops).toEqual([]);
    expect(c.other.map(describeChange)).toEqual([
      'hermes: cases 10 → 12 (+2)',
      'hermes: partial.cases 0 → 2 (+2)',
    ]);
  });
});

describe('updateBaseline', () => {
  const old = base({ hermes: fam(5, 5, 5) });
  it('refuses to lower a count without allowDrop', () => {
    const r = updateBaseline(old, base({ hermes: fam(4, 5, 6) }), false);
    expect(r).toEqual({ ok: false, drops: [{ family: 'hermes', field: 'callsExact', from: 5, to: 4 }] });
  });
  it('lowers with allowDrop and lists every change', () => {
    const r = updateBaseline(old, base({ hermes: fam(4, 5, 6) }), true);
    expect(r.ok && r.changes.map(describeChange)).toEqual([
      'hermes: autoCallsExact 5 → 6 (+1)',
      'hermes: callsExact 5 → 4 (-1)',
    ]);
  });
  it('raises without asking', () => {
    const r = updateBaseline(old, base({ hermes: fam(6, 6, 6) }), false);
    expect(r.ok).toBe(true);
  });
});
