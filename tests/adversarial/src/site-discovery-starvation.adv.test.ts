import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SITE_PAGE_POLICY } from '@crawlwise/server/services/rate-limit';
import { call, signUp, type TestAccount } from '@crawlwise/server/test-support/accounts';
import {
  buildTestApp,
  HEALTHY_PAGE,
  startTestSite,
  type TestSite,
  testWorker,
} from '@crawlwise/server/test-support/test-app';
import type { Worker } from '@crawlwise/server/worker/worker';
import { waitUntil } from '@crawlwise/shared/wait-until';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, item 2: one free account could starve the workers. A site whose five robots.txt
 * sitemaps trickle held a worker slot for 41 minutes; cancelling did not stop the reading and
 * the account could start another at once, so both slots were taken and an anonymous report
 * failed `function_timeout`. Now a cancel stops the discovery at once, site work never takes
 * every slot, a discovery has a deadline for the whole, and a failed one costs a page of the
 * daily allowance. Everything on 127.0.0.1, bounded in time.
 */

let app: FastifyInstance;
let trickle: http.Server;
let trickleOrigin: string;
let plain: TestSite;
let worker: Worker;

beforeAll(async () => {
  ({ app } = await buildTestApp({ SITE_DISCOVERY_TIMEOUT_SECONDS: '3', RATE_LIMITS: 'on' }));
  // Five sitemaps in robots.txt, each answering its headers and then nothing.
  trickle = http.createServer((request, response) => {
    if (request.url === '/robots.txt') {
      const lines = [1, 2, 3, 4, 5].map((n) => `Sitemap: ${trickleOrigin}/sitemap-${n}.xml`);
      response.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\n'));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.write('<?xml version="1.0"?>');
  });
  await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
  trickleOrigin = `http://127.0.0.1:${(trickle.address() as AddressInfo).port}`;
  plain = await startTestSite({ '/page': { body: HEALTHY_PAGE } });
  worker = testWorker(app, { concurrency: 2, pollIntervalMs: 50 });
  await worker.start();
});

afterAll(async () => {
  await worker.stop(0);
  trickle.closeAllConnections();
  await new Promise((resolve) => trickle.close(resolve));
  await plain.close();
  await app.close();
});

async function startCheck(account: TestAccount, siteUrl: string): Promise<string> {
  const started = await call(app, 'POST', '/api/site-checks', {
    cookie: account.cookie,
    payload: { siteUrl, source: 'sitemap' },
  });
  expect(started.statusCode).toBe(201);
  return started.json().siteCheck.id as string;
}

const statusOf = async (account: TestAccount, id: string) =>
  (await call(app, 'GET', `/api/site-checks/${id}`, { cookie: account.cookie })).json().siteCheck
    .status as string;

describe('a trickling five-sitemap site', () => {
  it('cancel frees the slot at once, and a single report is never starved', async () => {
    const first = await signUp(app);
    const second = await signUp(app);
    const id = await startCheck(first, trickleOrigin);
    await waitUntil(() => worker.activeJobs === 1, {
      timeoutMs: 5_000,
      what: 'the discovery to start',
    });

    const cancelled = await call(app, 'POST', `/api/site-checks/${id}/cancel`, {
      cookie: first.cookie,
    });
    expect(cancelled.statusCode).toBe(200);
    const cancelledAt = Date.now();
    await waitUntil(() => worker.activeJobs === 0, { timeoutMs: 3_000, what: 'the slot to free' });
    expect(Date.now() - cancelledAt).toBeLessThan(2_000);

    // Two accounts start trickling discoveries: only one may hold a slot of the two.
    await startCheck(first, trickleOrigin);
    await startCheck(second, trickleOrigin);
    await waitUntil(() => worker.activeJobs === 1, { timeoutMs: 5_000, what: 'a discovery' });

    const created = await app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { url: `${plain.url('/page')}` },
    });
    expect(created.statusCode).toBe(201);
    const token = created.json().accessToken as string;
    const report = await waitUntil(
      async () => {
        const read = (await app.inject(`/api/reports/${token}`)).json().report;
        return read.status === 'completed' || read.status === 'failed' ? read : undefined;
      },
      { timeoutMs: 10_000, what: 'the anonymous report' },
    );
    expect(report.status).toBe('completed');
  }, 60_000);

  it('a discovery ends at its deadline with fetch_timeout and costs one page of the allowance', async () => {
    const account = await signUp(app);
    const id = await startCheck(account, trickleOrigin);
    await waitUntil(async () => ((await statusOf(account, id)) === 'failed' ? true : undefined), {
      timeoutMs: 20_000,
      what: 'the discovery deadline',
    });
    const check = (
      await call(app, 'GET', `/api/site-checks/${id}`, { cookie: account.cookie })
    ).json().siteCheck;
    expect(check.errorCode ?? check.error_code).toBe('fetch_timeout');
    const left = await app.limits.remaining(
      app.database.db,
      SITE_PAGE_POLICY,
      `user:${account.userId}`,
    );
    expect(left).toBe((SITE_PAGE_POLICY.rules[0]?.limit ?? 0) - 1);
  }, 60_000);
});
