import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDefaultRouter } from '@toolformat/cli';
import { describe, expect, it } from 'vitest';
import { checkInRepoPeers, DEFAULT_PEERS_BASELINE, readInRepoPeers } from './in-repo-peers.js';

const router = createDefaultRouter();
const quiet = () => {};

describe('the in-repo peer corpus', () => {
  it('names the peer, file and test of every case, and every family is a format here', () => {
    const cases = readInRepoPeers();
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      expect(c.source).toMatch(/^(vllm|sglang|llama\.cpp):tests?\/.+::.+/);
      expect(() => router.get(c.family)).not.toThrow();
    }
  });

  it('holds its committed baseline, with at least 95% calls exact per family', () => {
    const lines: string[] = [];
    const r = checkInRepoPeers(router, DEFAULT_PEERS_BASELINE, false, false, (s) => lines.push(s), quiet);
    expect(r.status).toBe(0);
    expect(lines.join('\n')).toContain('In-repo peer baseline held.');
    for (const [family, c] of r.counts)
      expect([family, c.callsExact / c.cases >= 0.95]).toEqual([family, true]);
  });

  it('fails when a family drops below the baseline', () => {
    const dir = mkdtempSync(join(tmpdir(), 'peers-'));
    const baseline = JSON.parse(readFileSync(DEFAULT_PEERS_BASELINE, 'utf8'));
    for (const f of Object.values(baseline.families) as Array<{ callsExact: number }>) f.callsExact += 1;
    const path = join(dir, 'peers-baseline.json');
    writeFileSync(path, JSON.stringify(baseline));
    const errors: string[] = [];
    const r = checkInRepoPeers(router, path, false, false, quiet, (s) => errors.push(s));
    expect(r.status).toBe(1);
    expect(errors.join('\n')).toContain('dropped below their baseline');
  });
});
