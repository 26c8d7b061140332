import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOnly, startServer, type TestServer, words } from '../test-support/render-fixtures.ts';
import { findBrowser } from './browser-path.ts';
import { type BrowserPool, createBrowserPool } from './browser-pool.ts';
import { renderPage } from './render-page.ts';

const browser = await findBrowser();
if (!browser) {
  console.warn(
    'render-page tests skipped: no Chromium found (apt-get install chromium-headless-shell, or set CHROMIUM_PATH)',
  );
}

const UA = 'CrawlwiseTest/1.0';
const page = (body: string, head = '') =>
  `<!doctype html><html><head><title>Render test</title>${head}</head><body>${body}</body></html>`;

describe('renderPage without a browser', () => {
  it('is skipped when no browser binary is found', async () => {
    const pool = createBrowserPool({
      guard: allowOnly({}),
      env: { CHROMIUM_PATH: '/nowhere/chromium' },
      findBrowser: async () => null,
    });
    const result = await renderPage(pool, {
      url: 'http://127.0.0.1:1/',
      html: page(''),
      userAgent: UA,
    });
    expect(result.status).toBe('skipped');
    expect(result.reason).toMatch(/No headless browser found/);
    await pool.close();
  });

  it('is skipped when there is no pool at all', async () => {
    const result = await renderPage(null, { url: 'http://x/', html: '', userAgent: UA });
    expect(result).toMatchObject({ status: 'skipped' });
  });
});

describe.skipIf(!browser)('renderPage with headless Chromium', () => {
  let site: TestServer;
  let forbidden: TestServer;
  let pool: BrowserPool;
  const apiText = words(200, 'api');

  beforeAll(async () => {
    site = await startServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/api/data.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ text: apiText }));
      } else if (path === '/slow.json') {
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ text: 'slow data arrived' }));
        }, 300);
      } else if (path === '/hang') {
        // Long polling: never answers.
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
      }
    });
    forbidden = await startServer();
    pool = createBrowserPool({
      guard: allowOnly({ [`127.0.0.1:${site.port}`]: '127.0.0.1' }),
      findBrowser: async () => browser,
    });
  });

  afterAll(async () => {
    await pool?.close();
    await site?.close();
    await forbidden?.close();
  });

  const render = (html: string, timeoutMs?: number, path = '/page', longRequestMs?: number) =>
    renderPage(pool, {
      url: `${site.origin}${path}`,
      html,
      userAgent: UA,
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(longRequestMs ? { longRequestMs } : {}),
    });

  it('renders content injected by a script, serving the document from the given html', async () => {
    const text = words(200);
    const result = await render(
      page(
        '<div id="app"></div>',
        `<script>addEventListener('DOMContentLoaded', () => {
          document.getElementById('app').innerHTML = '<p>' + ${JSON.stringify(text)} + '</p>';
        });</script>`,
      ),
    );
    expect(result.status).toBe('rendered');
    expect(result.reason).toBeUndefined();
    expect(result.visibleText).toContain('word0 word1');
    expect(result.visibleText).toContain('word199');
    expect(result.html).toContain('<p>word0 word1');
    expect(result.durationMs).toBeGreaterThan(0);
    expect(site.hits.get('/page')).toBeUndefined();
  });

  it('waits for data fetched from the site before capturing', async () => {
    const result = await render(
      page(`<div id="app">Loading…</div>
        <script>
          fetch('/api/data.json').then((r) => r.json()).then((d) => {
            document.getElementById('app').textContent = d.text;
          });
        </script>`),
      undefined,
      '/fetching',
    );
    expect(result.status).toBe('rendered');
    expect(result.visibleText).toContain('api0 api1');
    expect(result.visibleText).toContain('api199');
    expect(result.visibleText).not.toContain('Loading');
    expect(site.hits.get('/api/data.json')).toBe(1);
    expect(site.hits.get('/fetching')).toBeUndefined();
  });

  it('waits for a slow request that is still in flight', async () => {
    const result = await render(
      page(`<div id="app"></div>
        <script>
          fetch('/slow.json').then((r) => r.json()).then((d) => {
            document.getElementById('app').textContent = d.text;
          });
        </script>`),
    );
    expect(result.visibleText).toContain('slow data arrived');
  });

  it('sends every other request through the guard: refused targets see no connection', async () => {
    const stats = pool.egressStats;
    const refusedBefore = stats?.refused ?? 0;
    const other = forbidden.port;
    const result = await render(
      page(
        `<div id="app">static</div>
        <iframe src="http://127.0.0.1:${other}/frame"></iframe>
        <img src="http://127.0.0.1:${other}/pixel.png">
        <script src="http://localhost:${other}/blocking.js"></script>
        <script>
          const quiet = (p) => p.catch(() => {});
          quiet(fetch('http://127.0.0.1:${other}/secret'));
          quiet(fetch('http://localhost:${other}/'));
          quiet(fetch('http://[::1]:${other}/'));
          quiet(fetch('https://127.0.0.1:${other}/tls'));
          try { new WebSocket('ws://127.0.0.1:${other}/ws'); } catch {}
          document.getElementById('app').textContent = 'scripts ran';
        </script>`,
        `<link rel="stylesheet" href="http://127.0.0.1:${other}/style.css">`,
      ),
    );
    expect(result.status).toBe('rendered');
    expect(result.visibleText).toContain('scripts ran');
    expect(forbidden.connections()).toBe(0);
    const after = pool.egressStats;
    expect(after).not.toBeNull();
    // iframe, blocking script, stylesheet, 3 fetches by name/address, https fetch, WebSocket.
    expect((after?.refused ?? 0) - refusedBefore).toBeGreaterThanOrEqual(6);
    expect(after?.refusedTargets).toContain(`127.0.0.1:${other}`);
    expect(after?.refusedTargets).toContain(`localhost:${other}`);
  });

  it('lets no UDP out: WebRTC STUN/TURN and WebTransport cannot bypass the proxy', async () => {
    // Without the WebRTC policy flags this page sends about 8 datagrams to the port.
    const udp = dgram.createSocket('udp4');
    let datagrams = 0;
    udp.on('message', () => {
      datagrams += 1;
    });
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const port = udp.address().port;
    try {
      const result = await render(
        page(`<script>
          const pc = new RTCPeerConnection({ iceServers: [
            { urls: 'stun:127.0.0.1:${port}' },
            { urls: 'turn:127.0.0.1:${port}?transport=udp', username: 'u', credential: 'p' },
          ] });
          pc.createDataChannel('x');
          pc.createOffer().then((offer) => pc.setLocalDescription(offer));
          try {
            const wt = new WebTransport('https://127.0.0.1:${port}/');
            wt.ready.catch(() => {});
            wt.closed.catch(() => {});
          } catch {}
          // Keep the page open long enough for ICE gathering to run.
          fetch('/slow.json').then(() => document.body.append('waited'));
        </script>`),
      );
      expect(result.visibleText).toContain('waited');
      expect(datagrams).toBe(0);
    } finally {
      udp.close();
    }
  });

  it('does not load images, media or fonts', async () => {
    await render(
      page(
        '<img src="/hero.png"><video src="/clip.mp4" autoplay></video><p class="f">text</p>',
        `<style>@font-face { font-family: X; src: url(/font.woff2); } .f { font-family: X; }</style>`,
      ),
    );
    expect(site.hits.get('/hero.png')).toBeUndefined();
    expect(site.hits.get('/clip.mp4')).toBeUndefined();
    expect(site.hits.get('/font.woff2')).toBeUndefined();
  });

  it('stays on the analysed document when a script redirects', async () => {
    const result = await render(
      page(`<p>original</p><script>location.href = '/elsewhere';</script>`),
    );
    expect(result.status).toBe('rendered');
    expect(result.visibleText).toContain('original');
    expect(site.hits.get('/elsewhere')).toBeUndefined();
  });

  it('dismisses alert, confirm and prompt instead of hanging', async () => {
    const started = performance.now();
    const result = await render(
      page(`<script>
        alert('hello');
        const answer = confirm('sure?');
        prompt('name?');
        document.body.append('after dialogs ' + answer);
      </script>`),
      3_000,
    );
    expect(result.status).toBe('rendered');
    expect(result.visibleText).toContain('after dialogs false');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('returns the DOM at the timeout when the network never goes quiet', async () => {
    const started = performance.now();
    const result = await render(
      page(`<p id="p">busy page</p><script>
        (async () => { for (;;) await fetch('/tick?' + Math.random()).catch(() => {}); })();
      </script>`),
      1_000,
    );
    const elapsed = performance.now() - started;
    expect(result.status).toBe('rendered');
    expect(result.reason).toMatch(/still loading after 1000 ms/);
    expect(result.visibleText).toContain('busy page');
    expect(elapsed).toBeLessThan(1_000 + 1_000);
    expect(site.hits.get('/tick')).toBeGreaterThan(5);
  });

  it('does not wait for a long poll that never answers', async () => {
    const started = performance.now();
    const result = await render(
      page(`<p>live page</p><script>fetch('/hang').catch(() => {});</script>`),
      5_000,
      '/page',
      500,
    );
    expect(result.status).toBe('rendered');
    expect(result.reason).toBeUndefined();
    expect(result.visibleText).toContain('live page');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('fails within the budget when a script never yields, and the next render works', async () => {
    const started = performance.now();
    const result = await render(
      page(`<p>frozen</p><script>setTimeout(() => { for (;;) {} }, 30);</script>`),
      1_000,
    );
    expect(result.status).toBe('failed');
    expect(result.reason).toMatch(/did not finish/);
    // The budget plus the capture grace (750 ms) plus scheduling slack.
    expect(performance.now() - started).toBeLessThan(1_000 + 1_500);

    const next = await render(page('<p>after the frozen page</p>'));
    expect(next.status).toBe('rendered');
    expect(next.visibleText).toContain('after the frozen page');
  });
});
