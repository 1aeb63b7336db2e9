#!/usr/bin/env node
/**
 * `pnpm check:tarballs`: what a user installing from npm gets. Packs every public package
 * (`pnpm pack`, which writes the real versions in place of `workspace:`), installs the tarballs
 * into a fresh temporary project with npm — not the workspace: dependencies come from the
 * registry — and checks there:
 *
 * - every entry point of every package (each `exports` subpath) loads with ESM `import` and with
 *   CJS `require` (Node ≥ 20.19 requires ES modules), and each format package gives its plugin
 *   both as the default export and by name (`hermesPlugin`);
 * - a README-style TypeScript program typechecks with moduleResolution node16, nodenext and
 *   bundler;
 * - the `toolformat` bin runs: `--help`, and `parse` on a file.
 *
 * It prints each tarball's file count and size, and exits 1 when a check fails. Expects the
 * packages built (`pnpm check:tarballs` builds first).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const work = mkdtempSync(join(tmpdir(), 'toolformat-tarballs-'));
const packs = join(work, 'tarballs');
const project = join(work, 'project');
mkdirSync(packs);
mkdirSync(project);

const failures = [];
const started = Date.now();

try {
  // 1. Pack every public package.
  const packages = readdirSync(join(root, 'packages'))
    .map((dir) => ({
      dir: join(root, 'packages', dir),
      manifest: readJson(join(root, 'packages', dir, 'package.json')),
    }))
    .filter(({ manifest }) => manifest && !manifest.private)
    .sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
  const rows = [];
  for (const pkg of packages) {
    const before = new Set(readdirSync(packs));
    run('pnpm', ['pack', '--pack-destination', packs], { cwd: pkg.dir });
    const tarball = readdirSync(packs).find((f) => !before.has(f));
    pkg.tarball = join(packs, tarball);
    const files = execFileSync('tar', ['-tzf', pkg.tarball], { encoding: 'utf8' }).trim().split('\n');
    rows.push({ name: pkg.manifest.name, files: files.length, bytes: statSync(pkg.tarball).size, tarball });
  }
  console.log('tarballs:');
  console.log(`  ${'package'.padEnd(30)} ${'files'.padStart(5)} ${'size'.padStart(9)}  tarball`);
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(30)} ${String(row.files).padStart(5)} ${`${(row.bytes / 1024).toFixed(1)} kB`.padStart(9)}  ${row.tarball}`,
    );
  }
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  console.log(`  ${rows.length} tarballs, ${(total / 1024).toFixed(1)} kB in all`);

  // 2. A fresh project that depends on the tarballs, installed by npm from the registry.
  const typescript = readJson(join(root, 'package.json')).devDependencies.typescript;
  writeJson(join(project, 'package.json'), {
    name: 'tarball-check',
    private: true,
    type: 'module',
    dependencies: Object.fromEntries(packages.map((p) => [p.manifest.name, `file:${p.tarball}`])),
    // @types/json-schema: @ai-sdk/provider's declarations import json-schema's types, and the
    // check reads every declaration file (skipLibCheck off) so ours are checked too.
    devDependencies: { typescript, '@types/node': '^20.19.0', '@types/json-schema': '^7.0.15' },
  });
  console.log('\nnpm install (the tarballs, their dependencies and peers from the registry)…');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project });

  // 3. Every entry point, with import and with require.
  const entries = packages.flatMap(({ manifest }) =>
    Object.keys(manifest.exports ?? { '.': null })
      .filter((subpath) => subpath !== './package.json')
      .map((subpath) => ({
        specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
        plugin:
          subpath === '.' && manifest.name.startsWith('@toolformat/format-')
            ? pluginName(manifest.name)
            : null,
      })),
  );
  const probe = (load) => `
const entries = ${JSON.stringify(entries)};
const failed = [];
for (const { specifier, plugin } of entries) {
  try {
    const mod = ${load};
    if (Object.keys(mod).length === 0) throw new Error('no exports');
    if (plugin) {
      if (typeof mod[plugin]?.create !== 'function') throw new Error('no named export ' + plugin);
      if (mod.default !== mod[plugin]) throw new Error('the default export is not ' + plugin);
    }
  } catch (error) {
    failed.push(specifier + ': ' + (error && error.message));
  }
}
if (failed.length) { console.error(failed.join('\\n')); process.exit(1); }
console.log(entries.length + ' entry points');
`;
  writeFileSync(join(project, 'esm.mjs'), `${probe('await import(specifier)')}`);
  writeFileSync(join(project, 'cjs.cjs'), `${probe('require(specifier)')}`);
  check('ESM import of every entry point and named plugin export', 'node', ['esm.mjs']);
  check('CJS require of every entry point and named plugin export', 'node', ['cjs.cjs']);

  // 4. A README-style program, typechecked under each module resolution.
  writeFileSync(
    join(project, 'readme.ts'),
    `import { createRouter } from '@toolformat/core';
import { runToolLoop } from '@toolformat/core/tool-loop';
import { type BodyParser, parseJsonLadder } from '@toolformat/core/kit';
import { findStreamingMismatch } from '@toolformat/core/testing';
import hermes, { hermesPlugin } from '@toolformat/format-hermes';
import { xmlPlugin } from '@toolformat/format-xml';
import { createDefaultRouter } from '@toolformat/cli';
import { withToolformat } from '@toolformat/openai';
import { toolformatMiddleware } from '@toolformat/ai-sdk';
import OpenAI from 'openai';

const router = createRouter({ plugins: [hermes, xmlPlugin] });
const result = router.rescue('<tool_call>{"name": "f", "arguments": {}}</tool_call>', { model: 'qwen2.5-7b-instruct' });
const names: string[] = result.calls.map((call) => call.name);
const body: BodyParser = (text) => {
  const args = parseJsonLadder(text);
  return args.ok ? { calls: [{ name: 'f', arguments: args.value }] } : { calls: [], error: args.error };
};
const mismatch = findStreamingMismatch(router.get('hermes'), 'text');
const client = withToolformat(new OpenAI({ apiKey: 'unused' }), { plugins: [hermesPlugin] });
const middleware = toolformatMiddleware({ plugins: [hermes] });
void [names, body, mismatch, client, middleware, runToolLoop, createDefaultRouter()];
`,
  );
  for (const [resolution, module] of [
    ['node16', 'node16'],
    ['nodenext', 'nodenext'],
    ['bundler', 'esnext'],
  ]) {
    writeJson(join(project, `tsconfig.${resolution}.json`), {
      compilerOptions: {
        module,
        moduleResolution: resolution,
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
      },
      files: ['readme.ts'],
    });
    check(`TypeScript, moduleResolution ${resolution}`, join(project, 'node_modules', '.bin', 'tsc'), [
      '-p',
      `tsconfig.${resolution}.json`,
    ]);
  }

  // 5. The bin.
  const bin = join(project, 'node_modules', '.bin', 'toolformat');
  check('toolformat --help', bin, ['--help']);
  const sample = join(project, 'output.txt');
  writeFileSync(sample, readFileSync(join(root, 'examples', 'outputs', 'hermes-two-calls.txt')));
  check('toolformat parse FILE', bin, ['parse', sample], (stdout) => {
    const parsed = JSON.parse(stdout);
    if (parsed.format !== 'hermes' || parsed.calls.length !== 2) return `unexpected result: ${stdout}`;
    return null;
  });
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  console.error(`\nFAILED: ${failures.at(-1)}`);
} finally {
  if (keep) console.log(`\nkept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

console.log(
  `\ntarball check: ${failures.length === 0 ? 'passed' : `${failures.length} failed`} in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exitCode = failures.length === 0 ? 0 : 1;

/** Runs one check in the project and prints ok or what went wrong. */
function check(what, command, args, verify = () => null) {
  const result = spawnSync(command, args, { cwd: project, encoding: 'utf8' });
  const problem =
    result.status === 0
      ? verify(result.stdout)
      : `exit ${result.status}: ${(result.stderr || result.stdout).trim()}`;
  if (problem === null) {
    console.log(`ok    ${what}`);
  } else {
    failures.push(what);
    console.log(`FAIL  ${what}\n${problem.replace(/^/gm, '      ')}`);
  }
}

/** Runs a setup step; throws with its output when it fails. */
function run(command, args, options) {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.status}:\n${result.stderr || result.stdout}`,
    );
  }
  return result.stdout;
}

/** `@toolformat/format-hermes` → `hermesPlugin`. */
function pluginName(name) {
  return `${name.replace('@toolformat/format-', '')}Plugin`;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function writeJson(file, value) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
