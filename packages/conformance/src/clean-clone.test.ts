/**
 * A stranger's clone needs nothing outside the repository. The committed HEAD is cloned
 * (`git clone --depth 1 file://…`) into a temporary folder with nothing beside it (no ../shared),
 * installed from the local pnpm store, and the parts of the README's commands that read files
 * run there: the test files that read fixtures and corpora from disk, `pnpm conformance` (the
 * peer corpus is skipped, said plainly; the in-repo corpora still hold) and `pnpm examples`.
 *
 * Building every package in the clone would take minutes, so the clone borrows this checkout's
 * built `dist` folders (the code under test is the clone's own sources, corpora and fixtures).
 * The full proof — a clean install, `pnpm test` and `pnpm examples` from scratch — is
 * scripts/clean-clone-check.sh. Skipped without git or pnpm, outside a git checkout, and inside
 * the clone itself.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.error ? -1 : r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}`, stdout: r.stdout ?? '' };
}

const available = (cmd: string) => run(cmd, ['--version'], root).code === 0;
const topLevel = available('git') ? run('git', ['rev-parse', '--show-toplevel'], root) : null;
const ready =
  process.env.TOOLFORMAT_CLEAN_CLONE === undefined &&
  topLevel?.code === 0 &&
  resolve(topLevel.stdout.trim()) === root &&
  available('pnpm');

/** The children run as on a stranger's machine: no corpus path, nothing inherited from this run. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(VITEST|TURBO_|TOOLFORMAT_|npm_package_|FORCE_COLOR$|NODE_ENV$)/.test(k)) env[k] = v;
  env.NO_COLOR = '1';
  // Guards against running this test again inside the clone.
  env.TOOLFORMAT_CLEAN_CLONE = '1';
  return env;
}

describe.skipIf(!ready)('a clone of the committed HEAD, with no ../shared beside it', () => {
  // The real path: the run below reports the corpus path through its own (resolved) location.
  const work = ready ? realpathSync(mkdtempSync(join(tmpdir(), 'toolformat-clone-'))) : '';
  const clone = join(work, 'toolformat');
  const env = cleanEnv();
  // Removing a clone with its installed node_modules takes a while on a busy machine.
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  }, 120_000);

  it('installs, and the tests, conformance and examples that read files pass there', () => {
    const cloned = run('git', ['clone', '--quiet', '--depth', '1', `file://${root}`, clone], work, env);
    expect(cloned.code, cloned.out).toBe(0);
    expect(run('git', ['rev-parse', 'HEAD'], clone).stdout).toBe(
      run('git', ['rev-parse', 'HEAD'], root).stdout,
    );
    expect(readdirSync(work)).toEqual(['toolformat']);
    expect(existsSync(join(clone, '..', 'shared'))).toBe(false);

    // Borrow this checkout's builds (dist is not committed), then install from the local store.
    for (const base of ['packages', join('examples', 'plugins')])
      for (const pkg of readdirSync(join(root, base))) {
        const dist = join(root, base, pkg, 'dist');
        if (existsSync(dist)) cpSync(dist, join(clone, base, pkg, 'dist'), { recursive: true });
      }
    const install = run('pnpm', ['install', '--offline', '--frozen-lockfile'], clone, env);
    expect(install.code, install.out).toBe(0);

    // The test files that read files from disk (fixtures, corpora); conformance's own corpora and
    // baselines are read by the run below.
    for (const [pkg, files] of [
      ['format-react', ['src/variants.test.ts']],
      ['ai-sdk', ['src/toolformat-middleware.test.ts', 'src/rescue-stream.test.ts']],
      ['openai', ['src/chunk-rescuer.test.ts']],
    ] as const) {
      for (const file of files) expect(existsSync(join(clone, 'packages', pkg, file)), file).toBe(true);
      const t = run('pnpm', ['exec', 'vitest', 'run', ...files], join(clone, 'packages', pkg), env);
      expect(t.code, `${pkg}: ${t.out}`).toBe(0);
      // Every test ran and passed: "Tests  N passed (N)", no skips.
      const [, passed, total] = /Tests\s+(\d+) passed \((\d+)\)/.exec(t.out) ?? [];
      expect(passed, `${pkg}: ${t.out}`).toBeDefined();
      expect(passed).toBe(total);
    }

    // `pnpm conformance` there: the peer part says it skipped and why; precision and leaks hold.
    const conf = run('node', ['packages/conformance/dist/run.js'], clone, env);
    expect(conf.code, conf.out).toBe(0);
    expect(conf.out).toContain('Precision baseline held.');
    expect(conf.out).toContain('Leaks baseline held.');
    expect(conf.out).toContain(
      `peer corpus not found at ${join(work, 'shared', 'corpus', 'peers.jsonl')} (set TOOLFORMAT_CORPUS`,
    );
    expect(conf.out).toContain('peer conformance skipped.');

    // `pnpm examples` there (the README's main command, after its build).
    const examples = run('node', ['scripts/examples.mjs'], clone, env);
    expect(examples.code, examples.out).toBe(0);
    expect(examples.out).toMatch(/\n(\d+) example outputs: \1 matched, 0 did not\.\n/);
  }, 600_000);
});
