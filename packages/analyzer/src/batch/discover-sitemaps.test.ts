import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressGuard } from '../gather/address-guard.ts';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { discoverSitemaps } from './discover-sitemaps.ts';

const urlset = (urls: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((url) => `<url><loc>${url}</loc></url>`)
    .join('')}</urlset>`;

/** One local server plays three sites, told apart by a path prefix. */
describe('discoverSitemaps', () => {
  let site: LocalServer;
  const guard = createAddressGuard({ allowPrivate: true });

  beforeAll(async () => {
    site = await startHttpServer((req, res) => {
      const xml = (body: string) =>
        res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
      const text = (body: string) => res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
      switch (req.url) {
        case '/robots.txt':
          // Two Sitemap lines, one failing: the other is still read.
          return text(
            `User-agent: *\nDisallow:\nSitemap: ${site.origin}/a.xml\nSitemap: ${site.origin}/gone.xml\nSitemap: ${site.origin}/b.xml\n`,
          );
        case '/a.xml':
          return xml(urlset([`${site.origin}/1`, `${site.origin}/2`]));
        case '/b.xml':
          return xml(urlset([`${site.origin}/2`, `${site.origin}/3`]));
        default:
          res.writeHead(404).end();
      }
    });
  });
  afterAll(() => site.close());

  it('reads every sitemap robots.txt names, without repeating an address', async () => {
    const found = await discoverSitemaps(site.url, { guard });
    expect(found.foundVia).toBe('robots.txt');
    expect(found.urls).toEqual([`${site.origin}/1`, `${site.origin}/2`, `${site.origin}/3`]);
    expect(found.failures).toEqual([expect.objectContaining({ url: `${site.origin}/gone.xml` })]);
  });

  it('stops at maxUrls', async () => {
    const found = await discoverSitemaps(site.url, { guard, maxUrls: 1 });
    expect(found.urls).toEqual([`${site.origin}/1`]);
    expect(found.truncated).toBe(true);
  });
});

describe('discoverSitemaps without robots.txt Sitemap lines', () => {
  let site: LocalServer;
  let hasSitemap = true;
  const guard = createAddressGuard({ allowPrivate: true });

  beforeAll(async () => {
    site = await startHttpServer((req, res) => {
      if (req.url === '/sitemap.xml' && hasSitemap) {
        return res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(urlset([`${site.origin}/only`]));
      }
      res.writeHead(404).end();
    });
  });
  afterAll(() => site.close());

  it('falls back to /sitemap.xml', async () => {
    const found = await discoverSitemaps(site.url, { guard });
    expect(found).toMatchObject({ foundVia: '/sitemap.xml', urls: [`${site.origin}/only`] });
  });

  it('throws no_sitemap when nothing can be read', async () => {
    hasSitemap = false;
    await expect(discoverSitemaps(site.url, { guard })).rejects.toMatchObject({
      code: 'no_sitemap',
    });
  });
});
