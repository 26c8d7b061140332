import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppWith, buildTestApp, testConfig } from '../test-support/test-app.ts';
import { inlineScriptHashes } from './security.ts';

const INLINE_SCRIPT = 'window.__context = {"route":"home"};';
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

let app: FastifyInstance;
let webRoot: string;

beforeAll(async () => {
  // A web build with an inline script, one with a src (not hashed), and the SPA fallback.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-web-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    `<html><head><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/a.js"></script></head></html>`,
  );
  fs.writeFileSync(
    path.join(webRoot, '__spa-fallback.html'),
    `<div id="spa"></div><script type="module" async="">import "/assets/b.js";</script>`,
  );
  ({ app } = await buildTestApp({ WEB_DIST_DIR: webRoot }));
});

afterAll(async () => {
  await app.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const policy = (headers: Record<string, unknown>) =>
  String(headers['content-security-policy'] ?? '');

describe('security headers', () => {
  it('are on pages, API answers, errors and 404s', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/' },
      { method: 'GET' as const, url: '/healthz' },
      { method: 'GET' as const, url: `/api/reports/${'A'.repeat(43)}` },
      { method: 'GET' as const, url: '/api/nothing-here' },
      { method: 'POST' as const, url: '/api/contact', payload: {} },
    ]) {
      const response = await app.inject(request);
      const label = `${request.method} ${request.url}`;
      expect(policy(response.headers), label).toContain("default-src 'self'");
      expect(policy(response.headers), label).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], label).toBe('nosniff');
      expect(response.headers['referrer-policy'], label).toBe('no-referrer');
      expect(response.headers['access-control-allow-origin'], label).toBeUndefined();
    }
  });

  it('allow scripts from this origin and exactly the built pages’ inline scripts', async () => {
    const response = await app.inject('/');
    const scriptSrc = policy(response.headers)
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(
      `script-src 'self' '${[sha256(INLINE_SCRIPT), sha256('import "/assets/b.js";')].sort().join("' '")}'`,
    );
    expect(policy(response.headers)).toContain("script-src-attr 'none'");
    expect(inlineScriptHashes(path.join(webRoot, 'missing'))).toEqual([]);
  });

  it('upgrade insecure requests only when the public address is https', async () => {
    expect(policy((await app.inject('/healthz')).headers)).not.toContain(
      'upgrade-insecure-requests',
    );
    const secure = await buildAppWith(testConfig({ PUBLIC_URL: 'https://crawlwise.example.com' }), {
      database: app.database,
      engine: app.engine,
    });
    try {
      expect(policy((await secure.inject('/healthz')).headers)).toContain(
        'upgrade-insecure-requests',
      );
    } finally {
      await secure.close();
    }
  });
});

describe('request bodies', () => {
  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'email=a%40b.co'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('refuses %s with 415 invalid_request', async (type, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/partner-waitlist',
      headers: { 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ ok: false, error: 'invalid_request' });
  });

  it('refuses a body over 16 KB with 413 invalid_request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A', email: 'a@example.com', message: 'x'.repeat(17 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ ok: false, error: 'invalid_request' });
  });
});

describe('same origin', () => {
  const join = (headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/partner-waitlist',
      headers: { host: 'crawlwise.example.com', ...headers },
      payload: { email: 'nope' }, // invalid on purpose: reaching the route answers 400
    });

  it('refuses writes whose Origin is another site with 403 invalid_request', async () => {
    for (const origin of [
      'https://evil.example',
      'https://crawlwise.example.com.evil.example',
      'http://crawlwise.example.com:8080',
      'null',
    ]) {
      const response = await join({ origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json(), origin).toEqual({
        ok: false,
        error: 'invalid_request',
        message: 'Cross-origin requests are not allowed.',
      });
    }
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      const response = await app.inject({
        method,
        url: `/api/reports/${'A'.repeat(43)}`,
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode, method).toBe(403);
    }
  });

  it('lets same-origin writes and clients without Origin through', async () => {
    const cases: Array<Record<string, string>> = [
      { origin: 'https://crawlwise.example.com' },
      { origin: 'http://crawlwise.example.com' },
      { origin: 'https://crawlwise.example.com:443', host: 'crawlwise.example.com:443' },
      {},
    ];
    for (const headers of cases) {
      const response = await join(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(400);
    }
  });

  it('refuses writes a browser marks as cross-site even without Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await join({ 'sec-fetch-site': site });
      expect(response.statusCode, site).toBe(403);
    }
    for (const site of ['same-origin', 'none']) {
      const response = await join({ 'sec-fetch-site': site });
      expect(response.statusCode, site).toBe(400);
    }
  });

  it('decides "Origin: null" (a form POST under no-referrer) by Sec-Fetch-Site', async () => {
    // What Chromium sends for the no-script form on this site's own confirm page.
    const sameOrigin = await join({ origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(400);
    for (const site of ['cross-site', 'same-site', 'none']) {
      const response = await join({ origin: 'null', 'sec-fetch-site': site });
      expect(response.statusCode, site).toBe(403);
    }
    expect((await join({ origin: 'null' })).statusCode).toBe(403);
  });

  it('does not block reads from elsewhere (a link is fine)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});
