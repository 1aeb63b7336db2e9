/**
 * One end-to-end run of the built executable, to prove the bin (shebang, ESM entry, exit code,
 * real stdin) works. Everything else is tested in-process through main().
 */
import { spawn, spawnSync } from 'node:child_process';
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

  it('serve stops on SIGTERM with exit 0 after saying where it listened', { timeout: 30_000 }, async () => {
    // Nothing listens on port 9 (discard); the proxy only needs an upstream URL to start.
    const child = spawn(process.execPath, [
      bin,
      'serve',
      '--upstream',
      'http://127.0.0.1:9/v1',
      '--port',
      '0',
    ]);
    let stderr = '';
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('listening on')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
    });
    const url = /listening on (\S+)\/v1/.exec(stderr)?.[1];
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stderr).toContain('stopped.');
  });
});
