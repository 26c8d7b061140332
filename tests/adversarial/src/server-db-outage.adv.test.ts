import { connectPostgres, type Database } from '@crawlwise/server/db/database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findPostgresBin,
  type PrivatePostgres,
  startPrivatePostgres,
} from './support/private-postgres.ts';
import {
  type CrawlwiseProcess,
  killAll,
  settledCompletions,
  startCrawlwise,
  startTargetSite,
  submitReport,
  type TargetSite,
  waitFor,
} from './support/processes.ts';

/**
 * PostgreSQL stopped and started under a running `npm start` (web + embedded worker) while an
 * analysis is in flight: the process survives, readiness answers 503 during the outage and 200
 * after it, writes answer 503 database_connection, and the report completes exactly once —
 * written late when the outage is shorter than the lease, re-claimed when it is longer.
 * The PostgreSQL is a private instance this file starts and stops; never the shared cluster.
 */

const found = findPostgresBin();
if ('missing' in found) console.warn(`PostgreSQL outage tests skipped: ${found.missing}`);
const LEASE_SECONDS = 6;

describe.skipIf('missing' in found)('PostgreSQL outage during an analysis', () => {
  let postgres: PrivatePostgres;
  let server: CrawlwiseProcess;
  let observer: Database;

  beforeAll(async () => {
    if (!('bin' in found)) return;
    postgres = await startPrivatePostgres(found.bin);
    server = await startCrawlwise('web', {
      DATABASE_URL: postgres.url,
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      WORKER_CONCURRENCY: '1',
    });
    observer = connectPostgres(postgres.url, 1);
  }, 90_000);

  afterAll(async () => {
    await killAll();
    await observer?.close().catch(() => {});
    await postgres?.destroy();
  }, 30_000);

  const statusCode = async (path: string, init?: RequestInit) =>
    (await fetch(`${server.baseUrl}${path}`, init)).status;

  const reportRow = async (token: string) => {
    const result = (await observer.db.execute(
      sql`select id, status, attempts from reports where access_token = ${token}`,
    )) as unknown as { rows: Array<{ id: string; status: string; attempts: number }> };
    return result.rows[0]!;
  };

  /** Submits a report and stops PostgreSQL once its analysis is waiting on robots.txt. */
  async function stopDuringAnalysis(site: TargetSite): Promise<{ token: string; id: string }> {
    site.holdRobots();
    const token = await submitReport(server.baseUrl, site.url('/'));
    const { id } = await reportRow(token);
    await waitFor(
      () => (site.hits.get('/robots.txt') ?? 0) > 0,
      20_000,
      'the analysis to start',
      10,
    );
    await postgres.stop();
    return { token, id };
  }

  async function checkOutage(): Promise<void> {
    expect(server.alive()).toBe(true);
    expect(await statusCode('/readyz')).toBe(503);
    const contact = await fetch(`${server.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Hello' }),
    });
    expect(contact.status).toBe(503);
    expect(await contact.json()).toMatchObject({ ok: false, error: 'database_connection' });
    expect(await statusCode('/healthz')).toBe(200);
  }

  async function restartAndAwait(token: string): Promise<void> {
    await postgres.start();
    await waitFor(async () => (await statusCode('/readyz')) === 200, 15_000, 'readiness 200');
    await waitFor(
      async () => (await reportRow(token)).status === 'completed',
      LEASE_SECONDS * 1000 + 20_000,
      'the report to complete after the outage',
    );
  }

  it('keeps the result of an analysis that ends during a short outage and writes it once the database is back', async () => {
    const site = await startTargetSite();
    try {
      const { token, id } = await stopDuringAnalysis(site);
      await checkOutage();
      site.releaseRobots();
      // The analysis finishes while the database is away; its write is retried, not lost.
      await waitFor(
        () => server.output().includes('database unavailable, will retry the write'),
        10_000,
        'the worker to retry its write',
      );
      expect(server.alive()).toBe(true);
      await restartAndAwait(token);
      expect(server.alive()).toBe(true);
      expect(await settledCompletions([server], id)).toBe(1);
      expect((await reportRow(token)).attempts).toBe(1);
    } finally {
      await site.close();
    }
  }, 90_000);

  it('lets the lease re-claim a report whose outage outlasts it, and completes it once', async () => {
    const site = await startTargetSite();
    try {
      const { token, id } = await stopDuringAnalysis(site);
      site.releaseRobots();
      await checkOutage();
      // Longer than the lease: the worker gives the write up and the lease runs out.
      await waitFor(
        () => server.output().includes('could not record the outcome'),
        LEASE_SECONDS * 1000 + 10_000,
        'the worker to give up the write',
      );
      await checkOutage();
      await restartAndAwait(token);
      expect(server.alive()).toBe(true);
      expect(await settledCompletions([server], id)).toBe(1);
      expect((await reportRow(token)).attempts).toBe(2);
      expect(server.output()).not.toMatch(/unhandled|uncaught/i);
    } finally {
      await site.close();
    }
  }, 90_000);
});
