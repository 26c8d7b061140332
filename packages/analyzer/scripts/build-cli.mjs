// Bundles the CLI into cli-dist/ (run by `npm run build:cli` and by `npm pack`'s prepack).
// @crawlwise/shared is a private workspace package, so it is bundled in; every declared
// dependency stays external and is installed with the package. Code splitting keeps the entry
// chunk small: the engine, parser, checks and playwright-core load only when a page is analysed.
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.optionalDependencies ?? {}),
];

rmSync(`${root}/cli-dist`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // The analysis threads' entry is a file of its own beside the chunks: the pool starts each
  // thread from `./analysis-thread.js` next to its own module (analysis-pool.ts). Without it,
  // every multi-page run of the compiled CLI failed each page with internal_error (issue 19).
  entryPoints: { crawlwise: 'src/cli.ts', 'analysis-thread': 'src/analysis-thread.ts' },
  outdir: 'cli-dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  banner: { js: '#!/usr/bin/env node' },
  sourcemap: 'linked',
  sourcesContent: false,
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
// Runnable as ./cli-dist/crawlwise.js from a checkout too (npm sets the mode of installed bins).
chmodSync(`${root}/cli-dist/crawlwise.js`, 0o755);
