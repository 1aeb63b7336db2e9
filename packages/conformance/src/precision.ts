/**
 * The precision corpus (architecture/precision.md): answers that talk about, quote, document or
 * debug tool calls, and must stay text. Each case is rescued under several model names, with and
 * without its declared tools, in ordinary and strict mode; any call, or any change to the text,
 * is a false positive. The counts per family are ratcheted in precision-baseline.json: they may
 * only go down.
 *
 * The corpus lives in this repository (corpus/precision/*.jsonl), so it runs on any clone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Router, ToolDefinition } from '@toolformat/core';

export interface PrecisionCase {
  id: string;
  family: string;
  kind: string;
  text: string;
  tools?: ToolDefinition[];
  note?: string;
}

/** The model names every case is rescued under: one per routed family, and one unknown (auto). */
export const PRECISION_MODELS = [
  'qwen2.5-7b-instruct',
  'Qwen/Qwen3-Coder-30B-A3B-Instruct',
  'llama-3.2-3b-instruct',
  'mistral-small-3.1-24b-instruct',
  'deepseek-v3',
  'gpt-oss-20b',
  'gemma-3-27b-it',
  'some-unknown-model',
] as const;

export interface FamilyPrecision {
  cases: number;
  /** Runs (case × model × tools or not) in ordinary mode that produced a call or changed the text. */
  falsePositives: number;
  /** The same with tools declared only (the target is 0). */
  falsePositivesWithTools: number;
  /** The same in strict mode (what the proxy and the client adapters use). */
  falsePositivesStrict: number;
  /** The runs, for the rates. */
  runs: number;
  runsWithTools: number;
  failing: string[];
}

export type PrecisionBaseline = Record<
  string,
  { falsePositives: number; falsePositivesWithTools: number; falsePositivesStrict: number }
>;

export const DEFAULT_PRECISION_DIR = fileURLToPath(new URL('../corpus/precision/', import.meta.url));
export const DEFAULT_PRECISION_BASELINE = fileURLToPath(
  new URL('../precision-baseline.json', import.meta.url),
);

export function readPrecisionCorpus(dir: string = DEFAULT_PRECISION_DIR): PrecisionCase[] {
  if (!existsSync(dir)) return [];
  const cases: PrecisionCase[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    for (const [i, line] of lines.entries()) {
      if (line.trim() === '') continue;
      let value: PrecisionCase;
      try {
        value = JSON.parse(line) as PrecisionCase;
      } catch (error) {
        throw new Error(`${file}:${i + 1}: not JSON (${(error as Error).message})`);
      }
      if (typeof value.id !== 'string' || typeof value.text !== 'string' || typeof value.family !== 'string')
        throw new Error(`${file}:${i + 1}: a case needs "id", "family" and "text"`);
      cases.push(value);
    }
  }
  return cases;
}

/** Rescues every case every way; a call or a changed text is a false positive. */
export function runPrecision(cases: readonly PrecisionCase[], router: Router): Map<string, FamilyPrecision> {
  const out = new Map<string, FamilyPrecision>();
  for (const c of cases) {
    let f = out.get(c.family);
    if (!f) {
      f = {
        cases: 0,
        falsePositives: 0,
        falsePositivesWithTools: 0,
        falsePositivesStrict: 0,
        runs: 0,
        runsWithTools: 0,
        failing: [],
      };
      out.set(c.family, f);
    }
    f.cases++;
    let failed = false;
    for (const model of PRECISION_MODELS) {
      for (const tools of c.tools ? [undefined, c.tools] : [undefined]) {
        for (const strict of [false, true]) {
          const r = router.rescue(c.text, { model, strict, ...(tools ? { tools } : {}) });
          const wrong = r.calls.length > 0 || r.content !== c.text.trim();
          if (!strict) {
            f.runs++;
            if (tools) f.runsWithTools++;
          }
          if (!wrong) continue;
          failed = true;
          if (strict) f.falsePositivesStrict++;
          else {
            f.falsePositives++;
            if (tools) f.falsePositivesWithTools++;
          }
        }
      }
    }
    if (failed) f.failing.push(c.id);
  }
  return out;
}

export function precisionTable(results: ReadonlyMap<string, FamilyPrecision>): string {
  const rows = [...results.entries()].sort(([a], [b]) => a.localeCompare(b));
  const head = ['family', 'cases', 'false pos.', 'with tools', 'strict', 'failing cases'];
  const body = rows.map(([family, f]) => [
    family,
    String(f.cases),
    `${f.falsePositives}/${f.runs}`,
    `${f.falsePositivesWithTools}/${f.runsWithTools}`,
    String(f.falsePositivesStrict),
    f.failing.join(' '),
  ]);
  const total = rows.reduce(
    (t, [, f]) => ({
      cases: t.cases + f.cases,
      fp: t.fp + f.falsePositives,
      runs: t.runs + f.runs,
      fpt: t.fpt + f.falsePositivesWithTools,
      runsT: t.runsT + f.runsWithTools,
      strict: t.strict + f.falsePositivesStrict,
    }),
    { cases: 0, fp: 0, runs: 0, fpt: 0, runsT: 0, strict: 0 },
  );
  body.push([
    'total',
    String(total.cases),
    `${total.fp}/${total.runs}`,
    `${total.fpt}/${total.runsT}`,
    String(total.strict),
    '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

export function toPrecisionBaseline(results: ReadonlyMap<string, FamilyPrecision>): PrecisionBaseline {
  const out: PrecisionBaseline = {};
  for (const [family, f] of [...results.entries()].sort(([a], [b]) => a.localeCompare(b)))
    out[family] = {
      falsePositives: f.falsePositives,
      falsePositivesWithTools: f.falsePositivesWithTools,
      falsePositivesStrict: f.falsePositivesStrict,
    };
  return out;
}

/** What went up against the baseline (a family missing from it counts from 0). */
export function precisionRegressions(baseline: PrecisionBaseline, current: PrecisionBaseline): string[] {
  const out: string[] = [];
  for (const [family, now] of Object.entries(current)) {
    const was = baseline[family] ?? {
      falsePositives: 0,
      falsePositivesWithTools: 0,
      falsePositivesStrict: 0,
    };
    for (const key of ['falsePositives', 'falsePositivesWithTools', 'falsePositivesStrict'] as const)
      if (now[key] > was[key]) out.push(`${family}: ${key} ${was[key]} → ${now[key]}`);
  }
  return out;
}
