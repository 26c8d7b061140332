import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { buildTestApp, HEALTHY_PAGE } from '../test-support/test-app.ts';
import { startWorkerProcess, stopWorker } from '../test-support/worker-process.ts';

/**
 * Durability and scale-out with real worker processes. Several processes can share only a real
 * PostgreSQL (the embedded database is locked to one process), so these run when DATABASE_URL
 * is set, as CI does.
 */
const LEASE_SECONDS = 4;

const startWorker = () => startWorkerProcess({ JOB_LEASE_SECONDS: String(LEASE_SECONDS) });

const waitFor = (condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string) =>
  waitUntil(condition, { timeoutMs, intervalMs: 100, what });

describe.skipIf(!process.env.DATABASE_URL)('worker processes on PostgreSQL', () => {
  let app: FastifyInstance;
  let database: Database;
  let site: http.Server;
  let siteUrl: string;
  let robotsHits = 0;
  let holdRobots = false;

  beforeAll(async () => {
    site = http.createServer((request, response) => {
      if (request.url === '/robots.txt') {
        robotsHits += 1;
        // While held, robots.txt answers slowly: the analysis is in flight long enough to kill.
        const delay = holdRobots ? 2500 : 0;
        setTimeout(
          () =>
            response
              .writeHead(200, { 'content-type': 'text/plain' })
              .end('User-agent: *\nAllow: /\n'),
          delay,
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html' }).end(HEALTHY_PAGE);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    ({ app, database } = await buildTestApp());
  });

  afterAll(async () => {
    await app?.close();
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });

  const create = async (url: string): Promise<string> => {
    const response = await app.inject({ method: 'POST', url: '/api/reports', payload: { url } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().accessToken;
  };

  const statusOf = async (token: string) => {
    const result = (await database.db.execute(
      sql`select status, attempts from reports where access_token = ${token}`,
    )) as unknown as { rows: Array<{ status: string; attempts: number }> };
    return result.rows[0]!;
  };

  it('completes a report whose worker was killed with SIGKILL mid-analysis', async () => {
    holdRobots = true;
    const first = startWorker();
    const token = await create(`${siteUrl}/?killed=${Date.now()}`);
    const hitsBefore = robotsHits;
    try {
      await waitFor(() => robotsHits > hitsBefore, 20_000, 'the first worker to start analysing');
      expect((await statusOf(token)).status).toBe('analyzing');
    } catch (error) {
      // A failed wait must not leave the worker running: it would take the next test's reports.
      first.child.kill('SIGKILL');
      throw error;
    }
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    holdRobots = false;

    const second = startWorker();
    try {
      await waitFor(
        async () => (await statusOf(token)).status === 'completed',
        LEASE_SECONDS * 1000 + 25_000,
        'the second worker to complete the report',
      );
      expect((await statusOf(token)).attempts).toBe(2);
    } finally {
      await stopWorker(second);
    }
  });

  it('three workers share 100 reports and analyse each exactly once', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 100; i++) tokens.push(await create(`${siteUrl}/?n=${i}&t=${Date.now()}`));
    const workers = [startWorker(), startWorker(), startWorker()];
    try {
      await waitFor(
        async () => {
          const result = (await database.db.execute(
            sql`select count(*)::int as done from reports
                where access_token in ${tokens} and status = 'completed'`,
          )) as unknown as { rows: Array<{ done: number }> };
          return result.rows[0]!.done === tokens.length;
        },
        90_000,
        '100 reports to complete',
      );
    } finally {
      await Promise.all(workers.map(stopWorker));
    }
    const completions = new Map<string, number>();
    const perWorker: number[] = [];
    for (const worker of workers) {
      let count = 0;
      for (const line of worker.log().split('\n')) {
        if (!line.includes('"report completed"')) continue;
        const { reportId } = JSON.parse(line) as { reportId: string };
        completions.set(reportId, (completions.get(reportId) ?? 0) + 1);
        count += 1;
      }
      perWorker.push(count);
    }
    const ids = (await database.db.execute(
      sql`select id, attempts from reports where access_token in ${tokens}`,
    )) as unknown as { rows: Array<{ id: string; attempts: number }> };
    for (const row of ids.rows) {
      expect(completions.get(row.id), row.id).toBe(1);
      expect(row.attempts).toBe(1);
    }
    // The work was shared, not done by one process alone.
    expect(perWorker.filter((count) => count > 0).length).toBeGreaterThan(1);
    // Its wait for the 100 reports allows 90 s (three workers starting on a loaded machine).
  }, 120_000);
});
