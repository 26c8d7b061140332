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

/** The site's own no-script form: urlencoded, same origin. */
const postForm = (
  url: string,
  headers: Record<string, string> = {},
  remoteAddress = freshAddress(),
) =>
  app.inject({
    method: 'POST',
    url: '/report',
    remoteAddress,
    headers: {
      host: 'crawlwise.example.com',
      origin: 'https://crawlwise.example.com',
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: new URLSearchParams({ url }).toString(),
  });

const reportCount = async () => {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from reports`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n);
};

describe('GET /report?url= (a link from anywhere)', () => {
  it('creates nothing and fetches nothing: it asks to confirm with a form that POSTs', async () => {
    const before = { reports: await reportCount(), hits: site.hits.get('/') ?? 0 };
    const response = await get(`/report?url=${encodeURIComponent(site.url('/'))}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<h1>Analyse this page?</h1>');
    expect(response.body).toContain('<form method="post" action="/report">');
    expect(response.body).toContain(`<input type="hidden" name="url" value="${site.url('/')}">`);
    expect(response.body).not.toContain('<script');
    // Nobody else may frame the confirmation (clickjacking the button).
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect({ reports: await reportCount(), hits: site.hits.get('/') ?? 0 }).toEqual(before);
  });

  it('escapes the address it shows', async () => {
    const response = await get(`/report?url=${encodeURIComponent('https://example.com/"><b>x')}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('"><b>');
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

describe('POST /report (the site’s own no-script form)', () => {
  it('creates the report and redirects 303 to the report screen', async () => {
    const response = await postForm(site.url('/'));
    expect(response.statusCode, response.body).toBe(303);
    const location = response.headers.location as string;
    expect(location).toMatch(/^\/report\?token=[\w-]{43}$/);
    const token = location.split('=')[1];
    const report = await app.inject({ method: 'GET', url: `/api/reports/${token}` });
    expect(report.statusCode).toBe(200);
    expect(report.json().report.url).toBe(site.url('/'));
  });

  it('works from a browser that sends neither header (an older one) and from plain clients', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/report',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `url=${encodeURIComponent(site.url('/'))}`,
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(303);
  });

  it('refuses a form posted from another site, before anything is fetched or created', async () => {
    const before = { reports: await reportCount(), hits: site.hits.get('/') ?? 0 };
    const attempts: Array<Record<string, string>> = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const response = await app.inject({
        method: 'POST',
        url: '/report',
        remoteAddress: freshAddress(),
        headers: {
          host: 'crawlwise.example.com',
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        payload: `url=${encodeURIComponent(site.url('/'))}`,
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect({ reports: await reportCount(), hits: site.hits.get('/') ?? 0 }).toEqual(before);
  });

  it('shows fetch failures with the catalogue title, description and action', async () => {
    const response = await postForm(site.url('/gone'));
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('<h1>Page Not Found</h1>');
    expect(response.body).toContain('The site answered 404: the page does not exist.');
    expect(response.body).toContain('Check the address for typos.');
  });

  it('answers a missing address with its error page', async () => {
    const response = await postForm('');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<h1>URL Required</h1>');
  });

  it('applies the report limits, with Retry-After', async () => {
    const address = freshAddress();
    const { addressGroup } = await import('../services/requester.ts');
    await database.db.execute(sql`
      insert into throttle_events (kind, requester_key, created_at)
      select 'page_fetch', ${addressGroup(address)}, now() - interval '1 hour'
      from generate_series(1, 100)`);
    const response = await postForm(site.url('/'), {}, address);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.body).toContain('<h1>Daily Limit Reached</h1>');
  });

  it('accepts urlencoded bodies on this route only: the API stays JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `url=${encodeURIComponent(site.url('/'))}`,
    });
    expect(response.statusCode).toBe(415);
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
