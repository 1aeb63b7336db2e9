// Sums the vitest json reports of every package into one closing line: "N passed, N failed".
// `--clear` removes the reports first (the test command does, before turbo runs): a package whose
// tests did not run to the end (turbo stops the others at the first failure) then has no report,
// and is named, instead of being counted from an earlier run's.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const clear = process.argv.includes('--clear');
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const base of ['packages', 'examples/plugins']) {
  if (!existsSync(base)) continue;
  for (const dir of readdirSync(base)) {
    const file = join(base, dir, '.vitest-results.json');
    if (clear) {
      rmSync(file, { force: true });
      continue;
    }
    if (!existsSync(file)) {
      if (existsSync(join(base, dir, 'vitest.config.ts'))) missing.push(dir);
      continue;
    }
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
}
if (!clear) {
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  if (missing.length > 0) console.log(`no report (the tests did not run to the end): ${missing.join(', ')}`);
  process.exitCode = failed > 0 || passed === 0 || missing.length > 0 ? 1 : 0;
}
