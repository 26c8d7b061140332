import { createAddressGuard } from '@crawlwise/analyzer/gather/address-guard';
import { findBrowser } from '@crawlwise/analyzer/gather/browser-path';
import {
  type BrowserPool,
  createBrowserPool,
  LAUNCH_ARGS,
} from '@crawlwise/analyzer/gather/browser-pool';
import { startEgressProxy } from '@crawlwise/analyzer/gather/egress-proxy';
import { renderPage } from '@crawlwise/analyzer/gather/render-page';
import { startServer, type TestServer } from '@crawlwise/analyzer/test-support/render-fixtures';
import type { AddressGuard, Resolver } from '@crawlwise/analyzer/types';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ConnectTarget, isLoopback, spyOnConnections } from './support/connections.ts';

/**
 * A hostile page rendered in headless Chromium tries to reach private addresses with every kind
 * of request a page can make. Chromium's only way out is the egress proxy, which runs in this
 * process and asks the production guard; the names below exist only in the injected resolver.
 * intranet.test points at a loopback server that counts connections (so a failure would be seen
 * without anything leaving the machine); metadata.test and mixed.test point at 169.254.169.254
 * and at a public plus a private address, and the connect spy throws for anything but loopback,
 * so even a broken guard could not send them traffic. The pages only name hosts, never a
 * non-loopback literal, so a request that somehow skipped the proxy could not leave either.
 */

const browser = await findBrowser();
if (!browser) {
  console.warn(
    'browser-egress tests skipped: no Chromium found (apt-get install chromium-headless-shell, or set CHROMIUM_PATH)',
  );
}

const DNS: Record<string, string[]> = {
  'intranet.test': ['127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'mixed.test': ['93.184.216.34', '10.0.0.1'],
};

/** A service worker that tries the private targets at every stage of its life. */
const serviceWorker = (p: number) => `
  try { importScripts('http://intranet.test:${p}/sw-import.js'); } catch {}
  self.addEventListener('install', (event) => {
    event.waitUntil(fetch('http://intranet.test:${p}/sw-install').catch(() => {}).then(() => self.skipWaiting()));
  });
  self.addEventListener('activate', (event) => {
    event.waitUntil(Promise.all([
      fetch('http://metadata.test:${p}/sw-activate').catch(() => {}),
      self.clients.claim(),
    ]));
  });
  self.addEventListener('fetch', (event) => {
    if (new URL(event.request.url).pathname !== '/via-sw') return;
    event.respondWith(
      fetch('http://mixed.test:${p}/sw-fetch').then(
        () => new Response('sw fetch went through'),
        () => new Response('sw fetch refused'),
      ),
    );
  });`;

const SERVICE_WORKER_PAGE = `<!doctype html><title>waiting</title><p id="out"></p><script>
  const out = (text) => { document.getElementById('out').textContent += text + '; '; };
  navigator.serviceWorker.register('/sw.js').then(async () => {
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    out('controlled');
    out(await fetch('/via-sw').then((r) => r.text(), (e) => 'page fetch failed ' + e));
  }).catch((e) => out('register failed ' + e)).finally(() => { document.title = 'done'; });
</script>`;

describe.skipIf(!browser)('browser egress during a render', () => {
  let site: TestServer;
  let target: TestServer;
  let guard: AddressGuard;
  let pool: BrowserPool;
  let connections: ReturnType<typeof spyOnConnections>;

  beforeAll(async () => {
    site = await startServer((req, res) => {
      if (req.url === '/sw.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(serviceWorker(target.port));
      } else if (req.url === '/sw-page') {
        res.writeHead(200, { 'content-type': 'text/html' }).end(SERVICE_WORKER_PAGE);
      } else {
        res.writeHead(204).end();
      }
    });
    target = await startServer();
    const resolver = vi.fn<Resolver>(async (name) =>
      (DNS[name] ?? []).map((address) => ({ address, family: 4 }) as const),
    );
    // The target's port is allowed, so only the address check stands in the way.
    const strict = createAddressGuard({
      resolver,
      allowedPorts: [80, 443, 8080, 8443, target.port],
    });
    guard = async (hostname, port) =>
      hostname === '127.0.0.1' && port === site.port
        ? { address: '127.0.0.1', family: 4 }
        : strict(hostname, port);
    pool = createBrowserPool({ guard, findBrowser: async () => browser, prewarm: false });
    connections = spyOnConnections({ forbid: 'non-loopback' });
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await pool?.close();
    await site?.close();
    await target?.close();
  });

  /** Nothing reached the target, and the proxy connected only to the page's own server. */
  async function expectNothingGotThrough(): Promise<void> {
    expect(target.connections()).toBe(0);
    const targets: ConnectTarget[] = await connections.settled();
    for (const t of targets) {
      expect(isLoopback(t.address)).toBe(true);
      expect(t.port).not.toBe(target.port);
    }
  }

  it('refuses img, fetch, XHR, beacon, iframe and WebSocket requests to private targets', async () => {
    const p = target.port;
    const html = `<!doctype html><html><head><title>hostile</title>
      <link rel="stylesheet" href="http://intranet.test:${p}/style.css">
      <style>body { background: url(http://intranet.test:${p}/bg.png); }</style>
      </head><body>
      <p id="out">static</p>
      <img src="http://intranet.test:${p}/img.png">
      <img src="http://metadata.test:${p}/latest/meta-data/">
      <iframe src="http://intranet.test:${p}/frame"></iframe>
      <iframe src="http://mixed.test:${p}/frame"></iframe>
      <script>
        const quiet = (promise) => promise.catch(() => {});
        new Image().src = 'http://intranet.test:${p}/new-image.png';
        quiet(fetch('http://intranet.test:${p}/fetch'));
        quiet(fetch('http://metadata.test:${p}/latest/meta-data/iam/'));
        quiet(fetch('http://mixed.test:${p}/fetch'));
        quiet(fetch('https://intranet.test:${p}/tls'));
        quiet(fetch('http://localhost:${p}/by-localhost'));
        quiet(fetch('http://127.0.0.1:${p}/by-literal'));
        const xhr = new XMLHttpRequest();
        xhr.open('GET', 'http://intranet.test:${p}/xhr');
        xhr.send();
        navigator.sendBeacon('http://intranet.test:${p}/beacon', 'x');
        for (const url of ['ws://intranet.test:${p}/ws', 'wss://metadata.test:${p}/ws']) {
          try { new WebSocket(url).onerror = () => {}; } catch {}
        }
        document.getElementById('out').textContent = 'scripts ran';
      </script></body></html>`;

    const refusedBefore = pool.egressStats?.refused ?? 0;
    const result = await renderPage(pool, {
      url: `${site.origin}/hostile`,
      html,
      userAgent: 'CrawlwiseAdversarial/1.0',
    });
    expect(result.status).toBe('rendered');
    expect(result.visibleText).toContain('scripts ran');
    await expectNothingGotThrough();
    const stats = pool.egressStats;
    const refused = new Set(stats?.refusedTargets);
    for (const name of ['intranet.test', 'metadata.test', 'mixed.test', 'localhost', '127.0.0.1']) {
      expect(refused).toContain(`${name}:${p}`);
    }
    // Stylesheet, iframes, fetches, XHR, beacon and WebSockets each asked and were refused.
    expect((stats?.refused ?? 0) - refusedBefore).toBeGreaterThanOrEqual(10);
  });

  it('gives a page no service worker in a render', async () => {
    const result = await renderPage(pool, {
      url: `${site.origin}/sw-render`,
      html: `<p id="out">static</p><script>
        navigator.serviceWorker.register('/sw.js').then(
          (registration) => { document.getElementById('out').textContent = 'registration: ' + registration; },
          (error) => { document.getElementById('out').textContent = 'refused: ' + error.name; });
      </script>`,
      userAgent: 'CrawlwiseAdversarial/1.0',
    });
    // Playwright's serviceWorkers: 'block' answers register() without fetching the script.
    expect(result.visibleText).toContain('registration: undefined');
    expect(site.hits.get('/sw.js')).toBeUndefined();
    await expectNothingGotThrough();
  });

  it('refuses a service worker’s own requests at the proxy, should one ever run', async () => {
    // The render blocks service workers in page script only; this launches the same browser
    // flags and proxy with workers allowed, to show the proxy alone also holds them.
    const proxy = await startEgressProxy(guard, { connectTimeoutMs: 2_000 });
    const instance = await chromium.launch({
      executablePath: browser!.path,
      headless: true,
      args: LAUNCH_ARGS,
      proxy: { server: `http://127.0.0.1:${proxy.port}`, bypass: '<-loopback>' },
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    try {
      const context = await instance.newContext({ serviceWorkers: 'allow' });
      const page = await context.newPage();
      await page.goto(`${site.origin}/sw-page`, { timeout: 10_000 });
      await page.waitForFunction('document.title === "done"', undefined, { timeout: 10_000 });
      const out = await page.textContent('#out');
      expect(out).toContain('controlled');
      expect(out).toContain('sw fetch refused');
      expect(site.hits.get('/sw.js')).toBe(1);
      const p = target.port;
      for (const name of ['intranet.test', 'metadata.test', 'mixed.test']) {
        expect(proxy.stats.refusedTargets).toContain(`${name}:${p}`);
      }
      await expectNothingGotThrough();
      await context.close();
    } finally {
      await instance.close();
      await proxy.close();
    }
  });
});
