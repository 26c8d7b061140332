/**
 * Site audit screen benchmark: `npm run bench:audit-screen` (see bench/README.md). Issue 20.6:
 * the Overview of a 10,000-page crawl on screen in at most 1.5 s.
 *
 *  1. builds the app (`npm run build`; `--no-build` to reuse a build);
 *  2. writes a 10,000-page ended crawl straight into a database (bench/synthetic-crawl.ts, the
 *     site audit bench's inserter) and builds its audit snapshot as the worker would;
 *  3. starts the built server (`npm start`) on 127.0.0.1 on that database and signs in over HTTP;
 *  4. opens `/site-check?id=…` (the Overview) in Debian's Chromium, each load in a new browser
 *     context (empty cache, no service worker), and measures from navigation start to the
 *     Overview's content in the page (`[data-audit-overview]`, set once the score and ledger are
 *     rendered) and to its next frame, the largest contentful paint, and the request waterfall
 *     (HTML, scripts, session, overview answer);
 *  5. runs Lighthouse 12 on the same address, signed in (the session cookie as an extra header),
 *     with its desktop preset (no simulated slow network: "this machine") and its default mobile
 *     settings (simulated slow 4G, 4× CPU slowdown), for LCP.
 *
 * Embedded database (PGlite, in a temporary folder) by default; DATABASE_URL=postgres://… uses
 * PostgreSQL (the database is used as is: give the bench its own).
 * Flags: --pages=<n> (10000) --runs=<n> (cold loads measured, 7; one more warms up)
 *   --lighthouse-runs=<n> (3 per preset; 0 skips) --no-build --no-write
 *   --out=<name> (file name without extension; site-audit-screen-<date>[-postgres])
 *   --keep=<folder> (PGlite: the database folder is kept; a second run reuses its crawl, so a
 *   before/after pair reads the same rows and skips the minutes of writing them)
 *   --notes=<file> (markdown appended under "Notes")
 */

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@crawlwise/server/app';
import { createServices } from '@crawlwise/server/composition-root';
import { loadConfig } from '@crawlwise/server/config';
import { buildAuditSnapshotOf } from '@crawlwise/server/services/site-audit-build';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { insertCrawl } from './synthetic-crawl.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const PAGES = Number(args.get('pages') ?? 10_000);
const RUNS = Math.max(1, Number(args.get('runs') ?? 7));
const LIGHTHOUSE_RUNS = Math.max(0, Number(args.get('lighthouse-runs') ?? 3));
const BUILD = !args.has('no-build');
const WRITE = !args.has('no-write');
const OUT = args.get('out');
/** A folder kept between runs (PGlite only): the crawl is written once, then reused. */
const KEEP = process.env.DATABASE_URL ? undefined : args.get('keep');
const NOTES = args.get('notes');
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const AUTH_SECRET = 'crawlwise-bench-secret-0123456789abcdefghij';
const EMAIL = 'bench-screen@example.com';
const PASSWORD = 'bench-password';
/** Issue 20.6. */
const TARGET_MS = 1500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The database the crawl is written to and the server reads: env for `npm start`. */
function databaseEnv(dataDir: string): Record<string, string> {
  return process.env.DATABASE_URL
    ? { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL }
    : { DATA_DIR: dataDir };
}

/** Signs up the bench's account and writes the crawl and its audit snapshot; the check's id. */
async function prepareDatabase(dataDir: string) {
  const config = loadConfig({
    ...databaseEnv(dataDir),
    ALLOW_PRIVATE_TARGETS: '1',
    RENDER: 'off',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    AUTH_SECRET,
  });
  const services = await createServices(config);
  const app = await buildApp(services);
  try {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:80' },
      payload: { name: 'Bench', email: EMAIL, password: PASSWORD },
    });
    if (signUp.statusCode !== 200) throw new Error(`sign-up: ${signUp.statusCode} ${signUp.body}`);
    const userId = signUp.json().user.id as string;
    let started = performance.now();
    const id = await insertCrawl(services.database.db, userId, PAGES);
    const insertMs = Math.round(performance.now() - started);
    started = performance.now();
    await buildAuditSnapshotOf(services.database.db, id);
    const snapshotMs = Math.round(performance.now() - started);
    console.log(`${PAGES} pages inserted in ${insertMs} ms, snapshot built in ${snapshotMs} ms`);
    return { id, insertMs, snapshotMs };
  } finally {
    await app.close();
    await services.close();
  }
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/** `npm start` (the built app) in its own process group, so the whole tree can be stopped. */
async function npmStart(dataDir: string): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['start', '--silent'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...databaseEnv(dataDir),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      RENDER: 'off',
      RATE_LIMITS: 'off',
      // A loaded machine must not make the server shed the requests measured here.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      AUTH_SECRET,
    },
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, 'SIGTERM');
    for (let i = 0; i < 100 && child.exitCode === null && child.signalCode === null; i++)
      await sleep(100);
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  };
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error('npm start exited during start-up');
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, base, stop };
    await sleep(250);
  }
  await stop();
  throw new Error('npm start did not become ready in 120 s');
}

/** Signs in over HTTP; the session cookie (`name=value; …`). */
async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((each) => each.split(';')[0])
    .join('; ');
}

/**
 * Runs in the page before its scripts: notes when the Overview's content enters the DOM (a
 * mutation callback, before paint) and the frame after it, and keeps the LCP entries.
 */
const OBSERVER_SCRIPT = `(() => {
  const marks = (window.__auditBench = { lcp: [] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      marks.lcp.push({ time: entry.startTime, size: entry.size, tag: entry.element ? entry.element.tagName + (entry.element.className ? '.' + String(entry.element.className).split(' ')[0] : '') : null, text: entry.element ? (entry.element.textContent || '').slice(0, 40) : null });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const seen = () => {
    if (marks.shown !== undefined || !document.querySelector('[data-audit-overview]')) return;
    marks.shown = performance.now();
    requestAnimationFrame(() => { marks.frame = performance.now(); });
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

/* The page's globals, typed loosely: bench/ is compiled without the DOM library. */
type Entry = {
  name: string;
  startTime: number;
  responseEnd: number;
  initiatorType: string;
  encodedBodySize: number;
};
type PageGlobals = {
  __auditBench: {
    shown: number;
    frame?: number;
    lcp: Array<{ time: number; tag: string | null; text: string | null }>;
  };
  performance: {
    getEntriesByType(type: string): Entry[];
    getEntriesByName(name: string): Entry[];
  };
};

/** Runs in the page after the Overview is shown: the marks and the request waterfall. */
function readMarks(): Load {
  const page = globalThis as unknown as PageGlobals;
  const marks = page.__auditBench;
  const resources = page.performance.getEntriesByType('resource');
  const navigation = page.performance.getEntriesByType('navigation')[0];
  const scripts = resources.filter((r) => r.initiatorType === 'script' || /\.js$/.test(r.name));
  // No named inner functions: tsx would wrap them in a helper the page does not have.
  const session = resources.find((r) => r.name.includes('/api/auth/get-session'));
  const overview = resources.find((r) => r.name.includes('/audit/overview'));
  const lcp = marks.lcp.at(-1);
  const fcp = page.performance.getEntriesByName('first-contentful-paint')[0];
  return {
    shownMs: marks.shown,
    frameMs: marks.frame ?? Number.NaN,
    lcpMs: lcp ? lcp.time : Number.NaN,
    lcpElement: lcp ? `${lcp.tag} "${lcp.text}"` : '',
    fcpMs: fcp ? fcp.startTime : Number.NaN,
    htmlEndMs: navigation ? navigation.responseEnd : Number.NaN,
    scriptsEndMs: Math.max(0, ...scripts.map((r) => r.responseEnd)),
    scriptCount: scripts.length,
    scriptBytes: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0),
    sessionStartMs: session ? session.startTime : Number.NaN,
    sessionEndMs: session ? session.responseEnd : Number.NaN,
    overviewStartMs: overview ? overview.startTime : Number.NaN,
    overviewEndMs: overview ? overview.responseEnd : Number.NaN,
    waterfall: resources.map((r) => [
      r.name.replace(/^https?:\/\/[^/]+/, ''),
      Math.round(r.startTime),
      Math.round(r.responseEnd),
    ]),
  };
}

interface Load {
  shownMs: number;
  frameMs: number;
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  htmlEndMs: number;
  scriptsEndMs: number;
  scriptCount: number;
  scriptBytes: number;
  sessionStartMs: number;
  sessionEndMs: number;
  overviewStartMs: number;
  overviewEndMs: number;
  /** Every request after the HTML: [path, start, end] (ms from navigation start). */
  waterfall: Array<[string, number, number]>;
}

/** One cold load of the Overview in a new browser context (its own empty cache). */
async function coldLoad(
  browser: import('playwright-core').Browser,
  base: string,
  cookie: string,
  address: string,
): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      }),
    );
    await context.addInitScript(OBSERVER_SCRIPT);
    const page = await context.newPage();
    await page.goto(`${base}${address}`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (globalThis as unknown as PageGlobals).__auditBench.frame !== undefined,
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    await sleep(300); // a later, larger paint would still be an LCP candidate
    return await page.evaluate(readMarks);
  } finally {
    await context.close();
  }
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

interface LighthouseRun {
  preset: 'desktop' | 'mobile';
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
}

async function lighthouseRun(
  port: number,
  url: string,
  cookie: string,
  preset: LighthouseRun['preset'],
): Promise<LighthouseRun> {
  let problem = 'no result';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', extraHeaders: { cookie } },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (result && !result.lhr.runtimeError) return summarise(result.lhr, preset);
    problem = result?.lhr.runtimeError?.message ?? 'Lighthouse returned nothing';
    console.warn(`${preset}: ${problem} (attempt ${attempt} of 3)`);
  }
  throw new Error(`Lighthouse ${preset}: ${problem}`);
}

function summarise(lhr: LighthouseResult, preset: LighthouseRun['preset']): LighthouseRun {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const element = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: Array<{ items?: Array<{ node?: { snippet?: string; nodeLabel?: string } }> }> }
    | undefined;
  const node = element?.items?.[0]?.items?.[0]?.node;
  return {
    preset,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(4)),
    lcpElement: (node?.nodeLabel ?? node?.snippet ?? '').slice(0, 60),
  };
}

async function main() {
  const loadAtStart = load();
  if (BUILD) execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const dataDir = KEEP ?? mkdtempSync(path.join(os.tmpdir(), 'crawlwise-audit-screen-'));
  const preparedFile = path.join(dataDir, 'bench-audit-screen.json');
  let prepared: { id: string; insertMs: number; snapshotMs: number };
  if (KEEP && existsSync(preparedFile)) {
    prepared = JSON.parse(readFileSync(preparedFile, 'utf8'));
    console.log(`reusing the crawl ${prepared.id} in ${dataDir}`);
  } else {
    mkdirSync(dataDir, { recursive: true });
    prepared = await prepareDatabase(dataDir);
    writeFileSync(preparedFile, JSON.stringify(prepared));
  }
  const server = await npmStart(dataDir);
  const address = `/site-check?id=${prepared.id}`;
  const loads: Load[] = [];
  let warmUp: Load | undefined;
  const lighthouseRuns: LighthouseRun[] = [];
  const apiTimes: number[] = [];
  try {
    const cookie = await signIn(server.base);
    for (let run = 0; run < 6; run += 1) {
      const begin = performance.now();
      const response = await fetch(`${server.base}/api/site-checks/${prepared.id}/audit/overview`, {
        headers: { cookie },
      });
      await response.text();
      if (response.status !== 200) throw new Error(`overview: ${response.status}`);
      if (run > 0) apiTimes.push(performance.now() - begin);
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    try {
      warmUp = await coldLoad(browser, server.base, cookie, address);
      for (let run = 0; run < RUNS; run += 1) {
        const measured = await coldLoad(browser, server.base, cookie, address);
        loads.push(measured);
        if (process.env.BENCH_VERBOSE) console.log(JSON.stringify(measured));
        console.log(
          `load ${run + 1}: overview shown ${Math.round(measured.shownMs)} ms (frame ${Math.round(measured.frameMs)}), LCP ${Math.round(measured.lcpMs)} ms, overview answer ${Math.round(measured.overviewStartMs)}–${Math.round(measured.overviewEndMs)} ms`,
        );
      }
    } finally {
      await browser.close();
    }
    if (LIGHTHOUSE_RUNS > 0) {
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
      });
      try {
        for (const preset of ['desktop', 'mobile'] as const) {
          for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
            const measured = await lighthouseRun(
              chrome.port,
              `${server.base}${address}`,
              cookie,
              preset,
            );
            lighthouseRuns.push(measured);
            console.log(`lighthouse ${JSON.stringify(measured)}`);
          }
        }
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await server.stop();
    if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
  }

  const result = {
    date: new Date().toISOString(),
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT })
      .toString()
      .trim(),
    node: process.version,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    loadAtStart,
    loadAtEnd: load(),
    database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)',
    browser: CHROMIUM,
    pages: PAGES,
    ...prepared,
    targetMs: TARGET_MS,
    overviewApiMedianMs: Math.round(median(apiTimes)),
    warmUp,
    loads,
    medians: {
      shownMs: Math.round(median(loads.map((l) => l.shownMs))),
      frameMs: Math.round(median(loads.map((l) => l.frameMs))),
      lcpMs: Math.round(median(loads.map((l) => l.lcpMs))),
    },
    lighthouse: lighthouseRuns,
  };
  console.log(JSON.stringify(result.medians));
  if (WRITE) writeResults(result);
}

function writeResults(result: {
  date: string;
  commit: string;
  node: string;
  cpus: string;
  loadAtStart: string;
  loadAtEnd: string;
  database: string;
  browser: string;
  pages: number;
  insertMs: number;
  snapshotMs: number;
  overviewApiMedianMs: number;
  loads: Load[];
  medians: { shownMs: number; frameMs: number; lcpMs: number };
  lighthouse: LighthouseRun[];
}) {
  const day = result.date.slice(0, 10);
  const dir = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const name =
    OUT ?? `site-audit-screen-${day}${result.database.startsWith('PostgreSQL') ? '-postgres' : ''}`;
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  const ms = (value: number) => (Number.isNaN(value) ? '—' : `${Math.round(value)}`);
  const verdict = (value: number) => (value <= TARGET_MS ? '✓' : '✗');
  const presetRows = (['desktop', 'mobile'] as const).flatMap((preset) => {
    const runs = result.lighthouse.filter((run) => run.preset === preset);
    if (runs.length === 0) return [];
    const lcp = median(runs.map((run) => run.lcpMs));
    return [
      `| ${preset} | ${runs.map((run) => run.lcpMs).join(', ')} | **${lcp}** ${preset === 'desktop' ? verdict(lcp) : ''} | ${median(runs.map((run) => run.fcpMs))} | ${median(runs.map((run) => run.tbtMs))} | ${median(runs.map((run) => run.cls))} | ${median(runs.map((run) => run.performance))} | ${median(runs.map((run) => run.accessibility))} | ${runs[0]?.lcpElement ?? ''} |`,
    ];
  });
  const lines = [
    `# Site audit screen, ${day} (${result.database})`,
    '',
    `\`npm run bench:audit-screen\` (bench/site-audit-screen.ts) on ${result.cpus}, Node ${result.node}, commit ${result.commit}; load average ${result.loadAtStart} at the start, ${result.loadAtEnd} at the end (a machine shared with other work: every figure is inflated by it). A ${result.pages.toLocaleString('en')}-page ended crawl written straight into the database (${result.insertMs} ms) and its audit snapshot built (${result.snapshotMs} ms), the built app served by \`npm start\` on 127.0.0.1, signed in. The overview API answer: ${result.overviewApiMedianMs} ms median (warm, from Node).`,
    '',
    `## The Overview in Chromium (${result.browser}, 1280 × 800, no throttling), cold loads`,
    '',
    `Each load in a new browser context (empty cache), after one warm-up load not counted. Times from navigation start. Target: the Overview on screen in ≤ ${TARGET_MS} ms.`,
    '',
    '| load | HTML done | scripts done (count, KB) | session answer | overview answer | Overview in the DOM | next frame | FCP | LCP |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...result.loads.map(
      (l, index) =>
        `| ${index + 1} | ${ms(l.htmlEndMs)} | ${ms(l.scriptsEndMs)} (${l.scriptCount}, ${(l.scriptBytes / 1024).toFixed(0)}) | ${ms(l.sessionStartMs)}–${ms(l.sessionEndMs)} | ${ms(l.overviewStartMs)}–${ms(l.overviewEndMs)} | ${ms(l.shownMs)} | ${ms(l.frameMs)} | ${ms(l.fcpMs)} | ${ms(l.lcpMs)} |`,
    ),
    `| **median** | | | | | **${result.medians.shownMs}** | **${result.medians.frameMs}** ${verdict(result.medians.frameMs)} | | **${result.medians.lcpMs}** ${verdict(result.medians.lcpMs)} |`,
    '',
    `LCP element: ${result.loads[0]?.lcpElement ?? '—'}`,
    '',
    '## Lighthouse 12 (signed in, cold)',
    '',
    'Desktop preset: no simulated slow network, no CPU slowdown (this machine). Mobile: the default simulated slow 4G and 4× CPU slowdown, for comparison with bench/results/web-*.md (the marketing pages have an LCP of about 2.1 s there).',
    '',
    '| preset | LCP per run (ms) | LCP median | FCP | TBT | CLS | perf | a11y | LCP element |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...presetRows,
    '',
  ];
  const notes = NOTES ? `## Notes\n\n${readFileSync(NOTES, 'utf8').trim()}\n` : '';
  writeFileSync(path.join(dir, `${name}.md`), lines.join('\n') + notes);
}

await main();
