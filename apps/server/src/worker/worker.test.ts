import { createEngine } from '@crawlwise/analyzer/engine';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
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
    const worker = testWorker(app, { engine: flaky, pollIntervalMs: 100 });
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
    for (let i = 0; i < 100 && (await row(token)).status !== 'analyzing'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await row(token)).status).toBe('analyzing');
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
