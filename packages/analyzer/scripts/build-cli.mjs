// Bundles the CLI into cli-dist/ (run by `npm run build:cli` and by `npm pack`'s prepack).
// @crawlwise/shared is a private workspace package, so it is bundled in, and so are the
// dependencies a page without render uses (undici's client, htmlparser2, domhandler, the
// encoding sniffers, robots-parser, ipaddr.js, zod): resolving and loading them one file at a
// time, through the CommonJS lexer for the CommonJS ones, took most of a one-page run's
// start-up (issue 23). iconv-lite stays external: its code-page tables are half a megabyte that
// Node loads only for a page in such an encoding, where a bundle would parse them every run.
// The other external packages are installed with the package too: playwright-core (large,
// loaded only to render), the optional npm-packaged browser, and the MCP SDK (only for
// `crawlwise mcp`, and it brings its own copy of zod). Code splitting keeps the entry chunk
// small: the engine, parser and checks load only when a page is analysed.
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
const BUNDLED = new Set([
  'domhandler',
  'domutils',
  'html-encoding-sniffer',
  'htmlparser2',
  'ipaddr.js',
  'robots-parser',
  'undici',
  'whatwg-encoding',
  'zod',
]);
const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.optionalDependencies ?? {}),
].filter((name) => !BUNDLED.has(name));

/** `undici` itself (not its subpaths) resolves to scripts/undici-client.cjs. */
const undiciClientOnly = {
  name: 'undici-client-only',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({
      path: fileURLToPath(new URL('./undici-client.cjs', import.meta.url)),
    }));
  },
};

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
  plugins: [undiciClientOnly],
  // Bundled CommonJS code calls require() for Node's own modules: give ESM chunks one.
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __crawlwiseCreateRequire } from 'node:module';",
      'const require = __crawlwiseCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  sourcemap: 'linked',
  sourcesContent: false,
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
// Runnable as ./cli-dist/crawlwise.js from a checkout too (npm sets the mode of installed bins).
chmodSync(`${root}/cli-dist/crawlwise.js`, 0o755);
