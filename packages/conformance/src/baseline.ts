/**
 * The ratchet: a committed baseline of what each family scores. A run fails when a ratcheted
 * count drops, and the baseline is only rewritten on request — never lowered by accident.
 */
import { emptyCounts, type FamilyCounts } from './score.js';

export interface Baseline {
  /** Where the numbers came from; informational. */
  corpus?: string;
  families: Record<string, FamilyCounts>;
}

/** The counts that may not drop. */
export const RATCHETED = ['callsExact', 'callsContent', 'autoCallsExact'] as const;
export type RatchetedField = (typeof RATCHETED)[number];

export interface Change {
  family: string;
  /** `callsExact`, …, or `cases` / `partial.callsExact` for the informational counts. */
  field: string;
  from: number;
  to: number;
}

export interface Comparison {
  /** Ratcheted counts that went down: the run fails. */
  drops: Change[];
  /** Ratcheted counts that went up: the baseline should be updated. */
  rises: Change[];
  /** Everything else that changed (case counts, partial cases); never fails a run. */
  other: Change[];
}

export function toBaseline(counts: ReadonlyMap<string, FamilyCounts>, corpus?: string): Baseline {
  return { ...(corpus ? { corpus } : {}), families: Object.fromEntries(counts) };
}

/** Compares a run with the baseline. A family missing on either side counts as all zeros. */
export function compareBaseline(baseline: Baseline, current: Baseline): Comparison {
  const out: Comparison = { drops: [], rises: [], other: [] };
  const families = [...new Set([...Object.keys(baseline.families), ...Object.keys(current.families)])].sort();
  for (const family of families) {
    const before = baseline.families[family] ?? emptyCounts();
    const after = current.families[family] ?? emptyCounts();
    for (const field of RATCHETED) {
      const change = { family, field, from: before[field], to: after[field] };
      if (change.to < change.from) out.drops.push(change);
      else if (change.to > change.from) out.rises.push(change);
    }
    const informational: Array<[string, number, number]> = [
      ['cases', before.cases, after.cases],
      ...(['cases', 'callsExact', 'callsContent', 'autoCallsExact'] as const).map(
        (f): [string, number, number] => [`partial.${f}`, before.partial[f], after.partial[f]],
      ),
    ];
    for (const [field, from, to] of informational)
      if (from !== to) out.other.push({ family, field, from, to });
  }
  return out;
}

export type UpdateResult =
  | { ok: true; baseline: Baseline; changes: Change[] }
  | { ok: false; drops: Change[] };

/** The new baseline, unless it would lower a ratcheted count and `allowDrop` is false. */
export function updateBaseline(baseline: Baseline, current: Baseline, allowDrop: boolean): UpdateResult {
  const { drops, rises, other } = compareBaseline(baseline, current);
  if (drops.length > 0 && !allowDrop) return { ok: false, drops };
  const changes = [...drops, ...rises, ...other].sort(
    (a, b) => a.family.localeCompare(b.family) || a.field.localeCompare(b.field),
  );
  return { ok: true, baseline: current, changes };
}

export function describeChange(c: Change): string {
  const delta = c.to - c.from;
  return `${c.family}: ${c.field} ${c.from} → ${c.to} (${delta > 0 ? '+' : ''}${delta})`;
}
