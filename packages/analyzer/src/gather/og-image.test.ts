import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOnly, startServer, type TestServer } from '../test-support/render-fixtures.ts';
import { fetchOgImage, OG_IMAGE_MAX_BYTES, ogImageOf, ogImageUrl } from './og-image.ts';

const UA = 'CrawlwiseTest/1.0';
const PNG = readFileSync(new URL('../test-support/images/1200x630.png', import.meta.url));

describe('ogImageOf: the og:image of the head', () => {
  it('reads the first og:image, decoding entities, by property or name', () => {
    expect(
      ogImageOf(
        '<html><head><meta property="og:image" content="/a.png?x=1&amp;y=2"><meta property="og:image" content="/b.png"></head></html>',
      ),
    ).toBe('/a.png?x=1&y=2');
    expect(ogImageOf("<head><META NAME='og:image:url' CONTENT=' /c.jpg '></head>")).toBe('/c.jpg');
  });

  it('reads a head longer than the scan slices, whatever slice boundary the meta straddles', () => {
    const meta = '<meta property="og:image" content="/a.png?x=1&amp;y=2">';
    for (let pad = 1990; pad <= 2050; pad++) {
      const html = `<head><style>${'p{}'.repeat(pad / 3)}${'x'.repeat(pad % 3)}</style>${meta}</head><body>${'w '.repeat(3000)}</body>`;
      expect(ogImageOf(html)).toBe('/a.png?x=1&y=2');
    }
    expect(ogImageOf(`<head><title>${'t'.repeat(300_000)}</title>${meta}`)).toBe('/a.png?x=1&y=2');
  });

  it('ignores metas after the head and empty ones', () => {
    expect(
      ogImageOf(
        '<head><meta property="og:image" content=""></head><body><meta property="og:image" content="/late.png"></body>',
      ),
    ).toBeNull();
    expect(ogImageOf('<p>no head at all</p>')).toBeNull();
  });

  it('resolves against the page and keeps only http(s)', () => {
    const html = (value: string) => `<head><meta property="og:image" content="${value}"></head>`;
    expect(ogImageUrl(html('/img/share.png#x'), 'https://example.com/a/b')).toBe(
      'https://example.com/img/share.png',
    );
    expect(ogImageUrl(html('data:image/png;base64,AA'), 'https://example.com/')).toBeNull();
  });
});

describe('fetchOgImage against a real server on 127.0.0.1', () => {
  let site: TestServer;
  let forbidden: TestServer;
  let sent = 0;
  beforeAll(async () => {
    site = await startServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/share.png') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) });
        res.end(PNG);
      } else if (path === '/huge.png') {
        // The size is in the first bytes; the rest of this 4 MB file must not be read.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG.subarray(0, 64));
        const push = () => {
          if (res.destroyed || sent >= 4 * 1024 * 1024) return res.end();
          res.write(Buffer.alloc(64 * 1024));
          sent += 64 * 1024;
          setTimeout(push, 5);
        };
        push();
      } else if (path === '/old.png') {
        res.writeHead(301, { location: '/share.png' }).end();
      } else {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      }
    });
    forbidden = await startServer();
  });
  afterAll(async () => {
    await site?.close();
    await forbidden?.close();
  });
  const guard = () => allowOnly({ [`127.0.0.1:${site.port}`]: '127.0.0.1' });

  it('reads the size from the start of the file, after redirects', async () => {
    expect(await fetchOgImage(`${site.origin}/old.png`, { guard: guard(), userAgent: UA })).toEqual(
      {
        url: `${site.origin}/old.png`,
        outcome: 'answered',
        status: 200,
        finalUrl: `${site.origin}/share.png`,
        contentType: 'image/png',
        bytes: PNG.length,
        format: 'PNG',
        width: 1200,
        height: 630,
      },
    );
  });

  it('reads no more than its bound of a large file', async () => {
    const answer = await fetchOgImage(`${site.origin}/huge.png`, { guard: guard(), userAgent: UA });
    expect(answer).toMatchObject({ outcome: 'answered', width: 1200, height: 630 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toBeLessThan(OG_IMAGE_MAX_BYTES + 1024 * 1024);
  });

  it('reports a 404 without reading its body, and refuses a target the guard refuses', async () => {
    expect(
      await fetchOgImage(`${site.origin}/gone.png`, { guard: guard(), userAgent: UA }),
    ).toMatchObject({ outcome: 'answered', status: 404, contentType: 'text/html' });
    const refused = await fetchOgImage(`http://127.0.0.1:${forbidden.port}/share.png`, {
      guard: guard(),
      userAgent: UA,
    });
    expect(refused).toMatchObject({ outcome: 'refused' });
    expect(forbidden.connections()).toBe(0);
  });
});
