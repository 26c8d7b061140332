import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOnly, startServer, type TestServer } from '../test-support/render-fixtures.ts';
import { findBrowser } from './browser-path.ts';
import { type BrowserPool, createBrowserPool } from './browser-pool.ts';
import { MAX_PROBED, probeImages } from './image-probe.ts';
import { renderPage } from './render-page.ts';

const UA = 'CrawlwiseTest/1.0';
const BIG = 300 * 1024;

describe('probeImages against a real server on 127.0.0.1', () => {
  let site: TestServer;
  let forbidden: TestServer;
  let bodyBytesSent = 0;
  beforeAll(async () => {
    site = await startServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/big.jpg') {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(BIG) });
        // Sent slowly in chunks: a probe that closes after the head stops the rest.
        let sent = 0;
        const push = () => {
          if (res.destroyed || sent >= BIG) return res.end();
          res.write(Buffer.alloc(16 * 1024));
          sent += 16 * 1024;
          bodyBytesSent += 16 * 1024;
          setTimeout(push, 20);
        };
        push();
      } else if (path === '/small.png') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': '68' });
        res.end(Buffer.alloc(68));
      } else if (path === '/chunked.webp') {
        res.writeHead(200, { 'content-type': 'image/webp' });
        res.end(Buffer.alloc(10));
      } else if (path === '/moved.png') {
        res.writeHead(301, { location: '/small.png' }).end();
      } else if (path === '/slow.png') {
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(), 2500);
      } else if (path === '/spa-route.png') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      } else {
        res.writeHead(404, { 'content-type': 'text/html' }).end('Not found');
      }
    });
    forbidden = await startServer();
  });
  afterAll(async () => {
    await site?.close();
    await forbidden?.close();
  });

  it('reads each image head without its body, follows redirects and tells what failed', async () => {
    const guard = allowOnly({ [`127.0.0.1:${site.port}`]: '127.0.0.1' });
    const at = (path: string) => `${site.origin}${path}`;
    const result = await probeImages(
      [
        at('/big.jpg'),
        at('/small.png'),
        at('/small.png#again'),
        at('/chunked.webp'),
        at('/moved.png'),
        at('/missing.png'),
        at('/spa-route.png'),
        `http://127.0.0.1:${forbidden.port}/secret.png`,
        'data:image/png;base64,AAAA',
      ],
      { guard, userAgent: UA },
    );
    expect(result).toMatchObject({ status: 'probed', found: 7, unprobed: 0 });
    if (result.status !== 'probed') throw new Error('not probed');
    const by = new Map(result.probes.map((probe) => [new URL(probe.url).pathname, probe]));
    expect(by.get('/big.jpg')).toMatchObject({
      outcome: 'answered',
      status: 200,
      contentType: 'image/jpeg',
      bytes: BIG,
    });
    expect(by.get('/small.png')).toMatchObject({ status: 200, bytes: 68 });
    expect(by.get('/chunked.webp')).toMatchObject({ status: 200, bytes: null });
    expect(by.get('/moved.png')).toMatchObject({ status: 200, contentType: 'image/png' });
    expect(by.get('/missing.png')).toMatchObject({ status: 404 });
    expect(by.get('/spa-route.png')).toMatchObject({ status: 200, contentType: 'text/html' });
    expect(by.get('/secret.png')).toMatchObject({ outcome: 'refused' });
    expect(forbidden.connections()).toBe(0);
    // The big body was cut off after the head: far less than its 300 KB left the server.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bodyBytesSent).toBeLessThan(BIG / 2);
  });

  it('reports a probe that times out as such, and asks at most MAX_PROBED images', async () => {
    const guard = allowOnly({ [`127.0.0.1:${site.port}`]: '127.0.0.1' });
    const urls = Array.from({ length: MAX_PROBED + 6 }, (_, i) => `${site.origin}/n${i}.png`);
    const many = await probeImages(urls, { guard, userAgent: UA });
    expect(many).toMatchObject({ status: 'probed', found: MAX_PROBED + 6, unprobed: 6 });
    const slow = await probeImages([`${site.origin}/slow.png`], { guard, userAgent: UA });
    expect(slow.status === 'probed' && slow.probes[0]).toMatchObject({ outcome: 'timeout' });
  });
});

const browser = await findBrowser();

describe.skipIf(!browser)(
  'the render lists the rendered DOM images (real chromium-headless-shell)',
  () => {
    let site: TestServer;
    let pool: BrowserPool;
    beforeAll(async () => {
      site = await startServer();
      pool = createBrowserPool({
        guard: allowOnly({ [`127.0.0.1:${site.port}`]: '127.0.0.1' }),
        findBrowser: async () => browser,
      });
    });
    afterAll(async () => {
      await pool?.close();
      await site?.close();
    });

    it('resolves src and srcset, includes images a script adds, and loads none of them', async () => {
      const result = await renderPage(pool, {
        url: `${site.origin}/article/page`,
        html: `<!doctype html><html><head><title>t</title></head><body>
        <img src="../img/a.jpg" alt="">
        <img srcset="/img/b-1x.png 1x, /img/b-2x.png 2x" alt="">
        <script>const i = new Image(); i.src = '/img/c.webp'; document.body.append(i);</script>
      </body></html>`,
        userAgent: UA,
      });
      expect(result.status).toBe('rendered');
      expect(result.images?.[0]).toBe(`${site.origin}/img/a.jpg`);
      expect(result.images?.[2]).toBe(`${site.origin}/img/c.webp`);
      expect(result.images?.[1]).toMatch(/\/img\/b-(1|2)x\.png$/);
      expect([...site.hits.keys()].filter((path) => path.startsWith('/img/'))).toEqual([]);
    });

    it('hands the settled DOM its images before the capture, so probes start during the render', async () => {
      const announced: string[][] = [];
      const result = await renderPage(pool, {
        url: `${site.origin}/article/early`,
        // A timer 3 s on (virtual time) adds an image the early list cannot have seen.
        html: `<!doctype html><html><head><title>t</title></head><body>
        <img src="/img/first.jpg" alt="">
        <script>setTimeout(() => { const i = new Image(); i.src = '/img/late.png'; document.body.append(i); }, 3000);</script>
      </body></html>`,
        userAgent: UA,
        onImages: (urls) => announced.push(urls),
      });
      // Announced once, before the render ended and before the page's timer added its image.
      expect(announced).toEqual([[`${site.origin}/img/first.jpg`]]);
      expect(result.images).toEqual([
        `${site.origin}/img/first.jpg`,
        `${site.origin}/img/late.png`,
      ]);
    });
  },
);
