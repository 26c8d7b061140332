import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: 'tests/e2e',
    include: ['src/**/*.e2e.test.ts'],
    testTimeout: 90_000,
    // A beforeAll starts a server (up to 90 s, harness.ts) and a browser.
    hookTimeout: 120_000,
    // Each file starts its own server (own port, own data directory) and browser, and most of a
    // file's time is spent waiting on them: two files at once cut the stage by about two minutes
    // of CI's fifteen.
    fileParallelism: true,
    maxWorkers: 2,
    // A safety net, not a fix: pages are driven only after they report hydration
    // (harness.waitForHydration), but a browser test on a loaded two-core machine can still lose
    // a race the code does not have; one retry keeps such a loss from refusing a whole stop.
    // A test that fails twice is a real failure.
    retry: 1,
  },
});
