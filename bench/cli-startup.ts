/**
 * CLI start-up benchmark: `npm run bench:cli` (see bench/README.md).
 *
 * Builds the compiled bin (packages/analyzer/cli-dist, as `npm pack` ships it) and times, in
 * interleaved rounds (so a loaded machine shows as a higher floor rather than as a slower CLI):
 * - `node -e 0`, Node's own start-up at that moment;
 * - `crawlwise http:// --json`, spawn to the invalid_url JSON on stdout, and to exit;
 * - `crawlwise <page> --json --no-render`: one real page served on 127.0.0.1 by a child
 *   process, analysed without render (issue 23: at most 3 × `node -e 0`);
 * - the same page with render (issue 23: median at most 700 ms), unless --no-render.
 * The page is the server-rendered page of median size of the generated corpus (bench/corpus),
 * or `--pages-dir=<folder> --page=<name>`: a saved page (corpus/serve-folder.ts).
 *
 * With --compare=<folder>, another build's crawlwise.js (say main's, built and copied into a
 * folder under node_modules/ so it finds the same dependencies) runs the one-page commands in the
 * same rounds, the order alternating each round: before and after at one load.
 *
 * Flags: --runs=<n> (40, the bare and invalid-url rounds) --page-runs=<n> (7, the one-page
 *        rounds) --no-render --pages-dir=<folder> --page=<name> --compare=<folder> --out=<name>
 *        --no-write
 */
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageMeta, ServeMessage } from './corpus/serve.ts';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const ANALYZER = path.join(REPO_ROOT, 'packages/analyzer');
const BIN = path.join(ANALYZER, 'cli-dist/crawlwise.js');
/** Issue 13: at most this long from start to the JSON of an immediate error. */
const TARGET_MS = 300;
/** Issue 23: one page without render in at most this many times a bare `node -e 0`. */
const TARGET_PAGE_RATIO = 3;
/** Issue 23: one page with render, median, one process. */
const TARGET_RENDER_MS = 700;
const WARM_UP_RUNS = 3;

const flags = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key as string, value ?? 'true'];
  }),
);
const RUNS = Number(flags.get('runs') ?? 40);
const PAGE_RUNS = Number(flags.get('page-runs') ?? 7);
const WITH_RENDER = !flags.has('no-render');
const COMPARE_BIN = flags.has('compare')
  ? path.resolve(flags.get('compare') as string, 'crawlwise.js')
  : null;

interface Timing {
  /** Spawn to the first complete line on stdout (null: none came). */
  outputMs: number | null;
  /** Spawn to exit. */
  exitMs: number;
  code: number | null;
  stdout: string;
}

function timeRun(args: string[]): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - start) / 1e6;
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    let outputMs: number | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (outputMs === null && stdout.includes('\n')) outputMs = elapsed();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ outputMs, exitMs: elapsed(), code, stdout }));
  });
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { median: round(at(0.5)), p95: round(at(0.95)), min: round(at(0)), max: round(at(1)) };
}

/** The page the one-page rounds analyse, served by a child process until `close`. */
async function servePage(): Promise<{ url: string; bytes: number; name: string; close(): void }> {
  const pagesDir = flags.get('pages-dir');
  const [entry, arg] = pagesDir
    ? ['serve-folder.ts', path.resolve(pagesDir)]
    : ['serve.ts', 'crawlwise-bench-v1'];
  const child: ChildProcess = fork(path.join(BENCH_DIR, 'corpus', entry), [arg], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Extract<ServeMessage, { type: 'ready' }>>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`page server exited with ${code}`)));
    child.on('message', (m: ServeMessage) => {
      if (m.type === 'ready') resolve(m);
    });
  });
  const wanted = flags.get('page');
  let page: PageMeta | undefined;
  if (wanted) {
    page = ready.pages.find((p) => p.path === `/${wanted}/` || p.path === `/${wanted}`);
    if (!page) throw new Error(`no page ${wanted} in ${pagesDir ?? 'the corpus'}`);
  } else {
    // The server-rendered, allowed page of median size.
    const pages = ready.pages
      .filter((p) => !p.scriptRendered && !p.disallowed)
      .sort((a, b) => a.bytes - b.bytes);
    page = pages[Math.floor(pages.length / 2)];
    if (!page) throw new Error('no page to analyse');
  }
  return {
    url: ready.origin + page.path,
    bytes: page.bytes,
    name: wanted ?? `corpus ${page.kind} ${page.path}`,
    close: () => {
      child.removeAllListeners('exit');
      child.disconnect();
    },
  };
}

async function main() {
  execFileSync(process.execPath, [path.join(ANALYZER, 'scripts/build-cli.mjs')], {
    stdio: 'inherit',
  });
  const cliArgs = [BIN, 'http://', '--json'];
  const first = await timeRun(cliArgs);
  const answer = JSON.parse(first.stdout) as { error?: string };
  if (first.code !== 2 || answer.error !== 'invalid_url') {
    throw new Error(`unexpected answer (exit ${first.code}): ${first.stdout}`);
  }
  const served = await servePage();
  const pageArgs = [BIN, served.url, '--json', '--allow-private', '--no-render'];
  const renderArgs = [BIN, served.url, '--json', '--allow-private'];
  const otherArgs = (args: string[]) => (COMPARE_BIN ? [COMPARE_BIN, ...args.slice(1)] : null);
  const checked = async (args: string[]) => {
    const run = await timeRun(args);
    const report = JSON.parse(run.stdout) as { score?: number; issues?: unknown[] };
    if (run.code !== 0 || typeof report.score !== 'number' || !report.issues?.length) {
      throw new Error(`no report (exit ${run.code}): ${run.stdout.slice(0, 300)}`);
    }
    return run;
  };
  await checked(pageArgs);
  if (WITH_RENDER) await checked(renderArgs);
  if (COMPARE_BIN) {
    await checked(otherArgs(pageArgs) as string[]);
    if (WITH_RENDER) await checked(otherArgs(renderArgs) as string[]);
  }
  for (let i = 0; i < WARM_UP_RUNS; i++) {
    await timeRun(cliArgs);
    await timeRun(['-e', '0']);
  }
  const loadBefore = os.loadavg()[0] ?? 0;
  const cliOutput: number[] = [];
  const cliExit: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cli = await timeRun(cliArgs);
    cliOutput.push(cli.outputMs ?? Number.NaN);
    cliExit.push(cli.exitMs);
    bare.push((await timeRun(['-e', '0'])).exitMs);
  }
  // One page: each run paired with a bare `node -e 0` just before it, and the ratio per pair.
  const pageBare: number[] = [];
  const pageExit: number[] = [];
  const pageRatio: number[] = [];
  const renderExit: number[] = [];
  const comparePageExit: number[] = [];
  const compareRatio: number[] = [];
  const compareRenderExit: number[] = [];
  try {
    for (let i = 0; i < PAGE_RUNS; i++) {
      const floor = (await timeRun(['-e', '0'])).exitMs;
      pageBare.push(floor);
      // With --compare, the two builds take turns going first.
      const thisFirst = i % 2 === 0;
      const runThis = async () => {
        const page = (await checked(pageArgs)).exitMs;
        pageExit.push(page);
        pageRatio.push(page / floor);
        if (WITH_RENDER) renderExit.push((await checked(renderArgs)).exitMs);
      };
      const runOther = async () => {
        if (!COMPARE_BIN) return;
        const page = (await checked(otherArgs(pageArgs) as string[])).exitMs;
        comparePageExit.push(page);
        compareRatio.push(page / floor);
        if (WITH_RENDER) {
          compareRenderExit.push((await checked(otherArgs(renderArgs) as string[])).exitMs);
        }
      };
      if (thisFirst) {
        await runThis();
        await runOther();
      } else {
        await runOther();
        await runThis();
      }
    }
  } finally {
    served.close();
  }
  const pageMs = stats(pageExit);
  const ratio = stats(pageRatio);
  const renderMs = WITH_RENDER ? stats(renderExit) : null;
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      memGB: Math.round(os.totalmem() / 2 ** 30),
      loadAverage1m: { before: round1(loadBefore), after: round1(os.loadavg()[0] ?? 0) },
    },
    command: 'node packages/analyzer/cli-dist/crawlwise.js http:// --json',
    runs: RUNS,
    toJsonMs: stats(cliOutput),
    toExitMs: stats(cliExit),
    nodeAloneMs: stats(bare),
    target: { ms: TARGET_MS, met: stats(cliOutput).median <= TARGET_MS },
    onePage: {
      page: served.name,
      bytes: served.bytes,
      runs: PAGE_RUNS,
      noRender: {
        command: 'crawlwise <page> --json --allow-private --no-render',
        toExitMs: pageMs,
        nodeAloneMs: stats(pageBare),
        ratioToNodeAlone: ratio,
        target: { ratio: TARGET_PAGE_RATIO, met: ratio.median <= TARGET_PAGE_RATIO },
      },
      render: renderMs
        ? {
            command: 'crawlwise <page> --json --allow-private',
            toExitMs: renderMs,
            target: { ms: TARGET_RENDER_MS, met: renderMs.median <= TARGET_RENDER_MS },
          }
        : null,
      compare: COMPARE_BIN
        ? {
            bin: path.relative(REPO_ROOT, COMPARE_BIN),
            noRenderToExitMs: stats(comparePageExit),
            ratioToNodeAlone: stats(compareRatio),
            renderToExitMs: WITH_RENDER ? stats(compareRenderExit) : null,
          }
        : null,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  if (flags.get('write') !== 'false' && !flags.has('no-write')) writeResults(result);
}

function round1(n: number) {
  return Math.round(n * 10) / 10;
}

type Result = {
  date: string;
  machine: { cpus: number; node: string; loadAverage1m: { before: number; after: number } };
  runs: number;
  toJsonMs: ReturnType<typeof stats>;
  toExitMs: ReturnType<typeof stats>;
  nodeAloneMs: ReturnType<typeof stats>;
  target: { ms: number; met: boolean };
  onePage: {
    page: string;
    bytes: number;
    runs: number;
    noRender: {
      toExitMs: ReturnType<typeof stats>;
      nodeAloneMs: ReturnType<typeof stats>;
      ratioToNodeAlone: ReturnType<typeof stats>;
      target: { ratio: number; met: boolean };
    };
    render: { toExitMs: ReturnType<typeof stats>; target: { ms: number; met: boolean } } | null;
    compare: {
      bin: string;
      noRenderToExitMs: ReturnType<typeof stats>;
      ratioToNodeAlone: ReturnType<typeof stats>;
      renderToExitMs: ReturnType<typeof stats> | null;
    } | null;
  };
};

function writeResults(result: Result) {
  const day = result.date.slice(0, 10);
  const name = flags.get('out') ?? `cli-startup-${day}`;
  const dir = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  const row = (label: string, s: ReturnType<typeof stats>) =>
    `| ${label} | ${s.median} | ${s.p95} | ${s.min} | ${s.max} |`;
  const page = result.onePage;
  const verdict = (met: boolean) => (met ? 'met' : '**not met**');
  const md = `# CLI start-up — ${day}

\`npm run bench:cli\`: the compiled bin (\`packages/analyzer/cli-dist\`, as \`npm pack\` ships it),
interleaved with \`node -e 0\` (Node's own start-up on this machine at the same moment).
${result.machine.cpus} CPUs, Node ${result.machine.node}, 1-minute load average
${result.machine.loadAverage1m.before} → ${result.machine.loadAverage1m.after}.

## An immediate error (\`crawlwise http:// --json\`, ${result.runs} runs)

| ms | median | p95 | min | max |
|---|---|---|---|---|
${row('spawn → invalid_url JSON on stdout', result.toJsonMs)}
${row('spawn → exit', result.toExitMs)}
${row('`node -e 0` (floor)', result.nodeAloneMs)}

Target (issue 13): ≤ ${result.target.ms} ms from start to the JSON — ${verdict(result.target.met)} (median).

## One page (${page.page}, ${Math.round(page.bytes / 1024)} KB, served on 127.0.0.1; ${page.runs} runs, each paired with a \`node -e 0\` just before it)

| ms | median | p95 | min | max |
|---|---|---|---|---|
${row('`crawlwise <page> --json --no-render`: spawn → exit', page.noRender.toExitMs)}
${row('`node -e 0` (its pair)', page.noRender.nodeAloneMs)}
${row('ratio of each pair (×)', page.noRender.ratioToNodeAlone)}
${page.render ? row('`crawlwise <page> --json` (with render): spawn → exit', page.render.toExitMs) : ''}

Targets (issue 23): without render ≤ ${page.noRender.target.ratio} × \`node -e 0\` — ${verdict(page.noRender.target.met)} (median ratio ${page.noRender.ratioToNodeAlone.median});
${page.render ? `with render ≤ ${page.render.target.ms} ms — ${verdict(page.render.target.met)} (median ${page.render.toExitMs.median} ms).` : 'with render: not run.'}
${page.compare ? compareSection(page.compare) : ''}`;
  writeFileSync(path.join(dir, `${name}.md`), md);
}

function compareSection(compare: NonNullable<Result['onePage']['compare']>): string {
  const row = (label: string, s: ReturnType<typeof stats>) =>
    `| ${label} | ${s.median} | ${s.p95} | ${s.min} | ${s.max} |`;
  return `
## The same rounds with another build (\`${compare.bin}\`)

| ms | median | p95 | min | max |
|---|---|---|---|---|
${row('`crawlwise <page> --json --no-render`: spawn → exit', compare.noRenderToExitMs)}
${row('ratio to the same `node -e 0` (×)', compare.ratioToNodeAlone)}
${compare.renderToExitMs ? row('`crawlwise <page> --json` (with render): spawn → exit', compare.renderToExitMs) : ''}
`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
