import { SCORE_MODEL_VERSION } from '@crawlwise/analyzer/score/score-config';
import { reportSchema } from '@crawlwise/shared/report';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import {
  buildTestApp,
  HEALTHY_PAGE,
  startTestSite,
  type TestSite,
  testWorker,
  waitForReport,
} from '../test-support/test-app.ts';
import type { Worker } from '../worker/worker.ts';

let app: FastifyInstance;
let database: Database;
let site: TestSite;
let worker: Worker;

beforeAll(async () => {
  site = await startTestSite({
    '/': { body: HEALTHY_PAGE },
    '/again': { body: HEALTHY_PAGE },
    // Many problems: no title, description, viewport, lang, h1 or alt texts.
    '/poor': { body: '<html><body><img src="a.png"><img src="b.png"><p>Short.</p></body></html>' },
    '/forbidden': { status: 403, body: 'no bots' },
    '/broken': { status: 500, body: 'oops' },
    '/data.json': { type: 'application/json', body: '{}' },
  });
  ({ app, database } = await buildTestApp());
  worker = testWorker(app, { concurrency: 2 });
  await worker.start();
});

afterAll(async () => {
  await worker.stop();
  await app.close();
  await site.close();
});

const createReport = (url: unknown) =>
  app.inject({ method: 'POST', url: '/api/reports', payload: { url } });

describe('POST /api/reports → worker → GET /api/reports/:token', () => {
  it('fetches once, queues, analyses and completes the report with a score', async () => {
    const created = await createReport(site.url('/'));
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toEqual({ ok: true, accessToken: expect.stringMatching(/^[\w-]{43}$/) });

    const report = await waitForReport(app, body.accessToken);
    expect(report.status).toBe('completed');
    expect(report.score).toEqual(expect.any(Number));
    expect(report.score as number).toBeGreaterThan(0);
    // Stored with the score model that computed it, so a later model cannot change its meaning.
    expect(report.score_model).toBe(SCORE_MODEL_VERSION);
    expect(report.url).toBe(site.url('/'));
    expect(report.url_id).toEqual(expect.any(String));
    expect(report.completed_at).toEqual(expect.any(String));
    const issues = report.issues as Array<{ id: string; severity: string }>;
    expect(issues.map((issue) => issue.id)).toContain('title');
    // The answer is exactly the shared report contract: nothing missing, nothing extra.
    expect(reportSchema.parse(report)).toEqual(report);
    // The worker analysed the document fetched by the create call: one request, not two.
    expect(site.hits.get('/')).toBe(1);
  });

  it('locks the fourth and later top issues for an anonymous reader', async () => {
    const created = await createReport(site.url('/poor'));
    const report = await waitForReport(app, created.json().accessToken);
    const top = (report.issues as Array<Record<string, unknown>>).filter(
      (issue) => issue.severity !== 'success',
    );
    expect(top.length).toBeGreaterThan(3);
    expect(reportSchema.parse(report)).toEqual(report);
    for (const issue of top.slice(0, 3)) expect(issue.message).toEqual(expect.any(String));
    for (const issue of top.slice(3)) {
      expect(issue).toEqual({
        id: expect.any(String),
        severity: issue.severity,
        category: expect.any(String),
        locked: true,
      });
    }
  });

  it('stores one url row for one normalised address', async () => {
    const first = await createReport(site.url('/again'));
    const second = await createReport(`${site.url('/again')}#section`);
    const a = await waitForReport(app, first.json().accessToken);
    const b = await waitForReport(app, second.json().accessToken);
    expect(a.url_id).toBe(b.url_id);
    expect(a.id).not.toBe(b.id);
  });

  it.each([
    [undefined, 400, 'missing_url'],
    ['   ', 400, 'missing_url'],
    ['ftp://example.com/file', 400, 'unsupported_protocol'],
    [`https://example.com/${'a'.repeat(2100)}`, 400, 'url_too_long'],
    ['http://exa mple.com', 400, 'invalid_url'],
  ])('refuses %s with %s %s', async (url, status, code) => {
    const response = await createReport(url);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ ok: false, error: code });
  });

  it('answers fetch failures at once with their catalogue codes', async () => {
    const cases: Array<[string, string]> = [
      [site.url('/missing'), 'http_error_404'],
      [site.url('/forbidden'), 'http_error_403'],
      [site.url('/broken'), 'http_error_500'],
      [site.url('/data.json'), 'invalid_content_type'],
    ];
    for (const [url, code] of cases) {
      const response = await createReport(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json(), url).toMatchObject({ ok: false, error: code });
    }
  });

  it('answers report_not_found for unknown and malformed tokens', async () => {
    for (const token of ['x'.repeat(43), 'short', '../../etc/passwd']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/reports/${encodeURIComponent(token)}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ ok: false, error: 'report_not_found' });
    }
  });

  it('answers report_deleted and report_expired (410), keeping the data', async () => {
    const deleted = (await createReport(site.url('/'))).json().accessToken as string;
    const expired = (await createReport(site.url('/'))).json().accessToken as string;
    await waitForReport(app, deleted);
    await waitForReport(app, expired);
    const { sql } = await import('drizzle-orm');
    await database.db.execute(
      sql`update reports set deleted_at = now() where access_token = ${deleted}`,
    );
    await database.db.execute(
      sql`update reports set created_at = now() - interval '31 days' where access_token = ${expired}`,
    );
    const a = await app.inject({ method: 'GET', url: `/api/reports/${deleted}` });
    expect(a.statusCode).toBe(410);
    expect(a.json()).toMatchObject({ ok: false, error: 'report_deleted' });
    const b = await app.inject({ method: 'GET', url: `/api/reports/${expired}` });
    expect(b.statusCode).toBe(410);
    expect(b.json()).toMatchObject({ ok: false, error: 'report_expired' });
  });

  it('refuses malformed JSON bodies with invalid_request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { 'content-type': 'application/json' },
      payload: '{"url":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'invalid_request' });
  });
});

describe('private targets', () => {
  it('are refused unless ALLOW_PRIVATE_TARGETS is set', async () => {
    const { app: strictApp } = await buildTestApp({ ALLOW_PRIVATE_TARGETS: '0' });
    const hitsBefore = site.hits.get('/') ?? 0;
    try {
      for (const url of [
        site.url('/'),
        'http://localhost/',
        'http://[::1]/',
        'http://2130706433/',
      ]) {
        const response = await strictApp.inject({
          method: 'POST',
          url: '/api/reports',
          payload: { url },
        });
        expect(response.json(), url).toMatchObject({ ok: false, error: 'private_ip' });
      }
      // Refused before any connection: the local site saw no new request.
      expect(site.hits.get('/') ?? 0).toBe(hitsBefore);
    } finally {
      await strictApp.close();
    }
  });
});

describe('reading finished reports', () => {
  it('serves them from memory briefly, and shows a deletion by this process at once', async () => {
    const { app: cached, database: db } = await buildTestApp({ REPORT_READ_CACHE_MS: '60000' });
    const cachedWorker = testWorker(cached);
    await cachedWorker.start();
    try {
      const created = await cached.inject({
        method: 'POST',
        url: '/api/reports',
        payload: { url: `${site.url('/')}?cache=${Date.now()}` },
      });
      const token = created.json().accessToken as string;
      const first = await waitForReport(cached, token);
      const { sql } = await import('drizzle-orm');
      await db.db.execute(sql`update reports set score = 1 where access_token = ${token}`);
      const again = (await cached.inject(`/api/reports/${token}`)).json().report;
      expect(again.score).toBe(first.score);
      await db.db.execute(
        sql`update reports set user_id = 'owner-1' where access_token = ${token}`,
      );
      expect(await cached.reports.deleteOwned(token, 'owner-1')).toBe('deleted');
      const gone = await cached.inject(`/api/reports/${token}`);
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({ error: 'report_deleted' });
    } finally {
      await cachedWorker.stop();
      await cached.close();
    }
  });
});
