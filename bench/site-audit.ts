/**
 * Site audit benchmark: `npm run bench:audit` (see bench/README.md).
 *
 * A 10,000-page crawl is inserted directly into the database (no crawl: the rows a crawl leaves —
 * pages with real stored findings, page signals with MinHash fingerprints and near-duplicate
 * groups, ~20 internal links a page, 1% broken targets, redirects, sitemap entries), then:
 *  1. the worker's audit snapshot build (services/site-audit-build.ts) is timed, split into
 *     reading, analysing and writing;
 *  2. the audit API is timed end to end over HTTP on 127.0.0.1 (the built Fastify app, a signed-in
 *     session): overview, pages (default sort, sorted by title, searched, filtered by issue, a
 *     deep page), issues, an issue's items, links, structure, duplicates.
 * Target (issue 20.6): the Overview in at most 1.5 s end to end; the API's part is measured here,
 * the web's by the web bench.
 *
 * Embedded database (PGlite) by default; DATABASE_URL=postgres://… uses PostgreSQL.
 * Flags: --pages=<n> (default 10000)  --runs=<n> (requests per endpoint, default 15)  --no-write
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@crawlwise/server/app';
import { createServices } from '@crawlwise/server/composition-root';
import { loadConfig } from '@crawlwise/server/config';
import { buildAuditSnapshotOf } from '@crawlwise/server/services/site-audit-build';
import { sql } from 'drizzle-orm';
import { insertCrawl } from './synthetic-crawl.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const PAGES = Number(args.get('pages') ?? 10_000);
const RUNS = Number(args.get('runs') ?? 15);
const WRITE = !args.has('no-write');
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

async function main() {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    ALLOW_PRIVATE_TARGETS: '1',
    RENDER: 'off',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    AUTH_SECRET: 'crawlwise-bench-secret-0123456789abcdefghij',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const services = await createServices(config);
  const app = await buildApp(services);
  const db = services.database.db;
  try {
    const headers = { origin: 'http://localhost:80' };
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers,
      payload: {
        name: 'Bench',
        email: `bench-${Date.now()}@example.com`,
        password: 'bench-password',
      },
    });
    const cookie = ([] as string[])
      .concat(signUp.headers['set-cookie'] ?? [])
      .map((each) => each.split(';')[0])
      .join('; ');
    const userId = signUp.json().user.id as string;

    let started = performance.now();
    const id = await insertCrawl(db, userId, PAGES);
    const insertMs = Math.round(performance.now() - started);
    console.log(`inserted ${PAGES} pages in ${insertMs} ms`);

    const builds = [];
    for (let run = 0; run < 3; run += 1) {
      // Force a rebuild: the stored snapshot counts as older than this read.
      await db.execute(sql`update site_checks set audit_built_at = null where id = ${id}`);
      const memory = sampleMemory();
      started = performance.now();
      const build = await buildAuditSnapshotOf(db, id);
      const totalMs = Math.round(performance.now() - started);
      builds.push({ ...build, totalMs, ...memory.stop() });
      console.log(`build ${run + 1}: ${JSON.stringify(builds.at(-1))}`);
    }

    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port}/api/site-checks/${id}/audit`;
    const endpoints: Array<[string, string]> = [
      ['overview', '/overview'],
      ['pages (default: score)', '/pages'],
      ['pages sorted by title desc', '/pages?sort=title&dir=desc'],
      ['pages searched', '/pages?q=page-77'],
      ['pages filtered by issue', '/pages?issue=deep-pages&sort=inbound'],
      ['pages, page 150 of 200', '/pages?page=150&pageSize=50&sort=linkScore'],
      ['issues', '/issues'],
      ['issue items (page check)', '/issues/js-rendering/items'],
      ['links (broken)', '/links?kind=broken'],
      ['structure', '/structure'],
      ['duplicates', '/duplicates'],
    ];
    const timings = [];
    for (const [name, suffix] of endpoints) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < RUNS + 1; run += 1) {
        const begin = performance.now();
        const response = await fetch(`${base}${suffix}`, { headers: { cookie } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${name}: ${response.status} ${body}`);
        if (run > 0) times.push(performance.now() - begin); // the first one warms up
        bytes = body.length;
      }
      const row = {
        name,
        path: suffix,
        medianMs: Math.round(median(times)),
        p95Ms: Math.round(p95(times)),
        bytes,
      };
      timings.push(row);
      console.log(JSON.stringify(row));
    }
    const csvBegin = performance.now();
    const csv = await (await fetch(`${base}/pages.csv`, { headers: { cookie } })).text();
    const pagesCsv = {
      ms: Math.round(performance.now() - csvBegin),
      rows: csv.split('\r\n').length - 2,
      bytes: csv.length,
    };
    console.log(`pages.csv: ${JSON.stringify(pagesCsv)}`);

    const result = {
      date: new Date().toISOString(),
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim(),
      node: process.version,
      cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
      load: os.loadavg()[0] ?? 0,
      database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)',
      pages: PAGES,
      insertMs,
      builds,
      timings,
      pagesCsv,
    };
    if (WRITE) writeResults(result);
  } finally {
    await app.close();
    await services.close();
  }
}

function writeResults(result: {
  date: string;
  commit: string;
  node: string;
  cpus: string;
  load: number;
  database: string;
  pages: number;
  builds: Array<{
    readMs: number;
    analyseMs: number;
    writeMs: number;
    totalMs: number;
    reportMs?: number;
  }>;
  timings: Array<{ name: string; path: string; medianMs: number; p95Ms: number; bytes: number }>;
  pagesCsv: { ms: number; rows: number; bytes: number };
}) {
  const day = result.date.slice(0, 10);
  const dir = path.join(BENCH_DIR, 'results');
  mkdirSync(dir, { recursive: true });
  const suffix = result.database.startsWith('PostgreSQL') ? '-postgres' : '';
  writeFileSync(
    path.join(dir, `site-audit-${day}${suffix}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  const lines = [
    `# Site audit, ${day} (${result.database})`,
    '',
    `\`npm run bench:audit\` on ${result.cpus}, Node ${result.node}, commit ${result.commit}, load average ${result.load.toFixed(1)}. A ${result.pages.toLocaleString('en')}-page crawl inserted directly (real stored findings per page, ~20 internal links a page, 1% broken targets, redirects, near-duplicate groups, a sitemap).`,
    '',
    '## Snapshot build (the worker, services/site-audit-build.ts)',
    '',
    'The site report is stored (and served) once it is built, before the snapshot rows are written: the "report stored" column is from the start of the build.',
    '',
    '| run | read | analyse | write | total | report stored |',
    '|---:|---:|---:|---:|---:|---:|',
    ...result.builds.map(
      (build, index) =>
        `| ${index + 1} | ${build.readMs} ms | ${build.analyseMs} ms | ${build.writeMs} ms | **${build.totalMs} ms** | ${build.reportMs === undefined ? '–' : `${build.reportMs} ms`} |`,
    ),
    '',
    '## API over HTTP on 127.0.0.1 (signed in), after one warm-up request',
    '',
    '| endpoint | median | p95 | answer |',
    '|---|---:|---:|---:|',
    ...result.timings.map(
      (row) =>
        `| ${row.name} (\`${row.path}\`) | **${row.medianMs} ms** | ${row.p95Ms} ms | ${(row.bytes / 1024).toFixed(1)} KB |`,
    ),
    '',
    `Full pages CSV: ${result.pagesCsv.rows.toLocaleString('en')} rows, ${(result.pagesCsv.bytes / 1024 / 1024).toFixed(1)} MB in ${result.pagesCsv.ms} ms.`,
    '',
  ];
  writeFileSync(path.join(dir, `site-audit-${day}${suffix}.md`), lines.join('\n'));
}

await main();

/**
 * The build's memory: the process's heap (V8's, this thread) and RSS before the build (after a
 * full collection when node runs with --expose-gc) and their peaks while it runs, sampled every
 * 10 ms (the build awaits the database between its steps, so the timer gets its turns).
 */
function sampleMemory() {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sample = () => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  };
  const timer = setInterval(sample, 10);
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return {
        heapBeforeMb: mb(before.heapUsed),
        heapPeakMb: mb(peakHeap),
        rssBeforeMb: mb(before.rss),
        rssPeakMb: mb(peakRss),
      };
    },
  };
}
