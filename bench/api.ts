/**
 * API benchmark: `npm run bench:api` (see bench/README.md).
 *
 * Runs the real server (`apps/server/src/main.ts`, embedded worker) on PostgreSQL against pages
 * served from 127.0.0.1, then measures:
 *   1. GET /api/reports/:token — throughput and latency percentiles (autocannon, keep-alive).
 *   2. POST /api/reports from 200 concurrent clients for 60 s — status mix, latency, and that
 *      no 5xx other than 503-with-Retry-After is ever answered; afterwards every accepted report
 *      must end completed or failed (none lost).
 * Each client sends its own X-Forwarded-For (the server trusts 127.0.0.1 as a proxy here), so the
 * per-requester limits apply per simulated client, as they would behind a real reverse proxy.
 *
 * Flags: --get-seconds=<n> (20) --connections=<n> (20) --post-seconds=<n> (60) --clients=<n> (200)
 *        --no-write
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const GET_SECONDS = Number(args.get('get-seconds') ?? 20);
const POST_SECONDS = Number(args.get('post-seconds') ?? 60);
const CLIENTS = Number(args.get('clients') ?? 200);
/** Keep-alive connections of the GET phase: enough to saturate the server on this machine. */
const GET_CONNECTIONS = Number(args.get('connections') ?? 20);
const WRITE = !args.has('no-write');
const DRAIN_DEADLINE_MS = 10 * 60_000;
const ADMIN_URL =
  process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'crawlwise_bench';
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A fresh database per run, so earlier runs' queues cannot disturb the figures. */
async function recreateDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

/** Pages the analyzer fetches: one small healthy HTML page per path. */
async function startSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>Benchmark page for the Crawlwise API</title>
<meta name="description" content="A small page the API benchmark submits again and again to measure the report pipeline under load.">
</head><body><main><h1>Benchmark</h1><p>${'Words for the word count check. '.repeat(80)}</p></main></body></html>`;
  const server = http.createServer((request, response) => {
    if (request.url === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ALLOW_PRIVATE_TARGETS: '1',
      TRUSTED_PROXIES: '127.0.0.1',
      // The API is measured here, not the render (bench:analyze measures that).
      RENDER: 'off',
      WORKER_CONCURRENCY: '4',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, child };
    } catch {
      // not yet listening
    }
    await sleep(200);
  }
  throw new Error('server did not become ready');
}

/** An address per simulated client, in the documentation range (never contacted: a header only). */
const clientAddress = (i: number) => `2001:db8:${(i + 1).toString(16)}::1`;

async function createReport(base: string, url: string, client: number) {
  const started = performance.now();
  const response = await fetch(`${base}/api/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(client) },
    body: JSON.stringify({ url }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    accessToken?: string;
    error?: string;
  };
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body,
    ms: performance.now() - started,
  };
}

async function waitUntilDone(databaseUrl: string, tokens: string[], deadlineMs: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    for (;;) {
      const { rows } = await client.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from reports where access_token = any($1) group by status`,
        [tokens],
      );
      const counts = Object.fromEntries(rows.map((row) => [row.status, row.n]));
      const done = (counts.completed ?? 0) + (counts.failed ?? 0);
      const found = rows.reduce((sum, row) => sum + row.n, 0);
      if (done === tokens.length || Date.now() - started > deadlineMs) {
        return { counts, missing: tokens.length - found, drainMs: Date.now() - started };
      }
      await sleep(500);
    }
  } finally {
    await client.end();
  }
}

async function benchGet(base: string, tokens: string[]) {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections: GET_CONNECTIONS,
    duration: GET_SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: `/api/reports/${tokens[i++ % tokens.length]}`,
        }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    total: result.requests.total,
  };
}

async function benchPost(base: string, siteOrigin: string) {
  const statuses = new Map<number, number>();
  const codes = new Map<string, number>();
  const latencies: number[] = [];
  const accepted: string[] = [];
  let unexpected5xx = 0;
  let serviceUnavailableWithoutRetryAfter = 0;
  let networkErrors = 0;
  const stopAt = Date.now() + POST_SECONDS * 1000;
  const client = async (id: number) => {
    let n = 0;
    while (Date.now() < stopAt) {
      try {
        const result = await createReport(base, `${siteOrigin}/?client=${id}&n=${n++}`, id);
        latencies.push(result.ms);
        statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
        if (result.body.error)
          codes.set(result.body.error, (codes.get(result.body.error) ?? 0) + 1);
        if (result.status === 201 && result.body.accessToken)
          accepted.push(result.body.accessToken);
        if (result.status >= 500 && result.status !== 503) unexpected5xx += 1;
        if (result.status === 503 && !result.retryAfter) serviceUnavailableWithoutRetryAfter += 1;
        if (result.status === 429 || result.status === 503) {
          // A polite client waits as told, but never more than a second here to keep the pressure.
          await sleep(Math.min(1000, Number(result.retryAfter ?? 1) * 1000));
        }
      } catch {
        networkErrors += 1;
        await sleep(100);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id)));
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    clients: CLIENTS,
    seconds: Number(elapsedS.toFixed(1)),
    requests: latencies.length,
    requestsPerSecond: Number((latencies.length / elapsedS).toFixed(1)),
    statuses: Object.fromEntries(statuses),
    errorCodes: Object.fromEntries(codes),
    accepted: accepted.length,
    latencyMs: {
      p50: Math.round(percentile(latencies, 50)),
      p90: Math.round(percentile(latencies, 90)),
      p99: Math.round(percentile(latencies, 99)),
      max: Math.round(latencies.at(-1) ?? 0),
    },
    unexpected5xx,
    serviceUnavailableWithoutRetryAfter,
    networkErrors,
    tokens: accepted,
  };
}

async function main() {
  const databaseUrl = await recreateDatabase();
  const site = await startSite();
  const { base, child } = await startServer(databaseUrl);
  try {
    console.log(`server ${base} on PostgreSQL ${BENCH_DB}; pages from ${site.origin}`);

    // Seed reports to read: 50 completed reports from 50 clients.
    const seeded: string[] = [];
    for (let i = 0; i < 50; i++) {
      const result = await createReport(base, `${site.origin}/seed/${i}`, 10_000 + i);
      if (!result.body.accessToken)
        throw new Error(`seeding failed: ${JSON.stringify(result.body)}`);
      seeded.push(result.body.accessToken);
    }
    await waitUntilDone(databaseUrl, seeded, 120_000);

    console.log(`GET /api/reports/:token for ${GET_SECONDS} s, ${GET_CONNECTIONS} connections…`);
    const get = await benchGet(base, seeded);
    console.log(
      `  ${Math.round(get.requestsPerSecond)} req/s, p50 ${get.latencyMs.p50} ms, p99 ${get.latencyMs.p99} ms, non-2xx ${get.non2xx}, errors ${get.errors}`,
    );

    console.log(`POST /api/reports from ${CLIENTS} clients for ${POST_SECONDS} s…`);
    const post = await benchPost(base, site.origin);
    console.log(
      `  ${post.requests} requests (${post.requestsPerSecond}/s), accepted ${post.accepted}, statuses ${JSON.stringify(post.statuses)}, p99 ${post.latencyMs.p99} ms`,
    );
    console.log('waiting for every accepted report to end…');
    const drain = await waitUntilDone(databaseUrl, post.tokens, DRAIN_DEADLINE_MS);
    const ended = (drain.counts.completed ?? 0) + (drain.counts.failed ?? 0);
    const lost = post.accepted - ended;
    console.log(
      `  ended ${ended}/${post.accepted} in ${(drain.drainMs / 1000).toFixed(1)} s after the load: ${JSON.stringify(drain.counts)}, lost ${lost}`,
    );

    const targets = {
      getThroughput: {
        target: '>= 2000 req/s',
        measured: Math.round(get.requestsPerSecond),
        met: get.requestsPerSecond >= 2000,
      },
      getP99: { target: '< 50 ms', measured: get.latencyMs.p99, met: get.latencyMs.p99 < 50 },
      postNo5xx: {
        target: 'no 5xx other than 503 with Retry-After',
        measured: post.unexpected5xx + post.serviceUnavailableWithoutRetryAfter,
        met: post.unexpected5xx === 0 && post.serviceUnavailableWithoutRetryAfter === 0,
      },
      postNoneLost: {
        target: 'every accepted report ends completed or failed',
        measured: lost,
        met: lost === 0,
      },
    };
    for (const [name, t] of Object.entries(targets)) {
      console.log(`${t.met ? 'MET   ' : 'MISSED'} ${name}: ${t.measured} (target ${t.target})`);
    }

    if (WRITE) {
      const date = new Date().toISOString().slice(0, 10);
      const machine = {
        cpu: os.cpus()[0]?.model,
        cores: os.cpus().length,
        memoryMb: Math.round(os.totalmem() / 2 ** 20),
        node: process.version,
        loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
      };
      const { tokens: _tokens, ...postSummary } = post;
      const result = { date, machine, get, post: postSummary, drain, targets };
      mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
      writeFileSync(
        path.join(REPO_ROOT, `bench/results/api-${date}.json`),
        `${JSON.stringify(result, null, 2)}\n`,
      );
      const md = [
        `# API benchmark — ${date}`,
        '',
        `Machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load average ${machine.loadAverage.join(' / ')} at the end. Server: one process with the embedded worker (WORKER_CONCURRENCY=4, RENDER=off) on PostgreSQL; pages and load generator on 127.0.0.1.`,
        '',
        '| target | measured | met |',
        '|---|---|---|',
        ...Object.values(targets).map(
          (t) => `| ${t.target} | ${t.measured} | ${t.met ? 'yes' : 'no'} |`,
        ),
        '',
        `GET /api/reports/:token, ${GET_CONNECTIONS} connections, ${GET_SECONDS} s: ${Math.round(get.requestsPerSecond)} req/s; latency p50 ${get.latencyMs.p50} ms, p90 ${get.latencyMs.p90} ms, p99 ${get.latencyMs.p99} ms, max ${get.latencyMs.max} ms; non-2xx ${get.non2xx}, errors ${get.errors}.`,
        '',
        `POST /api/reports, ${post.clients} clients, ${post.seconds} s: ${post.requests} requests (${post.requestsPerSecond}/s); statuses ${JSON.stringify(post.statuses)}; codes ${JSON.stringify(post.errorCodes)}; latency p50 ${post.latencyMs.p50} ms, p90 ${post.latencyMs.p90} ms, p99 ${post.latencyMs.p99} ms; accepted ${post.accepted}, all ended after ${(drain.drainMs / 1000).toFixed(1)} s (${JSON.stringify(drain.counts)}), lost ${lost}.`,
        '',
      ].join('\n');
      writeFileSync(path.join(REPO_ROOT, `bench/results/api-${date}.md`), md);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await site.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
