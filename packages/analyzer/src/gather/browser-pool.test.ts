import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argumentsOf, browserPids } from '../test-support/browser-processes.ts';
import { allowOnly, startServer, type TestServer } from '../test-support/render-fixtures.ts';
import { findBrowser } from './browser-path.ts';
import {
  BLINK_SETTINGS,
  type BrowserPool,
  BrowserUnavailableError,
  createBrowserPool,
} from './browser-pool.ts';
import { renderPage } from './render-page.ts';

const browser = await findBrowser();
if (!browser) {
  console.warn(
    'browser-pool tests skipped: no Chromium found (apt-get install chromium-headless-shell, or set CHROMIUM_PATH)',
  );
}

const UA = 'CrawlwiseTest/1.0';

describe('createBrowserPool without a browser', () => {
  it('throws BrowserUnavailableError from withPage', async () => {
    const pool = createBrowserPool({ guard: allowOnly({}), findBrowser: async () => null });
    await expect(pool.withPage({ userAgent: UA }, async () => 1)).rejects.toBeInstanceOf(
      BrowserUnavailableError,
    );
    expect(pool.egressStats).toBeNull();
    await pool.close();
  });
});

describe.skipIf(!browser)('createBrowserPool with headless Chromium', () => {
  let site: TestServer;
  let pool: BrowserPool;
  const browserOf = (p: BrowserPool) =>
    p.withPage({ userAgent: UA }, async (page) => page.context().browser() as Browser);
  const renderOk = async () => {
    const result = await renderPage(pool, {
      url: `${site.origin}/`,
      html: '<!doctype html><p>still works</p>',
      userAgent: UA,
    });
    expect(result.status).toBe('rendered');
    expect(result.visibleText).toContain('still works');
  };

  beforeAll(async () => {
    site = await startServer();
    pool = createBrowserPool({
      guard: allowOnly({ [`127.0.0.1:${site.port}`]: '127.0.0.1' }),
      findBrowser: async () => browser,
      concurrency: 2,
    });
  });

  afterAll(async () => {
    await pool?.close();
    await site?.close();
  });

  it('reuses one browser, with a fresh context and the given user agent per page', async () => {
    const first = await browserOf(pool);
    const second = await browserOf(pool);
    expect(second).toBe(first);
    const agent = await pool.withPage({ userAgent: 'AgentUnderTest/2' }, (page) =>
      page.evaluate('navigator.userAgent'),
    );
    expect(agent).toBe('AgentUnderTest/2');
  });

  it('closes each page context after use', async () => {
    const used = await pool.withPage({ userAgent: UA }, async (page) => page.context());
    await expect.poll(() => used.browser()?.contexts().includes(used)).toBe(false);
  });

  it('opens the next page ahead of time, only for the same user agent', async () => {
    const first = await pool.withPage({ userAgent: UA }, async (page) => page.context());
    const browserOfFirst = first.browser() as Browser;
    // Once the first context is closed, the spare is the only context left.
    const onlySpare = () => {
      const contexts = browserOfFirst.contexts();
      return contexts.length === 1 && contexts[0] !== first ? contexts[0] : undefined;
    };
    await expect.poll(onlySpare).toBeDefined();
    const spare = onlySpare();
    const second = await pool.withPage({ userAgent: UA }, async (page) => page.context());
    expect(second).toBe(spare);
    await expect.poll(() => onlySpare() && onlySpare() !== second).toBe(true);
    // A different user agent cannot use the spare (the agent is fixed per context).
    const agent = await pool.withPage({ userAgent: 'Other/1' }, (page) =>
      page.evaluate('navigator.userAgent'),
    );
    expect(agent).toBe('Other/1');
  });

  it('runs at most `concurrency` pages at once and queues the rest', async () => {
    let active = 0;
    let peak = 0;
    let bothActive: () => void = () => {};
    const pair = new Promise<void>((resolve) => {
      bothActive = resolve;
    });
    const jobs = Array.from({ length: 5 }, () =>
      pool.withPage({ userAgent: UA }, async () => {
        active += 1;
        peak = Math.max(peak, active);
        if (active === 2) bothActive();
        // Hold the page until a second one runs (or give up), so the overlap is not left to timing.
        await Promise.race([pair, new Promise((resolve) => setTimeout(resolve, 3_000))]);
        await new Promise((resolve) => setTimeout(resolve, 30));
        active -= 1;
      }),
    );
    await Promise.all(jobs);
    expect(peak).toBe(2);
  });

  it('relaunches after the browser is closed behind its back', async () => {
    const before = await browserOf(pool);
    await before.close();
    await renderOk();
    expect(await browserOf(pool)).not.toBe(before);
  });

  const killBrowser = async (target: Browser) => {
    const pids = browserPids(browser?.path ?? '');
    expect(pids.length).toBeGreaterThan(0);
    const gone = new Promise((resolve) => target.once('disconnected', resolve));
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    await gone;
  };

  it('relaunches after the browser process is killed', async () => {
    const before = await browserOf(pool);
    await killBrowser(before);
    await renderOk();
    expect(await browserOf(pool)).not.toBe(before);
  });

  it('ends a render promptly when the browser dies during it', async () => {
    const before = await browserOf(pool);
    const ticksBefore = site.hits.get('/tick') ?? 0;
    const rendering = renderPage(pool, {
      url: `${site.origin}/`,
      // Keeps the render busy (never quiet) until the browser is killed.
      html: '<script>(async () => { for (;;) await fetch("/tick?" + Math.random()); })()</script>',
      userAgent: UA,
      timeoutMs: 10_000,
    });
    // Killed once the page's script runs in it (a fixed sleep raced the launch on a loaded machine).
    await expect
      .poll(() => site.hits.get('/tick') ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(ticksBefore);
    const killedAt = performance.now();
    await killBrowser(before);
    const result = await rendering;
    expect(result.status).toBe('failed');
    expect(performance.now() - killedAt).toBeLessThan(3_000);
    await renderOk();
  });

  it("keeps the server's environment out of the browser process", async () => {
    const own = createBrowserPool({
      guard: allowOnly({}),
      findBrowser: async () => browser,
      env: { ...process.env, CRAWLWISE_TEST_SECRET: 'do-not-leak' },
      prewarm: false,
    });
    try {
      const before = new Set(browserPids(browser?.path ?? ''));
      await browserOf(own);
      const launched = browserPids(browser?.path ?? '').filter((pid) => !before.has(pid));
      expect(launched).toHaveLength(1);
      const environ = readFileSync(`/proc/${launched[0]}/environ`, 'utf8').split('\0');
      expect(environ.some((entry) => entry.startsWith('PATH='))).toBe(true);
      expect(environ.some((entry) => entry.includes('do-not-leak'))).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('warm() launches the browser before any render, once, and never leaves a second page open', async () => {
    const own = createBrowserPool({ guard: allowOnly({}), findBrowser: async () => browser });
    try {
      const before = new Set(browserPids(browser?.path ?? ''));
      own.warm({ userAgent: UA });
      own.warm({ userAgent: UA });
      const launched = () => browserPids(browser?.path ?? '').filter((pid) => !before.has(pid));
      await expect.poll(launched, { timeout: 30_000 }).toHaveLength(1);
      const [pid] = launched();
      const first = await own.withPage({ userAgent: UA }, async (page) => {
        const context = page.context();
        // warm()'s spare page, or the render's own if the render came first: one context either way.
        expect((context.browser() as Browser).contexts()).toEqual([context]);
        expect(await page.evaluate('navigator.userAgent')).toBe(UA);
        return context.browser() as Browser;
      });
      expect(first.isConnected()).toBe(true);
      // One launch for the two warm() calls and the render.
      expect(launched()).toEqual([pid]);
    } finally {
      await own.close();
    }
  });

  it('closes an idle browser after idleCloseMs and launches a new one for the next page', async () => {
    const own = createBrowserPool({
      guard: allowOnly({}),
      findBrowser: async () => browser,
      idleCloseMs: 300,
    });
    try {
      const first = await browserOf(own);
      // While a page is in use the timer does not run, however long the page takes.
      await own.withPage({ userAgent: UA }, async (page) => {
        await page.waitForTimeout(500);
      });
      expect(first.isConnected()).toBe(true);
      await expect.poll(() => first.isConnected(), { timeout: 5000 }).toBe(false);
      const second = await browserOf(own);
      expect(second).not.toBe(first);
      expect(second.isConnected()).toBe(true);
    } finally {
      await own.close();
    }
  });

  it("passes one --blink-settings: Playwright's headless hints merged with images off", async () => {
    const own = createBrowserPool({
      guard: allowOnly({}),
      findBrowser: async () => browser,
      prewarm: false,
    });
    try {
      const before = new Set(browserPids(browser?.path ?? ''));
      await browserOf(own);
      const launched = browserPids(browser?.path ?? '').filter((pid) => !before.has(pid));
      expect(launched).toHaveLength(1);
      const args = argumentsOf(launched[0] ?? 0);
      // A second copy would mean Playwright changed its own value: update the merged one.
      expect(args.filter((arg) => arg.startsWith('--blink-settings'))).toEqual([BLINK_SETTINGS]);
      expect(BLINK_SETTINGS).toMatch(/primaryPointerType=4.*,imagesEnabled=false$/);
    } finally {
      await own.close();
    }
  });

  it('never requests images, even without a route handler to abort them', async () => {
    const requested: string[] = [];
    await pool.withPage({ userAgent: UA }, async (page) => {
      page.on('request', (request) => requested.push(`${request.resourceType()} ${request.url()}`));
      await page.setContent(
        `<img src="${site.origin}/img.png"><picture><img src="${site.origin}/pic.png"></picture>
         <input type="image" src="${site.origin}/input.png">
         <p>text</p><script>new Image().src = '${site.origin}/script.png';</script>`,
      );
      await page.waitForTimeout(200);
      expect(await page.textContent('p')).toBe('text');
    });
    expect(requested).toEqual([]);
    for (const path of ['/img.png', '/pic.png', '/input.png', '/script.png']) {
      expect(site.hits.get(path)).toBeUndefined();
    }
  });

  it('refuses new pages after close()', async () => {
    const own = createBrowserPool({ guard: allowOnly({}), findBrowser: async () => browser });
    await browserOf(own);
    await own.close();
    await expect(browserOf(own)).rejects.toBeInstanceOf(BrowserUnavailableError);
  });
});
