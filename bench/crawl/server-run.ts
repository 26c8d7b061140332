import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ExpectedSite } from '../site-generator/manifest.ts';
import { type Comparison, compareFindings } from './compare.ts';
import { perPage, pidsNamed, processTree, samplePeak } from './process-tree.ts';
import { type RunGuard, runRequests } from './run-support.ts';
import type { SiteProcess } from './site-process.ts';

/**
 * One crawl by the server, as a signed-in user runs it: the production build (`npm run build`)
 * started as processes — the web server with its embedded worker on the embedded database
 * (PGlite in a fresh data directory), or the web server and two worker processes on a
 * PostgreSQL database of the run's own (created here, dropped at the end). A user signs up,
 * verifies the site through the real routes (the site child publishes the token at the
 * well-known file), starts a crawl of up to SITE_CRAWL_MAX_PAGES and waits for it. Measured:
 * pages per second from the start request to the end, peak RSS of every process of the tree,
 * the database's size, and the time GET /api/site-checks/:id/report takes (median of several).
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_DIST = path.join(REPO_ROOT, 'apps/server/dist');
/**
 * BENCH_SERVER_NODE_ARGS adds Node flags to the server's processes, e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to see where a crawl's CPU goes (Node refuses --cpu-prof in
 * NODE_OPTIONS; the processes stop with SIGTERM, so the profiles are written).
 */
const NODE_ARGS = [
  '--conditions=crawlwise-dist',
  '--enable-source-maps',
  // As `npm start` and `npm run worker` run them (README): a worker collects after a big build.
  '--expose-gc',
];
const EXTRA_NODE_ARGS = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
/** The web process's own flag, as `npm start` has it (README: a smaller young generation). */
const WEB_NODE_ARGS = ['--max-semi-space-size=8'];
/**
 * A worker process's own flags, as `npm run worker` has them (README: less old-space headroom,
 * and the young generation a site report's build needs).
 */
const WORKER_NODE_ARGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'];
const AUTH_SECRET = 'crawl-benchmark-secret-of-32-characters!';

export interface ServerRunOptions {
  name: string;
  database: 'pglite' | 'postgres';
  /** Worker processes beside the web server (0: the web server's embedded worker). */
  workers: number;
  /** WORKER_CONCURRENCY of each worker. */
  workerConcurrency: number;
  /** SITE_CHECK_PAGE_INTERVAL_MS: the server's floor; a verified site's is min(100, this). */
  serverIntervalMs: number;
  maxPages: number;
  /** PostgreSQL server (without a database name), for `database: 'postgres'`. */
  postgresUrl: string;
  reportTimings: number;
  /** Gives up on the crawl after this long. */
  timeoutMs: number;
}

export interface ServerRunResult {
  name: string;
  database: 'pglite' | 'postgres';
  processes: string;
  workerConcurrency: number;
  serverIntervalMs: number;
  /** The floor the crawl of the verified site had: min(VERIFIED_PAGE_INTERVAL_MS, server's). */
  verifiedFloorMs: number;
  status: string;
  counts: Record<string, number>;
  crawlMs: number;
  pagesPerSecond: number;
  peakRssMB: number;
  /**
   * CPU time per finished address during the crawl, ms: the web and worker processes (their
   * analysis threads included) and, on PostgreSQL, every `postgres` process of the machine's
   * server (the run's database is the only one busy).
   */
  cpuMsPerPage: number;
  /** The same split: the web process, the worker processes (0 when embedded), the database's. */
  cpuSplit: { web: number; workers: number; database: number };
  databaseMB: number;
  reportMs: number[];
  /** From the check's completedAt to the first report GET's answer (null: no completedAt). */
  reportAfterEndMs: number | null;
  reportMedianMs: number;
  reportBytes: number;
  comparison: Comparison | null;
  requests: { missing: string[]; blockedFetched: string[] } | null;
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let processCount = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startNode(script: string, env: Record<string, string>, guard: RunGuard): ChildProcess {
  const flags = [
    ...NODE_ARGS,
    ...(script === 'worker-main.js' ? WORKER_NODE_ARGS : WEB_NODE_ARGS),
    // Last: V8 takes a flag's last value.
    ...EXTRA_NODE_ARGS,
  ];
  // BENCH_CRAWL_LOGS=<dir>: each process's log (its stdout) kept there, e.g. the worker's
  // "audit snapshot built" lines with the final build's reading, analysing and writing times.
  const logDir = process.env.BENCH_CRAWL_LOGS;
  if (logDir) mkdirSync(logDir, { recursive: true });
  const log = logDir
    ? openSync(path.join(logDir, `${script.replace('.js', '')}-${processCount++}.log`), 'w')
    : 'ignore';
  const child = spawn(process.execPath, [...flags, path.join(SERVER_DIST, script)], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', log, 'inherit'],
    env: { ...process.env, ...env },
  });
  guard.track(child);
  return child;
}

/** A JSON API call as the web app makes it (same origin, the session cookie). */
class ApiClient {
  cookie = '';
  constructor(readonly base: string) {}

  async call(method: string, url: string, body?: unknown) {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        origin: this.base,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) this.cookie = cookies.map((each) => each.split(';')[0]).join('; ');
    return { status: response.status, text, json: () => JSON.parse(text) };
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : Math.round(((sorted[middle - 1]! + sorted[middle]!) / 2) * 10) / 10;
}

function directoryMB(dir: string): number {
  const kb = Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]);
  return Math.round((kb / 1024) * 10) / 10;
}

export async function runServer(
  options: ServerRunOptions,
  site: SiteProcess,
  guard: RunGuard,
  expected: ExpectedSite | null,
): Promise<ServerRunResult> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crawlwise-bench-crawl-db-'));
  const databaseName = `bench_crawl_${process.pid}_${Date.now()}`;
  const databaseUrl = `${options.postgresUrl.replace(/\/$/, '')}/${databaseName}`;
  const admin =
    options.database === 'postgres'
      ? new pg.Client({ connectionString: `${options.postgresUrl.replace(/\/$/, '')}/postgres` })
      : null;
  const threads = analysisThreads(options.workers);
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    // Kept logs (BENCH_CRAWL_LOGS) are at info: the worker's "audit snapshot built" lines.
    LOG_LEVEL: process.env.BENCH_CRAWL_LOGS ? 'info' : 'warn',
    AUTH_SECRET,
    ALLOW_PRIVATE_TARGETS: '1',
    RENDER: 'off',
    // The daily allowance of site-check pages (600) and the other per-account limits: lifted
    // for the benchmark only (never in production).
    RATE_LIMITS: 'off',
    // The verified crawl's cap (at least the unverified 500, as the setting requires).
    SITE_CRAWL_MAX_PAGES: String(Math.max(500, options.maxPages)),
    SITE_CHECK_PAGE_INTERVAL_MS: String(options.serverIntervalMs),
    WORKER_CONCURRENCY: String(options.workerConcurrency),
    // Load shedding would answer the poll with 503 on a busy 2-core machine: off.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    EMBEDDED_WORKER: options.workers === 0 ? '1' : '0',
    // Worker processes on one machine share its cores, as README "Running on PostgreSQL with
    // several workers" advises: each gets cores ÷ processes analysis threads (the default, 2, is
    // one process's on 2 cores; 2 processes × 2 threads held ~100 MB more for no more pages/s).
    ...(options.workers > 0 ? { ANALYSIS_THREADS: String(threads) } : {}),
    ...(options.database === 'postgres' ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
  };
  const processes: ChildProcess[] = [];
  try {
    if (admin) {
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
    }
    processes.push(startNode('main.js', env, guard));
    const api = new ApiClient(base);
    for (let i = 0; ; i++) {
      if (processes[0]!.exitCode !== null) throw new Error(`${options.name}: server exited`);
      const ready = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (i > 240) throw new Error(`${options.name}: server not ready in 60 s`);
      await sleep(250);
    }
    for (let i = 0; i < options.workers; i++)
      processes.push(startNode('worker-main.js', env, guard));

    const signUp = await api.call('POST', '/api/auth/sign-up/email', {
      name: 'Bench',
      email: `bench-crawl-${Date.now()}@example.com`,
      password: 'bench-crawl-password',
    });
    if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${signUp.text}`);

    // Ownership through the real routes: a token, published as the well-known file, checked.
    const started = await api.call('POST', '/api/site-verifications', { siteUrl: site.url });
    if (started.status !== 200) throw new Error(`verification: ${started.status} ${started.text}`);
    const verification = started.json().verification as { id: string; token: string };
    await site.publishToken(verification.token);
    const checked = await api.call('POST', `/api/site-verifications/${verification.id}/check`);
    if (checked.status !== 200) throw new Error(`verify: ${checked.status} ${checked.text}`);
    const limits = (await api.call('GET', '/api/site-verifications')).json().verifiedLimits as {
      pageIntervalMs: number;
    };

    await site.resetRequests();
    const roots = () => processes.map((child) => child.pid!);
    const sampler = samplePeak(roots, 250, admin ? () => pidsNamed('postgres') : () => []);
    const crawlStarted = performance.now();
    const created = await api.call('POST', '/api/site-checks', {
      siteUrl: site.url,
      source: 'crawl',
      crawl: { maxPages: options.maxPages },
    });
    if (created.status !== 201) throw new Error(`crawl: ${created.status} ${created.text}`);
    const id = created.json().siteCheck.id as string;
    let check: { status: string; counts: Record<string, number>; completedAt: string | null };
    for (;;) {
      await sleep(500);
      const polled = await api.call('GET', `/api/site-checks/${id}`);
      if (polled.status === 200) {
        check = polled.json().siteCheck;
        if (!['discovering', 'running'].includes(check.status)) break;
      }
      if (performance.now() - crawlStarted > options.timeoutMs) {
        throw new Error(`${options.name}: the crawl did not end in ${options.timeoutMs} ms`);
      }
      if (processes.some((child) => child.exitCode !== null)) {
        throw new Error(`${options.name}: a server process exited during the crawl`);
      }
    }
    const crawlMs = Math.round(performance.now() - crawlStarted);
    const crawlCpuMs = sampler.cpuMs();
    const [webProcess, ...workerProcesses] = processes.map((child) => processTree(child.pid!));
    const webCpuMs = sampler.cpuMs(webProcess);
    const workersCpuMs = sampler.cpuMs(workerProcesses.flat());

    const reportMs: number[] = [];
    let report: {
      report: {
        crawl: {
          findings: Array<{ id: string; count: number; items: Array<{ url: string }> }>;
        } | null;
      };
    } | null = null;
    let reportBytes = 0;
    let reportAfterEndMs: number | null = null;
    for (let i = 0; i < options.reportTimings; i++) {
      const t0 = performance.now();
      const answer = await api.call('GET', `/api/site-checks/${id}/report`);
      reportMs.push(Math.round((performance.now() - t0) * 10) / 10);
      // From the check's end as the server recorded it (same machine, same clock) to the first
      // report's answer: the wait a user has, even when the poll that saw the end was itself
      // answered late (an embedded process busy with the final build answers nothing meanwhile).
      if (i === 0 && check.completedAt) {
        reportAfterEndMs = Math.max(0, Date.now() - Date.parse(check.completedAt));
      }
      if (answer.status !== 200) throw new Error(`report: ${answer.status} ${answer.text}`);
      reportBytes = answer.text.length;
      report = answer.json();
    }
    sampler.stop();
    console.error(
      `[bench:crawl] ${options.name}: GET report ${reportMs.join(', ')} ms; first answered ${reportAfterEndMs} ms after the check's end`,
    );

    let databaseMB: number;
    if (admin) {
      const size = await admin.query('select pg_database_size($1) as bytes', [databaseName]);
      databaseMB = Math.round((Number(size.rows[0].bytes) / 2 ** 20) * 10) / 10;
    } else {
      databaseMB = directoryMB(dataDir);
    }
    const findings = report?.report.crawl?.findings ?? [];
    const done = (check.counts.total ?? 0) - (check.counts.cancelled ?? 0);
    return {
      name: options.name,
      database: options.database,
      processes:
        options.workers === 0
          ? 'web + embedded worker'
          : `web + ${options.workers} worker processes (${threads} analysis thread${threads === 1 ? '' : 's'} each)`,
      workerConcurrency: options.workerConcurrency,
      serverIntervalMs: options.serverIntervalMs,
      verifiedFloorMs: limits.pageIntervalMs,
      status: check.status,
      counts: check.counts,
      crawlMs,
      pagesPerSecond: Math.round((done / (crawlMs / 1000)) * 10) / 10,
      peakRssMB: sampler.peakMB(),
      cpuMsPerPage: perPage(crawlCpuMs, done),
      cpuSplit: {
        web: perPage(webCpuMs, done),
        workers: perPage(workersCpuMs, done),
        database: perPage(crawlCpuMs - webCpuMs - workersCpuMs, done),
      },
      databaseMB,
      reportMs,
      reportAfterEndMs,
      reportMedianMs: median(reportMs),
      reportBytes,
      comparison: expected
        ? compareFindings(
            expected.affected,
            findings.map((finding) => ({
              id: finding.id,
              count: finding.count,
              urls: [...new Set(finding.items.map((item) => item.url))],
            })),
          )
        : null,
      requests: expected ? runRequests(expected, await site.requests()) : null,
    };
  } finally {
    await guard.killAll();
    // BENCH_KEEP_DB=1 keeps the database, to look at what a crawl stored (drop it by hand
    // afterwards): PostgreSQL's, or the embedded database's data directory (its path logged).
    if (process.env.BENCH_KEEP_DB && !admin) console.log(`kept the embedded database: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      if (!process.env.BENCH_KEEP_DB) {
        await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => {});
      }
      await admin.end();
    }
  }
}

/** Analysis threads of each of `workers` worker processes: an explicit ANALYSIS_THREADS, else cores ÷ processes. */
function analysisThreads(workers: number): number {
  const explicit = process.env.ANALYSIS_THREADS;
  if (explicit !== undefined && explicit !== '') return Number(explicit);
  return Math.max(1, Math.floor(os.cpus().length / workers));
}
