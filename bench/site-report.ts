/**
 * Site report benchmark: `npm run bench:site-report` (see bench/README.md).
 *
 * A 10,000-page crawl is inserted directly into the database (bench/synthetic-crawl.ts, the rows
 * `npm run bench:audit` uses), then GET /api/site-checks/:id/report and /export.csv are timed
 * over HTTP on 127.0.0.1 (the built Fastify app, a signed-in session), 5 in a row each, after one
 * warm-up request, in this order:
 *  1. the worker's snapshot build (services/site-audit-build.ts), which also stores the report
 *     of an ended check: its time and this process's RSS growth while it runs;
 *  2. "stored": the route answering from the stored report, as it serves a finished check;
 *  3. "live": the stored report deleted, the report built from the page rows and the link graph
 *     in the web process (what the route does for a running check, or before the build).
 * This process's RSS growth during each series is recorded too (the web process's memory).
 * Target (issue 19.8): the site report of 10,000 pages in at most 2 s.
 *
 * Embedded database (PGlite) by default; DATABASE_URL=postgres://… uses PostgreSQL.
 * Flags: --pages=<n> (default 10000)  --runs=<n> (default 5)  --label=<text>  --no-write
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
const RUNS = Number(args.get('runs') ?? 5);
const LABEL = args.get('label') ?? '';
const WRITE = !args.has('no-write');
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

interface Timing {
  name: string;
  path: string;
  timesMs: number[];
  medianMs: number;
  bytes: number;
  /** Largest RSS growth of this process over the requests, MB. */
  rssGrowthMb: number;
}

async function time(name: string, url: string, cookie: string, suffix: string): Promise<Timing> {
  const times: number[] = [];
  let bytes = 0;
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 50);
  try {
    for (let run = 0; run < RUNS + 1; run += 1) {
      const begin = performance.now();
      const response = await fetch(url, { headers: { cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${name}: ${response.status} ${body}`);
      if (run > 0) times.push(Math.round(performance.now() - begin)); // the first one warms up
      bytes = body.length;
    }
  } finally {
    clearInterval(sampler);
  }
  const row = {
    name,
    path: suffix,
    timesMs: times,
    medianMs: median(times),
    bytes,
    rssGrowthMb: Math.round((rssPeak - rssBefore) / 1024 / 1024),
  };
  console.log(JSON.stringify(row));
  return row;
}

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

    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port}/api/site-checks/${id}`;
    // The worker's build of the snapshot and the stored report, with this process's RSS growth.
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    started = performance.now();
    const build = await buildAuditSnapshotOf(db, id).finally(() => clearInterval(sampler));
    const buildMs = Math.round(performance.now() - started);
    const buildRssGrowthMb = Math.round((rssPeak - rssBefore) / 1024 / 1024);
    console.log(`snapshot build: ${JSON.stringify({ ...build, buildMs, buildRssGrowthMb })}`);
    const timings: Timing[] = [];
    timings.push(await time('report, stored', `${base}/report`, cookie, '/report'));
    timings.push(await time('CSV, stored', `${base}/export.csv`, cookie, '/export.csv'));

    // No stored report: built from the rows, as for a check the worker has not built yet.
    await db.execute(sql`delete from site_report_snapshots where site_check_id = ${id}`);
    timings.push(await time('report, live', `${base}/report`, cookie, '/report'));
    timings.push(await time('CSV, live', `${base}/export.csv`, cookie, '/export.csv'));

    const result = {
      date: new Date().toISOString(),
      label: LABEL,
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim(),
      node: process.version,
      cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
      loadAtEnd: os.loadavg().map((load) => Number(load.toFixed(1))),
      database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)',
      pages: PAGES,
      insertMs,
      build: { ...build, buildMs, buildRssGrowthMb },
      timings,
    };
    if (WRITE) writeResults(result);
  } finally {
    await app.close();
    await services.close();
  }
}

function writeResults(result: {
  date: string;
  label: string;
  database: string;
  timings: Timing[];
  [key: string]: unknown;
}) {
  const day = result.date.slice(0, 10);
  const dir = path.join(BENCH_DIR, 'results');
  mkdirSync(dir, { recursive: true });
  const suffix = `${result.database.startsWith('PostgreSQL') ? '-postgres' : ''}${result.label ? `-${result.label}` : ''}`;
  writeFileSync(
    path.join(dir, `site-report-${day}${suffix}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  );
}

await main();
