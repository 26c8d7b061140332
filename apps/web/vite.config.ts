import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const API_TARGET = process.env.CRAWLWISE_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    // Every `import … from 'zod'` goes through the module that turns off Zod's eval probe first
    // (app/lib/zod-jitless.ts explains why); that module itself imports 'zod/v4'.
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./app/lib/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
    },
  },
});
