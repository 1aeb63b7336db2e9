/**
 * Vitest settings every package shares (a plain object: the root has no vitest of its own).
 * The json reporter's file lets .ci/run print one "N passed, N failed" line over all packages.
 */
export default {
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'threads' as const,
    maxWorkers: 2,
    // Tests assert behaviour, never speed (budgets are in the bench). On a shared 2-core machine
    // with several suites at once, a 1 MiB adversarial case can take seconds: allow it.
    testTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]] as [string, ...unknown[]][],
  },
};
