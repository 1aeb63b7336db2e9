/**
 * Documented differences: cases where a format knowingly follows DESIGN.md where a peer does
 * something else. Each format package lists them in `conformance-differences.json`
 * (`{ "peer-0013": { "columns": ["calls"], "reason": "…" } }`, columns of `calls`, `content`,
 * `auto`), next to the prose in its CONFORMANCE.md. The report shows raw scores (which the
 * ratchet holds) and scores with the documented cases counted as intended, and flags entries
 * that no longer fail (stale) so the lists stay true.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pct, renderTable } from './report.js';
import type { CaseRun } from './runner.js';

export type DifferenceColumn = 'calls' | 'content' | 'auto';

export interface Difference {
  columns: DifferenceColumn[];
  reason: string;
  /** The package whose list names the case. */
  source: string;
}

const PACKAGES_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** Every package's `conformance-differences.json`, merged by case id. */
export function loadDifferences(packagesDir = PACKAGES_DIR): Map<string, Difference> {
  const out = new Map<string, Difference>();
  if (!existsSync(packagesDir)) return out;
  for (const dir of readdirSync(packagesDir)) {
    const file = join(packagesDir, dir, 'conformance-differences.json');
    if (!existsSync(file)) continue;
    const data = JSON.parse(readFileSync(file, 'utf8')) as Record<
      string,
      { columns: DifferenceColumn[]; reason: string }
    >;
    for (const [id, d] of Object.entries(data))
      out.set(id, { columns: d.columns, reason: d.reason, source: dir });
  }
  return out;
}

interface Adjusted {
  cases: number;
  callsExact: number;
  callsContent: number;
  autoCallsExact: number;
  documented: number;
}

/**
 * Per family (non-partial cases): scores with documented differences counted as intended, and the
 * ids of documented cases that pass anyway (stale entries).
 */
export function adjustedScores(
  runs: readonly CaseRun[],
  differences: ReadonlyMap<string, Difference>,
): { families: Map<string, Adjusted>; stale: string[] } {
  const families = new Map<string, Adjusted>();
  const stale: string[] = [];
  for (const { score } of runs) {
    if (score.partial) continue;
    const a = families.get(score.family) ?? {
      cases: 0,
      callsExact: 0,
      callsContent: 0,
      autoCallsExact: 0,
      documented: 0,
    };
    families.set(score.family, a);
    const d = differences.get(score.id);
    const has = (c: DifferenceColumn) => d?.columns.includes(c) ?? false;
    a.cases++;
    if (d) a.documented++;
    const calls = score.callsExact || has('calls');
    a.callsExact += calls ? 1 : 0;
    a.callsContent += score.callsContent || (calls && (has('content') || has('calls'))) ? 1 : 0;
    a.autoCallsExact += score.autoCallsExact || has('auto') || has('calls') ? 1 : 0;
    if (d) {
      const failsSomewhere =
        (has('calls') && !score.callsExact) ||
        (has('content') && !score.callsContent) ||
        (has('auto') && !score.autoCallsExact);
      if (!failsSomewhere) stale.push(`${score.id} (${d.source})`);
    }
  }
  return { families, stale };
}

/** The table of families that have documented differences. */
export function adjustedTable(families: ReadonlyMap<string, Adjusted>): string {
  const rows = [...families]
    .filter(([, a]) => a.documented > 0)
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([family, a]) => [
      family,
      String(a.cases),
      String(a.documented),
      `${a.callsExact} ${pct(a.callsExact, a.cases)}`,
      `${a.callsContent} ${pct(a.callsContent, a.cases)}`,
      `${a.autoCallsExact} ${pct(a.autoCallsExact, a.cases)}`,
    ]);
  const sum = (k: keyof Adjusted) => rows.reduce((n, [f]) => n + families.get(f!)![k], 0);
  const cases = sum('cases');
  rows.push([
    'total',
    String(cases),
    String(sum('documented')),
    `${sum('callsExact')} ${pct(sum('callsExact'), cases)}`,
    `${sum('callsContent')} ${pct(sum('callsContent'), cases)}`,
    `${sum('autoCallsExact')} ${pct(sum('autoCallsExact'), cases)}`,
  ]);
  return renderTable(
    ['family', 'cases', 'documented', 'calls exact', 'calls + content', 'auto: calls exact'],
    rows,
  );
}
