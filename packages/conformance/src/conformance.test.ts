import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRouter, definePlugin } from '@toolformat/core';
import { type BodyParser, defineFormat, isPlainObject, parseJsonLadder } from '@toolformat/core/kit';
import { afterAll, describe, expect, it } from 'vitest';
import { conformance } from './conformance.js';
import { DEFAULT_LEAKS_BASELINE } from './leaks.js';
import { DEFAULT_PRECISION_BASELINE } from './precision.js';

/** A toy format `<call>{"name", "arguments"}</call>`, so these tests do not depend on a real format. */
const body: BodyParser = (text) => {
  const p = parseJsonLadder(text.trim());
  if (!p.ok || !isPlainObject(p.value) || typeof p.value.name !== 'string')
    return { calls: [], error: 'bad' };
  return { calls: [{ name: p.value.name, arguments: p.value.arguments ?? {} }] };
};
const toy = definePlugin({
  id: 'toy',
  create: () =>
    defineFormat({
      markup: { id: 'toy', blocks: [{ open: '<call>', close: '</call>', guard: 'json', body }] },
      systemPrompt: () => '',
      stopSequences: [],
      formatToolCalls: () => '',
      formatResult: () => '',
    }),
});

const dir = mkdtempSync(join(tmpdir(), 'conformance-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const corpus = join(dir, 'peers.jsonl');
const c = (id: string, family: string, input: string, calls: unknown, extra: object = {}) =>
  JSON.stringify({
    id,
    family,
    input,
    expected_calls: calls,
    expected_content: null,
    content_asserted: false,
    partial: false,
    ...extra,
  });
const call = '<call>{"name": "f", "arguments": {"a": 1}}</call>';
writeFileSync(
  corpus,
  [
    c('t1', 'toy', `Hi ${call}`, [{ name: 'f', arguments: { a: 1 } }], {
      content_asserted: true,
      expected_content: 'Hi',
    }),
    c('t2', 'toy', 'plain', []),
    c('t3', 'toy', call, [{ name: 'f', arguments: { a: 2 } }]),
    c(
      't4',
      'toy',
      `${call}<call>{"name": "g"`,
      [
        { name: 'f', arguments: { a: 1 } },
        { name: 'g', arguments: {} },
      ],
      { partial: true, chunks: [call, '<call>{"name": "g"'] },
    ),
    c('t5', 'toy', 'x', null),
    c('m1', 'mystery', call, [{ name: 'f', arguments: { a: 1 } }]),
  ].join('\n'),
);

async function run(argv: string[], env: NodeJS.ProcessEnv = { TOOLFORMAT_CORPUS: corpus }) {
  let stdout = '';
  let stderr = '';
  const code = await conformance(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env,
    router: createRouter({ plugins: [toy] }),
  });
  return { code, stdout, stderr };
}

describe('pnpm conformance', () => {
  const baseline = join(dir, 'baseline.json');

  it('prints a table per family, partial cases apart, and the streaming check', async () => {
    const r = await run(['--baseline', baseline]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('6 cases from');
    expect(r.stdout).toContain('(1 without expected calls skipped)');
    expect(r.stdout).toMatch(/toy\s+3\s+2\s+67%\s+2\s+67%\s+2\s+67%/);
    expect(r.stdout).toMatch(/mystery \*\s+1\s+0\s+0%\s+0\s+0%\s+1\s+100%/);
    expect(r.stdout).toMatch(/Partial outputs[\s\S]*toy\s+1\s+1\s+100%/);
    expect(r.stdout).toContain('every explicit-format case scores 0: mystery');
    expect(r.stdout).toContain("Streaming with the peers' chunks: 1 cases, 0 mismatches with batch");
    expect(r.stdout).toContain('No baseline at');
  });

  it('writes the baseline with --update-baseline, then holds it', async () => {
    const u = await run(['--baseline', baseline, '--update-baseline']);
    expect(u.code).toBe(0);
    const written = JSON.parse(readFileSync(baseline, 'utf8'));
    expect(written.families.toy).toEqual({
      cases: 3,
      callsExact: 2,
      callsContent: 2,
      autoCallsExact: 2,
      partial: { cases: 1, callsExact: 1, callsContent: 1, autoCallsExact: 1 },
    });
    const r = await run(['--baseline', baseline]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Baseline held.');
  });

  it('fails when a count drops, naming the family and by how much; --update-baseline refuses without --allow-drop', async () => {
    const higher = JSON.parse(readFileSync(baseline, 'utf8'));
    higher.families.toy.callsExact = 3;
    writeFileSync(baseline, JSON.stringify(higher));
    const r = await run(['--baseline', baseline]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('toy: callsExact 3 → 2 (-1)');
    const refused = await run(['--baseline', baseline, '--update-baseline']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refusing to lower the baseline');
    const allowed = await run(['--baseline', baseline, '--update-baseline', '--allow-drop']);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('toy: callsExact 3 → 2 (-1)');
  });

  it('hints at updating the baseline when scores go up', async () => {
    const lower = JSON.parse(readFileSync(baseline, 'utf8'));
    lower.families.toy.autoCallsExact = 1;
    writeFileSync(baseline, JSON.stringify(lower));
    const r = await run(['--baseline', baseline]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('pnpm conformance --update-baseline');
    expect(r.stdout).toContain('toy: autoCallsExact 1 → 2 (+1)');
  });

  it('prints failing cases with expected and actual for --failures FAMILY', async () => {
    const r = await run(['--failures', 'toy']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('t3  calls FAIL');
    expect(r.stdout).toContain('expected calls:   [{"name":"f","arguments":{"a":2}}]');
    expect(r.stdout).toContain('actual calls:     [{"name":"f","arguments":{"a":1}}]');
    expect(r.stdout).toContain('toy: 1 of 4 cases fail');
    const unknown = await run(['--failures', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('the families are: mystery, toy');
  });

  it('prints a JSON report with --json', async () => {
    const r = await run(['--', '--json', '--baseline', join(dir, 'none.json')]);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({
      cases: 6,
      skipped: 1,
      unknownFamilies: ['mystery'],
      streaming: { cases: 1, mismatches: [] },
    });
    expect(report.families.toy.callsExact).toBe(2);
  });

  it('exits 0 when the corpus is absent', async () => {
    const missing = join(dir, 'missing.jsonl');
    const r = await run([], { TOOLFORMAT_CORPUS: missing });
    expect(r.code).toBe(0);
    // The peer corpus is skipped, said plainly: where it was looked for, and how to give it.
    expect(r.stdout).toContain(
      `peer corpus not found at ${missing} (set TOOLFORMAT_CORPUS to a peers.jsonl, or place the project's shared folder beside the repository as ../shared): peer conformance skipped.`,
    );
  });

  it('keeps --json machine-readable when the corpus is absent, the reason on stderr', async () => {
    const missing = join(dir, 'missing.jsonl');
    const r = await run(['--json'], { TOOLFORMAT_CORPUS: missing });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ corpus: missing, corpusFound: false });
    expect(r.stderr).toContain('peer conformance skipped');
  });

  it('rejects unknown flags with exit 2', async () => {
    const r = await run(['--nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage: pnpm conformance');
  });
});

/** With the built-in formats (no router given): the in-repo precision and leak corpora run too. */
async function runOwn(argv: string[], env: NodeJS.ProcessEnv) {
  let stdout = '';
  let stderr = '';
  const code = await conformance(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env,
  });
  return { code, stdout, stderr };
}

describe('pnpm conformance on a clone without the peer corpus', () => {
  const own = mkdtempSync(join(dir, 'own-'));
  // `--baseline DIR/b.json` holds the in-repo corpora to DIR/precision-b.json and DIR/leaks-b.json.
  const baseline = join(own, 'b.json');
  const env = { TOOLFORMAT_CORPUS: join(own, 'missing.jsonl') };

  it('still runs and ratchets the precision and leak corpora, and says the peer part skipped', async () => {
    copyFileSync(DEFAULT_PRECISION_BASELINE, join(own, 'precision-b.json'));
    copyFileSync(DEFAULT_LEAKS_BASELINE, join(own, 'leaks-b.json'));
    const r = await runOwn(['--baseline', baseline], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Precision baseline held.');
    expect(r.stdout).toContain('Leaks baseline held.');
    expect(r.stdout).toContain(`peer corpus not found at ${env.TOOLFORMAT_CORPUS}`);
    expect(r.stdout).toContain('peer conformance skipped.');
    expect(r.stdout).toContain('the in-repo corpora (precision, leaks) ran above and passed.');
  });

  it('exits 1 when an in-repo corpus drops below its baseline, peer corpus or not', async () => {
    const leaks = JSON.parse(readFileSync(DEFAULT_LEAKS_BASELINE, 'utf8'));
    // More exact calls than there are cases: no run can hold this.
    writeFileSync(join(own, 'leaks-b.json'), JSON.stringify({ ...leaks, routedExact: 1_000_000 }));
    const r = await runOwn(['--baseline', baseline], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('leak scores dropped below the baseline: routedExact 1000000 →');
    expect(r.stderr).toContain('FAILED: the in-repo corpora (precision, leaks) did not pass');
    expect(r.stdout).toContain('peer conformance skipped.');
  });
});
