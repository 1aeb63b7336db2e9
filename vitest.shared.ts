/**
 * Vitest settings every package shares (a plain object: the root has no vitest of its own).
 * The json reporter's file lets .ci/run print one "N passed, N failed" line over all packages.
 */
export default {
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'threads' as const,
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]] as [string, ...unknown[]][],
  },
};
