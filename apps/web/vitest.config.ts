import { defineConfig } from 'vitest/config';

// No React Router plugin here: component tests render routes through a memory router.
export default defineConfig({
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./app/test/setup.ts'],
    include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // The files of a Vitest worker share its process, modules and jsdom window (setup.ts cleans
    // what a test leaves: rendered trees, toasts, session storage): 19 s instead of 74 s with a
    // fresh process and window per file.
    isolate: false,
  },
});
