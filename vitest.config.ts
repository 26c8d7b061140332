import { configDefaults, defineConfig } from 'vitest/config';

/** Server tests that count how often a module is loaded (vi.mock): each needs a fresh process. */
const SERVER_ISOLATED = 'src/**/*-lazy-load.test.ts';

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
          // As the server's (below): 96 s instead of 132 s with a fresh process per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // The files of a Vitest worker share its process and modules: each file loading the
          // server's modules (Fastify, Better Auth, PGlite, the analyzer) afresh made the project
          // take 281 s here instead of 210 s. Every test builds its own app and database; the
          // files that count module loads run isolated (server-isolated below).
          isolate: false,
          exclude: [...configDefaults.exclude, SERVER_ISOLATED],
          // On PostgreSQL each Vitest worker has a database of its own (a worker started by one
          // file would claim the reports of a file beside it on a shared one).
          // On PGlite every in-memory database starts from one migrated copy (pglite-template.ts).
          setupFiles: [
            './src/test-support/postgres-per-worker.ts',
            './src/test-support/pglite-template.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-isolated',
          root: 'apps/server',
          environment: 'node',
          include: [SERVER_ISOLATED],
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
          setupFiles: ['../../apps/server/src/test-support/pglite-template.ts'],
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
