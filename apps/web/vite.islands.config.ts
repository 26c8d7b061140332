import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { ISLANDS_MANIFEST_FILE, type IslandsManifest } from './scripts/islands-manifest.ts';

/**
 * The second build (`npm run build`, after `react-router build`): the islands script of the
 * prerendered marketing pages (app/islands/main.tsx) into build/client/assets, next to the app's
 * own files. scripts/islands-scripts.ts then puts it into each page.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.join(here, 'app');

/** Writes which chunk is the entry and which chunk holds each module, for the postbuild. */
function islandsManifest(): Plugin {
  return {
    name: 'crawlwise-islands-manifest',
    writeBundle(_options, bundle) {
      const manifest: IslandsManifest = { entry: '', chunks: {} };
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        if (output.isEntry) manifest.entry = output.fileName;
        manifest.chunks[output.fileName] = {
          imports: output.imports,
          modules: Object.keys(output.modules)
            .filter((id) => id.startsWith(appDir))
            .map((id) => path.relative(appDir, id).split(path.sep).join('/')),
        };
      }
      fs.writeFileSync(path.join(here, ISLANDS_MANIFEST_FILE), JSON.stringify(manifest, null, 2));
    },
  };
}

export default defineConfig({
  plugins: [islandsManifest()],
  resolve: {
    alias: [
      // The same Zod entry as the app build (vite.config.ts explains it).
      { find: /^zod$/, replacement: path.join(appDir, 'lib/zod-jitless.ts') },
    ],
  },
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    copyPublicDir: false,
    rollupOptions: {
      input: path.join(appDir, 'islands/main.tsx'),
      output: {
        entryFileNames: 'assets/islands-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
      },
    },
  },
});
