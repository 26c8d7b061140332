import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: 'tests/e2e',
    include: ['src/**/*.e2e.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // Each file starts its own server (own port, own data directory) and browser, and most of a
    // file's time is spent waiting on them: two files at once cut the stage by about two minutes
    // of CI's fifteen.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
