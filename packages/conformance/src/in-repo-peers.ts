/**
 * The in-repo peer corpus: cases we wrote from the peers' own tests (vLLM, SGLang, llama.cpp) for
 * the families the shared corpus does not cover yet, one JSON object a line in
 * corpus/peers/*.jsonl, the same record shape as the shared peers.jsonl (corpus.ts) with the
 * peer, file and test named in `source`. It lives in the repository, so it runs on every clone,
 * with or without ../shared; its per-family counts are ratcheted in peers-baseline.json exactly
 * like the shared corpus's (baseline.ts): a run fails when one drops.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Router } from '@toolformat/core';
import { type Baseline, compareBaseline, describeChange, toBaseline, updateBaseline } from './baseline.js';
import { type CorpusCase, readCorpus } from './corpus.js';
import { familyTable } from './report.js';
import { type CorpusRun, runCorpus } from './runner.js';
import { type FamilyCounts, tally } from './score.js';

export const DEFAULT_PEERS_DIR = fileURLToPath(new URL('../corpus/peers/', import.meta.url));
export const DEFAULT_PEERS_BASELINE = fileURLToPath(new URL('../peers-baseline.json', import.meta.url));

/** Every case of every `.jsonl` in the folder, in file order; an empty list when there is none. */
export function readInRepoPeers(dir: string = DEFAULT_PEERS_DIR): CorpusCase[] {
  if (!existsSync(dir)) return [];
  const cases: CorpusCase[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const read = readCorpus(join(dir, file)) ?? [];
    for (const [i, c] of read.entries()) {
      if (typeof c.id !== 'string' || typeof c.family !== 'string' || typeof c.input !== 'string')
        throw new Error(`${file}: case ${i + 1} needs "id", "family" and "input"`);
      if (typeof c.source !== 'string' || c.source === '')
        throw new Error(`${file}: case ${c.id} names no source (peer, file and test)`);
    }
    cases.push(...read);
  }
  return cases;
}

export interface InRepoPeersResult {
  status: number;
  run: CorpusRun | null;
  counts: Map<string, FamilyCounts>;
}

/** Runs the in-repo peer corpus, prints its table and holds it to (or writes) its baseline. */
export function checkInRepoPeers(
  router: Router,
  baselinePath: string,
  update: boolean,
  allowDrop: boolean,
  out: (s: string) => void,
  err: (s: string) => void,
  dir: string = DEFAULT_PEERS_DIR,
): InRepoPeersResult {
  const cases = readInRepoPeers(dir);
  if (cases.length === 0) {
    out('In-repo peer cases: none in packages/conformance/corpus/peers; nothing to check.\n');
    return { status: 0, run: null, counts: new Map() };
  }
  const run = runCorpus(cases, router);
  const counts = tally(run.runs.map((r) => r.score));
  const unknown = new Set(run.unknownFamilies);
  out(
    `In-repo peer cases (packages/conformance/corpus/peers): ${cases.length} cases written from the peers' tests, ${run.skipped} without expected calls skipped:\n`,
  );
  out(familyTable(counts, unknown));
  const mismatches = run.streaming.mismatches;
  out(
    `Streaming with the cases' chunks: ${run.streaming.cases} cases, ${mismatches.length} mismatches with batch${mismatches.length ? `: ${mismatches.map((m) => m.id).join(', ')}` : ''}`,
  );
  const streamFailed = mismatches.length > 0;
  if (streamFailed)
    err(
      'conformance: FAILED: streaming must add up to the batch result (architecture/semantics.md, guarantee 7).',
    );
  const current = toBaseline(counts);
  const baseline = existsSync(baselinePath)
    ? (JSON.parse(readFileSync(baselinePath, 'utf8')) as Baseline)
    : null;
  if (update) {
    const result = updateBaseline(baseline ?? { families: {} }, current, allowDrop);
    if (!result.ok) {
      err('conformance: refusing to lower the in-repo peer baseline (add --allow-drop if that is intended):');
      for (const d of result.drops) err(`  ${describeChange(d)}`);
      return { status: 1, run, counts };
    }
    writeFileSync(baselinePath, `${JSON.stringify(result.baseline, null, 2)}\n`);
    out('In-repo peer baseline written.\n');
    return { status: streamFailed ? 1 : 0, run, counts };
  }
  if (baseline === null) {
    out('No in-repo peer baseline; write one with: pnpm conformance --update-baseline\n');
    return { status: streamFailed ? 1 : 0, run, counts };
  }
  const comparison = compareBaseline(baseline, current);
  if (comparison.drops.length > 0) {
    err('\nconformance: FAILED: in-repo peer scores dropped below their baseline:');
    for (const d of comparison.drops) err(`  ${describeChange(d)}`);
    return { status: 1, run, counts };
  }
  if (comparison.rises.length > 0) {
    out(
      'In-repo peer scores went up — update the baseline so they stay up: pnpm conformance --update-baseline',
    );
    for (const r of comparison.rises) out(`  ${describeChange(r)}`);
    out('');
  } else {
    out('In-repo peer baseline held.\n');
  }
  return { status: streamFailed ? 1 : 0, run, counts };
}
