import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one worker; most files wait on sockets, timers
    // and PGlite start-up rather than compute, so two workers cut the suite's wall time by ~100 s.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node' } },
      {
        test: {
          name: 'analyzer',
          root: 'packages/analyzer',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // On PostgreSQL every test file shares one database, and a worker started by one file
          // would claim reports another file expects to stay queued: run the files one by one.
          fileParallelism: !process.env.DATABASE_URL,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web',
      // The crawl test site's generator (bench/site-generator): its manifest is what the crawl's
      // tests assert against, so it is tested with the rest.
      { test: { name: 'bench', root: 'bench', environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'adversarial',
          root: 'tests/adversarial',
          include: ['src/**/*.adv.test.ts'],
          environment: 'node',
          // Outages, kills and floods are timed against a quiet machine: these files run after
          // every other project, one at a time.
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
