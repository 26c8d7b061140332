import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PUBLIC_ORIGIN_PLACEHOLDER } from '@crawlwise/shared/public-origin';
import { PRERENDERED_ROUTES } from '@crawlwise/shared/routes';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../plugins/compression.ts';
import { buildTestApp } from '../test-support/test-app.ts';

const PUBLIC_URL = 'https://crawlwise.example.com';

/** A page head like the build writes it: absolute addresses on the placeholder origin. */
const PAGE_HEAD = `<link rel="canonical" href="${PUBLIC_ORIGIN_PLACEHOLDER}/features"/><meta property="og:url" content="${PUBLIC_ORIGIN_PLACEHOLDER}/features"/><meta property="og:image" content="${PUBLIC_ORIGIN_PLACEHOLDER}/og-image.png"/>`;
/** Enough text that the page is above the compression threshold. */
const FILLER = '<p>Crawlwise sees your page the way a search crawler does.</p>'.repeat(40);
/** A built script asset, with the brotli and gzip files the build writes next to it. */
const BIG_SCRIPT = `export const words=${JSON.stringify('crawler '.repeat(400))};`;

/** A miniature web build with the layout React Router produces (see packages/shared/src/routes.ts). */
function fakeWebBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-web-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write('index.html', '<h1>home page</h1>');
  write('features/index.html', `<head>${PAGE_HEAD}</head><h1>features page</h1>${FILLER}`);
  write('features/word-count/index.html', '<h1>word count page</h1>');
  write('404/index.html', '<h1>Oops! Page not found</h1>');
  write('__spa-fallback.html', '<div id="spa-shell"></div>');
  write('assets/app-abc123.js', 'console.log(1)');
  write('assets/big-abc123.js', BIG_SCRIPT);
  fs.writeFileSync(path.join(root, 'assets/big-abc123.js.br'), zlib.brotliCompressSync(BIG_SCRIPT));
  fs.writeFileSync(path.join(root, 'assets/big-abc123.js.gz'), zlib.gzipSync(BIG_SCRIPT));
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

let app: FastifyInstance;
let root: string;

beforeAll(async () => {
  root = fakeWebBuild();
  ({ app } = await buildTestApp({ WEB_DIST_DIR: root, PUBLIC_URL: `${PUBLIC_URL}/` }));
});

afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('serving the web build', () => {
  it.each([
    ['/', 'home page'],
    ['/features', 'features page'],
    ['/features/', 'features page'],
    ['/features/word-count', 'word count page'],
  ])('serves the prerendered page for %s', async (url, text) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain(text);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(Date.parse(String(response.headers['last-modified']))).not.toBeNaN();
  });

  it.each(['/report', '/report?token=abc', '/auth', '/profile'])(
    'serves the SPA shell for the client-only screen %s',
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('spa-shell');
    },
  );

  it.each(['/no-such-page', '/features/bogus', '/404', '/features/word-count/extra'])(
    'answers %s with HTTP 404 and the 404 page',
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Oops! Page not found');
    },
  );

  it('serves hashed assets with long caching', async () => {
    const response = await app.inject('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the content security policy with pages, not with scripts', async () => {
    const page = await app.inject('/features');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await app.inject('/assets/big-abc123.js');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    const icon = await app.inject('/favicon.svg');
    expect(icon.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers unknown API routes with JSON, not the 404 page', async () => {
    const response = await app.inject('/api/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: 'invalid_request' });
  });
});

/** The body as the browser sees it, whichever encoding the server chose. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
  return response.body;
}

describe('compression', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
  ])('compresses an HTML page for Accept-Encoding %s with %s', async (accept, encoding) => {
    const response = await app.inject({ url: '/features', headers: { 'accept-encoding': accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(FILLER.length / 4);
    expect(decoded(response)).toContain('features page');
  });

  it('sends the page as it is to a client that accepts no compression', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await app.inject({ url: '/features', headers });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toContain('features page');
    }
  });

  it('leaves answers below the threshold uncompressed', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('home page');
  });

  it('compresses JSON above the threshold', async () => {
    const response = await app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(response))).toHaveProperty('openapi');
  });

  it.each([
    ['br', 'br', '.br'],
    ['gzip', 'gzip', '.gz'],
  ])('serves the precompressed %s file of a built asset', async (accept, encoding, suffix) => {
    const response = await app.inject({
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const onDisk = fs.readFileSync(path.join(root, `assets/big-abc123.js${suffix}`));
    expect(response.rawPayload.equals(onDisk)).toBe(true);
    expect(decoded(response)).toBe(BIG_SCRIPT);
  });

  it('serves the plain asset when no encoding is accepted', async () => {
    const response = await app.inject({
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(BIG_SCRIPT);
  });
});

describe('HTML validators', () => {
  it('answers a conditional request for an unchanged page with 304 and no body', async () => {
    const first = await app.inject('/features');
    const byTag = await app.inject({
      url: '/features',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    expect(byTag.headers.etag).toBe(first.headers.etag);
    const byDate = await app.inject({
      url: '/features',
      headers: { 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(byDate.statusCode).toBe(304);
  });

  it('sends the page again when the ETag does not match', async () => {
    const response = await app.inject({
      url: '/features',
      headers: { 'if-none-match': '"an-older-release"' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('features page');
  });

  it('never answers the 404 page with 304', async () => {
    const first = await app.inject('/no-such-page');
    const again = await app.inject({
      url: '/no-such-page',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('public addresses', () => {
  it('writes the absolute canonical, og:url and og:image on PUBLIC_URL into the pages', async () => {
    const body = (await app.inject('/features')).body;
    expect(body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/features"/>`);
    expect(body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/features"/>`);
    expect(body).toContain(`<meta property="og:image" content="${PUBLIC_URL}/og-image.png"/>`);
    expect(body).not.toContain(PUBLIC_ORIGIN_PLACEHOLDER);
  });

  it('lists every marketing page in robots.txt and sitemap.xml with absolute addresses', async () => {
    const robots = await app.inject('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robots.body).not.toMatch(/^Disallow: \/$/m);

    const sitemap = await app.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PRERENDERED_ROUTES.map((route) => `${PUBLIC_URL}${route}`));
    expect(locations).toContain(`${PUBLIC_URL}/`);
  });

  it('uses http://localhost:PORT without PUBLIC_URL', async () => {
    const { app: plain } = await buildTestApp({ WEB_DIST_DIR: root, PORT: '4321' });
    try {
      const body = (await plain.inject('/features')).body;
      expect(body).toContain('<link rel="canonical" href="http://localhost:4321/features"/>');
      expect((await plain.inject('/robots.txt')).body).toContain(
        'Sitemap: http://localhost:4321/sitemap.xml',
      );
    } finally {
      await plain.close();
    }
  });
});
