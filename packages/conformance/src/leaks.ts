/**
 * The leak corpus: real outputs, from public issue threads, where a model wrote its calls as text
 * (a server run with the wrong parser or none). Each case names its thread and the model the
 * thread names; the run reads it routed by that model (`router.parse({ model })`) and through
 * rescue (`router.rescue({ model })`), and counts the calls that come out exact. The counts are
 * ratcheted in leaks-baseline.json: they may only go up.
 *
 * The corpus lives in this repository (corpus/leaks/*.jsonl), so it runs on any clone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Router, sequentialIds, type ToolDefinition } from '@toolformat/core';
import { deepEqual } from './score.js';

export interface LeakCase {
  id: string;
  source: string;
  model: string;
  server?: string;
  text: string;
  tools?: ToolDefinition[];
  expected: { calls: Array<{ name: string; arguments: unknown }>; content?: string | null };
  shape?: string;
}

export interface LeakScore {
  cases: number;
  routedExact: number;
  rescueExact: number;
  strictExact: number;
  failing: Array<{ id: string; model: string; routed: string; rescued: string }>;
}

export const DEFAULT_LEAKS_DIR = fileURLToPath(new URL('../corpus/leaks/', import.meta.url));
export const DEFAULT_LEAKS_BASELINE = fileURLToPath(new URL('../leaks-baseline.json', import.meta.url));

export function readLeakCorpus(dir: string = DEFAULT_LEAKS_DIR): LeakCase[] {
  if (!existsSync(dir)) return [];
  const out: LeakCase[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    for (const [i, line] of readFileSync(join(dir, file), 'utf8').split('\n').entries()) {
      if (line.trim() === '') continue;
      let c: LeakCase;
      try {
        c = JSON.parse(line) as LeakCase;
      } catch (error) {
        throw new Error(`${file}:${i + 1}: not JSON (${(error as Error).message})`);
      }
      if (typeof c.text !== 'string' || typeof c.model !== 'string' || !Array.isArray(c.expected?.calls))
        throw new Error(`${file}:${i + 1}: a case needs "text", "model" and "expected.calls"`);
      out.push(c);
    }
  }
  return out;
}

const plainCalls = (calls: ReadonlyArray<{ name: string; arguments: unknown }>) =>
  calls.map((c) => ({ name: c.name, arguments: c.arguments }));

export function runLeaks(cases: readonly LeakCase[], router: Router): LeakScore {
  const score: LeakScore = {
    cases: cases.length,
    routedExact: 0,
    rescueExact: 0,
    strictExact: 0,
    failing: [],
  };
  for (const c of cases) {
    const opts = { model: c.model, ...(c.tools ? { tools: c.tools } : {}) };
    const want = plainCalls(c.expected.calls);
    const routed = plainCalls(router.parse(c.text, { ...opts, generateId: sequentialIds() }).calls);
    const rescued = plainCalls(router.rescue(c.text, { ...opts, generateId: sequentialIds() }).calls);
    const strict = plainCalls(
      router.rescue(c.text, { ...opts, strict: true, generateId: sequentialIds() }).calls,
    );
    const r = deepEqual(routed, want);
    const s = deepEqual(rescued, want);
    if (r) score.routedExact++;
    if (s) score.rescueExact++;
    if (deepEqual(strict, want)) score.strictExact++;
    if (!r || !s)
      score.failing.push({
        id: c.id,
        model: c.model,
        routed: JSON.stringify(routed),
        rescued: JSON.stringify(rescued),
      });
  }
  return score;
}
