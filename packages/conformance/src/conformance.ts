/**
 * `pnpm conformance`: runs the peer corpus, prints a table per family, and holds the scores to
 * the committed baseline (packages/conformance/baseline.json).
 *
 *   --json               machine-readable report instead of tables
 *   --failures FAMILY    the failing cases of one family, expected vs actual (for developers)
 *   --update-baseline    rewrite the baseline from this run (refuses to lower a count…)
 *   --allow-drop         …unless this is given too
 *   --baseline FILE      another baseline file (tests)
 *   --pin-differences    write each documented difference's current output as its intended one
 *
 * Without the peer corpus (a clone without ../shared and no $TOOLFORMAT_CORPUS) the peer part says
 * it skipped and why; the precision and leak corpora and the in-repo peer cases (corpus/peers,
 * in-repo-peers.ts) still run and ratchet.
 *
 * Exit codes: 0 ok (with no peer corpus: the in-repo corpora held); 1 a ratcheted count dropped,
 * streaming differed from batch, or --update-baseline refused; 2 usage error.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDefaultRouter } from '@toolformat/cli';
import type { Router } from '@toolformat/core';
import {
  type Baseline,
  type Comparison,
  compareBaseline,
  describeChange,
  toBaseline,
  updateBaseline,
} from './baseline.js';
import { type CorpusCase, defaultCorpusPath, readCorpus } from './corpus.js';
import {
  adjustedScores,
  adjustedTable,
  loadDifferences,
  pinDifferences,
  pinnedMismatches,
} from './differences.js';
import { failuresReport } from './failures.js';
import { checkInRepoPeers, DEFAULT_PEERS_BASELINE } from './in-repo-peers.js';
import { DEFAULT_LEAKS_BASELINE, readLeakCorpus, runLeaks } from './leaks.js';
import {
  DEFAULT_PRECISION_BASELINE,
  type PrecisionBaseline,
  precisionRegressions,
  precisionTable,
  readPrecisionCorpus,
  runPrecision,
  toPrecisionBaseline,
} from './precision.js';
import { familyTable, partialTable } from './report.js';
import { type CorpusRun, runCorpus } from './runner.js';
import { tally } from './score.js';

export interface ConformanceIo {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
  env?: NodeJS.ProcessEnv;
  /** Default: the built-in formats (createDefaultRouter). */
  router?: Router;
}

export const DEFAULT_BASELINE = fileURLToPath(new URL('../baseline.json', import.meta.url));

const USAGE =
  'Usage: pnpm conformance [--json | --failures FAMILY | --update-baseline [--allow-drop] | --pin-differences]';

export async function conformance(argv: readonly string[], io: ConformanceIo): Promise<number> {
  const out = (s: string) => io.stdout.write(s.endsWith('\n') ? s : `${s}\n`);
  const err = (s: string) => io.stderr.write(s.endsWith('\n') ? s : `${s}\n`);
  let values: {
    json?: boolean;
    failures?: string;
    'update-baseline'?: boolean;
    'allow-drop'?: boolean;
    baseline?: string;
    'pin-differences'?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      // `pnpm conformance -- --json` hands the `--` through; it separates nothing here.
      args: argv.filter((a) => a !== '--'),
      options: {
        json: { type: 'boolean' },
        failures: { type: 'string' },
        'update-baseline': { type: 'boolean' },
        'allow-drop': { type: 'boolean' },
        baseline: { type: 'string' },
        'pin-differences': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    err(`conformance: ${(error as Error).message.split('. ')[0]}.\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if (values['allow-drop'] && !values['update-baseline']) {
    err(`conformance: --allow-drop only makes sense with --update-baseline.\n${USAGE}`);
    return 2;
  }

  const router = io.router ?? createDefaultRouter();
  // The precision and leak corpora are in the repository: they run on every clone, with the
  // built-in formats (their baselines are those formats'; a test's own router is not held to them).
  const own = io.router === undefined && values.failures === undefined && !values.json;
  const precisionStatus = own
    ? checkPrecision(
        router,
        // Beside another baseline file (tests) goes its own precision baseline.
        values.baseline === undefined
          ? DEFAULT_PRECISION_BASELINE
          : join(dirname(values.baseline), `precision-${basename(values.baseline)}`),
        values['update-baseline'] === true,
        values['allow-drop'] === true,
        out,
        err,
      )
    : 0;

  const leaksStatus = own
    ? checkLeaks(
        router,
        values.baseline === undefined
          ? DEFAULT_LEAKS_BASELINE
          : join(dirname(values.baseline), `leaks-${basename(values.baseline)}`),
        values['update-baseline'] === true,
        values['allow-drop'] === true,
        out,
        err,
      )
    : 0;
  const inRepoStatus = own
    ? checkInRepoPeers(
        router,
        values.baseline === undefined
          ? DEFAULT_PEERS_BASELINE
          : join(dirname(values.baseline), `peers-${basename(values.baseline)}`),
        values['update-baseline'] === true,
        values['allow-drop'] === true,
        out,
        err,
      ).status
    : 0;
  const ownStatus = [precisionStatus, leaksStatus, inRepoStatus].find((s) => s !== 0) ?? 0;

  const corpusPath = defaultCorpusPath(io.env ?? process.env);
  const cases = readCorpus(corpusPath);
  if (cases === null) {
    const skipped = `conformance: peer corpus not found at ${corpusPath} (set TOOLFORMAT_CORPUS to a peers.jsonl, or place the project's shared folder beside the repository as ../shared): peer conformance skipped.`;
    if (values.json) {
      // stdout stays machine-readable: the reason goes to stderr.
      err(skipped);
      out(JSON.stringify({ corpus: corpusPath, corpusFound: false }, null, 2));
      return ownStatus;
    }
    out(`\n${skipped}`);
    if (own && ownStatus === 0)
      out(
        'conformance: the in-repo corpora (precision, leaks) ran above and passed. So did the in-repo peer cases.',
      );
    else if (own)
      err('conformance: FAILED: the in-repo corpora (precision, leaks) did not pass (see above).');
    return ownStatus;
  }
  const started = performance.now();
  const run = runCorpus(cases, router);
  const elapsedMs = Math.round(performance.now() - started);
  const counts = tally(run.runs.map((r) => r.score));
  const current = toBaseline(counts);
  const unknown = new Set(run.unknownFamilies);

  if (values.failures !== undefined) return printFailures(values.failures, cases, run, out, err);
  if (values['pin-differences']) {
    for (const file of pinDifferences(run.runs)) out(`pinned: ${relative(process.cwd(), file)}`);
    return 0;
  }
  // The pins are of the built-in formats' outputs: a test's own router is not held to them.
  const pins = io.router === undefined ? pinnedMismatches(run.runs, loadDifferences()) : [];

  const baselinePath = values.baseline ?? DEFAULT_BASELINE;
  const baseline = readBaseline(baselinePath);
  const comparison = baseline ? compareBaseline(baseline, current) : null;
  const streamFailed = run.streaming.mismatches.length > 0;

  if (values['update-baseline']) {
    const update = updateBaseline(baseline ?? { families: {} }, current, values['allow-drop'] ?? false);
    if (!update.ok) {
      err('conformance: refusing to lower the baseline (add --allow-drop if that is intended):');
      for (const d of update.drops) err(`  ${describeChange(d)}`);
      return 1;
    }
    writeFileSync(baselinePath, `${JSON.stringify(update.baseline, null, 2)}\n`);
    out(
      update.changes.length === 0
        ? 'Baseline unchanged.'
        : `Baseline updated (${relative(process.cwd(), baselinePath)}):`,
    );
    for (const c of update.changes) out(`  ${describeChange(c)}`);
    if (streamFailed)
      err(`conformance: ${run.streaming.mismatches.length} streaming mismatches (see above); fix them.`);
    return streamFailed || ownStatus !== 0 ? 1 : 0;
  }

  if (values.json) {
    out(JSON.stringify(jsonReport(corpusPath, cases.length, elapsedMs, run, current, comparison), null, 2));
  } else {
    printTables(corpusPath, cases.length, elapsedMs, run, counts, unknown, out);
  }
  const peers = verdict(comparison, baselinePath, streamFailed, values.json ? err : out, err);
  if (run.rescue.autoMismatches.length > 0) {
    err(
      `\nconformance: FAILED: rescue and auto mode read ${run.rescue.autoMismatches.length} cases differently.`,
    );
    return 1;
  }
  if (pins.length > 0) {
    err('\nconformance: FAILED: documented differences no longer give their pinned output:');
    for (const p of pins) err(`  ${p.id} (${p.source}): ${p.why}`);
    err('Fix the regression, or if the new output is intended: pnpm conformance --pin-differences');
    return 1;
  }
  return peers !== 0 ? peers : ownStatus;
}

/** Runs the leak corpus (real outputs from public threads), prints its scores and ratchets them. */
function checkLeaks(
  router: Router,
  baselinePath: string,
  update: boolean,
  allowDrop: boolean,
  out: (s: string) => void,
  err: (s: string) => void,
): number {
  const cases = readLeakCorpus();
  if (cases.length === 0) {
    out('Leaks: no corpus in packages/conformance/corpus/leaks; nothing to check.\n');
    return 0;
  }
  const score = runLeaks(cases, router);
  const pct = (n: number) => `${Math.round((100 * n) / score.cases)}%`;
  out(
    `Leaks: ${score.cases} real outputs from public threads. Calls exact routed by the thread's model ${score.routedExact}/${score.cases} (${pct(score.routedExact)}), through rescue ${score.rescueExact}/${score.cases} (${pct(score.rescueExact)}), strict rescue ${score.strictExact}/${score.cases}.`,
  );
  for (const f of score.failing) out(`  ${f.id} (${f.model}): routed ${f.routed}, rescued ${f.rescued}`);
  const current = {
    routedExact: score.routedExact,
    rescueExact: score.rescueExact,
    strictExact: score.strictExact,
  };
  const baseline = existsSync(baselinePath)
    ? (JSON.parse(readFileSync(baselinePath, 'utf8')) as typeof current)
    : null;
  const drops = baseline
    ? (Object.keys(current) as Array<keyof typeof current>).filter((k) => current[k] < (baseline[k] ?? 0))
    : [];
  if (update) {
    if (drops.length > 0 && !allowDrop) {
      err(
        `conformance: refusing to lower the leaks baseline (${drops.join(', ')}); add --allow-drop if intended.`,
      );
      return 1;
    }
    writeFileSync(baselinePath, `${JSON.stringify(current, null, 2)}\n`);
    out('Leaks baseline written.\n');
    return 0;
  }
  if (baseline === null) {
    out('No leaks baseline; write one with: pnpm conformance --update-baseline\n');
    return 0;
  }
  if (drops.length > 0) {
    err(
      `\nconformance: FAILED: leak scores dropped below the baseline: ${drops.map((k) => `${k} ${baseline[k]} → ${current[k]}`).join(', ')}`,
    );
    return 1;
  }
  out('Leaks baseline held.\n');
  return 0;
}

/** Runs the precision corpus, prints its table and holds it to its baseline. */
function checkPrecision(
  router: Router,
  baselinePath: string,
  update: boolean,
  allowRise: boolean,
  out: (s: string) => void,
  err: (s: string) => void,
): number {
  const cases = readPrecisionCorpus();
  if (cases.length === 0) {
    out('Precision: no corpus in packages/conformance/corpus/precision; nothing to check.\n');
    return 0;
  }
  const results = runPrecision(cases, router);
  out(
    `Precision: ${cases.length} answers that only talk about tool calls, rescued under ${'several model names'} with and without their tools (a call or a changed text is a false positive):\n`,
  );
  out(precisionTable(results));
  const current = toPrecisionBaseline(results);
  const baseline = existsSync(baselinePath)
    ? (JSON.parse(readFileSync(baselinePath, 'utf8')) as PrecisionBaseline)
    : null;
  const rises = baseline ? precisionRegressions(baseline, current) : [];
  if (update) {
    if (rises.length > 0 && !allowRise) {
      err('conformance: refusing to raise the precision baseline (add --allow-drop if that is intended):');
      for (const r of rises) err(`  ${r}`);
      return 1;
    }
    writeFileSync(baselinePath, `${JSON.stringify(current, null, 2)}\n`);
    out('Precision baseline written.\n');
    return 0;
  }
  if (baseline === null) {
    out('\nNo precision baseline; write one with: pnpm conformance --update-baseline\n');
    return 0;
  }
  if (rises.length > 0) {
    err('\nconformance: FAILED: false positives rose above the precision baseline:');
    for (const r of rises) err(`  ${r}`);
    return 1;
  }
  out('\nPrecision baseline held.\n');
  return 0;
}

function printTables(
  corpusPath: string,
  total: number,
  elapsedMs: number,
  run: CorpusRun,
  counts: ReturnType<typeof tally>,
  unknown: ReadonlySet<string>,
  out: (s: string) => void,
): void {
  out(
    `Conformance: ${total} cases from ${corpusPath} (${run.skipped} without expected calls skipped), ${elapsedMs} ms\n`,
  );
  out(familyTable(counts, unknown));
  out('\nPartial outputs (cut off mid-generation):\n');
  out(partialTable(counts, unknown));
  if (unknown.size > 0) {
    out(`\n* not a format id here yet, so every explicit-format case scores 0: ${[...unknown].join(', ')}`);
  }
  const { families, stale } = adjustedScores(run.runs, loadDifferences());
  if ([...families.values()].some((a) => a.documented > 0)) {
    out('\nWith the documented differences counted as intended (each format lists them, with reasons,');
    out('in conformance-differences.json and CONFORMANCE.md; the ratchet above holds the raw scores):\n');
    out(adjustedTable(families));
  }
  if (stale.length > 0)
    out(`\nDocumented differences that pass now (remove them from the list): ${stale.join(', ')}`);
  const m = run.streaming.mismatches;
  out(
    `\nStreaming with the peers' chunks: ${run.streaming.cases} cases, ${m.length} mismatches with batch${m.length ? `: ${m.map((x) => x.id).join(', ')}` : ''}`,
  );
  const r = run.rescue;
  out(
    `Rescue: without a model it equals auto mode on ${run.runs.length - r.autoMismatches.length} of ${run.runs.length} cases${r.autoMismatches.length ? ` (differs: ${r.autoMismatches.join(', ')})` : ''}; routed to each case's family (its format first, the others on strong evidence) ${r.routedCallsExact}/${r.routedCases} calls exact.`,
  );
}

function verdict(
  comparison: Comparison | null,
  baselinePath: string,
  streamFailed: boolean,
  info: (s: string) => void,
  err: (s: string) => void,
): number {
  if (streamFailed)
    err(
      'conformance: FAILED: streaming must add up to the batch result (architecture/semantics.md, guarantee 7).',
    );
  if (comparison === null) {
    info(`\nNo baseline at ${baselinePath}; write one with: pnpm conformance --update-baseline`);
    return streamFailed ? 1 : 0;
  }
  if (comparison.drops.length > 0) {
    err('\nconformance: FAILED: scores dropped below the baseline:');
    for (const d of comparison.drops) err(`  ${describeChange(d)}`);
    err('Fix the regression, or if it is intended: pnpm conformance --update-baseline --allow-drop');
    return 1;
  }
  if (comparison.rises.length > 0) {
    info('\nScores went up — update the baseline so they stay up: pnpm conformance --update-baseline');
    for (const r of comparison.rises) info(`  ${describeChange(r)}`);
  } else {
    info('\nBaseline held.');
  }
  return streamFailed ? 1 : 0;
}

function jsonReport(
  corpusPath: string,
  total: number,
  elapsedMs: number,
  run: CorpusRun,
  current: Baseline,
  comparison: Comparison | null,
) {
  return {
    corpus: corpusPath,
    cases: total,
    skipped: run.skipped,
    elapsedMs,
    unknownFamilies: run.unknownFamilies,
    families: current.families,
    streaming: { cases: run.streaming.cases, mismatches: run.streaming.mismatches.map((m) => m.id) },
    baseline: comparison,
  };
}

function printFailures(
  family: string,
  cases: readonly CorpusCase[],
  run: CorpusRun,
  out: (s: string) => void,
  err: (s: string) => void,
): number {
  if (!cases.some((c) => c.family === family)) {
    const families = [...new Set(cases.map((c) => c.family))].sort().join(', ');
    err(`conformance: no cases of family '${family}'; the families are: ${families}.`);
    return 2;
  }
  out(failuresReport(family, run));
  return 0;
}

function readBaseline(path: string): Baseline | null {
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, 'utf8')) as Baseline;
}
