/**
 * Batch benchmark: `npm run bench:batch` (see bench/README.md).
 *
 * Serves the committed corpus (bench/corpus, 60 pages, one origin) from a child process and runs
 * the batch the way `crawlwise --sitemap <origin>/sitemap.xml` does: the sitemap read through the
 * guarded fetch, then `runBatch` with ONE engine (analysis threads, one browser) shared by every
 * page. Measures pages per second without render and with render, cold (engine started by the
 * run, as the CLI pays it) and warm (a second pass on the same engine), plus one no-render pass
 * with the default per-host pacing to show what politeness costs on a single-host site.
 *
 * Flags: --seed=<text>  --concurrency=<n> (batch concurrency, default 8 no-render / 4 render)
 *        --no-render (skip the browser passes)  --no-write (print only)
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BatchResult, runBatch } from '@crawlwise/analyzer/batch/run-batch';
import { readSitemap } from '@crawlwise/analyzer/batch/sitemap';
import {
  createEngine,
  defaultAnalysisThreads,
  type EngineOptions,
} from '@crawlwise/analyzer/engine';
import { createAddressGuard } from '@crawlwise/analyzer/gather/address-guard';
import { findBrowser } from '@crawlwise/analyzer/gather/browser-path';
import { offlineResolver } from './corpus/offline-resolver.ts';
import type { ServeMessage } from './corpus/serve.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const SEED = args.get('seed') ?? 'crawlwise-bench-v1';
const WRITE = !args.has('no-write');
let WITH_RENDER = !args.has('no-render');
const NO_RENDER_CONCURRENCY = Number(args.get('concurrency') ?? 8);
const RENDER_CONCURRENCY = Number(args.get('concurrency') ?? 4);
const DEFAULT_PACING_MS = 250;
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

interface Pass {
  name: string;
  render: boolean;
  engine: 'cold' | 'warm';
  concurrency: number;
  perHostDelayMs: number;
  pages: number;
  ok: number;
  failed: number;
  wallMs: number;
  pagesPerSec: number;
  nodeCpuMsPerPage: number;
  medianPageMs: number;
  errors: string[];
}

async function forkCorpus(): Promise<{ origin: string; pages: number; close(): Promise<void> }> {
  const child: ChildProcess = fork(path.join(BENCH_DIR, 'corpus', 'serve.ts'), [SEED], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Extract<ServeMessage, { type: 'ready' }>>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`corpus server exited with ${code}`)));
    child.on('message', (m: ServeMessage) => {
      if (m.type === 'ready') resolve(m);
    });
  });
  return {
    origin: ready.origin,
    pages: ready.pages.length,
    close: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN;
}

function summarise(
  name: string,
  settings: Pick<Pass, 'render' | 'engine' | 'concurrency' | 'perHostDelayMs'>,
  result: BatchResult,
  wallMs: number,
  cpuMs: number,
): Pass {
  const ok = result.pages.filter((p) => p.status === 'ok');
  const failed = result.pages.flatMap((p) =>
    p.status === 'failed' ? [`${p.url}: ${p.error.code}`] : [],
  );
  return {
    name,
    ...settings,
    pages: result.pages.length,
    ok: ok.length,
    failed: failed.length,
    wallMs: Math.round(wallMs),
    pagesPerSec: Math.round((result.pages.length / (wallMs / 1000)) * 10) / 10,
    nodeCpuMsPerPage: Math.round(cpuMs / result.pages.length),
    medianPageMs: Math.round(median(ok.map((p) => p.durationMs))),
    errors: failed,
  };
}

async function measure(
  name: string,
  urls: string[],
  settings: Pick<Pass, 'render' | 'engine' | 'concurrency' | 'perHostDelayMs'>,
  engineOptions: EngineOptions,
): Promise<Pass> {
  const run = async (engine?: ReturnType<typeof createEngine>) => {
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const result = await runBatch({
      urls,
      ...(engine ? { engine } : { engineOptions }),
      concurrency: settings.concurrency,
      perHostDelayMs: settings.perHostDelayMs,
    });
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpu0);
    return summarise(name, settings, result, wallMs, (cpu.user + cpu.system) / 1000);
  };
  if (settings.engine === 'cold') return run();
  const engine = createEngine(engineOptions);
  try {
    // Warm-up pass (not counted): browser started, threads started, robots.txt cached.
    await runBatch({
      urls: urls.slice(0, 8),
      engine,
      concurrency: settings.concurrency,
      perHostDelayMs: 0,
    });
    return await run(engine);
  } finally {
    await engine.close();
  }
}

async function main() {
  const browser = await findBrowser(process.env).catch(() => null);
  if (WITH_RENDER && !browser) {
    process.stderr.write('No browser found: the render passes are skipped.\n');
    WITH_RENDER = false;
  }
  let browserVersion: string | null = null;
  if (browser) {
    try {
      browserVersion = execFileSync(browser.path, ['--version'], { encoding: 'utf8' }).trim();
    } catch {}
  }
  const loadAvgAtStart = os.loadavg().map((v) => Math.round(v * 100) / 100);
  const started = performance.now();
  const corpus = await forkCorpus();
  try {
    const sitemapStarted = performance.now();
    const sitemap = await readSitemap(`${corpus.origin}/sitemap.xml`, {
      guard: createAddressGuard({ allowPrivate: true, resolver: offlineResolver }),
      maxUrls: 500,
    });
    const sitemapMs = Math.round(performance.now() - sitemapStarted);
    if (sitemap.urls.length !== corpus.pages) {
      throw new Error(`sitemap lists ${sitemap.urls.length} pages, corpus has ${corpus.pages}`);
    }
    const threads = defaultAnalysisThreads();
    const noRender: EngineOptions = {
      allowPrivate: true,
      resolver: offlineResolver,
      render: false,
    };
    const render: EngineOptions = {
      allowPrivate: true,
      resolver: offlineResolver,
      render: true,
      renderConcurrency: 2,
    };
    const passes: Pass[] = [];
    const fast = { render: false, concurrency: NO_RENDER_CONCURRENCY, perHostDelayMs: 0 };
    const slow = { render: true, concurrency: RENDER_CONCURRENCY, perHostDelayMs: 0 };
    type Step = [
      string,
      Pick<Pass, 'render' | 'engine' | 'concurrency' | 'perHostDelayMs'>,
      EngineOptions,
    ];
    const plan: Step[] = [
      ['no-render, cold engine', { ...fast, engine: 'cold' }, noRender],
      ['no-render, warm engine', { ...fast, engine: 'warm' }, noRender],
      [
        `no-render, default pacing (${DEFAULT_PACING_MS} ms per host)`,
        { ...fast, engine: 'warm', perHostDelayMs: DEFAULT_PACING_MS },
        noRender,
      ],
      ...(WITH_RENDER
        ? ([
            ['render, cold engine', { ...slow, engine: 'cold' }, render],
            ['render, warm engine', { ...slow, engine: 'warm' }, render],
          ] satisfies Step[])
        : []),
    ];
    for (const [name, settings, options] of plan) {
      const pass = await measure(name, sitemap.urls, settings, options);
      passes.push(pass);
      process.stdout.write(
        `${name.padEnd(44)} ${String(pass.pagesPerSec).padStart(6)} pages/s  ${pass.ok}/${pass.pages} ok  ${pass.wallMs} ms  (${pass.concurrency} in flight, node CPU ${pass.nodeCpuMsPerPage} ms/page)\n`,
      );
    }
    const loadAvgAtEnd = os.loadavg().map((v) => Math.round(v * 100) / 100);
    const date = new Date().toISOString().slice(0, 10);
    const machine = {
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
      totalMemoryMB: Math.round(os.totalmem() / 1024 / 1024),
      node: process.version,
      browser: browser ? { path: browser.path, version: browserVersion } : null,
      analysisThreads: threads,
      loadAvgAtStart,
      loadAvgAtEnd,
    };
    const durationS = Math.round((performance.now() - started) / 100) / 10;
    if (!WRITE) return;
    const dir = path.join(BENCH_DIR, 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `batch-${date}.json`),
      `${JSON.stringify({ date, seed: SEED, machine, sitemap: { urls: sitemap.urls.length, ms: sitemapMs }, durationS, passes }, null, 2)}\n`,
    );
    const md = [
      `# Batch benchmark — ${date}`,
      '',
      `Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.totalMemoryMB} MB RAM, Node ${machine.node}, ${browserVersion ?? 'no browser'}. Load average ${loadAvgAtStart[0]} at start, ${loadAvgAtEnd[0]} at end (the machine is shared; other work shows up as load).`,
      `Corpus: seed \`${SEED}\`, ${corpus.pages} pages on one origin, listed by its /sitemap.xml (read through the guarded fetch in ${sitemapMs} ms). Run time ${durationS} s.`,
      `Engine: one per pass, shared by every page: ${threads} analysis threads, render concurrency 2 (one browser). "cold" includes starting the engine (threads, browser) as a CLI run pays it; "warm" is a second pass on an engine already used for 8 pages.`,
      '',
      '| pass | pages/s | pages ok | wall | in flight | per-host pacing | median page | node CPU / page |',
      '|---|---|---|---|---|---|---|---|',
      ...passes.map(
        (p) =>
          `| ${p.name} | **${p.pagesPerSec}** | ${p.ok}/${p.pages} | ${(p.wallMs / 1000).toFixed(1)} s | ${p.concurrency} | ${p.perHostDelayMs} ms | ${p.medianPageMs} ms | ${p.nodeCpuMsPerPage} ms |`,
      ),
      '',
      `Pacing is off in the throughput passes (--per-host-delay 0): the whole corpus is one host, so the default ${DEFAULT_PACING_MS} ms between page fetches on a host caps a single-site run at ${Math.round(1000 / DEFAULT_PACING_MS)} pages/s, as the paced pass shows.`,
      ...(passes.some((p) => p.errors.length)
        ? ['', 'Failed pages:', ...passes.flatMap((p) => p.errors.map((e) => `- ${p.name}: ${e}`))]
        : []),
    ];
    writeFileSync(path.join(dir, `batch-${date}.md`), `${md.join('\n')}\n`);
  } finally {
    await corpus.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
