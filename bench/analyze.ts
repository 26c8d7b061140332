/**
 * Analysis benchmark: `npm run bench:analyze` (see bench/README.md).
 *
 * Generates a deterministic corpus (bench/corpus), serves it on 127.0.0.1, and measures a warm
 * engine per mode: sequential per-page latency (fetchDocument + analyze) and throughput with
 * several analyses in flight, with and without the headless render. A worker thread samples
 * the RSS of this process and of the browser processes it started every 100 ms. A last pass
 * times each stage separately (fetch, robots, render, parse, checks, score) to show where the
 * time goes. Results go to stdout and bench/results/analyze-<date>.{json,md}.
 *
 * Flags: --seed=<text>  --rounds=<n> (no-render throughput passes over the corpus, default 4)
 *        --concurrency=<n> (no-render throughput, default 8)  --no-render (skip browser phases)
 *        --no-breakdown  --no-write (print only)
 *        --analysis-threads=<n> (the engine's analysis threads; default the engine's own default,
 *        0 = analyses on the main thread)
 *        --pages-dir=<folder> (serve a folder of saved pages instead of the generated corpus:
 *        <folder>/<name>/source.html or <folder>/<name>.html, see corpus/serve-folder.ts)
 *        --out=<name> (results file name without extension; default analyze-<date>, or
 *        analyze-pages-<date> with --pages-dir)
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { ALL_CHECKS } from '@crawlwise/analyzer/checks/index';
import { runCheck } from '@crawlwise/analyzer/checks/run-checks';
import { createEngine, defaultAnalysisThreads, type Engine } from '@crawlwise/analyzer/engine';
import { createAddressGuard } from '@crawlwise/analyzer/gather/address-guard';
import { findBrowser } from '@crawlwise/analyzer/gather/browser-path';
import { type BrowserPool, createBrowserPool } from '@crawlwise/analyzer/gather/browser-pool';
import { DEFAULT_USER_AGENT, fetchPage } from '@crawlwise/analyzer/gather/fetch-page';
import { renderPage } from '@crawlwise/analyzer/gather/render-page';
import { readRobots } from '@crawlwise/analyzer/gather/robots';
import { createRobotsCache } from '@crawlwise/analyzer/gather/robots-cache';
import { createPageContext } from '@crawlwise/analyzer/page/page-context';
import { buildMetaJson } from '@crawlwise/analyzer/score/meta-json';
import { scoreFindings } from '@crawlwise/analyzer/score/score';
import type { AnalysisReport, Finding, RenderArtifact } from '@crawlwise/analyzer/types';
import { offlineResolver } from './corpus/offline-resolver.ts';
import { createRng } from './corpus/prng.ts';
import type { PageMeta, ServeMessage } from './corpus/serve.ts';

// ---------------------------------------------------------------------------------------------
// Settings

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const SEED = args.get('seed') ?? 'crawlwise-bench-v1';
/** A folder of saved pages to serve instead of the generated corpus. */
const PAGES_DIR = args.has('pages-dir') ? path.resolve(args.get('pages-dir')!) : null;
const RENDER_CONCURRENCY = 2;
const FAST_CONCURRENCY = Number(args.get('concurrency') ?? 8);
const FAST_ROUNDS = Number(args.get('rounds') ?? 4);
const RENDER_ROUNDS = 1;
const WARMUP_ROUNDS = 2;
const SAMPLE_MS = 100;
let WITH_RENDER = !args.has('no-render');
const WITH_BREAKDOWN = !args.has('no-breakdown');
const WRITE = !args.has('no-write');
const ANALYSIS_THREADS = args.has('analysis-threads')
  ? Number(args.get('analysis-threads'))
  : defaultAnalysisThreads();

const TARGET_RENDER_MEDIAN_MS = 500;
const TARGET_FAST_PAGES_PER_S = 50;

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------
// Statistics

interface Dist {
  n: number;
  median: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

function dist(values: number[]): Dist {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    n: sorted.length,
    median: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    mean: round(sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length)),
    min: round(sorted[0] ?? Number.NaN),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Sampler: a worker thread, so a slow /proc scan never delays the measured event loop. Every
// SAMPLE_MS it reads this process's RSS and the VmRSS (and PSS) of every process descended from
// it whose command line mentions chrom(ium); it also adds up those processes' CPU ticks.

interface Usage {
  wallMs: number;
  samples: number;
  peakNodeRssBytes: number;
  peakNodeHeapBytes: number;
  peakBrowserRssBytes: number;
  peakBrowserPssBytes: number;
  peakBrowserProcesses: number;
  peakTotalRssBytes: number;
  /** CPU time of this process (all its threads), of the browser processes and of the corpus server. */
  nodeCpuMs: number;
  browserCpuMs: number;
  serverCpuMs: number;
  /** Busy CPU time of the whole machine minus the three above: other people's work. */
  otherCpuMs: number;
  /** otherCpuMs / wallMs: cores' worth of background load during the measurement. */
  otherCores: number;
  loadAvg1: number;
}

const SAMPLER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const root = workerData.pid;
const TICK_MS = 1000 / workerData.ticksPerSecond;
const isChromium = new Map();
const lastTicks = new Map();
const empty = () => ({ samples: 0, peakNodeRssBytes: 0, peakBrowserRssBytes: 0, peakBrowserPssBytes: 0, peakBrowserProcesses: 0, peakTotalRssBytes: 0, browserCpuMs: 0 });
let acc = empty();
function kb(text, field) {
  const m = new RegExp(field + ':\\s+(\\d+) kB').exec(text);
  return m ? Number(m[1]) * 1024 : 0;
}
function sample() {
  const mem = { rss: process.memoryUsage.rss() };
  const parent = new Map();
  const ticks = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (name.charCodeAt(0) > 57) continue;
    try {
      const stat = fs.readFileSync('/proc/' + name + '/stat', 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(f[1]));
      ticks.set(Number(name), Number(f[11]) + Number(f[12]));
    } catch {}
  }
  let rss = 0, pss = 0, count = 0;
  for (const pid of parent.keys()) {
    let p = parent.get(pid), depth = 0, descendant = false;
    while (p && depth++ < 32) { if (p === root) { descendant = true; break; } p = parent.get(p); }
    if (!descendant) continue;
    let chromium = isChromium.get(pid);
    if (chromium === undefined) {
      try { chromium = fs.readFileSync('/proc/' + pid + '/cmdline', 'utf8').includes('chrom'); } catch { chromium = false; }
      isChromium.set(pid, chromium);
    }
    if (!chromium) continue;
    const t = ticks.get(pid) || 0;
    acc.browserCpuMs += (t - (lastTicks.get(pid) || 0)) * TICK_MS;
    lastTicks.set(pid, t);
    try {
      rss += kb(fs.readFileSync('/proc/' + pid + '/status', 'utf8'), 'VmRSS');
      pss += kb(fs.readFileSync('/proc/' + pid + '/smaps_rollup', 'utf8'), 'Pss');
      count++;
    } catch {}
  }
  acc.samples++;
  acc.peakNodeRssBytes = Math.max(acc.peakNodeRssBytes, mem.rss);
  acc.peakBrowserRssBytes = Math.max(acc.peakBrowserRssBytes, rss);
  acc.peakBrowserPssBytes = Math.max(acc.peakBrowserPssBytes, pss);
  acc.peakBrowserProcesses = Math.max(acc.peakBrowserProcesses, count);
  acc.peakTotalRssBytes = Math.max(acc.peakTotalRssBytes, mem.rss + rss);
}
const timer = setInterval(sample, workerData.intervalMs);
parentPort.on('message', (msg) => {
  if (msg === 'take') { sample(); parentPort.postMessage(acc); acc = empty(); }
  if (msg === 'stop') { clearInterval(timer); parentPort.close(); }
});
`;

/** Busy and total jiffies of the whole machine, from the first line of /proc/stat. */
function machineTicks(): { busy: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = fields.map(Number);
  return { busy: user! + nice! + system! + irq! + softirq! + (steal ?? 0) };
}

function processTicks(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

function ticksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

function startSampler(serverPid: () => number | undefined) {
  const tps = ticksPerSecond();
  const worker = new Worker(SAMPLER_SOURCE, {
    eval: true,
    workerData: { pid: process.pid, intervalMs: SAMPLE_MS, ticksPerSecond: tps },
  });
  const take = () =>
    new Promise<
      Omit<
        Usage,
        | 'peakNodeHeapBytes'
        | 'wallMs'
        | 'nodeCpuMs'
        | 'serverCpuMs'
        | 'otherCpuMs'
        | 'otherCores'
        | 'loadAvg1'
      >
    >((resolve) => {
      worker.once('message', resolve);
      worker.postMessage('take');
    });
  return {
    /** Runs `fn` and reports peaks and CPU use while it ran. */
    async measure<T>(fn: () => Promise<T>): Promise<{ result: T; usage: Usage }> {
      await take();
      const cpu0 = process.cpuUsage();
      const machine0 = machineTicks();
      const server0 = processTicks(serverPid());
      // The JS heap is per thread, so the main thread samples its own.
      let peakHeap = getHeapStatistics().used_heap_size;
      const heapTimer = setInterval(() => {
        peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
      }, SAMPLE_MS);
      const start = performance.now();
      const result = await fn().finally(() => clearInterval(heapTimer));
      const wallMs = performance.now() - start;
      const cpu = process.cpuUsage(cpu0);
      const machine1 = machineTicks();
      const server1 = processTicks(serverPid());
      const peaks = await take();
      const nodeCpuMs = (cpu.user + cpu.system) / 1000;
      const serverCpuMs = ((server1 - server0) * 1000) / tps;
      const busyMs = ((machine1.busy - machine0.busy) * 1000) / tps;
      const otherCpuMs = Math.max(0, busyMs - nodeCpuMs - peaks.browserCpuMs - serverCpuMs);
      return {
        result,
        usage: {
          ...peaks,
          peakNodeHeapBytes: peakHeap,
          wallMs: Math.round(wallMs),
          nodeCpuMs: Math.round(nodeCpuMs),
          browserCpuMs: Math.round(peaks.browserCpuMs),
          serverCpuMs: Math.round(serverCpuMs),
          otherCpuMs: Math.round(otherCpuMs),
          otherCores: Math.round((otherCpuMs / wallMs) * 100) / 100,
          loadAvg1: Math.round(os.loadavg()[0]! * 100) / 100,
        },
      };
    },
    stop: async () => {
      worker.postMessage('stop');
      await worker.terminate();
    },
  };
}
type Sampler = ReturnType<typeof startSampler>;

// ---------------------------------------------------------------------------------------------
// Corpus server in a child process (bench/corpus/serve.ts)

interface CorpusServer {
  origin: string;
  pid: number | undefined;
  pages: PageMeta[];
  totalBytes: number;
  generateMs: number;
  stats(): Promise<Record<string, number>>;
  reset(): void;
  close(): Promise<void>;
}

async function forkCorpusServer(seed: string): Promise<CorpusServer> {
  const [entry, arg] = PAGES_DIR ? ['serve-folder.ts', PAGES_DIR] : ['serve.ts', seed];
  const child: ChildProcess = fork(path.join(BENCH_DIR, 'corpus', entry), [arg], {
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
    pid: child.pid,
    pages: ready.pages,
    totalBytes: ready.totalBytes,
    generateMs: ready.generateMs,
    stats: () =>
      new Promise((resolve) => {
        const onMessage = (m: ServeMessage) => {
          if (m.type !== 'stats') return;
          child.off('message', onMessage);
          resolve(m.requests);
        };
        child.on('message', onMessage);
        child.send('stats');
      }),
    reset: () => child.send('reset'),
    close: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Runs

interface PageRun {
  id: number;
  ok: boolean;
  error?: string;
  fetchMs: number;
  analyzeMs: number;
  totalMs: number;
  score?: number;
  render?: { serverWords: number | null; renderedWords: number | null; skipped?: string };
}

function findingOf(report: AnalysisReport, id: string): Finding | undefined {
  return report.issues.find((f: Finding) => f.id === id);
}

async function analyseOne(engine: Engine, origin: string, page: PageMeta): Promise<PageRun> {
  const start = performance.now();
  let fetched = start;
  try {
    const document = await engine.fetchDocument(origin + page.path);
    fetched = performance.now();
    const report = await engine.analyze(document);
    const end = performance.now();
    const jsFinding = findingOf(report, 'js-rendering');
    const js = jsFinding?.details;
    return {
      id: page.id,
      ok: true,
      fetchMs: fetched - start,
      analyzeMs: end - fetched,
      totalMs: end - start,
      score: report.score,
      render: {
        serverWords: typeof js?.serverWords === 'number' ? js.serverWords : null,
        renderedWords: typeof js?.renderedWords === 'number' ? js.renderedWords : null,
        // A skipped check explains why (the render's failure) in its why text.
        ...(jsFinding?.outcome === 'skipped' ? { skipped: jsFinding.why } : {}),
      },
    };
  } catch (error) {
    const end = performance.now();
    return {
      id: page.id,
      ok: false,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      fetchMs: fetched - start,
      analyzeMs: end - fetched,
      totalMs: end - start,
    };
  }
}

async function sequential(engine: Engine, origin: string, pages: PageMeta[]): Promise<PageRun[]> {
  const runs: PageRun[] = [];
  for (const page of pages) runs.push(await analyseOne(engine, origin, page));
  return runs;
}

/** `concurrency` workers take pages from one queue until it is empty. */
async function inFlight(
  engine: Engine,
  origin: string,
  pages: PageMeta[],
  concurrency: number,
): Promise<PageRun[]> {
  const queue = [...pages];
  const runs: PageRun[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let page = queue.shift(); page; page = queue.shift()) {
        runs.push(await analyseOne(engine, origin, page));
      }
    }),
  );
  return runs;
}

interface Throughput {
  concurrency: number;
  pages: number;
  errors: number;
  wallMs: number;
  pagesPerSec: number;
  latencyMs: Dist;
  /** CPU of this process (all threads) per analysis. */
  nodeCpuMsPerPage: number;
  /**
   * 1000 / nodeCpuMsPerPage: pages per second one core's worth of CPU sustains. The engine runs
   * analyses on `analysisThreads` worker threads besides the main thread (fetches, robots.txt,
   * the browser's protocol), so the ceiling is roughly this times the cores it can use.
   */
  pagesPerCpuSecond: number;
  browserCpuMsPerPage: number;
  usage: Usage;
}

interface ModeResult {
  mode: 'render' | 'no-render';
  warmupMs: number;
  sequential: {
    totalMs: Dist;
    fetchMs: Dist;
    analyzeMs: Dist;
    errors: number;
    byGroup: Record<string, Dist>;
    usage: Usage;
  };
  throughput: Throughput;
  serverRequests: Record<string, number>;
  runs: PageRun[];
}

function sizeGroup(page: PageMeta): string {
  if (page.scriptRendered) return 'script-rendered';
  if (page.bytes < 50 * 1024) return '< 50 KB';
  if (page.bytes < 200 * 1024) return '50-200 KB';
  if (page.bytes < 500 * 1024) return '200-500 KB';
  return '≥ 500 KB';
}
const GROUPS = ['< 50 KB', '50-200 KB', '200-500 KB', '≥ 500 KB', 'script-rendered'];

const round1 = (v: number) => Math.round(v * 10) / 10;

async function runMode(
  mode: ModeResult['mode'],
  server: CorpusServer,
  order: PageMeta[],
  warmup: PageMeta[],
  sampler: Sampler,
): Promise<ModeResult> {
  const render = mode === 'render';
  const engine = createEngine({
    allowPrivate: true,
    resolver: offlineResolver,
    render,
    renderConcurrency: RENDER_CONCURRENCY,
    analysisThreads: ANALYSIS_THREADS,
  });
  const log = (text: string) => process.stderr.write(`[${mode}] ${text}\n`);
  try {
    const warmStart = performance.now();
    for (let i = 0; i < WARMUP_ROUNDS; i++) {
      for (const run of await sequential(engine, server.origin, warmup)) {
        if (!run.ok) log(`warm-up page ${run.id} failed: ${run.error}`);
      }
    }
    const warmupMs = Math.round(performance.now() - warmStart);
    log(`warm-up ${warmup.length * WARMUP_ROUNDS} analyses in ${warmupMs} ms`);

    server.reset();
    const seq = await sampler.measure(() => sequential(engine, server.origin, order));
    const runs = seq.result;
    const serverRequests = await server.stats();
    log(`sequential ${runs.length} pages, median ${dist(runs.map((r) => r.totalMs)).median} ms`);

    const rounds = render ? RENDER_ROUNDS : FAST_ROUNDS;
    const concurrency = render ? RENDER_CONCURRENCY : FAST_CONCURRENCY;
    const batch = Array.from({ length: rounds }, () => order).flat();
    const tp = await sampler.measure(() => inFlight(engine, server.origin, batch, concurrency));
    const tpRuns = tp.result;
    const nodeCpuMsPerPage = tp.usage.nodeCpuMs / tpRuns.length;
    const throughput: Throughput = {
      concurrency,
      pages: tpRuns.length,
      errors: tpRuns.filter((r) => !r.ok).length,
      wallMs: tp.usage.wallMs,
      pagesPerSec: round1(tpRuns.length / (tp.usage.wallMs / 1000)),
      latencyMs: dist(tpRuns.map((r) => r.totalMs)),
      nodeCpuMsPerPage: round1(nodeCpuMsPerPage),
      pagesPerCpuSecond: round1(1000 / nodeCpuMsPerPage),
      browserCpuMsPerPage: round1(tp.usage.browserCpuMs / tpRuns.length),
      usage: tp.usage,
    };
    log(
      `throughput ${throughput.pages} pages at concurrency ${concurrency}: ${throughput.pagesPerSec} pages/s (background load ${tp.usage.otherCores} cores)`,
    );

    const byId = new Map(order.map((p) => [p.id, p]));
    const byGroup: Record<string, Dist> = {};
    for (const group of GROUPS) {
      const values = runs.filter((r) => sizeGroup(byId.get(r.id)!) === group).map((r) => r.totalMs);
      if (values.length) byGroup[group] = dist(values);
    }
    return {
      mode,
      warmupMs,
      sequential: {
        totalMs: dist(runs.map((r) => r.totalMs)),
        fetchMs: dist(runs.map((r) => r.fetchMs)),
        analyzeMs: dist(runs.map((r) => r.analyzeMs)),
        errors: runs.filter((r) => !r.ok).length,
        byGroup,
        usage: seq.usage,
      },
      throughput,
      serverRequests,
      runs,
    };
  } finally {
    await engine.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Breakdown: the engine's analyze() taken apart, each stage timed on its own, sequentially.

interface StageTimes {
  fetch: number;
  robots: number;
  /** Wall time of renderPage: slot, context/page, navigation, wait, capture. */
  render: number;
  /** Parts of `render`: waiting for a slot and a fresh context/page... */
  renderAcquire: number;
  /** ...navigation until DOMContentLoaded reached this process... */
  renderToDcl: number;
  /** ...and from there to the captured DOM (readiness poll, virtual time, capture). */
  renderAfterDcl: number;
  parseServer: number;
  textServer: number;
  parseRendered: number;
  textRendered: number;
  checks: number;
  score: number;
  /** CPU time of this process over parse, text, checks and score (all synchronous). */
  syncCpu: number;
}

interface RenderProbe {
  requests: number;
  imageRequests: number;
  acquire: number;
  toDcl: number;
  afterDcl: number;
}

interface Breakdown {
  render: boolean;
  pages: number;
  stages: Partial<Record<keyof StageTimes, { median: number; p95: number; sum: number }>>;
  /** fetch + max(robots, render) + the synchronous stages: what the engine waits for. */
  criticalPathMedianMs: number;
  checks: Array<{ id: string; sumMs: number; medianMs: number; maxMs: number }>;
  /** Mean of each stage per page group (ms). */
  byGroup: Record<string, Partial<Record<keyof StageTimes, number>>>;
  /** Requests the browser made per page (Blink loads no images; see browser-pool.ts). */
  renderRequests?: { median: number; max: number; imagesMedian: number; imagesMax: number };
  perPage: Array<
    { id: number } & Partial<StageTimes> & { requests?: number; imageRequests?: number }
  >;
  usage: Usage;
}

/**
 * The pool as renderPage sees it, with a stopwatch around withPage: how long the page took to
 * arrive, when DOMContentLoaded fired, and how many requests the page made. The render itself
 * is the real renderPage, unchanged.
 */
function probedPool(pool: BrowserPool, probe: RenderProbe): BrowserPool {
  return {
    browserInfo: () => pool.browserInfo(),
    warm: (options) => pool.warm(options),
    get egressStats() {
      return pool.egressStats;
    },
    close: () => pool.close(),
    withPage(options, fn) {
      const called = performance.now();
      return pool.withPage(options, (page) => {
        const started = performance.now();
        probe.acquire = started - called;
        let dclAt = Number.NaN;
        page.once('domcontentloaded', () => {
          dclAt = performance.now();
        });
        page.on('request', (request) => {
          probe.requests++;
          if (request.resourceType() === 'image') probe.imageRequests++;
        });
        return fn(page).finally(() => {
          const end = performance.now();
          const dcl = Number.isNaN(dclAt) ? end : dclAt;
          probe.toDcl = dcl - started;
          probe.afterDcl = end - dcl;
        });
      });
    },
  };
}

async function breakdown(
  server: CorpusServer,
  order: PageMeta[],
  warmup: PageMeta[],
  render: boolean,
  sampler: Sampler,
): Promise<Breakdown> {
  const guard = createAddressGuard({ allowPrivate: true, resolver: offlineResolver });
  const pool = render ? createBrowserPool({ guard, concurrency: RENDER_CONCURRENCY }) : null;
  const probe: RenderProbe = { requests: 0, imageRequests: 0, acquire: 0, toDcl: 0, afterDcl: 0 };
  const probed = pool ? probedPool(pool, probe) : null;
  const userAgent = DEFAULT_USER_AGENT;
  const robotsCache = createRobotsCache({ read: (url) => readRobots(url, { guard, userAgent }) });
  const perPage: Array<{
    page: PageMeta;
    t: StageTimes;
    checks: Map<string, number>;
    probe: RenderProbe;
  }> = [];
  const timeOne = async (page: PageMeta) => {
    const t = {} as StageTimes;
    Object.assign(probe, { requests: 0, imageRequests: 0, acquire: 0, toDcl: 0, afterDcl: 0 });
    let mark = performance.now();
    const lap = () => {
      const now = performance.now();
      const ms = now - mark;
      mark = now;
      return ms;
    };
    const fetched = await fetchPage(server.origin + page.path, { guard, userAgent });
    t.fetch = lap();
    // Kept per origin as the engine keeps it (robots-cache.ts): one fetch for the corpus.
    const robots = await robotsCache.robotsFor(fetched.finalUrl);
    t.robots = lap();
    const rendered: RenderArtifact = probed
      ? await renderPage(probed, { url: fetched.finalUrl, html: fetched.html, userAgent })
      : { status: 'skipped', reason: 'Rendering is switched off' };
    t.render = lap();
    t.renderAcquire = probe.acquire;
    t.renderToDcl = probe.toDcl;
    t.renderAfterDcl = probe.afterDcl;
    const cpu0 = process.cpuUsage();
    const ctx = createPageContext({ fetch: fetched, robots, render: rendered });
    lap();
    void ctx.document;
    t.parseServer = lap();
    void ctx.serverText;
    t.textServer = lap();
    void ctx.renderedDocument;
    t.parseRendered = lap();
    void ctx.renderedText;
    t.textRendered = lap();
    const checkTimes = new Map<string, number>();
    const findings: Finding[] = [];
    for (const check of ALL_CHECKS) {
      const s = performance.now();
      findings.push(runCheck(ctx, check));
      checkTimes.set(check.meta.id, performance.now() - s);
    }
    t.checks = lap();
    scoreFindings(findings);
    buildMetaJson(ctx, findings);
    t.score = lap();
    const cpu = process.cpuUsage(cpu0);
    t.syncCpu = (cpu.user + cpu.system) / 1000;
    return { page, t, checks: checkTimes, probe: { ...probe } };
  };
  let usage: Usage;
  try {
    for (const page of warmup) await timeOne(page);
    const measured = await sampler.measure(async () => {
      for (const page of order) perPage.push(await timeOne(page));
    });
    usage = measured.usage;
  } finally {
    await pool?.close();
  }
  const renderKey = (key: string) => /render|Rendered/.test(key);
  const keys = (Object.keys(perPage[0]!.t) as Array<keyof StageTimes>).filter(
    (key) => render || !renderKey(key),
  );
  const stages: Breakdown['stages'] = {};
  for (const key of keys) {
    const values = perPage.map((p) => p.t[key]);
    const d = dist(values);
    stages[key] = { median: d.median, p95: d.p95, sum: round1(values.reduce((s, v) => s + v, 0)) };
  }
  const critical = perPage.map(
    ({ t }) =>
      t.fetch +
      Math.max(t.robots, t.render) +
      t.parseServer +
      t.textServer +
      t.parseRendered +
      t.textRendered +
      t.checks +
      t.score,
  );
  const checks = ALL_CHECKS.map((check) => {
    const values = perPage.map((p) => p.checks.get(check.meta.id) ?? 0);
    const d = dist(values);
    return {
      id: check.meta.id,
      sumMs: round1(values.reduce((s, v) => s + v, 0)),
      medianMs: d.median,
      maxMs: d.max,
    };
  }).sort((a, b) => b.sumMs - a.sumMs);
  const byGroup: Breakdown['byGroup'] = {};
  for (const group of GROUPS) {
    const members = perPage.filter((p) => sizeGroup(p.page) === group);
    if (!members.length) continue;
    const means: Partial<Record<keyof StageTimes, number>> = {};
    for (const key of keys) {
      means[key] = round1(members.reduce((s, p) => s + p.t[key], 0) / members.length);
    }
    byGroup[group] = means;
  }
  const requests = dist(perPage.map((p) => p.probe.requests));
  const images = dist(perPage.map((p) => p.probe.imageRequests));
  return {
    render,
    pages: perPage.length,
    stages,
    criticalPathMedianMs: dist(critical).median,
    checks,
    byGroup,
    ...(render
      ? {
          renderRequests: {
            median: requests.median,
            max: requests.max,
            imagesMedian: images.median,
            imagesMax: images.max,
          },
        }
      : {}),
    perPage: perPage.map(({ page, t, probe: pr }) => ({
      id: page.id,
      ...Object.fromEntries(keys.map((k) => [k, round1(t[k])])),
      ...(render ? { requests: pr.requests, imageRequests: pr.imageRequests } : {}),
    })),
    usage,
  };
}

// ---------------------------------------------------------------------------------------------
// Machine

async function machineInfo() {
  const cpus = os.cpus();
  const found = await findBrowser(process.env).catch(() => null);
  let browserVersion: string | null = null;
  if (found) {
    try {
      browserVersion = execFileSync(found.path, ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      browserVersion = null;
    }
  }
  const require = createRequire(import.meta.url);
  const playwright = (require('playwright-core/package.json') as { version: string }).version;
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    availableParallelism: os.availableParallelism(),
    totalMemoryMB: Math.round(os.totalmem() / 1024 / 1024),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    v8: process.versions.v8,
    playwright,
    browser: found ? { path: found.path, source: found.source, version: browserVersion } : null,
    loadAvgAtStart: os.loadavg().map((v) => Math.round(v * 100) / 100),
  };
}

// ---------------------------------------------------------------------------------------------
// Output

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r, i) => {
      const line = r
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join('  ');
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

const ms = (v: number) => `${Math.round(v)} ms`;

function peaks(r: ModeResult) {
  const a = r.sequential.usage;
  const b = r.throughput.usage;
  return {
    node: Math.max(a.peakNodeRssBytes, b.peakNodeRssBytes),
    heap: Math.max(a.peakNodeHeapBytes, b.peakNodeHeapBytes),
    browser: Math.max(a.peakBrowserRssBytes, b.peakBrowserRssBytes),
    browserPss: Math.max(a.peakBrowserPssBytes, b.peakBrowserPssBytes),
    processes: Math.max(a.peakBrowserProcesses, b.peakBrowserProcesses),
  };
}

function summaryRows(results: ModeResult[]): string[][] {
  const rows = [
    [
      'mode',
      'seq median',
      'seq p95',
      'fetch med',
      'analyze med',
      'pages/s',
      'conc',
      'tp p95',
      'node CPU/page',
      'node RSS (heap)',
      'browser RSS (PSS)',
      'bg load',
      'errors',
    ],
  ];
  for (const r of results) {
    const p = peaks(r);
    rows.push([
      r.mode,
      ms(r.sequential.totalMs.median),
      ms(r.sequential.totalMs.p95),
      ms(r.sequential.fetchMs.median),
      ms(r.sequential.analyzeMs.median),
      String(r.throughput.pagesPerSec),
      String(r.throughput.concurrency),
      ms(r.throughput.latencyMs.p95),
      ms(r.throughput.nodeCpuMsPerPage),
      `${mb(p.node)} MB (${mb(p.heap)})`,
      r.mode === 'render' ? `${mb(p.browser)} MB (${mb(p.browserPss)})` : '-',
      `${r.sequential.usage.otherCores}/${r.throughput.usage.otherCores}`,
      String(r.sequential.errors + r.throughput.errors),
    ]);
  }
  return rows;
}

function groupRows(results: ModeResult[], pages: PageMeta[]): string[][] {
  const rows = [['page group (sequential)', ...results.flatMap((r) => [`${r.mode} med`, 'p95'])]];
  for (const group of GROUPS) {
    const n = pages.filter((p) => sizeGroup(p) === group).length;
    rows.push([
      `${group} (n=${n})`,
      ...results.flatMap((r) => {
        const d = r.sequential.byGroup[group];
        return d ? [ms(d.median), ms(d.p95)] : ['-', '-'];
      }),
    ]);
  }
  return rows;
}

function breakdownRows(b: Breakdown): string[][] {
  const rows = [['stage', 'median', 'p95', 'sum over corpus']];
  for (const [key, s] of Object.entries(b.stages)) {
    rows.push([
      key,
      `${s.median.toFixed(1)} ms`,
      `${s.p95.toFixed(1)} ms`,
      `${Math.round(s.sum)} ms`,
    ]);
  }
  return rows;
}

function threadsPhrase(): string {
  return ANALYSIS_THREADS === 0
    ? 'analyses on the main thread'
    : `analyses on ${ANALYSIS_THREADS} worker thread${ANALYSIS_THREADS === 1 ? '' : 's'}`;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = new Date();
  const t0 = performance.now();
  const machine = await machineInfo();
  if (WITH_RENDER && !machine.browser) {
    process.stderr.write(
      'No headless browser found: render phases skipped (apt-get install -y chromium-headless-shell, or set CHROMIUM_PATH)\n',
    );
    WITH_RENDER = false;
  }
  const server = await forkCorpusServer(SEED);
  const sampler = startSampler(() => server.pid);
  const { pages: corpus } = server;

  // A fixed shuffle, so sizes and kinds interleave in the sequential runs.
  const rng = createRng(`${SEED}:order`);
  const order = [...corpus];
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  // Warm-up: one page of each broad family, analysed WARMUP_ROUNDS times, not counted.
  // (For a folder of saved pages: the first six of the shuffle.)
  const warmupKinds = ['landing', 'article', 'docs', 'product', 'spa-fetch', 'hybrid'];
  const warmup = PAGES_DIR
    ? order.slice(0, 6)
    : warmupKinds.map((k) => corpus.find((p) => p.kind === k)!);
  const sizes = corpus.map((p) => p.bytes).sort((a, b) => a - b);
  const scriptPages = corpus.filter((p) => p.scriptRendered);
  const gzipPages = corpus.filter((p) => p.gzipBytes !== null).length;
  process.stderr.write(
    `corpus: ${corpus.length} pages, ${mb(server.totalBytes)} MB, ${Math.round(sizes[0]! / 1024)}–${Math.round(sizes.at(-1)! / 1024)} KB, generated in ${server.generateMs} ms, served at ${server.origin}; load average ${machine.loadAvgAtStart.join(' ')}\n`,
  );

  const results: ModeResult[] = [];
  const breakdowns: Breakdown[] = [];
  try {
    results.push(await runMode('no-render', server, order, warmup, sampler));
    if (WITH_RENDER) results.push(await runMode('render', server, order, warmup, sampler));
    if (WITH_BREAKDOWN) {
      process.stderr.write('[breakdown] timing each stage separately\n');
      breakdowns.push(await breakdown(server, order, warmup, false, sampler));
      if (WITH_RENDER) breakdowns.push(await breakdown(server, order, warmup, true, sampler));
    }
  } finally {
    await sampler.stop();
    await server.close();
  }
  const durationS = Math.round((performance.now() - t0) / 100) / 10;
  const loadAvgAtEnd = os.loadavg().map((v) => Math.round(v * 100) / 100);

  const renderResult = results.find((r) => r.mode === 'render');
  const fastResult = results.find((r) => r.mode === 'no-render')!;
  const targets = {
    renderMedianMs: {
      target: `≤ ${TARGET_RENDER_MEDIAN_MS}`,
      measured: renderResult?.sequential.totalMs.median ?? null,
      met: renderResult ? renderResult.sequential.totalMs.median <= TARGET_RENDER_MEDIAN_MS : null,
    },
    noRenderPagesPerSec: {
      target: `≥ ${TARGET_FAST_PAGES_PER_S}`,
      measured: fastResult.throughput.pagesPerSec,
      met: fastResult.throughput.pagesPerSec >= TARGET_FAST_PAGES_PER_S,
    },
  };

  // Sanity: the render must have seen what the scripts build.
  const renderSanity = renderResult
    ? scriptPages.map((p) => {
        const run = renderResult.runs.find((r) => r.id === p.id);
        const serverWords = run?.render?.serverWords ?? null;
        const renderedWords = run?.render?.renderedWords ?? null;
        return {
          id: p.id,
          kind: p.kind,
          serverWords,
          renderedWords,
          contentSeen: renderedWords !== null && (serverWords ?? 0) + 50 <= renderedWords,
          ...(run?.render?.skipped ? { skipped: run.render.skipped } : {}),
        };
      })
    : [];
  const renderMisses = renderResult
    ? renderResult.runs
        .filter((r) => r.ok && r.render?.renderedWords === null)
        .map((r) => ({ id: r.id, reason: r.render?.skipped ?? 'unknown' }))
    : [];

  const pages = corpus.map((p) => {
    const fast = fastResult.runs.find((r) => r.id === p.id);
    const rendered = renderResult?.runs.find((r) => r.id === p.id);
    return {
      ...p,
      noRenderMs: fast ? round1(fast.totalMs) : null,
      renderMs: rendered ? round1(rendered.totalMs) : null,
      score: rendered?.score ?? fast?.score ?? null,
      serverWords: rendered?.render?.serverWords ?? fast?.render?.serverWords ?? null,
      renderedWords: rendered?.render?.renderedWords ?? null,
      ...(rendered?.render?.skipped && renderResult ? { renderNote: rendered.render.skipped } : {}),
      ...((rendered?.error ?? fast?.error) ? { error: rendered?.error ?? fast?.error } : {}),
    };
  });

  // ---- stdout
  const out: string[] = [];
  out.push(
    `\nCrawlwise analysis benchmark — ${started.toISOString()}`,
    `${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}, ${machine.browser?.version ?? 'no browser'}; load average ${machine.loadAvgAtStart[0]} at start, ${loadAvgAtEnd[0]} at end`,
    `Corpus: ${corpus.length} pages (${scriptPages.length} script-rendered, ${gzipPages} gzip), ${mb(server.totalBytes)} MB, ${Math.round(sizes[0]! / 1024)}–${Math.round(sizes.at(-1)! / 1024)} KB, median ${Math.round(percentile(sizes, 50) / 1024)} KB`,
    `Engine: ${threadsPhrase()}`,
    '',
    table(summaryRows(results)),
    '  seq = one page at a time (fetchDocument + analyze); pages/s at `conc` in flight; bg load = other processes, in cores (seq/throughput)',
    '',
    table(groupRows(results, corpus)),
  );
  for (const b of breakdowns) {
    out.push(
      '',
      `Stage breakdown, ${b.render ? 'with' : 'without'} render (${b.pages} pages one at a time; critical-path median ${b.criticalPathMedianMs} ms; bg load ${b.usage.otherCores} cores):`,
      table(breakdownRows(b)),
      `  slowest checks (sum over corpus): ${b.checks
        .slice(0, 5)
        .map((c) => `${c.id} ${Math.round(c.sumMs)} ms`)
        .join(', ')}`,
    );
    if (b.renderRequests) {
      out.push(
        `  browser requests per page: median ${b.renderRequests.median} (max ${b.renderRequests.max}), of which images median ${b.renderRequests.imagesMedian} (max ${b.renderRequests.imagesMax}; Blink loads none, the route handler aborts any that get through)`,
      );
    }
  }
  out.push(
    '',
    `Targets: render median ${targets.renderMedianMs.measured ?? '-'} ms (${targets.renderMedianMs.target}) ${targets.renderMedianMs.met === null ? 'not run' : targets.renderMedianMs.met ? 'MET' : 'MISSED'}; ` +
      `no-render ${targets.noRenderPagesPerSec.measured} pages/s (${targets.noRenderPagesPerSec.target}) ${targets.noRenderPagesPerSec.met ? 'MET' : 'MISSED'}` +
      ` (node CPU ${fastResult.throughput.nodeCpuMsPerPage} ms/page = ${fastResult.throughput.pagesPerCpuSecond} pages per CPU-second, ${threadsPhrase()})`,
  );
  if (renderResult) {
    const seen = renderSanity.filter((s) => s.contentSeen).length;
    out.push(
      `Render sanity: ${seen}/${renderSanity.length} script-rendered pages showed their script-built content; ${renderMisses.length} renders skipped or failed${renderMisses.length ? ` (${renderMisses.map((m) => `#${m.id}: ${m.reason}`).join('; ')})` : ''}.`,
    );
  }
  out.push(`Run time ${durationS} s.`);
  console.log(out.join('\n'));

  // ---- files
  if (!WRITE) return;
  const date = started.toISOString().slice(0, 10);
  const dir = path.join(BENCH_DIR, 'results');
  mkdirSync(dir, { recursive: true });
  const json = {
    benchmark: 'analyze',
    date,
    startedAt: started.toISOString(),
    durationS,
    seed: SEED,
    pagesDir: PAGES_DIR,
    machine: { ...machine, loadAvgAtEnd },
    config: {
      renderConcurrency: RENDER_CONCURRENCY,
      noRenderConcurrency: FAST_CONCURRENCY,
      noRenderRounds: FAST_ROUNDS,
      renderRounds: RENDER_ROUNDS,
      warmupPages: warmup.map((p) => p.id),
      warmupRounds: WARMUP_ROUNDS,
      sampleIntervalMs: SAMPLE_MS,
      analysisThreads: ANALYSIS_THREADS,
    },
    corpus: {
      pages: corpus.length,
      scriptRendered: scriptPages.length,
      gzip: gzipPages,
      totalBytes: server.totalBytes,
      minBytes: sizes[0],
      medianBytes: percentile(sizes, 50),
      maxBytes: sizes.at(-1),
      generateMs: server.generateMs,
    },
    targets,
    results: results.map(({ runs: _runs, ...r }) => r),
    breakdown: breakdowns,
    renderSanity,
    renderMisses,
    pages,
  };
  const name = args.get('out') ?? (PAGES_DIR ? `analyze-pages-${date}` : `analyze-${date}`);
  const jsonPath = path.join(dir, `${name}.json`);
  writeFileSync(jsonPath, `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(
    path.join(dir, `${name}.md`),
    markdown({
      date,
      machine,
      durationS,
      corpus,
      sizes,
      scriptPages,
      gzipPages,
      server,
      results,
      breakdowns,
      targets,
      loadAvgAtEnd,
    }),
  );
  process.stderr.write(`wrote ${path.relative(process.cwd(), jsonPath)} and .md\n`);
}

function markdown(d: {
  date: string;
  machine: Awaited<ReturnType<typeof machineInfo>>;
  durationS: number;
  corpus: PageMeta[];
  sizes: number[];
  scriptPages: PageMeta[];
  gzipPages: number;
  server: CorpusServer;
  results: ModeResult[];
  breakdowns: Breakdown[];
  targets: {
    renderMedianMs: { target: string; measured: number | null; met: boolean | null };
    noRenderPagesPerSec: { target: string; measured: number; met: boolean };
  };
  loadAvgAtEnd: number[];
}): string {
  const { machine, targets } = d;
  const verdict = (met: boolean | null) => (met === null ? 'not run' : met ? 'met' : 'missed');
  const md: string[] = [
    `# Analysis benchmark — ${d.date}`,
    '',
    `Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.totalMemoryMB} MB RAM, Node ${machine.node}, ${machine.browser?.version ?? 'no browser'} (${machine.browser?.path ?? '-'}), Playwright ${machine.playwright}. Load average ${machine.loadAvgAtStart[0]} at start, ${d.loadAvgAtEnd[0]} at end.`,
    `Engine: ${threadsPhrase()}; robots.txt kept per origin for 60 s (the whole corpus is one origin).`,
    PAGES_DIR
      ? `Corpus: ${d.corpus.length} saved pages from \`${path.basename(PAGES_DIR)}\` (served from memory as UTF-8, robots.txt 404), ${mb(d.server.totalBytes)} MB, ${Math.round(d.sizes[0]! / 1024)}–${Math.round(d.sizes.at(-1)! / 1024)} KB, median ${Math.round(percentile(d.sizes, 50) / 1024)} KB. Run time ${d.durationS} s.`
      : `Corpus: seed \`${SEED}\`, ${d.corpus.length} generated pages (${d.scriptPages.length} script-rendered, ${d.gzipPages} served gzip), ${mb(d.server.totalBytes)} MB, ${Math.round(d.sizes[0]! / 1024)}–${Math.round(d.sizes.at(-1)! / 1024)} KB. Run time ${d.durationS} s.`,
    '',
    `- Render median ≤ ${TARGET_RENDER_MEDIAN_MS} ms: **${verdict(targets.renderMedianMs.met)}** (${targets.renderMedianMs.measured ?? '-'} ms)`,
    `- No-render throughput ≥ ${TARGET_FAST_PAGES_PER_S} pages/s: **${verdict(targets.noRenderPagesPerSec.met)}** (${targets.noRenderPagesPerSec.measured} pages/s)`,
    '',
    '| mode | seq. median | seq. p95 | fetch median | analyze median | throughput | in flight | node CPU / page | peak node RSS (JS heap) | peak browser RSS (PSS) | background load (cores) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...d.results.map((r) => {
      const p = peaks(r);
      return `| ${r.mode} | ${ms(r.sequential.totalMs.median)} | ${ms(r.sequential.totalMs.p95)} | ${ms(r.sequential.fetchMs.median)} | ${ms(r.sequential.analyzeMs.median)} | ${r.throughput.pagesPerSec} pages/s | ${r.throughput.concurrency} | ${ms(r.throughput.nodeCpuMsPerPage)} | ${mb(p.node)} MB (${mb(p.heap)} MB) | ${r.mode === 'render' ? `${mb(p.browser)} MB (${mb(p.browserPss)} MB)` : '-'} | ${r.sequential.usage.otherCores} / ${r.throughput.usage.otherCores} |`;
    }),
    '',
    '## By page group (sequential, ms)',
    '',
    `| group | ${d.results.map((r) => `${r.mode} median | ${r.mode} p95`).join(' | ')} |`,
    `|---|${d.results.map(() => '---|---|').join('')}`,
    ...GROUPS.map(
      (g) =>
        `| ${g} (n=${d.corpus.filter((p) => sizeGroup(p) === g).length}) | ${d.results
          .map((r) => {
            const x = r.sequential.byGroup[g];
            return x ? `${Math.round(x.median)} | ${Math.round(x.p95)}` : '- | -';
          })
          .join(' | ')} |`,
    ),
  ];
  for (const b of d.breakdowns) {
    md.push(
      '',
      `## Stage breakdown ${b.render ? 'with' : 'without'} render (ms per page)`,
      '',
      `Critical-path median ${b.criticalPathMedianMs} ms (robots and render overlap in the engine). Background load ${b.usage.otherCores} cores.`,
      '',
      '| stage | median | p95 | sum over corpus |',
      '|---|---|---|---|',
      ...Object.entries(b.stages).map(
        ([k, s]) =>
          `| ${k} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} | ${Math.round(s.sum)} |`,
      ),
      '',
      `Slowest checks (sum over the corpus): ${b.checks
        .slice(0, 6)
        .map((c) => `\`${c.id}\` ${Math.round(c.sumMs)} ms`)
        .join(', ')}.`,
    );
    if (b.renderRequests) {
      md.push(
        '',
        `Browser requests per page: median ${b.renderRequests.median} (max ${b.renderRequests.max}); images: median ${b.renderRequests.imagesMedian} (max ${b.renderRequests.imagesMax}) (Blink loads none; the route handler aborts any that get through).`,
      );
    }
  }
  return `${md.join('\n')}\n`;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
