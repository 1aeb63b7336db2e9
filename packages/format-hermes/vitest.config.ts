import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['src/**/*.test.ts'], pool: 'threads', poolOptions: { threads: { maxThreads: 2 } } },
});
