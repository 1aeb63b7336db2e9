/**
 * Documented differences: cases where a format knowingly follows architecture/semantics.md where a peer does
 * something else. Each format package lists them in `conformance-differences.json`
 * (`{ "peer-0013": { "columns": ["calls"], "reason": "…" } }`, columns of `calls`, `content`,
 * `auto`), next to the prose in its CONFORMANCE.md. The report shows raw scores (which the
 * ratchet holds) and scores with the documented cases counted as intended, and flags entries
 * that no longer fail (stale) so the lists stay true.
 *
 * Each entry pins the output the project intends (`intended`: the calls, the content where the
 * case asserts it, the auto-mode calls where they differ): a documented case counts as intended
 * only while the output is exactly that, and any other output fails the run. So a regression on
 * a documented case cannot hide behind its entry.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pct, renderTable } from './report.js';
import type { CaseRun } from './runner.js';

export type DifferenceColumn = 'calls' | 'content' | 'auto';

/** A call as the corpus writes it: no id. */
export interface PinnedCall {
  name: string;
  arguments: unknown;
}

/** The output a documented difference intends. */
export interface IntendedOutput {
  calls: PinnedCall[];
  /** Pinned where the case asserts content (the `content` column). */
  content?: string | null;
  /** Auto mode's calls, where they are not `calls`. */
  autoCalls?: PinnedCall[];
}

export interface Difference {
  columns: DifferenceColumn[];
  reason: string;
  /** The package whose list names the case. */
  source: string;
  intended?: IntendedOutput;
}

const PACKAGES_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** One package's `conformance-differences.json` as written: case id → entry. */
type DifferenceFile = Record<
  string,
  { columns: DifferenceColumn[]; reason: string; intended?: IntendedOutput }
>;

/** Each package that has a `conformance-differences.json`: its directory name, path and entries. */
function* differenceFiles(
  packagesDir: string,
): Generator<{ dir: string; file: string; data: DifferenceFile }> {
  if (!existsSync(packagesDir)) return;
  for (const dir of readdirSync(packagesDir)) {
    const file = join(packagesDir, dir, 'conformance-differences.json');
    if (!existsSync(file)) continue;
    yield { dir, file, data: JSON.parse(readFileSync(file, 'utf8')) as DifferenceFile };
  }
}

/** Every package's `conformance-differences.json`, merged by case id. */
export function loadDifferences(packagesDir = PACKAGES_DIR): Map<string, Difference> {
  const out = new Map<string, Difference>();
  for (const { dir, data } of differenceFiles(packagesDir))
    for (const [id, d] of Object.entries(data))
      out.set(id, {
        columns: d.columns,
        reason: d.reason,
        source: dir,
        ...(d.intended ? { intended: d.intended } : {}),
      });
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
  for (const run of runs) {
    const { score } = run;
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
    // A documented column counts as intended only while the output is the pinned one.
    const pinned = d !== undefined && pinnedMismatch(run, d) === null;
    const has = (c: DifferenceColumn) => pinned && (d?.columns.includes(c) ?? false);
    a.cases++;
    if (d) a.documented++;
    const calls = score.callsExact || has('calls');
    a.callsExact += calls ? 1 : 0;
    a.callsContent += score.callsContent || (calls && (has('content') || has('calls'))) ? 1 : 0;
    a.autoCallsExact += score.autoCallsExact || has('auto') || has('calls') ? 1 : 0;
    if (d) {
      const cols = d.columns;
      const failsSomewhere =
        (cols.includes('calls') && !score.callsExact) ||
        (cols.includes('content') && !score.callsContent) ||
        (cols.includes('auto') && !score.autoCallsExact);
      if (!failsSomewhere) stale.push(`${score.id} (${d.source})`);
    }
  }
  return { families, stale };
}

/**
 * Where a documented case's output is not the one its entry pins, what differs (null when it
 * is, or the case is not documented). An entry with no `intended` is itself a mismatch.
 */
export function pinnedMismatch(run: CaseRun, d: Difference): string | null {
  const intended = d.intended;
  if (intended === undefined) return 'no intended output is pinned';
  const explicit = run.explicit;
  if (d.columns.includes('calls') || d.columns.includes('content')) {
    const calls = plainCalls(explicit?.calls ?? []);
    if (!sameJson(calls, intended.calls))
      return `calls ${JSON.stringify(calls)}, pinned ${JSON.stringify(intended.calls)}`;
  }
  if (d.columns.includes('content') && intended.content !== undefined) {
    const content = explicit?.content ?? null;
    if (content !== intended.content)
      return `content ${JSON.stringify(content)}, pinned ${JSON.stringify(intended.content)}`;
  }
  if (d.columns.includes('auto')) {
    const auto = plainCalls(run.auto.calls);
    const want = intended.autoCalls ?? intended.calls;
    if (!sameJson(auto, want)) return `auto calls ${JSON.stringify(auto)}, pinned ${JSON.stringify(want)}`;
  }
  return null;
}

/** Every documented case whose output is not the pinned one. */
export function pinnedMismatches(
  runs: readonly CaseRun[],
  differences: ReadonlyMap<string, Difference>,
): Array<{ id: string; source: string; why: string }> {
  const out: Array<{ id: string; source: string; why: string }> = [];
  for (const run of runs) {
    const d = differences.get(run.case.id);
    if (!d) continue;
    const why = pinnedMismatch(run, d);
    if (why !== null) out.push({ id: run.case.id, source: d.source, why });
  }
  return out;
}

/** The intended output of a run, as an entry pins it (for --pin-differences). */
export function intendedOf(run: CaseRun, d: Difference): IntendedOutput {
  const calls = plainCalls(run.explicit?.calls ?? []);
  const out: IntendedOutput = { calls };
  if (d.columns.includes('content')) out.content = run.explicit?.content ?? null;
  const auto = plainCalls(run.auto.calls);
  if (d.columns.includes('auto') && !sameJson(auto, calls)) out.autoCalls = auto;
  return out;
}

function plainCalls(calls: ReadonlyArray<{ name: string; arguments: unknown }>): PinnedCall[] {
  return calls.map((c) => ({ name: c.name, arguments: c.arguments }));
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The table of every family, documented differences counted as intended where pinned. */
export function adjustedTable(families: ReadonlyMap<string, Adjusted>): string {
  const rows = [...families]
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

/**
 * `pnpm conformance --pin-differences`: writes each documented case's current output into its
 * entry as `intended`. Run it only after reading what changed: the pins are the project's word.
 */
export function pinDifferences(runs: readonly CaseRun[], packagesDir = PACKAGES_DIR): string[] {
  const byId = new Map(runs.map((r) => [r.case.id, r]));
  const written: string[] = [];
  for (const { dir, file, data } of differenceFiles(packagesDir)) {
    for (const [id, entry] of Object.entries(data)) {
      const run = byId.get(id);
      if (!run) continue;
      entry.intended = intendedOf(run, { ...entry, source: dir });
    }
    writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
    written.push(file);
  }
  return written;
}
