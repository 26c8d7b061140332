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

/**
 * Issue 25: one budget for a whole discovery. Five robots.txt lines, each an index of 60
 * sitemaps, once made a discovery read 250 documents; another origin's sitemaps were read; a
 * trickling site held a worker for 41 minutes.
 */
describe('discoverSitemaps within one budget', () => {
  let site: LocalServer;
  let other: LocalServer;
  let requests = 0;
  let otherRequests = 0;
  const guard = createAddressGuard({ allowPrivate: true });

  beforeAll(async () => {
    other = await startHttpServer((_req, res) => {
      otherRequests += 1;
      res.writeHead(200, { 'content-type': 'application/xml' }).end(urlset([]));
    });
    site = await startHttpServer((req, res) => {
      requests += 1;
      const xml = (body: string) =>
        res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
      const path = req.url ?? '/';
      if (path === '/robots.txt') {
        const lines = [1, 2, 3, 4, 5].map((n) => `Sitemap: ${site.origin}/index-${n}.xml`);
        return res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end(`User-agent: *\n${lines.join('\n')}\nSitemap: ${other.origin}/elsewhere.xml\n`);
      }
      const index = /^\/index-(\d)\.xml$/.exec(path);
      if (index) {
        const children = Array.from(
          { length: 60 },
          (_, i) => `<sitemap><loc>${site.origin}/child-${index[1]}-${i}.xml</loc></sitemap>`,
        );
        // One more child on another origin (the same host, another port).
        children.push(`<sitemap><loc>${other.origin}/child.xml</loc></sitemap>`);
        return xml(
          `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${children.join('')}</sitemapindex>`,
        );
      }
      if (path === '/slow.xml') return; // never answers
      return xml(urlset([`${site.origin}${path.replace('.xml', '')}`]));
    });
  });
  afterAll(async () => {
    await site.close();
    await other.close();
  });

  it('reads at most 50 documents in all, and nothing on another origin', async () => {
    requests = 0;
    const found = await discoverSitemaps(site.url, { guard });
    // robots.txt plus at most 50 sitemap documents across the five lines.
    expect(requests).toBeLessThanOrEqual(51);
    expect(found.sitemaps.length).toBeLessThanOrEqual(50);
    expect(found.truncated).toBe(true);
    expect(otherRequests).toBe(0);
    expect(found.failures).toContainEqual(
      expect.objectContaining({ url: `${other.origin}/elsewhere.xml`, code: 'invalid_url' }),
    );
  });

  it('stops at the deadline of the whole discovery with fetch_timeout', async () => {
    const slowSite = await startHttpServer((req, res) => {
      if (req.url === '/robots.txt') {
        return res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end(`Sitemap: ${slowSite.origin}/slow.xml\n`);
      }
      // Headers, then nothing: a trickle that would hold a worker.
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.write('<?xml version="1.0"?>');
    });
    try {
      const started = Date.now();
      await expect(
        discoverSitemaps(slowSite.url, { guard, deadlineMs: 500 }),
      ).rejects.toMatchObject({ code: 'fetch_timeout' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await slowSite.close();
    }
  });

  it('stops at once when the caller aborts', async () => {
    const controller = new AbortController();
    const slowSite = await startHttpServer((req, res) => {
      if (req.url === '/robots.txt') {
        return res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end(`Sitemap: ${slowSite.origin}/slow.xml\n`);
      }
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.write('<?xml version="1.0"?>');
      setTimeout(() => controller.abort(), 100);
    });
    try {
      const started = Date.now();
      await expect(
        discoverSitemaps(slowSite.url, { guard, signal: controller.signal, deadlineMs: 60_000 }),
      ).rejects.toBeDefined();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await slowSite.close();
    }
  });
});
