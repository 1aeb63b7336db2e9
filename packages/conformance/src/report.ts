/** The human-readable report: a table per family, partial cases apart, and the ratchet verdict. */
import type { FamilyCounts, PartialCounts } from './score.js';

export function pct(n: number, of: number): string {
  return of === 0 ? '-' : `${Math.round((100 * n) / of)}%`;
}

const cell = (n: number, of: number) => `${n} ${pct(n, of).padStart(4)}`;

/** Left-aligned first column, right-aligned number columns. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.slice(0, -1).map(line), rule, line(rows[rows.length - 1] ?? [])].join(
    '\n',
  );
}

type Counts = Pick<PartialCounts, 'cases' | 'callsExact' | 'callsContent' | 'autoCallsExact'>;

function rowsOf(entries: ReadonlyArray<[string, Counts]>, unknown: ReadonlySet<string>): string[][] {
  const total: Counts = { cases: 0, callsExact: 0, callsContent: 0, autoCallsExact: 0 };
  const rows = entries.map(([family, c]) => {
    total.cases += c.cases;
    total.callsExact += c.callsExact;
    total.callsContent += c.callsContent;
    total.autoCallsExact += c.autoCallsExact;
    return [
      unknown.has(family) ? `${family} *` : family,
      String(c.cases),
      cell(c.callsExact, c.cases),
      cell(c.callsContent, c.cases),
      cell(c.autoCallsExact, c.cases),
    ];
  });
  rows.push([
    'total',
    String(total.cases),
    cell(total.callsExact, total.cases),
    cell(total.callsContent, total.cases),
    cell(total.autoCallsExact, total.cases),
  ]);
  return rows;
}

const HEADER = ['family', 'cases', 'calls exact', 'calls + content', 'auto: calls exact'];

export function familyTable(counts: ReadonlyMap<string, FamilyCounts>, unknown: ReadonlySet<string>): string {
  return renderTable(
    HEADER,
    rowsOf(
      [...counts].filter(([, c]) => c.cases > 0),
      unknown,
    ),
  );
}

export function partialTable(
  counts: ReadonlyMap<string, FamilyCounts>,
  unknown: ReadonlySet<string>,
): string {
  const entries = [...counts]
    .filter(([, c]) => c.partial.cases > 0)
    .map(([f, c]): [string, Counts] => [f, c.partial]);
  return renderTable(HEADER, rowsOf(entries, unknown));
}
