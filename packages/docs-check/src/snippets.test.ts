/**
 * Every code snippet of README.md, architecture/*.md and every package's README runs as written,
 * against the built packages, the way a reader would paste it:
 *
 * - ts / js: transpiled (TypeScript's transpileModule, types erased, nothing checked) and run by
 *   node as an ES namespace that resolves the packages like a project depending on them. It runs in
 *   a folder holding the page's last yaml snippet as `models.yaml`, so `loadModelsConfig
 *   ('models.yaml')` reads the example above it.
 * - sh: run by bash (errexit, pipefail) from the repository root with the built `toolformat`
 *   on the PATH, so `toolformat parse examples/outputs/…` is the real command.
 * - yaml: written to a models.yaml and loaded the way `toolformat --config` loads it (plugins
 *   imported, rules checked), then every rule's model name is routed.
 *
 * A snippet marked `<!-- snippet: skip (why) -->` is listed with its reason, not run.
 */

import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDefaultRouter } from '@toolformat/cli';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { documentationSnippets, extractSnippets, type Snippet, snippetName } from './snippets.js';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, '..');
const root = join(pkg, '..', '..');
const bin = join(pkg, 'node_modules', '.bin');
// Inside this package's node_modules, so a snippet's bare imports and a models.yaml's plugins
// resolve from this package's dependencies, as they would in a user's project.
const work = join(pkg, 'node_modules', '.snippets');

const snippets = documentationSnippets(root);
const toRun = snippets.filter((s) => s.kind !== null && s.skip === null);
const skipped = snippets.filter((s) => s.skip !== null);
const unchecked = snippets.filter((s) => s.kind === null && s.skip === null);

console.log(
  [
    `documentation snippets: ${toRun.length} run, ${skipped.length} skipped, ${unchecked.length} not code to run`,
    ...skipped.map((s) => `  skipped ${snippetName(s)}: ${s.skip}`),
    ...unchecked.map((s) => `  not run ${snippetName(s)}: not a ts/js/sh/yaml snippet`),
  ].join('\n'),
);

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

describe('the documentation snippets', () => {
  it('are found in the README and the plugin guide, and most of them run', () => {
    const files = new Set(toRun.map((s) => s.file));
    expect(files).toContain('README.md');
    expect(files).toContain('architecture/adding-a-format.md');
    expect(toRun.length).toBeGreaterThan(skipped.length);
  });

  it.each(toRun.map((s) => [snippetName(s), s] as const))(
    '%s runs as written',
    { timeout: 60_000 },
    async (_, s) => {
      const failure = await runSnippet(s);
      expect(failure, `${snippetName(s)}:\n${s.code}`).toBeNull();
    },
  );
});

describe('extractSnippets', () => {
  const page = [
    '# A page',
    '```ts',
    "console.log('one');",
    '```',
    '',
    '<!-- snippet: skip (needs a model server) -->',
    '',
    '```sh',
    'curl http://127.0.0.1:8080/v1/models',
    '```',
    '````md',
    '```ts',
    'inside a longer fence',
    '```',
    '````',
    '```',
    'toolformat parse [FILE]',
    '```',
  ].join('\n');

  it('finds each fence with its language, line and code, a longer fence holding a shorter one', () => {
    const found = extractSnippets('page.md', page);
    expect(found.map((s) => [s.line, s.lang, s.kind, s.skip])).toEqual([
      [2, 'ts', 'ts', null],
      [8, 'sh', 'sh', 'needs a model server'],
      [11, 'md', null, null],
      [16, '', null, null],
    ]);
    expect(found[0]?.code).toBe("console.log('one');\n");
    expect(found[2]?.code).toBe('```ts\ninside a longer fence\n```\n');
  });

  it('refuses a skip marker that gives no reason', () => {
    expect(() => extractSnippets('page.md', '<!-- snippet: skip -->\n```ts\nx\n```\n')).toThrow(
      /needs a reason/,
    );
  });
});

/** Runs one snippet; null when it ran, else what went wrong. */
async function runSnippet(s: Snippet): Promise<string | null> {
  const dir = join(work, `${s.file.replace(/[^a-z0-9]+/gi, '-')}-${s.line}`);
  mkdirSync(dir, { recursive: true });
  const yaml = s.kind === 'yaml' ? s : lastYamlBefore(s);
  if (yaml) writeFileSync(join(dir, 'models.yaml'), yaml.code);
  if (s.kind === 'yaml') {
    const file = join(dir, 'models.yaml');
    try {
      const { router, config } = await loadDefaultRouter(file);
      for (const rule of config.models ?? []) {
        const match = String(rule.match);
        // Route a model name the rule's glob matches, so an unknown format or variant shows.
        if (!match.startsWith('/')) router.forModel(match.replace(/\*/g, 'x'));
      }
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  if (s.kind === 'sh') {
    // Only `toolformat …` commands run (installs, servers and whole test runs are marked skip):
    // a snippet running `pnpm test` from inside `pnpm test` would start the suite again.
    const other = s.code
      .split('\n')
      .map((line) => line.trim())
      .find(
        (line) =>
          line !== '' && !line.startsWith('#') && !/^(toolformat\s|[^|]*\|\s*toolformat\s)/.test(line),
      );
    if (other !== undefined) {
      return `runs \`${other}\`: only toolformat invocations run; mark the snippet <!-- snippet: skip (why) -->`;
    }
    const run = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', s.code], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
      timeout: 60_000,
    });
    return run.status === 0 ? null : `exit ${run.status}: ${run.stderr || run.stdout}`;
  }
  const js =
    s.kind === 'ts'
      ? ts.transpileModule(s.code, {
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
        }).outputText
      : s.code;
  const file = join(dir, 'snippet.mjs');
  writeFileSync(file, js);
  const run = spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return run.status === 0 ? null : `exit ${run.status}: ${run.stderr || run.stdout}`;
}

/** The page's last yaml snippet above this one (the models.yaml a ts snippet below it loads). */
function lastYamlBefore(s: Snippet): Snippet | undefined {
  return snippets.filter((o) => o.file === s.file && o.kind === 'yaml' && o.line < s.line).at(-1);
}
