import { connectPostgres, type Database } from '@crawlwise/server/db/database';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
 * Operators' faults against real processes sharing one PostgreSQL (a private instance; several
 * processes cannot share the embedded database): a web process without a worker, and worker
 * processes (`npm run worker`) that the test kills. Every report must end completed exactly
 * once — counted from the workers' own "report completed" log lines — and no request may be
 * dropped by a graceful stop. Target pages are served on loopback by the test.
 */

const found = findPostgresBin();
if ('missing' in found) console.warn(`process fault tests skipped: ${found.missing}`);

const LEASE_SECONDS = 3;
const WORKER_ENV = { JOB_LEASE_SECONDS: String(LEASE_SECONDS), WORKER_CONCURRENCY: '1' };

describe.skipIf('missing' in found)('killed and stopped processes', () => {
  let postgres: PrivatePostgres;
  let web: CrawlwiseProcess;
  let observer: Database;
  let site: TargetSite;

  beforeAll(async () => {
    if (!('bin' in found)) return;
    postgres = await startPrivatePostgres(found.bin);
    site = await startTargetSite();
    web = await startCrawlwise('web', { DATABASE_URL: postgres.url, EMBEDDED_WORKER: '0' });
    observer = connectPostgres(postgres.url, 1);
  }, 90_000);

  afterAll(async () => {
    await killAll();
    await site?.close();
    await observer?.close().catch(() => {});
    await postgres?.destroy();
  }, 30_000);

  // Workers a test started are stopped after it even when it fails, so a leftover worker can
  // never pick up the next test's report.
  let workers: CrawlwiseProcess[] = [];
  const startWorker = async (env: Record<string, string> = {}) => {
    const worker = await startCrawlwise('worker', {
      DATABASE_URL: postgres.url,
      ...WORKER_ENV,
      ...env,
    });
    workers.push(worker);
    return worker;
  };
  afterEach(async () => {
    await Promise.all(
      workers.map((worker) => {
        if (worker.alive()) worker.child.kill('SIGKILL');
        return worker.exited;
      }),
    );
    workers = [];
  });

  const reportRow = async (token: string) => {
    const result = (await observer.db.execute(
      sql`select id, status, attempts from reports where access_token = ${token}`,
    )) as unknown as { rows: Array<{ id: string; status: string; attempts: number }> };
    return result.rows[0]!;
  };

  /**
   * Queues a report whose analysis then waits on robots.txt (the analyzer gives it 3 s), and
   * hits the worker with `signal` as soon as it is in there.
   */
  async function signalMidAnalysis(worker: CrawlwiseProcess, path: string, signal: NodeJS.Signals) {
    site.holdRobots();
    const robotsBefore = site.hits.get('/robots.txt') ?? 0;
    const token = await submitReport(web.baseUrl, site.url(path));
    await waitFor(
      () => (site.hits.get('/robots.txt') ?? 0) > robotsBefore,
      20_000,
      'the worker to start analysing',
      10,
    );
    worker.child.kill(signal);
    const exit = await worker.exited;
    site.releaseRobots();
    return { token, id: (await reportRow(token)).id, exit };
  }

  async function completedBy(token: string, timeoutMs: number) {
    await waitFor(
      async () => (await reportRow(token)).status === 'completed',
      timeoutMs,
      'the report to complete',
    );
    return reportRow(token);
  }

  it('SIGKILL of a worker mid-analysis: the next worker re-claims it after the lease, one result', async () => {
    const first = await startWorker();
    const { token, id, exit } = await signalMidAnalysis(first, '/?killed', 'SIGKILL');
    expect(exit).toBe('SIGKILL');
    // Still leased to the dead worker.
    expect(await reportRow(token)).toMatchObject({ status: 'analyzing', attempts: 1 });

    const second = await startWorker();
    const row = await completedBy(token, LEASE_SECONDS * 1000 + 20_000);
    expect(row.attempts).toBe(2);
    expect(await settledCompletions([first, second], id)).toBe(1);
    // The page itself was fetched once, by the POST; the workers analysed the stored copy.
    expect(site.hits.get('/')).toBe(1);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 90_000);

  it('SIGTERM during an analysis: the job is given back and the next worker completes it, once', async () => {
    const first = await startWorker({ WORKER_STOP_GRACE_MS: '300' });
    const { token, id, exit } = await signalMidAnalysis(first, '/page?stopped', 'SIGTERM');
    expect(exit).toBe(0);
    // Given back untouched: queued again, the interrupted attempt not counted.
    expect(await reportRow(token)).toMatchObject({ status: 'queued', attempts: 0 });

    const second = await startWorker();
    const row = await completedBy(token, 20_000);
    expect(row.attempts).toBe(1);
    expect(await settledCompletions([first, second], id)).toBe(1);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 90_000);

  it('SIGTERM during a POST: the request in flight is answered, the report is kept', async () => {
    const slowBefore = site.hits.get('/slow') ?? 0;
    const pending = fetch(`${web.baseUrl}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: site.url('/slow') }),
    });
    // The POST is waiting for the slow page when the signal comes.
    await waitFor(() => (site.hits.get('/slow') ?? 0) > slowBefore, 20_000, 'the page fetch');
    web.child.kill('SIGTERM');
    const response = await pending;
    expect(response.status).toBe(201);
    const { accessToken } = (await response.json()) as { accessToken: string };
    expect(await web.exited).toBe(0);
    expect((await reportRow(accessToken)).status).toBe('queued');

    // Nothing was lost: a worker started afterwards completes it.
    const worker = await startWorker();
    await completedBy(accessToken, 20_000);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  }, 90_000);
});
