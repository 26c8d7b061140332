import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntil } from '@crawlwise/shared/wait-until';

/**
 * Real Crawlwise processes for the operator-fault tests: `npm start`'s entry (web + embedded
 * worker, or web only) and `npm run worker`'s, each on loopback, with their JSON logs kept so a
 * test can count what they did. Every process started here is killed by `killAll` in afterAll.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function waitFor(
  condition: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
  intervalMs = 100,
): Promise<void> {
  await waitUntil(condition, { timeoutMs, intervalMs, what });
}

export interface CrawlwiseProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port for a web process. */
  baseUrl: string;
  output(): string;
  /** The JSON log lines written so far. */
  logLines(): Array<Record<string, unknown>>;
  alive(): boolean;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string | null>;
}

const running = new Set<ChildProcess>();

/**
 * Starts `apps/server/src/main.ts` (`web`) or `worker-main.ts` (`worker`) with the given
 * settings on top of test defaults (loopback, private targets allowed, no render).
 */
export async function startCrawlwise(
  entry: 'web' | 'worker',
  env: Record<string, string>,
): Promise<CrawlwiseProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-adv-'));
  let output = '';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', `apps/server/src/${entry === 'web' ? 'main' : 'worker-main'}.ts`],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ALLOW_PRIVATE_TARGETS: '1',
        RENDER: 'off',
        ANALYSIS_THREADS: '0',
        LOG_LEVEL: 'info',
        RATE_LIMITS: 'off',
        // These tests are about process faults; on a machine loaded by parallel test files,
        // shedding for event-loop lag (tested in apps/server) would only add noise.
        MAX_EVENT_LOOP_DELAY_MS: '0',
        AUTH_SECRET: 'crawlwise-adversarial-secret-0123456789abcdef',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(signal ?? code);
    }),
  );
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const started: CrawlwiseProcess = {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return {};
          }
        }),
    alive: () => child.exitCode === null && child.signalCode === null,
    exited,
  };
  await waitFor(
    async () => {
      if (!started.alive()) throw new Error(`${entry} process exited early:\n${output}`);
      if (entry === 'worker') return output.includes('"worker started"');
      return fetch(`${started.baseUrl}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
    },
    60_000,
    `the ${entry} process to be ready`,
  );
  return started;
}

/** SIGKILLs every process still running (afterAll). */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** A small website on 127.0.0.1 whose robots.txt can be held, to keep an analysis in flight. */
export interface TargetSite {
  url(path?: string): string;
  /** Requests seen per path. */
  hits: Map<string, number>;
  /** While held, robots.txt answers only when released. */
  holdRobots(): void;
  releaseRobots(): void;
  close(): Promise<void>;
}

export const TARGET_PAGE = `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Handmade oak furniture from a small workshop</title>
<meta name="description" content="We build solid oak tables, chairs and shelves by hand in our workshop and deliver them across the country.">
</head><body><main><h1>Oak furniture made to last</h1>
<p>${'Every piece is cut, joined and finished by hand from sustainably grown oak. '.repeat(30)}</p>
</main></body></html>`;

/** How late /slow answers. */
export const SLOW_PAGE_MS = 2000;

export async function startTargetSite(): Promise<TargetSite> {
  const hits = new Map<string, number>();
  let held = false;
  let waiting: Array<() => void> = [];
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    if (pathname === '/robots.txt') {
      const answer = () =>
        response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      if (held) waiting.push(answer);
      else answer();
      return;
    }
    if (pathname === '/slow') {
      // Answers late, so a report creation is still waiting for it when the test acts.
      setTimeout(
        () =>
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(TARGET_PAGE),
        SLOW_PAGE_MS,
      );
      return;
    }
    if (pathname === '/' || pathname === '/page') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(TARGET_PAGE);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathname = '/') => `http://127.0.0.1:${port}${pathname}`,
    hits,
    holdRobots: () => {
      held = true;
    },
    releaseRobots: () => {
      held = false;
      for (const answer of waiting) answer();
      waiting = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        held = false;
        waiting = [];
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** POSTs a report and returns its access token. */
export async function submitReport(baseUrl: string, url: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (response.status !== 201 || !body.accessToken) {
    throw new Error(`report not created: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.accessToken;
}

/** `report completed` log lines (accepted ones) for one report id, across processes. */
export function acceptedCompletions(processes: CrawlwiseProcess[], reportId: string): number {
  return processes
    .flatMap((process) => process.logLines())
    .filter(
      (line) =>
        line.msg === 'report completed' && line.reportId === reportId && line.accepted === true,
    ).length;
}

/**
 * The accepted completions of one report once its row is completed. The row turns completed a
 * moment before the worker's line reaches the test through the pipe, so wait for the first
 * line, then give a duplicate the time to show up before counting.
 */
export async function settledCompletions(
  processes: CrawlwiseProcess[],
  reportId: string,
): Promise<number> {
  await waitFor(
    () => acceptedCompletions(processes, reportId) > 0,
    10_000,
    'the completion log line',
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  return acceptedCompletions(processes, reportId);
}
