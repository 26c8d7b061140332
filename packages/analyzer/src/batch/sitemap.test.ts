import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressGuard } from '../gather/address-guard.ts';
import { codeOf } from '../test-support/guard-helpers.ts';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { guardFor } from './command.ts';
import { parseSitemap, readSitemap } from './sitemap.ts';

const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((u) => `<url><loc>${u}</loc><lastmod>2026-01-01</lastmod></url>`)
    .join('\n')}</urlset>`;
const index = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((u) => `<sitemap><loc>${u}</loc></sitemap>`)
    .join('')}</sitemapindex>`;

describe('parseSitemap', () => {
  it('reads the <loc> of each <url>, decoding entities and CDATA, ignoring other elements', () => {
    const text = `\uFEFF<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
      xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
      <url><loc> https://example.com/a?x=1&amp;y=2 </loc>
        <image:image><image:loc>https://example.com/img.png</image:loc></image:image></url>
      <url><loc><![CDATA[https://example.com/b]]></loc></url></urlset>`;
    expect(parseSitemap(text)).toEqual({
      kind: 'urlset',
      locations: ['https://example.com/a?x=1&y=2', 'https://example.com/b'],
    });
  });

  it('reads a sitemap index, with or without a namespace prefix', () => {
    const text = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sm:sitemap><sm:loc>https://example.com/s1.xml</sm:loc></sm:sitemap></sm:sitemapindex>`;
    expect(parseSitemap(text)).toEqual({
      kind: 'sitemapindex',
      locations: ['https://example.com/s1.xml'],
    });
  });

  it('reads a text sitemap line by line', () => {
    expect(parseSitemap('https://example.com/\r\n\n  https://example.com/x  \n')).toEqual({
      kind: 'text',
      locations: ['https://example.com/', 'https://example.com/x'],
    });
  });

  it('names the root element of a document that is not a sitemap', () => {
    expect(parseSitemap('<rss><channel/></rss>')).toEqual({ kind: 'unknown', root: 'rss' });
  });

  it('does not expand DTD entities (no billion laughs, no external entities)', () => {
    const text = `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY a "${'x'.repeat(100)}">
      <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY ext SYSTEM "file:///etc/passwd">]>
      <urlset><url><loc>https://example.com/&b;&ext;</loc></url></urlset>`;
    const parsed = parseSitemap(text);
    expect(parsed.kind).toBe('urlset');
    const [loc] = parsed.kind === 'urlset' ? parsed.locations : [];
    expect(loc!.length).toBeLessThan(60);
    expect(loc).not.toContain('root:');
  });
});

describe('readSitemap against a local server', () => {
  let site: LocalServer;
  const guard = createAddressGuard({ allowPrivate: true });
  const pages = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => `${site.origin}/p/${from + i}`);
  /** 50 MB of zeros as a ~50 KB gzip file: a bomb for a 5 MB limit. */
  const bomb = zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024));

  beforeAll(async () => {
    site = await startHttpServer((req, res) => {
      const xml = (body: string) =>
        res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
      switch (req.url) {
        case '/index.xml':
          return xml(
            index([
              `${site.origin}/a.xml`,
              `${site.origin}/b.xml.gz`,
              `${site.origin}/c.xml`,
              `${site.origin}/missing.xml`,
              `${site.origin}/index.xml`,
              'javascript:alert(1)',
            ]),
          );
        case '/a.xml':
          return xml(urlset([...pages(0, 10), `${site.origin}/p/3`, 'ftp://example.com/x']));
        case '/b.xml.gz':
          return res
            .writeHead(200, { 'content-type': 'application/gzip' })
            .end(zlib.gzipSync(urlset(pages(10, 20))));
        case '/c.xml':
          // Content-Encoding on the wire, undone by the shared body reader.
          return res
            .writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip' })
            .end(zlib.gzipSync(urlset(pages(20, 30))));
        case '/bomb.xml.gz':
          return res.writeHead(200, { 'content-type': 'application/gzip' }).end(bomb);
        case '/bomb-encoded.xml':
          return res
            .writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip' })
            .end(bomb);
        case '/index-of-bomb.xml':
          return xml(index([`${site.origin}/bomb.xml.gz`, `${site.origin}/a.xml`]));
        case '/html':
          return res
            .writeHead(200, { 'content-type': 'text/html' })
            .end('<!doctype html><title>Home</title>');
        case '/feed':
          return xml('<rss><channel></channel></rss>');
        case '/list.txt':
          return res.writeHead(200, { 'content-type': 'text/plain' }).end(pages(0, 3).join('\n'));
        default:
          return res.writeHead(404).end();
      }
    });
  });
  afterAll(() => site.close());

  it('follows an index to .gz files and Content-Encoding, dedupes, records bad children', async () => {
    const result = await readSitemap(`${site.origin}/index.xml`, { guard });
    expect(result.urls).toEqual(pages(0, 30));
    expect(result.sitemaps).toEqual([
      `${site.origin}/index.xml`,
      `${site.origin}/a.xml`,
      `${site.origin}/b.xml.gz`,
      `${site.origin}/c.xml`,
    ]);
    expect(result.failures).toEqual([
      expect.objectContaining({ url: `${site.origin}/missing.xml`, code: 'http_error_404' }),
    ]);
    // The javascript: sitemap and the ftp: page.
    expect(result.invalidEntries).toBe(2);
    expect(result.truncated).toBe(false);
  });

  it('stops at maxUrls and says so', async () => {
    const result = await readSitemap(`${site.origin}/index.xml`, { guard, maxUrls: 15 });
    expect(result.urls).toEqual(pages(0, 15));
    expect(result.truncated).toBe(true);
    expect(result.sitemaps).toHaveLength(3);
  });

  it('refuses a gzip-file bomb at the 5 MB decoded limit, quickly', async () => {
    const started = performance.now();
    const rssBefore = process.memoryUsage.rss();
    expect(await codeOf(readSitemap(`${site.origin}/bomb.xml.gz`, { guard }))).toBe(
      'content_too_large',
    );
    expect(performance.now() - started).toBeLessThan(3000);
    // Reading stopped near the limit: nothing like the 50 MB the bomb expands to was held.
    expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(40 * 1024 * 1024);
  });

  it('refuses a Content-Encoding bomb the same way, naming the sitemap', async () => {
    const error = await readSitemap(`${site.origin}/bomb-encoded.xml`, { guard }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: 'content_too_large',
      message: `The sitemap ${site.origin}/bomb-encoded.xml is larger than 5 MB once decompressed; reading stopped there.`,
    });
  });

  it('refuses a bomb inside an index as that child only, and reads the rest', async () => {
    const result = await readSitemap(`${site.origin}/index-of-bomb.xml`, { guard });
    expect(result.failures).toEqual([
      expect.objectContaining({ url: `${site.origin}/bomb.xml.gz`, code: 'content_too_large' }),
    ]);
    expect(result.urls).toEqual(pages(0, 10));
  });

  it('reads a text sitemap', async () => {
    const result = await readSitemap(`${site.origin}/list.txt`, { guard });
    expect(result.urls).toEqual(pages(0, 3));
  });

  it('refuses a root that is missing, an HTML page or another XML document', async () => {
    expect(await codeOf(readSitemap(`${site.origin}/nope.xml`, { guard }))).toBe('http_error_404');
    expect(await codeOf(readSitemap(`${site.origin}/html`, { guard }))).toBe('parse_error');
    expect(await codeOf(readSitemap(`${site.origin}/feed`, { guard }))).toBe('parse_error');
  });

  it('goes through the address guard: a loopback sitemap is refused before any connection', async () => {
    const before = site.connections();
    expect(await codeOf(readSitemap(`${site.origin}/index.xml`, { guard: guardFor({}) }))).toBe(
      'private_ip',
    );
    expect(site.connections()).toBe(before);
  });
});
