/**
 * One end-to-end run of the built executable, to prove the bin (shebang, ESM entry, exit code,
 * real stdin) works. Everything else is tested in-process through main().
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.js');
const built = existsSync(bin);
if (!built) {
  console.warn(`bin.test.ts: skipped: ${bin} is missing; run \`pnpm --filter @toolformat/cli build\` first.`);
}

describe.skipIf(!built)('the built toolformat executable', () => {
  // Two process starts; under a parallel turbo run a cold start can take seconds.
  it('parses stdin, exits 0, and exits 2 on a usage error', { timeout: 30_000 }, () => {
    const ok = spawnSync(process.execPath, [bin, 'parse'], { input: 'Just an answer.', encoding: 'utf8' });
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({
      format: null,
      calls: [],
      content: 'Just an answer.',
      reasoning: null,
      issues: [],
    });

    const bad = spawnSync(process.execPath, [bin, 'parse', '--nope'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^toolformat: unknown option '--nope'/);
  });
});
