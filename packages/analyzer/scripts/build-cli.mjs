// Bundles the CLI into cli-dist/ (run by `npm run build:cli` and by `npm pack`'s prepack).
// @crawlwise/shared is a private workspace package, so it is bundled in, and so are the
// dependencies a page without render uses (undici's client, htmlparser2, domhandler, the
// encoding sniffers, robots-parser, ipaddr.js, tldts, franc-min's data, zod): resolving and loading
// them one file at a time, through the CommonJS lexer for the CommonJS ones, took most of a one-page
// run's start-up (issue 23). zod is for the crawl and MCP commands: pagePathProblems() fails the
// build when a one-page run would load it, or another module listed in OFF_THE_PAGE_PATH. iconv-lite stays external: its code-page tables are half a megabyte that
// Node loads only for a page in such an encoding, where a bundle would parse them every run.
// The other external packages are installed with the package too: playwright-core (large,
// loaded only to render), the optional npm-packaged browser, and the MCP SDK (only for
// `crawlwise mcp`, and it brings its own copy of zod). Code splitting keeps the entry chunk
// small: the engine, parser and checks load only when a page is analysed.
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { entitiesTreeAtBuild } from './entities-tree.mjs';
import { undiciAssertOnFailure } from './undici-assert.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
const BUNDLED = new Set([
  'domhandler',
  'franc-min',
  'domutils',
  'html-encoding-sniffer',
  'htmlparser2',
  'ipaddr.js',
  'robots-parser',
  'tldts',
  'undici',
  'whatwg-encoding',
  'zod',
]);
const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.optionalDependencies ?? {}),
].filter((name) => !BUNDLED.has(name));

/**
 * Parts of undici's client the engine never reaches, replaced by a module that throws if it ever
 * is: the HTTP/2 session (client.js requires it, and node:http2 with it, at load; our connector
 * offers no ALPN h2, so no socket is ever handed to it) and the fetch body (client-h1 requires
 * it only to send FormData, with fetch's utilities, WebIDL and the multipart parser behind it).
 */
const unreached = (what) =>
  `() => { throw new Error(${JSON.stringify(`${what} is not in the crawlwise CLI bundle (scripts/build-cli.mjs)`)}); }`;
const UNDICI_UNREACHED = [
  {
    from: /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/,
    request: './client-h2.js',
    contents: `module.exports = ${unreached("undici's HTTP/2 client")};`,
  },
  {
    from: /undici[\\/]lib[\\/]dispatcher[\\/]client-h1\.js$/,
    request: '../web/fetch/body.js',
    contents: `module.exports = { extractBody: ${unreached("undici's fetch body")} };`,
  },
];

/**
 * whatwg-encoding requires iconv-lite (external, see above) at load, CommonJS resolution and all,
 * for its decode() only, which charset.ts calls for a page that is not UTF-8: it gets a decode()
 * that loads iconv-lite on its first call.
 */
const iconvOnFirstDecode = {
  name: 'iconv-lite-on-first-decode',
  setup(build) {
    build.onResolve({ filter: /^iconv-lite$/ }, (args) =>
      /whatwg-encoding[\\/]lib[\\/]whatwg-encoding\.js$/.test(args.importer)
        ? { path: 'iconv-lite', namespace: 'iconv-lite-on-first-decode' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'iconv-lite-on-first-decode' }, () => ({
      contents: `let iconv;
module.exports = { decode: (bytes, encoding) => (iconv ??= require('iconv-lite')).decode(bytes, encoding) };`,
      loader: 'js',
      resolveDir: root,
    }));
  },
};

/** `undici` itself (not its subpaths) resolves to scripts/undici-client.cjs. */
const undiciClientOnly = {
  name: 'undici-client-only',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({
      path: fileURLToPath(new URL('./undici-client.cjs', import.meta.url)),
    }));
    build.onResolve({ filter: /^\.\.?\/(client-h2|web\/fetch\/body)\.js$/ }, (args) => {
      const index = UNDICI_UNREACHED.findIndex(
        (stub) => stub.request === args.path && stub.from.test(args.importer),
      );
      return index < 0 ? undefined : { path: String(index), namespace: 'undici-unreached' };
    });
    build.onLoad({ filter: /.*/, namespace: 'undici-unreached' }, (args) => ({
      contents: UNDICI_UNREACHED[Number(args.path)].contents,
      loader: 'js',
    }));
  },
};

/**
 * What a one-page run must not load (issue 23): the browser stack (only to render, on demand),
 * the MCP SDK, zod (700 KB; the crawl and MCP commands validate with it), Node's HTTP/2.
 */
const OFF_THE_PAGE_PATH = [
  /(^|\/)node_modules\/zod\//,
  /^playwright-core/,
  // It requires playwright-core through createRequire, where esbuild sees no import.
  /(^|\/)src\/gather\/playwright\.ts$/,
  /^@modelcontextprotocol\//,
  /^@sparticuz\//,
  /^node:http2$/,
  // Taken with process.getBuiltinModule where they are needed (issue 23.1): a worker for the
  // analysis threads, a child process for the early browser, zlib for a compressed body; and
  // node:crypto is not needed (unknown-path.ts hashes with its own SHA-256). (TLS,
  // for an https:// origin, is as lazy, but cannot be listed: undici's connector requires it
  // inside a function, which the metafile does not tell from a require at load.)
  /^node:(child_process|crypto|worker_threads|zlib)$/,
  /(^|\/)src\/gather\/(early-browser|spawn-browser|egress-proxy)\.ts$/,
];

/**
 * The modules a one-page run loads before its first dynamic import is needed: the entry and
 * cli-run with every chunk they import statically. Returns those matching OFF_THE_PAGE_PATH.
 */
function pagePathProblems(metafile) {
  const outputs = metafile.outputs;
  const cliRun = Object.keys(outputs).find((name) => /\/cli-run-[^/]*\.js$/.test(name));
  const pending = ['cli-dist/crawlwise.js', cliRun];
  const seen = new Set();
  const problems = [];
  while (pending.length > 0) {
    const name = pending.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    const output = outputs[name];
    if (!output) {
      if (OFF_THE_PAGE_PATH.some((pattern) => pattern.test(name))) problems.push(name);
      continue;
    }
    for (const input of Object.keys(output.inputs)) {
      if (OFF_THE_PAGE_PATH.some((pattern) => pattern.test(input)))
        problems.push(`${input} (in ${name})`);
    }
    for (const imported of output.imports) {
      if (imported.kind !== 'dynamic-import') pending.push(imported.path);
    }
  }
  return problems;
}

rmSync(`${root}/cli-dist`, { recursive: true, force: true });
const { metafile } = await build({
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
  plugins: [undiciClientOnly, undiciAssertOnFailure, iconvOnFirstDecode, entitiesTreeAtBuild],
  // Bundled CommonJS code calls require() for Node's own modules: give ESM chunks one.
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __crawlwiseCreateRequire } from 'node:module';",
      'const require = __crawlwiseCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  // V8 pre-parses every byte of a chunk it loads: without the whitespace and with shorter
  // syntax, a one-page run without render ended 12 ms sooner (170.2 -> 158.1 ms, bench:cli
  // --compare, issue 23.1). Names are kept, so stack traces and error names still read.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  sourcesContent: false,
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
});
const problems = pagePathProblems(metafile);
if (problems.length > 0) {
  throw new Error(`A one-page run of the CLI would load:\n  ${problems.join('\n  ')}`);
}
// Runnable as ./cli-dist/crawlwise.js from a checkout too (npm sets the mode of installed bins).
chmodSync(`${root}/cli-dist/crawlwise.js`, 0o755);
