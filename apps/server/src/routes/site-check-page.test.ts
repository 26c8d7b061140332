import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test-support/accounts.ts';
import { buildTestApp } from '../test-support/test-app.ts';

/**
 * /site-check (a crawl's audit workspace): the SPA fallback with the screen's own scripts
 * preloaded, as the web build names them in route-preloads.json, so they load beside the app's
 * entry (issue 20.6). Other screens of the app keep the plain fallback.
 */

const FALLBACK =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/></head><body><main id="main">Loading Crawlwise...</main><script type="module">import("/assets/entry.js")</script></body></html>';

let app: FastifyInstance;
let buildDir: string;

beforeAll(async () => {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-web-'));
  const root = path.join(buildDir, 'client');
  fs.mkdirSync(root);
  fs.writeFileSync(path.join(root, '__spa-fallback.html'), FALLBACK);
  fs.writeFileSync(
    path.join(buildDir, 'route-preloads.json'),
    JSON.stringify({
      '/report': ['/assets/report-abc123.js'],
      '/site-check': ['/assets/site-check-def456.js', '/assets/card-0a1b2c.js', '"><script>'],
    }),
  );
  ({ app } = await buildTestApp({ WEB_DIST_DIR: root }));
}, 180_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('the audit workspace page', () => {
  it('preloads the screen’s scripts the build names, in the head, and nothing else', async () => {
    const response = await app.inject(
      '/site-check?id=00000000-0000-4000-8000-000000000000&tab=links',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const head = headOf(response.body);
    expect(head).toContain('<link rel="modulepreload" href="/assets/site-check-def456.js">');
    expect(head).toContain('<link rel="modulepreload" href="/assets/card-0a1b2c.js">');
    expect(head).not.toContain('<script>');
    expect(response.body).not.toContain('report-abc123');
    // The rest is the fallback as built.
    expect(response.body.replace(/<link rel="modulepreload"[^>]*>/g, '')).toBe(FALLBACK);
  });

  it('has an ETag of its own, and a fresh copy is answered 304', async () => {
    const first = await app.inject('/site-check?id=a');
    const fallback = await app.inject('/profile');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.body).toBe(FALLBACK);
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers.etag).not.toBe(fallback.headers.etag);
    const again = await app.inject({
      url: '/site-check?id=b',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('preloads the check’s overview for a signed-in reader, and the API alone decides', async () => {
    const reader = await signUp(app);
    const id = '11111111-2222-4333-8444-555555555555';
    const response = await app.inject({
      url: `/site-check?id=${id}&tab=overview`,
      headers: { cookie: reader.cookie },
    });
    expect(response.statusCode).toBe(200);
    const link = `<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/site-checks/${id}/audit/overview">`;
    expect(headOf(response.body)).toContain(link);
    // It depends on who asks: no shared cache keeps it.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    // Only the address the reader asked for: the page holds nothing of the check itself (the
    // preloads and the fallback as built)...
    expect(response.body.replace(link, '').replace(/<link rel="modulepreload"[^>]*>/g, '')).toBe(
      FALLBACK,
    );
    // ...and what the preload fetches is the API's answer under the API's rules: no check of
    // this reader's has that id.
    const api = await app.inject({
      url: `/api/site-checks/${id}/audit/overview`,
      headers: { cookie: reader.cookie },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('site_check_not_found');
    // A revalidation of the same page is answered 304.
    const again = await app.inject({
      url: `/site-check?id=${id}&tab=overview`,
      headers: { cookie: reader.cookie, 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('preloads no overview when signed out, without an id, or for an id that is not one', async () => {
    const reader = await signUp(app);
    const id = '11111111-2222-4333-8444-555555555555';
    const signedOut = await app.inject(`/site-check?id=${id}`);
    expect(signedOut.body).not.toContain('rel="preload"');
    expect(signedOut.headers['cache-control']).toBe('no-cache');
    for (const url of ['/site-check', '/site-check?id=', '/site-check?id=%22%3E%3Cscript%3E']) {
      const response = await app.inject({ url, headers: { cookie: reader.cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('rel="preload"');
      expect(response.body, url).not.toContain('<script>');
    }
  });
});
