import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Handler, type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { createAddressGuard } from './address-guard.ts';
import { readRobots } from './robots.ts';
import {
  keyHash,
  readSiteSitemap,
  SITEMAP_LISTING_MAX_DOCUMENTS,
  sitemapListingOf,
} from './sitemap-listing.ts';

const guard = createAddressGuard({ allowPrivate: true });
let server: LocalServer;
let handler: Handler;
const hits: string[] = [];

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  hits.length = 0;
  handler = (_req, res) => res.writeHead(404).end();
});

const urlset = (...paths: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((path) => `<url><loc>${server.origin}${path}</loc></url>`)
    .join('')}</urlset>`;
const xml = (body: string) => (res: Parameters<Handler>[1]) =>
  res.writeHead(200, { 'content-type': 'application/xml' }).end(body);

describe('readSiteSitemap', () => {
  it('reads the sitemaps robots.txt names (indexes followed) and matches pages by crawl key', async () => {
    handler = (req, res) => {
      if (req.url === '/robots.txt') {
        res.writeHead(200).end(`User-agent: *\nAllow: /\nSitemap: ${server.origin}/index.xml\n`);
      } else if (req.url === '/index.xml') {
        xml(
          `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${server.origin}/pages.xml</loc></sitemap></sitemapindex>`,
        )(res);
      } else if (req.url === '/pages.xml') {
        xml(urlset('/', '/shop/chair?utm_source=x', '/shop/Table'))(res);
      } else res.writeHead(404).end();
    };
    const robots = await readRobots(server.url, { guard });
    hits.length = 0;
    const sitemap = await readSiteSitemap(server.url, { guard, robots });
    expect(hits).toEqual(['/index.xml', '/pages.xml']);
    expect(sitemap).toMatchObject({
      status: 'read',
      foundVia: 'robots.txt',
      sitemaps: [`${server.origin}/index.xml`, `${server.origin}/pages.xml`],
      entries: 3,
      truncated: false,
    });
    const page = (path: string, requested = path) =>
      sitemapListingOf(sitemap, {
        finalUrl: `${server.origin}${path}`,
        requestedUrl: `${server.origin}${requested}`,
      });
    expect(page('/shop/chair#reviews').listed).toBe(true);
    expect(page('/shop/chair').listed).toBe(true);
    expect(page('/shop/table').listed).toBe(false);
    expect(page('/new/table', '/shop/Table')).toMatchObject({
      listed: false,
      requestedListed: true,
    });
    expect(page('/shop/Table')).not.toHaveProperty('keys');
  });

  it('falls back to /sitemap.xml and reads robots.txt itself when not given it', async () => {
    handler = (req, res) => {
      if (req.url === '/sitemap.xml') xml(urlset('/a'))(res);
      else res.writeHead(404).end();
    };
    const sitemap = await readSiteSitemap(server.url, { guard });
    expect(hits).toEqual(['/robots.txt', '/sitemap.xml']);
    expect(sitemap).toMatchObject({ status: 'read', foundVia: '/sitemap.xml', entries: 1 });
  });

  it('tells a site without a sitemap from one whose sitemap fails for now', async () => {
    expect(await readSiteSitemap(server.url, { guard })).toMatchObject({ status: 'none' });
    handler = (req, res) => res.writeHead(req.url === '/robots.txt' ? 404 : 503).end();
    expect(await readSiteSitemap(server.url, { guard })).toMatchObject({
      status: 'unreachable',
    });
    handler = (req, res) =>
      req.url === '/robots.txt'
        ? res.writeHead(404).end()
        : res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>home');
    expect(await readSiteSitemap(server.url, { guard })).toMatchObject({ status: 'none' });
  });

  it('reads at most its document budget of an endless index, and says it was cut short', async () => {
    let n = 0;
    handler = (req, res) => {
      if (req.url === '/robots.txt') return res.writeHead(404).end();
      n += 1;
      xml(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from(
          { length: 30 },
          (_, i) => `<sitemap><loc>${server.origin}/s-${n}-${i}.xml</loc></sitemap>`,
        ).join('')}</sitemapindex>`,
      )(res);
    };
    const sitemap = await readSiteSitemap(server.url, { guard });
    expect(n).toBeLessThanOrEqual(SITEMAP_LISTING_MAX_DOCUMENTS);
    expect(sitemap).toMatchObject({ status: 'read', truncated: true, entries: 0 });
  });

  it('stops at its deadline and says so', async () => {
    handler = (req, res) => {
      if (req.url === '/robots.txt') res.writeHead(404).end();
      // never answers /sitemap.xml
    };
    const sitemap = await readSiteSitemap(server.url, { guard, deadlineMs: 200 });
    expect(sitemap.status).toBe('unreachable');
  });
});

describe('keyHash', () => {
  it('gives distinct keys distinct hashes', () => {
    const hashes = new Set(
      Array.from({ length: 50_000 }, (_, i) => keyHash(`https://example.com/p/${i}`)),
    );
    expect(hashes.size).toBe(50_000);
    expect(Number.isSafeInteger(keyHash('https://example.com/'))).toBe(true);
  });
});
