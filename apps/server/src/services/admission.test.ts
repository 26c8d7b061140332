import { waitUntil } from '@crawlwise/shared/wait-until';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import {
  buildAppWith,
  buildTestApp,
  HEALTHY_PAGE,
  startTestSite,
  type TestSite,
  testConfig,
} from '../test-support/test-app.ts';
import { AdmissionControl } from './admission.ts';

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

describe('AdmissionControl', () => {
  it('refuses work beyond the in-flight bound with service_unavailable and Retry-After', async () => {
    const admission = new AdmissionControl(database, { maxInFlight: 1, maxQueued: 1_000_000 });
    let finish: (() => void) | undefined;
    const first = admission.admit(() => new Promise<void>((resolve) => (finish = resolve)));
    // The first holds its slot until released; the slot is taken before any await.
    const second = admission.admit(async () => 'ran');
    await expect(second).rejects.toMatchObject({
      code: 'service_unavailable',
      statusCode: 503,
      headers: { 'retry-after': '5' },
    });
    // `finish` is set once the first's backlog read is done and its work has started.
    const release = await waitUntil(() => finish, {
      intervalMs: 5,
      what: 'the first work to start',
    });
    release();
    await first;
    await expect(admission.admit(async () => 'ran')).resolves.toBe('ran');
  });

  it('refuses new reports while the backlog is at its bound', async () => {
    const admission = new AdmissionControl(database, { maxInFlight: 10, maxQueued: 0 });
    const refused = admission.admit(async () => 'ran');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
  });
});

describe('POST /api/reports under overload', () => {
  it('answers 503 service_unavailable with Retry-After once the queue is full', async () => {
    // The backlog count is reused for a second: the test moves the services' clock past it.
    let now = Date.now();
    const small = await buildAppWith(testConfig({ MAX_QUEUED_REPORTS: '1' }), {
      database,
      now: () => now,
    });
    try {
      // No worker runs here, so reports stay queued and the bound is reached.
      const answers = [];
      for (let i = 0; i < 3; i++) {
        answers.push(
          await small.inject({
            method: 'POST',
            url: '/api/reports',
            payload: { url: `${site.url('/')}?n=${i}` },
          }),
        );
        now += 1_100;
      }
      const last = answers.at(-1)!;
      expect(last.statusCode).toBe(503);
      expect(last.headers['retry-after']).toBe('5');
      expect(last.json()).toMatchObject({ ok: false, error: 'service_unavailable' });
    } finally {
      await small.close();
    }
  });
});
