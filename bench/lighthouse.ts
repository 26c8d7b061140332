/**
 * Web benchmark: `npm run bench:web` (see bench/README.md). Builds nothing: run `npm run build`
 * first. Starts the built app with `npm start` on 127.0.0.1 (PUBLIC_URL set to that address, so
 * canonical and Open Graph addresses are on the served origin), runs Lighthouse 12.8.2 with its
 * default mobile settings (simulated slow 4G, 4× CPU slowdown) in Debian's Chromium over every
 * marketing route and over one completed report (created with POST /api/reports against a small
 * page served on 127.0.0.1, ALLOW_PRIVATE_TARGETS=1), and writes
 * bench/results/web-<date>.md and .json: the four category scores per route, the JavaScript each
 * route loads (gzipped, measured on the build), what Lighthouse saw transferred, and the report's
 * layout shift, each target marked met or not.
 *
 * Flags: --runs=<n> (1; the median run by performance score is kept) --only=<route> --no-write
 * --out=<name> (file name without extension; web-<date> by default, so a second table of the same
 * day does not replace the first) --notes=<file> (markdown appended under "Notes")
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRERENDERED_ROUTES, SPA_FALLBACK_FILE } from '@crawlwise/shared/routes';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { MARKETING_JS_TARGET_BYTES, measureRoute } from '../apps/web/scripts/js-budget.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const RUNS = Math.max(1, Number(args.get('runs') ?? 1));
const ONLY = args.get('only');
const WRITE = !args.has('no-write');
const OUT = args.get('out');
const NOTES = args.get('notes');
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_ROOT = path.join(REPO_ROOT, 'apps/web/build/client');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const TARGETS = {
  marketingPerformance: 95,
  reportPerformance: 90,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  reportCls: 0.02,
  marketingJsBytes: MARKETING_JS_TARGET_BYTES,
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** `npm start`, as the README says, in its own process group so the whole tree can be stopped. */
async function npmStart(dataDir: string): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['start', '--silent'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ALLOW_PRIVATE_TARGETS: '1',
      RATE_LIMITS: 'off',
      AUTH_SECRET: 'lighthouse-benchmark-secret-of-32-chars',
    },
  });
  const stop = async () => {
    process.kill(-child.pid!, 'SIGTERM');
    for (let i = 0; i < 100 && child.exitCode === null && child.signalCode === null; i++)
      await sleep(100);
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('npm start exited during start-up');
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, base, stop };
    await sleep(250);
  }
  await stop();
  throw new Error('npm start did not become ready in 60 s');
}

/** The page the report analyses: a small, ordinary site page on 127.0.0.1. */
async function startTargetSite(): Promise<{ url: string; close(): Promise<void> }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Handmade oak furniture from a family workshop</title>
<meta name="description" content="Tables, chairs and shelves made to order from local oak in a family workshop, delivered across the country within six weeks.">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Handmade oak furniture</h1>${'<p>Every piece is cut, joined and finished by hand in our workshop, from oak grown within fifty miles. We build to order, so each table fits the room it is made for.</p>'.repeat(12)}
<img src="/table.png" alt=""><a href="/about">About the workshop</a></body></html>`;
  const server = http.createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Creates a report and waits until it is completed; returns its screen's path. */
async function completedReport(base: string, target: string): Promise<string> {
  const created = await fetch(`${base}/api/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ url: target }),
  });
  const body = (await created.json()) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`report creation failed: ${JSON.stringify(body)}`);
  for (let i = 0; i < 240; i++) {
    const report = (await (await fetch(`${base}/api/reports/${body.accessToken}`)).json()) as {
      status?: string;
      report?: { status?: string };
    };
    const status = report.status ?? report.report?.status;
    if (status === 'completed') return `/report?token=${encodeURIComponent(body.accessToken)}`;
    if (status === 'failed' || status === 'error') throw new Error(`report ${status}`);
    await sleep(500);
  }
  throw new Error('report not completed in 120 s');
}

interface Measured {
  route: string;
  kind: 'marketing' | 'report';
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsGzipBytes: number;
  scriptCount: number;
  jsTransferredBytes: number;
  totalTransferredBytes: number;
  failedAudits: string[];
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Lighthouse now and then fails to record a trace (NO_NAVSTART...): such a run is repeated. */
const ATTEMPTS = 3;

async function audit(port: number, url: string): Promise<LighthouseResult> {
  let problem = 'no result';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    if (result && !result.lhr.runtimeError) return result.lhr;
    problem = result?.lhr.runtimeError?.message ?? 'Lighthouse returned nothing';
    console.warn(`${url}: ${problem} (attempt ${attempt} of ${ATTEMPTS})`);
  }
  throw new Error(`${url}: ${problem}`);
}

function score(lhr: LighthouseResult, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function numeric(lhr: LighthouseResult, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** Audits below full marks in the scored categories but performance (what to fix). */
function failedAudits(lhr: LighthouseResult): string[] {
  const failed = new Set<string>();
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const item = lhr.audits[ref.id];
      if (ref.weight > 0 && item && item.score !== null && item.score < 1) failed.add(ref.id);
    }
  }
  return [...failed].sort();
}

function scriptTransfer(lhr: LighthouseResult, type: string): number {
  const details = lhr.audits['resource-summary']?.details as
    | { items?: Array<{ resourceType: string; transferSize: number }> }
    | undefined;
  return details?.items?.find((item) => item.resourceType === type)?.transferSize ?? 0;
}

async function measure(
  port: number,
  base: string,
  route: string,
  kind: Measured['kind'],
): Promise<Measured> {
  const runs: LighthouseResult[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(port, `${base}${route}`));
  runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const lhr = runs[Math.floor(runs.length / 2)]!;
  const js =
    kind === 'marketing'
      ? measureRoute(WEB_ROOT, route)
      : measureRoute(WEB_ROOT, route, SPA_FALLBACK_FILE);
  return {
    route: kind === 'report' ? '/report?token=…' : route,
    kind,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    cls: Number(numeric(lhr, 'cumulative-layout-shift').toFixed(4)),
    jsGzipBytes: js.gzipBytes,
    scriptCount: js.scripts.length,
    jsTransferredBytes: scriptTransfer(lhr, 'script'),
    totalTransferredBytes: scriptTransfer(lhr, 'total'),
    failedAudits: failedAudits(lhr),
  };
}

interface Verdicts {
  performance: boolean;
  accessibility: boolean;
  bestPractices: boolean;
  seo: boolean | null;
  js: boolean | null;
  cls: boolean | null;
}

function verdicts(m: Measured): Verdicts {
  const marketing = m.kind === 'marketing';
  return {
    performance:
      m.performance >= (marketing ? TARGETS.marketingPerformance : TARGETS.reportPerformance),
    accessibility: m.accessibility >= TARGETS.accessibility,
    bestPractices: m.bestPractices >= TARGETS.bestPractices,
    seo: marketing ? m.seo >= TARGETS.seo : null,
    js: marketing ? m.jsGzipBytes <= TARGETS.marketingJsBytes : null,
    cls: marketing ? null : m.cls < TARGETS.reportCls,
  };
}

const mark = (ok: boolean | null) => (ok === null ? '' : ok ? ' ✓' : ' ✗');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function markdown(results: Measured[], meta: Record<string, string>): string {
  const rows = results.map((m) => {
    const v = verdicts(m);
    return `| ${m.route} | ${m.performance}${mark(v.performance)} | ${m.accessibility}${mark(v.accessibility)} | ${m.bestPractices}${mark(v.bestPractices)} | ${m.seo}${mark(v.seo)} | ${m.fcpMs} | ${m.lcpMs} | ${m.tbtMs} | ${m.cls}${mark(v.cls)} | ${kb(m.jsGzipBytes)}${mark(v.js)} (${m.scriptCount}) | ${kb(m.jsTransferredBytes)} | ${kb(m.totalTransferredBytes)} | ${m.failedAudits.join(', ') || '—'} |`;
  });
  const all = results.map(verdicts);
  const summary = (name: string, pick: (v: Verdicts) => boolean | null) => {
    const relevant = all.map(pick).filter((x): x is boolean => x !== null);
    const met = relevant.filter(Boolean).length;
    return `- ${name}: ${met === relevant.length ? 'met' : 'NOT met'} (${met}/${relevant.length} routes)`;
  };
  return `# Web benchmark (Lighthouse, mobile): ${meta.date}

\`npm run bench:web\` (bench/lighthouse.ts) against the built app served by \`npm start\`.

- Lighthouse ${meta.lighthouse}, default mobile settings (simulated slow 4G, 4× CPU slowdown), ${meta.browser}
- Runs per route: ${meta.runs} (median by performance kept); machine: ${meta.machine}
- JS gzip: every script the page's HTML loads (module preloads and bootstrap imports), gzip -9, measured on the build;
  JS/total transferred: what Lighthouse saw on the wire (brotli)

## Targets

${summary('performance ≥ 95 on marketing routes, ≥ 90 on the report', (v) => v.performance)}
${summary('accessibility 100', (v) => v.accessibility)}
${summary('best practices 100', (v) => v.bestPractices)}
${summary('SEO 100 on marketing routes', (v) => v.seo)}
${summary('marketing JS ≤ 100 KB gzip', (v) => v.js)}
${summary('report layout shift < 0.02', (v) => v.cls)}

## Per route

| route | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | JS gzip (scripts) | JS transferred | total transferred | audits below 100 |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

async function main() {
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crawlwise-lighthouse-'));
  const server = await npmStart(dataDir);
  const site = await startTargetSite();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const results: Measured[] = [];
  try {
    const routes = PRERENDERED_ROUTES.filter((route) => !ONLY || route === ONLY);
    for (const route of routes) {
      const measured = await measure(chrome.port, server.base, route, 'marketing');
      console.log(
        `${route.padEnd(30)} perf ${measured.performance} a11y ${measured.accessibility} bp ${measured.bestPractices} seo ${measured.seo} js ${kb(measured.jsGzipBytes)} ${measured.failedAudits.join(' ')}`,
      );
      results.push(measured);
    }
    if (!ONLY || ONLY === '/report') {
      const reportPath = await completedReport(server.base, site.url);
      const measured = await measure(chrome.port, server.base, reportPath, 'report');
      console.log(
        `report perf ${measured.performance} a11y ${measured.accessibility} bp ${measured.bestPractices} cls ${measured.cls} ${measured.failedAudits.join(' ')}`,
      );
      results.push(measured);
    }
  } finally {
    chrome.kill();
    await site.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const date = new Date().toISOString().slice(0, 10);
  const meta = {
    date,
    lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default
      .version,
    browser: CHROMIUM,
    runs: String(RUNS),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${loadAtStart} at the start, ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end`,
  };
  const notes = NOTES ? `\n## Notes\n\n${readFileSync(NOTES, 'utf8').trim()}\n` : '';
  const md = markdown(results, meta) + notes;
  console.log(md);
  if (WRITE) {
    const dir = path.join(REPO_ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const name = OUT ?? `web-${date}`;
    writeFileSync(path.join(dir, `${name}.md`), md);
    writeFileSync(
      path.join(dir, `${name}.json`),
      `${JSON.stringify({ ...meta, targets: TARGETS, results }, null, 2)}\n`,
    );
  }
}

await main();
