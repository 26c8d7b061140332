import type { AddressInfo } from 'node:net';
import { createCrawlwiseClient } from '@crawlwise/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type TestAccount } from '../test-support/accounts.ts';
import { buildTestApp, startTestSite, type TestSite } from '../test-support/test-app.ts';

/**
 * The typed client (packages/client) against the running server: a real listening socket on
 * loopback, real tokens, typed bodies and answers.
 */

let app: FastifyInstance;
let site: TestSite;
let owner: TestAccount;
let baseUrl = '';

beforeAll(async () => {
  site = await startTestSite({ '/': { body: '<!doctype html><title>Home</title>' } });
  ({ app } = await buildTestApp());
  owner = await signUp(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.close();
  await site.close();
});

async function tokenOf(scope: 'read' | 'write') {
  const answer = await call(app, 'POST', '/api/me/tokens', {
    cookie: owner.cookie,
    payload: { name: `client ${scope}`, scope },
  });
  expect(answer.statusCode).toBe(201);
  return (answer.json() as { secret: string }).secret;
}

describe('the typed client', () => {
  it('reads and writes with a token, with typed answers and catalogue errors', async () => {
    const writer = createCrawlwiseClient({ baseUrl: `${baseUrl}/`, token: await tokenOf('write') });
    const started = await writer.POST('/api/site-checks', {
      body: { siteUrl: site.url('/'), source: 'list', list: site.url('/') },
    });
    expect(started.response.status).toBe(201);
    expect(started.data?.siteCheck.counts.total).toBe(1);

    const reader = createCrawlwiseClient({ baseUrl, token: await tokenOf('read') });
    const checks = await reader.GET('/api/site-checks');
    expect(checks.data?.siteChecks.map((check) => check.id)).toContain(started.data?.siteCheck.id);
    const refused = await reader.POST('/api/site-checks', {
      body: { siteUrl: site.url('/'), source: 'sitemap' },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ ok: false, error: 'token_scope' });

    const stranger = createCrawlwiseClient({ baseUrl, token: 'cw_not-a-real-token' });
    const unknown = await stranger.GET('/api/me/reports');
    expect(unknown.response.status).toBe(401);
    expect(unknown.data).toBeUndefined();
  });
});
