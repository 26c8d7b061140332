import { randomUUID } from 'node:crypto';
import { createEngine } from '@crawlwise/analyzer/engine';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { ensureHostPace } from '../services/host-pace.ts';
import { JobQueue } from '../services/job-queue.ts';
import {
  buildTestApp,
  HEALTHY_PAGE,
  startTestSite,
  type TestSite,
  testWorker,
  waitForReport,
} from '../test-support/test-app.ts';

let app: FastifyInstance;
let database: Database;
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite({ '/': { body: HEALTHY_PAGE } });
  ({ app, database } = await buildTestApp());
});

afterAll(async () => {
  await app.close();
  await site.close();
});

const create = async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: { url: `${site.url('/')}?t=${Math.random()}` },
  });
  return response.json().accessToken as string;
};

const row = async (token: string) => {
  const result = (await database.db.execute(
    sql`select status, attempts, error_code, created_at, started_at from reports
        where access_token = ${token}`,
  )) as unknown as {
    rows: Array<{ status: string; attempts: number; error_code: string | null }>;
  };
  return result.rows[0]!;
};

describe('Worker', () => {
  it('wakes on the queue notification, not on its poll', async () => {
    // A poll this slow cannot explain a prompt pickup: only the notification can.
    const worker = testWorker(app, { pollIntervalMs: 600_000 });
    await worker.start();
    try {
      const token = await create();
      const report = await waitForReport(app, token, 5000);
      expect(report.status).toBe('completed');
    } finally {
      await worker.stop();
    }
  });

  it('warms the site report build up once after it starts, when asked to', async () => {
    const logged: Array<{ ms?: number; msg: string }> = [];
    const logger = app.log.child({});
    const debug = vi.spyOn(logger, 'debug').mockImplementation(((fields: object, msg: string) => {
      logged.push({ ...fields, msg });
    }) as never);
    const warmed = testWorker(app, { logger, warmUpSiteReport: true });
    const cold = testWorker(app, { logger });
    await warmed.start();
    await cold.start();
    try {
      await waitUntil(async () => logged.some((line) => line.msg.includes('warmed up')), {
        timeoutMs: 10_000,
        what: 'the warm-up',
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const warmUps = logged.filter((line) => line.msg === 'site report build warmed up');
      expect(warmUps).toHaveLength(1);
      expect(warmUps[0]!.ms).toBeGreaterThan(0);
    } finally {
      debug.mockRestore();
      await warmed.stop();
      await cold.stop();
    }
  });

  it('asks a kind that found nothing again on a notification, not at every wake-up', async () => {
    const worker = testWorker(app, { pollIntervalMs: 600_000 });
    const reportClaims = vi.spyOn(app.queue, 'claimSingleReport');
    const pageClaims = vi.spyOn(app.queue, 'claimSitePage');
    const host = `wake-${Math.random().toString(36).slice(2)}.example.test`;
    await ensureHostPace(database.db, host);
    await worker.start();
    try {
      // Start-up asks every kind once; nothing is queued.
      await waitUntil(async () => (pageClaims.mock.calls.length > 0 ? true : undefined), {
        timeoutMs: 5000,
        what: 'the first claims',
      });
      const reportsAsked = reportClaims.mock.calls.length;
      const pagesAsked = pageClaims.mock.calls.length;
      // A host's turn ends in this process: site pages are asked again, single reports are not
      // (they are announced when made).
      await app.queue.hostPace.endTurn(
        { host, token: randomUUID(), crawlDelayMs: 0 },
        { requested: false },
      );
      await waitUntil(async () => (pageClaims.mock.calls.length > pagesAsked ? true : undefined), {
        timeoutMs: 5000,
        what: 'a site-page claim after the turn',
      });
      expect(reportClaims.mock.calls.length).toBe(reportsAsked);
      // A notification: every kind again, and the report is taken at once.
      const token = await create();
      expect((await waitForReport(app, token, 5000)).status).toBe('completed');
      expect(reportClaims.mock.calls.length).toBeGreaterThan(reportsAsked);
    } finally {
      reportClaims.mockRestore();
      pageClaims.mockRestore();
      await worker.stop();
    }
  });

  it('retries a transient fault with backoff, then fails the report with analysis_failed', async () => {
    const real = createEngine({ allowPrivate: true, render: false });
    let calls = 0;
    const flaky = {
      ...real,
      analyze: async () => {
        calls += 1;
        throw new Error('simulated crash inside the analysis');
      },
    };
    // The back-off is injected shorter (50 ms, then 100 ms): the test asserts its steps, not its
    // real length of seconds.
    const worker = testWorker(app, { engine: flaky, pollIntervalMs: 100, retryBaseDelayMs: 50 });
    const token = await create();
    await worker.start();
    try {
      const report = await waitForReport(app, token, 20_000);
      expect(report.status).toBe('failed');
      expect(report.error_code).toBe('analysis_failed');
      expect(calls).toBe(3);
      expect((await row(token)).attempts).toBe(3);
    } finally {
      await worker.stop();
      await real.close();
    }
  });

  it('gives an in-flight job back at shutdown when the grace period runs out', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = {
      ...app.engine,
      analyze: async (document: Parameters<typeof app.engine.analyze>[0]) => {
        await blocked;
        return app.engine.analyze(document);
      },
    };
    const worker = testWorker(app, { engine: slow });
    const token = await create();
    await worker.start();
    await waitUntil(async () => (await row(token)).status === 'analyzing', {
      timeoutMs: 5_000,
      what: 'the worker to claim the report',
    });
    await worker.stop(200);
    const released = await row(token);
    expect(released.status).toBe('queued');
    expect(released.attempts).toBe(0);
    release();
    // Another worker then completes it.
    const next = testWorker(app);
    await next.start();
    try {
      expect((await waitForReport(app, token)).status).toBe('completed');
    } finally {
      await next.stop();
    }
  });
});

describe('JobQueue.sweep', () => {
  it('fails reports stuck in the queue with function_timeout', async () => {
    const token = await create();
    await database.db.execute(
      sql`update reports set created_at = now() - interval '10 minutes' where access_token = ${token}`,
    );
    const swept = await new JobQueue(database).sweep();
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await row(token)).toMatchObject({ status: 'failed', error_code: 'function_timeout' });
  });

  it('fails a report whose last attempt lost its lease with analysis_failed', async () => {
    const token = await create();
    await database.db.execute(
      sql`update reports set status = 'analyzing', attempts = 3, lease_owner = 'dead-worker',
            lease_expires_at = now() - interval '1 second' where access_token = ${token}`,
    );
    await new JobQueue(database).sweep();
    expect(await row(token)).toMatchObject({ status: 'failed', error_code: 'analysis_failed' });
  });
});

/**
 * A report nobody analyses is given up on when it is read past the stuck threshold (300 s by
 * default, REPORT_STUCK_AFTER_SECONDS): the reader gets function_timeout on time even with every
 * worker down, which is exactly when reports get stuck. No worker runs in these tests.
 */
describe('reading a report stuck in the queue', () => {
  const STUCK_AFTER_SECONDS = 300;

  const read = async (token: string) =>
    (await app.inject({ method: 'GET', url: `/api/reports/${token}` })).json().report as {
      status: string;
      error_code: string | null;
      error_message: string | null;
      completed_at: string | null;
    };

  /** Moves a report's creation into the past, as if it had waited that long. */
  const age = (token: string, seconds: number) =>
    database.db.execute(
      sql`update reports set created_at = now() - make_interval(secs => ${seconds})
          where access_token = ${token}`,
    );

  it('answers it pending until the threshold, then failed with function_timeout', async () => {
    const token = await create();
    expect((await read(token)).status).toBe('queued');

    await age(token, STUCK_AFTER_SECONDS - 5);
    expect((await read(token)).status).toBe('queued');

    await age(token, STUCK_AFTER_SECONDS + 1);
    const report = await read(token);
    expect(report).toMatchObject({
      status: 'failed',
      error_code: 'function_timeout',
      error_message: 'The analysis took longer than expected and was stopped.',
    });
    expect(report.completed_at).toEqual(expect.any(String));
    // Stored, not only answered: no worker can claim it any more.
    expect(await row(token)).toMatchObject({ status: 'failed' });
  });

  it('gives up on a report stuck while analysing too', async () => {
    const token = await create();
    await database.db.execute(
      sql`update reports set status = 'analyzing', lease_owner = 'slow-worker',
            lease_expires_at = now() + interval '1 minute' where access_token = ${token}`,
    );
    await age(token, STUCK_AFTER_SECONDS + 1);
    expect(await read(token)).toMatchObject({ status: 'failed', error_code: 'function_timeout' });
    // The slow worker's late result is refused.
    expect(
      await new JobQueue(database).fail((await reportId(token))!, 'slow-worker', 'x', 'y'),
    ).toBe(false);
  });

  it('leaves a finished report alone however old it is', async () => {
    const token = await create();
    await database.db.execute(
      sql`update reports set status = 'failed', error_code = 'parse_error',
            error_message = 'Unreadable.', completed_at = now() where access_token = ${token}`,
    );
    await age(token, STUCK_AFTER_SECONDS * 10);
    expect(await read(token)).toMatchObject({ status: 'failed', error_code: 'parse_error' });
  });

  it('the sweep follows a configured threshold', async () => {
    const [young, old] = [await create(), await create()];
    await age(old, 31);
    await new JobQueue(database, { leaseSeconds: 60, stuckAfterSeconds: 30 }).sweep();
    expect((await row(young)).status).toBe('queued');
    expect(await row(old)).toMatchObject({ status: 'failed', error_code: 'function_timeout' });
  });
});

const reportId = async (token: string) => {
  const result = (await database.db.execute(
    sql`select id from reports where access_token = ${token}`,
  )) as unknown as { rows: Array<{ id: string }> };
  return result.rows[0]?.id;
};
