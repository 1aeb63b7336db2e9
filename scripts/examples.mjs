#!/usr/bin/env node
/**
 * `pnpm examples`: runs the built CLI over every example model output in examples/outputs/, prints
 * for a person to read which format was found, the calls, the cleaned content and any issues, and
 * compares each result with the example's `NAME.expected.json`. It says for each example whether
 * it matched and exits 1 when any did not (or had no expected result). It goes through the real
 * `toolformat` executable (no shell), exactly as a user would.
 *
 * NAME.expected.json holds what must come out: `format` (an id, `id:variant`, or null when no
 * format was recognised), `calls` as `{ name, arguments }` (ids are random unless the model wrote
 * them, so they are compared only when the expected call has an `id`), `content`, `reasoning`,
 * and `issues` as a list of issue kinds. An optional `model` runs `toolformat parse --model MODEL`
 * instead of auto mode.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'packages', 'cli', 'bin', 'toolformat.js');
const compiled = join(root, 'packages', 'cli', 'dist', 'bin.js');
const dir = join(root, 'examples', 'outputs');
const tools = join(dir, 'tools.json');

if (!existsSync(compiled)) {
  console.error(
    `examples: ${relative(root, compiled)} is missing; build first (pnpm examples builds, or pnpm build).`,
  );
  process.exit(1);
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const width = 100;
const mismatched = [];

for (const file of files) {
  const path = join(dir, file);
  const expectedPath = join(dir, file.replace(/\.txt$/, '.expected.json'));
  const expected = existsSync(expectedPath) ? JSON.parse(readFileSync(expectedPath, 'utf8')) : null;
  console.log(`\n── ${file} ${'─'.repeat(Math.max(3, width - file.length - 4))}`);
  console.log(`input:     ${preview(readFileSync(path, 'utf8'))}`);
  const args = ['parse', '--tools', tools];
  if (expected?.model) {
    args.push('--model', expected.model);
    console.log(`model:     ${expected.model} (toolformat parse --model)`);
  }
  const run = spawnSync(process.execPath, [bin, ...args, path], { encoding: 'utf8' });
  if (run.status !== 0) {
    mismatched.push(file);
    console.log(`FAILED (exit ${run.status}): ${run.stderr.trim()}`);
    continue;
  }
  const result = JSON.parse(run.stdout);
  if (result.format === null && result.calls.length === 0) {
    console.log('format:    no format recognised (the output is kept as text)');
  } else {
    console.log(`format:    ${result.format ?? '(none)'}`);
  }
  if (result.calls.length === 0) {
    console.log('calls:     none');
  } else {
    result.calls.forEach((call, i) => {
      console.log(`${i === 0 ? 'calls:    ' : '          '} ${call.name}(${JSON.stringify(call.arguments)})`);
    });
  }
  if (result.reasoning !== null) console.log(`reasoning: ${indent(result.reasoning)}`);
  console.log(`content:   ${result.content === null ? '(none)' : indent(result.content)}`);
  for (const issue of result.issues) {
    console.log(`issue:     ${issue.kind}: ${issue.message}${issue.raw ? ` — ${preview(issue.raw)}` : ''}`);
  }
  if (expected === null) {
    mismatched.push(file);
    console.log(`result:    NO EXPECTED RESULT (${relative(root, expectedPath)} is missing)`);
    continue;
  }
  const differences = compare(result, expected);
  if (differences.length === 0) {
    console.log('result:    matched the expected result');
  } else {
    mismatched.push(file);
    console.log('result:    MISMATCH');
    for (const line of differences) console.log(`           ${line}`);
  }
}

console.log(
  `\n${files.length} example outputs: ${files.length - mismatched.length} matched, ${mismatched.length} did not${
    mismatched.length ? ` (${mismatched.join(', ')})` : ''
  }.`,
);
process.exitCode = mismatched.length ? 1 : 0;

/** What differs between the CLI's result and the expected one, one line per field. */
function compare(result, expected) {
  const got = {
    format: result.format,
    calls: result.calls.map((call, i) =>
      expected.calls?.[i]?.id === undefined
        ? { name: call.name, arguments: call.arguments }
        : { id: call.id, name: call.name, arguments: call.arguments },
    ),
    content: result.content,
    reasoning: result.reasoning,
    issues: result.issues.map((issue) => issue.kind),
  };
  const want = { issues: [], ...expected };
  delete want.model;
  const lines = [];
  for (const key of Object.keys(got)) {
    if (!isDeepStrictEqual(got[key], want[key])) {
      lines.push(`${key}: expected ${JSON.stringify(want[key])}, got ${JSON.stringify(got[key])}`);
    }
  }
  return lines;
}

/** One line: newlines shown as ⏎, cut at the terminal width. */
function preview(text) {
  const one = text.trim().replace(/\n/g, '⏎');
  return one.length > width - 11 ? `${one.slice(0, width - 12)}…` : one;
}

/** Multi-line values continue under the first line. */
function indent(text) {
  return text.replace(/\n/g, `\n${' '.repeat(11)}`);
}
