/**
 * One end-to-end run of the built executable, to prove the bin (shebang, ESM entry, exit code,
 * real stdin) works. Everything else is tested in-process through main().
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
// The command users get: the bin package.json declares (it loads the compiled dist/bin.js).
const bin = join(pkgDir, manifest.bin.toolformat);
const compiled = join(pkgDir, 'dist', 'bin.js');
const built = existsSync(compiled);
if (!built) {
  console.warn(
    `bin.test.ts: skipped: ${compiled} is missing; run \`pnpm --filter @toolformat/cli build\` first.`,
  );
}

describe('the declared bin', () => {
  // pnpm links workspace bins at install time, before any build: a bin under dist/ made every
  // fresh install warn `Failed to create bin … node_modules/.bin/toolformat`.
  it('is a committed, executable file that exists before the package is built', () => {
    expect(manifest.bin.toolformat).not.toMatch(/dist/);
    expect(existsSync(bin)).toBe(true);
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
    expect(manifest.files).toContain(manifest.bin.toolformat.replace(/^\.\//, '').split('/')[0]);
  });
});

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
