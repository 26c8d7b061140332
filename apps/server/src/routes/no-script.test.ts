import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import {
  buildTestApp,
  HEALTHY_PAGE,
  startTestSite,
  type TestSite,
} from '../test-support/test-app.ts';

let app: FastifyInstance;
let database: Database;
let site: TestSite;
let webRoot: string;

beforeAll(async () => {
  site = await startTestSite({ '/': { body: HEALTHY_PAGE }, '/gone': { status: 404, body: '' } });
  // Just the SPA fallback: enough to see /report handed to the web app.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-web-'));
  fs.writeFileSync(path.join(webRoot, '__spa-fallback.html'), '<div id="spa-shell"></div>');
  ({ app, database } = await buildTestApp({ WEB_DIST_DIR: webRoot, RATE_LIMITS: 'on' }));
});

afterAll(async () => {
  await app.close();
  await site.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** A client address of its own per test: the limits are on and PostgreSQL keeps old rows. */
const freshAddress = () =>
  `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::7`;

const get = (url: string, remoteAddress = freshAddress()) =>
  app.inject({ method: 'GET', url, remoteAddress });

describe('GET /report?url= (no-script fallback)', () => {
  it('creates the report and redirects 303 to the report screen', async () => {
    const response = await get(`/report?url=${encodeURIComponent(site.url('/'))}`);
    expect(response.statusCode).toBe(303);
    const location = response.headers.location as string;
    expect(location).toMatch(/^\/report\?token=[\w-]{43}$/);
    const token = location.split('=')[1];
    const report = await app.inject({ method: 'GET', url: `/api/reports/${token}` });
    expect(report.statusCode).toBe(200);
    expect(report.json().report.url).toBe(site.url('/'));
  });

  it.each([
    ['/report?url=', 400, 'URL Required', 'Please enter a website URL to analyze.'],
    [
      '/report?url=ftp%3A%2F%2Fexample.com',
      400,
      'Only HTTP and HTTPS',
      'Only http:// and https://',
    ],
  ])('answers %s with a plain HTML error page', async (url, status, title, text) => {
    const response = await get(url);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<h1>${title}</h1>`);
    expect(response.body).toContain(text);
    expect(response.body).not.toContain('<script');
  });

  it('shows fetch failures with the catalogue title, description and action, escaped', async () => {
    const response = await get(`/report?url=${encodeURIComponent(site.url('/gone'))}`);
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('<h1>Page Not Found</h1>');
    expect(response.body).toContain('The site answered 404: the page does not exist.');
    expect(response.body).toContain('Check the address for typos.');
  });

  it('applies the report limits, with Retry-After', async () => {
    const address = freshAddress();
    const urlId = await app.reports.upsertUrl(site.url('/seeded'));
    const { addressGroup } = await import('../services/requester.ts');
    await database.db.execute(sql`
      insert into reports (url_id, access_token, requester_key, status, created_at)
      select ${urlId}, gen_random_uuid()::text, ${addressGroup(address)}, 'completed',
             now() - interval '1 hour'
      from generate_series(1, 100)`);
    const response = await get(`/report?url=${encodeURIComponent(site.url('/'))}`, address);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.body).toContain('<h1>Daily Limit Reached</h1>');
  });

  it('does not create anything for HEAD', async () => {
    const before = site.hits.get('/') ?? 0;
    const response = await app.inject({
      method: 'HEAD',
      url: `/report?url=${encodeURIComponent(site.url('/'))}`,
    });
    expect(response.statusCode).toBe(200);
    expect(site.hits.get('/') ?? 0).toBe(before);
  });
});

describe('GET /report without url', () => {
  it.each([
    '/report',
    '/report?token=abc',
    `/report?token=abc&url=${encodeURIComponent('https://example.com')}`,
  ])('%s is the web app’s report screen, as before', async (url) => {
    const before = site.hits.get('/') ?? 0;
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('spa-shell');
    expect(site.hits.get('/') ?? 0).toBe(before);
  });
});
