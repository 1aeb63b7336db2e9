/**
 * Timing helpers. The machines this runs on are shared and noisy, so every comparison is made
 * in the same run, interleaved, and reported as medians and ratios of medians.
 *
 * Noise also moves whole processes. On the 2-core VM the budgets were set on, one fresh process in
 * three to five ran everything about 1.4× slower: the typical parse took 7.1 µs instead of 5.0, and
 * the native `JSON.parse` inside it slowed as much (1.6×), so the cause is the machine, not which
 * code the JIT compiled. An absolute time from one process says little about the code; a
 * ratio of two timings taken in turn in the same process does not move with it.
 */
import { measure } from 'mitata';

export interface Timing {
  /** Median time of one call, in nanoseconds. */
  p50: number;
}

export async function time(fn: () => unknown): Promise<Timing> {
  const stats = await measure(fn, { min_cpu_time: 300 * 1e6, max_samples: 1e9 });
  return { p50: stats.p50 };
}

/**
 * Measures `subject` against `baseline` three times, alternating, and returns the median of each
 * and the median ratio: noise that hits one round does not decide the result.
 */
export async function compare(
  subject: () => unknown,
  baseline: () => unknown,
): Promise<{ subject: number; baseline: number; ratio: number }> {
  const s: number[] = [];
  const b: number[] = [];
  const r: number[] = [];
  for (let round = 0; round < 3; round++) {
    const tb = (await time(baseline)).p50;
    const ts = (await time(subject)).p50;
    s.push(ts);
    b.push(tb);
    r.push(ts / tb);
  }
  return { subject: median(s), baseline: median(b), ratio: median(r) };
}

/**
 * Wall times of calls too slow to sample many times, taken in turn (`a b a b …`), the median of
 * `runs` each: a shared machine that slows down for a while slows every call alike, where timing
 * one call's runs and then the other's puts the slow spell on one of them, and a ratio of the two
 * (an adversarial row's growth) reads the spell as the code's.
 */
export function wallTimes(fns: ReadonlyArray<() => unknown>, runs = 5): number[] {
  const t: number[][] = fns.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < fns.length; k++) {
      const start = performance.now();
      fns[k]!();
      t[k]!.push(performance.now() - start);
    }
  }
  return t.map(median);
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function fmtNs(ns: number): string {
  if (ns < 1e3) return `${ns.toFixed(0)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${(ns / 1e6).toFixed(2)} ms`;
}
