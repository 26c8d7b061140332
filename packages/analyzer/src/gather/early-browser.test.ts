import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argumentsOf, browserPids, pidsMentioning } from '../test-support/browser-processes.ts';
import { allowOnly, startServer, type TestServer } from '../test-support/render-fixtures.ts';
import { findBrowser } from './browser-path.ts';
import { type BrowserPool, createBrowserPool } from './browser-pool.ts';
import { startEarlyBrowser } from './early-browser.ts';
import { renderPage } from './render-page.ts';

const browser = await findBrowser();
if (!browser) console.warn('early-browser tests skipped: no Chromium found');

const UA = 'CrawlwiseTest/1.0';
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../cli.ts');

const browserOf = (pool: BrowserPool) =>
  pool.withPage({ userAgent: UA }, async (page) => page.context().browser() as Browser);

/** The command line without the values that differ between two starts. */
function comparable(args: string[]): string[] {
  return args.map((arg) =>
    arg.replace(/^(--user-data-dir=|--proxy-server=http:\/\/127\.0\.0\.1:).*/, '$1…'),
  );
}

describe.skipIf(!browser)('the early browser (a one-page CLI run)', () => {
  let site: TestServer;
  const guard = () => allowOnly({ [`127.0.0.1:${site?.port}`]: '127.0.0.1' });

  beforeAll(async () => {
    site = await startServer((req, res) => {
      // Holds the render open (a request that never ends) for the signal test below.
      if (req.url === '/hang.js') return;
      const body =
        req.url === '/hanging' ? '<p>served</p><script src="/hang.js"></script>' : '<p>served</p>';
      res.writeHead(200, { 'content-type': 'text/html' }).end(body);
    });
  });

  afterAll(async () => {
    await site?.close();
  });

  it('starts Chromium with the command line chromium.launch() uses', async () => {
    const findOwn = async () => browser;
    const launched = createBrowserPool({ guard: guard(), findBrowser: findOwn, prewarm: false });
    const early = startEarlyBrowser({ guard: guard(), findBrowser: findOwn });
    try {
      const before = new Set(browserPids(browser?.path ?? ''));
      await browserOf(launched);
      const [byPlaywright] = browserPids(browser?.path ?? '').filter((pid) => !before.has(pid));
      const spawned = await early.browser;
      expect(spawned?.process.pid).toBeDefined();
      // An upgrade of playwright-core that changes its switches fails here: update
      // PLAYWRIGHT_HEADLESS_SWITCHES in browser-flags.ts.
      expect(comparable(argumentsOf(spawned?.process.pid ?? 0))).toEqual(
        comparable(argumentsOf(byPlaywright ?? 0)),
      );
    } finally {
      await launched.close();
      await createBrowserPool({ guard: guard(), early }).close();
    }
  });

  it('is attached by the first render, which goes through the egress proxy', async () => {
    const early = startEarlyBrowser({ guard: guard(), findBrowser: async () => browser });
    const spawned = await early.browser;
    const pool = createBrowserPool({ guard: guard(), early });
    try {
      const before = browserPids(browser?.path ?? '');
      const result = await renderPage(pool, {
        url: `${site.origin}/`,
        html: `<!doctype html><p>rendered</p><script>fetch('${site.origin}/api?x')</script>`,
        userAgent: UA,
      });
      expect(result).toMatchObject({ status: 'rendered', visibleText: 'rendered' });
      // No second browser: the spawned one rendered.
      expect(browserPids(browser?.path ?? '')).toEqual(before);
      expect(before).toContain(spawned?.process.pid);
      expect(site.hits.get('/api')).toBe(1);
      expect(pool.egressStats?.forwarded).toBeGreaterThanOrEqual(1);
    } finally {
      await pool.close();
    }
    // Closing the pool ends the process and removes its directory.
    expect(spawned?.process.exitCode ?? spawned?.process.signalCode).not.toBeNull();
    expect(pidsMentioning(path.dirname(spawned?.artifactsDir ?? '-'))).toEqual([]);
  });

  it('is replaced by a launched browser after it crashes', async () => {
    const early = startEarlyBrowser({ guard: guard(), findBrowser: async () => browser });
    const pool = createBrowserPool({ guard: guard(), early });
    try {
      const first = await browserOf(pool);
      (await early.browser)?.kill();
      await expect.poll(() => first.isConnected(), { timeout: 5000 }).toBe(false);
      const second = await browserOf(pool);
      expect(second).not.toBe(first);
      expect(second.isConnected()).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('fails to start with the same error as a launch', async () => {
    const broken = async () => ({ path: '/bin/false', source: 'CHROMIUM_PATH' as const });
    const firstLine = (pool: BrowserPool) =>
      browserOf(pool).then(
        () => 'started',
        (error: Error) => error.message.split('\n')[0],
      );
    const launched = createBrowserPool({ guard: guard(), findBrowser: broken });
    const early = startEarlyBrowser({ guard: guard(), findBrowser: broken });
    const attached = createBrowserPool({ guard: guard(), early });
    try {
      const expected = await firstLine(launched);
      expect(expected).toMatch(/^browserType\.launch: /);
      expect(await firstLine(attached)).toBe(expected);
    } finally {
      await Promise.all([launched.close(), attached.close()]);
    }
  });

  it('is killed, with its directory, by a pool closed before any render', async () => {
    const early = startEarlyBrowser({ guard: guard(), findBrowser: async () => browser });
    const spawned = await early.browser;
    expect(pidsMentioning(path.dirname(spawned?.artifactsDir ?? '-'))).not.toEqual([]);
    await createBrowserPool({ guard: guard(), early }).close();
    expect(pidsMentioning(path.dirname(spawned?.artifactsDir ?? '-'))).toEqual([]);
  });

  describe('the CLI leaves no browser behind', () => {
    let tmp: string;
    beforeAll(async () => {
      // The CLI's own temporary directory: the browser's directory, hence its command line,
      // names it, which finds every process of that browser.
      tmp = await mkdtemp(path.join(os.tmpdir(), 'crawlwise-early-'));
    });
    afterAll(async () => {
      await rm(tmp, { recursive: true, force: true });
    });

    const startCli = (page: string): ChildProcess =>
      spawn(
        process.execPath,
        ['--import', 'tsx', CLI, `${site.origin}${page}`, '--json', '--allow-private'],
        {
          env: { ...process.env, TMPDIR: tmp, XDG_CACHE_HOME: path.join(tmp, 'cache') },
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
    const exitOf = (child: ChildProcess) =>
      new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    it('after a rendered page', async () => {
      const child = startCli('/');
      let stdout = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      expect(await exitOf(child)).toBe(0);
      expect(JSON.parse(stdout).issues.length).toBeGreaterThan(0);
      expect(pidsMentioning(tmp)).toEqual([]);
      // What stays: tsx's cache, and playwright-core's compiled bundles (code-cache.ts).
      const left = await readdir(tmp);
      expect(left.filter((name) => !name.startsWith('tsx-') && name !== 'cache')).toEqual([]);
      expect(await readdir(path.join(tmp, 'cache/crawlwise/v8'))).toHaveLength(2);
    }, 60_000);

    it('after SIGTERM in the middle of a render', async () => {
      site.hits.delete('/hang.js');
      const child = startCli('/hanging');
      const exited = exitOf(child);
      // The page's script request is open: the browser is up and rendering.
      await expect.poll(() => site.hits.get('/hang.js'), { timeout: 30_000 }).toBe(1);
      expect(pidsMentioning(tmp)).not.toEqual([]);
      child.kill('SIGTERM');
      await exited;
      // Ended by the signal as before, the browser and its directory gone with it.
      expect(child.signalCode).toBe('SIGTERM');
      await expect.poll(() => pidsMentioning(tmp), { timeout: 10_000 }).toEqual([]);
      const left = await readdir(tmp);
      expect(left.filter((name) => name.startsWith('crawlwise-chromium-'))).toEqual([]);
    }, 60_000);
  });
});
