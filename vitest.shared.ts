/**
 * Vitest settings every package shares. The json reporter's file lets .ci/run print one
 * "N passed, N failed" line over all packages.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'threads',
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]],
  },
});
