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
  },
});
