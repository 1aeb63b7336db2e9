#!/usr/bin/env node
/**
 * `pnpm examples`: runs the built CLI over every example model output in examples/outputs/ and
 * prints, for a person to read, which format was found, the calls, the cleaned content and any
 * issues. It goes through the real `toolformat` executable (no shell), exactly as a user would.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'packages', 'cli', 'dist', 'bin.js');
const dir = join(root, 'examples', 'outputs');
const tools = join(dir, 'tools.json');

if (!existsSync(bin)) {
  console.error(
    `examples: ${relative(root, bin)} is missing; build first (pnpm examples builds, or pnpm build).`,
  );
  process.exit(1);
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const width = 100;
let failed = 0;

for (const file of files) {
  const path = join(dir, file);
  console.log(`\n── ${file} ${'─'.repeat(Math.max(3, width - file.length - 4))}`);
  console.log(`input:     ${preview(readFileSync(path, 'utf8'))}`);
  const run = spawnSync(process.execPath, [bin, 'parse', '--tools', tools, path], { encoding: 'utf8' });
  if (run.status !== 0) {
    failed++;
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
}

console.log(`\n${files.length} example outputs${failed ? `, ${failed} failed to run` : ''}.`);
process.exitCode = failed ? 1 : 0;

/** One line: newlines shown as ⏎, cut at the terminal width. */
function preview(text) {
  const one = text.trim().replace(/\n/g, '⏎');
  return one.length > width - 11 ? `${one.slice(0, width - 12)}…` : one;
}

/** Multi-line values continue under the first line. */
function indent(text) {
  return text.replace(/\n/g, `\n${' '.repeat(11)}`);
}
