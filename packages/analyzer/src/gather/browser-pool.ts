/**
 * One headless Chromium shared by all analyses of a process. Launching costs a few hundred
 * milliseconds, a fresh context per page costs a few, so the browser is launched lazily, kept,
 * and relaunched after a crash; each page gets its own context (no cookies, storage or cache
 * shared between analysed sites). Concurrency is bounded because every page is a renderer
 * process competing for the same cores.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AddressGuard } from '../types.ts';
import {
  BLINK_SETTINGS,
  browserEnv,
  egressProxySettings,
  LAUNCH_ARGS,
  PLAYWRIGHT_HEADLESS_BLINK_SETTINGS,
} from './browser-flags.ts';
import type { FoundBrowser } from './browser-path.ts';
import { type EarlyBrowser, searchBrowser } from './early-browser.ts';
import { type EgressProxy, type EgressStats, startEgressProxy } from './egress-proxy.ts';
import { chromium } from './playwright.ts';
import type { SpawnedBrowser } from './spawn-browser.ts';

export {
  BLINK_SETTINGS,
  browserEnv,
  LAUNCH_ARGS,
  PLAYWRIGHT_HEADLESS_BLINK_SETTINGS,
} from './browser-flags.ts';

/** No usable browser binary: the render is skipped, not failed. */
export class BrowserUnavailableError extends Error {
  override readonly name = 'BrowserUnavailableError';
}

export interface BrowserPoolOptions {
  /** Checks every connection the browser makes (see egress-proxy.ts). */
  guard: AddressGuard;
  /** Pages rendered at once; more wait in a queue. Default 2. */
  concurrency?: number;
  /** Where @sparticuz/chromium may unpack itself (`${dataDir}/chromium`). */
  dataDir?: string;
  /** Environment for the binary search and (filtered) for the browser. Default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Override the binary search (tests, or a caller that already knows the path). */
  findBrowser?: () => Promise<FoundBrowser | null>;
  launchTimeoutMs?: number;
  /** Keep one context and page open ahead of the next render. Default true. */
  prewarm?: boolean;
  /**
   * Close the browser after this long without a render (it holds 150-300 MB); the next render
   * launches it again. 0 keeps it for the pool's lifetime. Default 60 s.
   */
  idleCloseMs?: number;
  /**
   * A browser started before playwright-core was loaded (the CLI's one page, early-browser.ts):
   * the first launch attaches to it, and the pool owns it and its proxy from then on.
   */
  early?: EarlyBrowser;
}

export const DEFAULT_BROWSER_IDLE_CLOSE_MS = 60_000;

export interface PageOptions {
  userAgent: string;
}

export interface BrowserPool {
  /**
   * Runs `fn` with a new page in a new context, closing the context afterwards whatever happens.
   * Throws BrowserUnavailableError when there is no browser binary.
   */
  withPage<T>(options: PageOptions, fn: (page: Page) => Promise<T>): Promise<T>;
  /**
   * Launches the browser now, if it is not up, and opens a spare page for `options` while nothing
   * renders, so a first render waits for neither (the CLI calls it while the page downloads).
   * Never throws: a browser that cannot start is reported by the next withPage.
   */
  warm(options: PageOptions): void;
  /** The browser found (or null), without launching it. */
  browserInfo(): Promise<FoundBrowser | null>;
  /** Counters of the egress proxy; null before the first launch. */
  readonly egressStats: EgressStats | null;
  close(): Promise<void>;
}

/** A context that will not close in this time has a stuck renderer: the browser is replaced. */
const CONTEXT_CLOSE_TIMEOUT_MS = 2_000;

/** FIFO counting semaphore. */
class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];
  constructor(size: number) {
    this.free = size;
  }
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Rejects as soon as the browser disconnects. Needed because some Playwright calls never settle
 * when the browser dies under them: `context.newPage()` hung forever in most of 30 trials where
 * the process was SIGKILLed during the call (playwright-core 1.65).
 */
function unlessDisconnected<T>(browser: Browser, work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  if (!browser.isConnected()) return Promise.reject(new Error('The browser has disconnected'));
  let onDisconnect: () => void = () => {};
  const gone = new Promise<never>((_, reject) => {
    onDisconnect = () => reject(new Error('The browser has disconnected'));
    browser.once('disconnected', onDisconnect);
  });
  return Promise.race([work, gone]).finally(() => browser.off('disconnected', onDisconnect));
}

export function createBrowserPool(options: BrowserPoolOptions): BrowserPool {
  const slots = new Slots(Math.max(1, options.concurrency ?? 2));
  const launchTimeoutMs = options.launchTimeoutMs ?? 30_000;
  const prewarm = options.prewarm ?? true;
  const idleCloseMs = options.idleCloseMs ?? DEFAULT_BROWSER_IDLE_CLOSE_MS;
  let found: Promise<FoundBrowser | null> | null = options.early?.found ?? null;
  // The early browser's flags name its proxy: that one is kept (or, failing, a new one started).
  let proxy: Promise<EgressProxy> | null =
    options.early?.proxy.then((started) => started ?? startEgressProxy(options.guard)) ?? null;
  proxy?.catch(() => undefined);
  let early: Promise<SpawnedBrowser | null> | null = options.early?.browser ?? null;
  let proxyStats: EgressStats | null = null;
  let launching: Promise<Browser> | null = null;
  /** The connected browser, so a late 'disconnected' of an old one does not reset a new one. */
  let current: Browser | null = null;
  let closed = false;

  function browserInfo(): Promise<FoundBrowser | null> {
    // The search touches the disk (and may unpack a browser): do it once per pool.
    found ??= searchBrowser(options);
    return found;
  }

  function startProxy(): Promise<EgressProxy> {
    // Started once and kept across relaunches, so the port in the launch flags stays valid.
    proxy ??= startEgressProxy(options.guard);
    const starting = proxy;
    starting.then(
      (started) => {
        proxyStats = started.stats;
      },
      () => {
        if (proxy === starting) proxy = null;
      },
    );
    return starting;
  }

  async function launch(): Promise<Browser> {
    const binary = await browserInfo();
    if (!binary) {
      throw new BrowserUnavailableError(
        'No headless browser found (set CHROMIUM_PATH or install chromium-headless-shell)',
      );
    }
    const egress = await startProxy();
    const browser =
      (await attachEarly()) ??
      (await chromium.launch({
        executablePath: binary.path,
        headless: true,
        args: [...LAUNCH_ARGS, BLINK_SETTINGS],
        ignoreDefaultArgs: [PLAYWRIGHT_HEADLESS_BLINK_SETTINGS],
        proxy: egressProxySettings(egress.port),
        timeout: launchTimeoutMs,
        env: browserEnv(options.env ?? process.env),
        // The pool owns the browser's lifetime; the server's own signal handling closes it.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      }));
    browser.on('disconnected', () => {
      // A crash or an outside close: forget it so the next use launches a new one.
      if (current === browser) forget();
    });
    current = browser;
    return browser;
  }

  /**
   * The early browser, once: attached over its pipe. Any failure kills it and returns null, so
   * the launch goes on as without one and a browser that cannot start fails as it always did.
   */
  async function attachEarly(): Promise<Browser | null> {
    const pending = early;
    early = null;
    const spawned = pending ? await pending : null;
    if (!spawned) return null;
    const gone = spawned.exited.then(() => {
      throw new Error('The browser exited before it could be attached');
    });
    // Settles (rejected) whenever the browser ends, long after an attach that succeeded.
    gone.catch(() => undefined);
    try {
      const attaching = chromium.connectOverCDP(spawned.transport, {
        timeout: launchTimeoutMs,
        artifactsDir: spawned.artifactsDir,
      });
      return await Promise.race([attaching, gone]);
    } catch {
      spawned.kill();
      return null;
    }
  }

  /** An early browser never attached (the pool closed first) is killed, not left behind. */
  async function dropEarly(): Promise<void> {
    const pending = early;
    early = null;
    const spawned = pending ? await pending : null;
    spawned?.kill();
    await spawned?.exited;
  }

  function forget(): void {
    current = null;
    launching = null;
  }

  /** Pages in use or being opened; the idle timer runs only while this is 0. */
  let active = 0;
  let idleTimer: NodeJS.Timeout | null = null;

  function stopIdleTimer(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  }

  function startIdleTimer(): void {
    stopIdleTimer();
    if (idleCloseMs <= 0 || closed) return;
    idleTimer = setTimeout(() => void closeIdleBrowser(), idleCloseMs);
    // An idle browser must not keep a finished CLI run or a stopping server alive.
    idleTimer.unref();
  }

  async function closeIdleBrowser(): Promise<void> {
    idleTimer = null;
    const browser = current;
    if (active > 0 || launching === null || browser === null) return;
    forget();
    const pending = spare;
    spare = null;
    const unused = pending ? await pending.ready : null;
    await unused?.context.close().catch(() => undefined);
    await browser.close().catch(() => undefined);
  }

  async function getBrowser(): Promise<Browser> {
    if (closed) throw new BrowserUnavailableError('The browser pool is closed');
    if (launching) {
      const browser = await launching;
      if (browser.isConnected()) return browser;
      if (current === browser) forget();
    }
    // Single flight: concurrent callers share one launch.
    launching ??= launch().catch((error: unknown) => {
      launching = null;
      throw error;
    });
    return launching;
  }

  interface OpenPage {
    browser: Browser;
    context: BrowserContext;
    page: Page;
  }

  async function openPage(browser: Browser, userAgent: string): Promise<OpenPage> {
    const opening = browser.newContext({
      userAgent,
      viewport: { width: 1366, height: 768 },
      javaScriptEnabled: true,
      acceptDownloads: false,
      // A service worker could outlive the context's routes and serve the page from its cache.
      serviceWorkers: 'block',
      bypassCSP: false,
      locale: 'en-US',
    });
    const context = await unlessDisconnected(browser, opening);
    try {
      // Alerts, confirms and beforeunload prompts would block the page's script forever.
      context.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
      const page = await unlessDisconnected(browser, context.newPage());
      // Popups (window.open) are not part of the analysed page; close them at once.
      context.on('page', (popup) => {
        if (popup !== page) void popup.close().catch(() => undefined);
      });
      return { browser, context, page };
    } catch (error) {
      void context.close().catch(() => undefined);
      throw error;
    }
  }

  /**
   * A context and blank page opened ahead of time. Starting a page's renderer process is the
   * largest fixed cost of a render (~65 ms); doing it between renders takes it off the clock.
   */
  let spare: { userAgent: string; ready: Promise<OpenPage | null> } | null = null;

  function prepareSpare(userAgent: string): void {
    const browser = current;
    if (!prewarm || closed || spare || !browser?.isConnected()) return;
    spare = { userAgent, ready: openPage(browser, userAgent).catch(() => null) };
  }

  async function takeSpare(userAgent: string): Promise<OpenPage | null> {
    const taken = spare;
    spare = null;
    const opened = taken ? await taken.ready : null;
    if (!opened) return null;
    const usable =
      taken?.userAgent === userAgent &&
      opened.browser === current &&
      opened.browser.isConnected() &&
      !opened.page.isClosed();
    if (usable) return opened;
    void opened.context.close().catch(() => undefined);
    return null;
  }

  async function acquirePage(userAgent: string): Promise<OpenPage> {
    const ready = await takeSpare(userAgent);
    if (ready) return ready;
    const browser = await getBrowser();
    try {
      return await openPage(browser, userAgent);
    } catch (error) {
      // The browser may have died before its 'disconnected' event reached us: relaunch once.
      if (browser.isConnected()) throw error;
      if (current === browser) forget();
      return openPage(await getBrowser(), userAgent);
    }
  }

  async function closeContext(context: BrowserContext): Promise<void> {
    const result = await withTimeout(
      context.close().catch(() => undefined),
      CONTEXT_CLOSE_TIMEOUT_MS,
    );
    if (result === 'timeout') {
      // A renderer stuck in a script can block the close; replace the whole browser.
      const browser = context.browser();
      if (browser && current === browser) forget();
      void browser?.close().catch(() => undefined);
    }
  }

  return {
    browserInfo,
    warm(pageOptions) {
      if (closed) return;
      getBrowser().then(
        () => {
          // A render that started meanwhile opens its own page: a spare now would be a second.
          if (active > 0) return;
          prepareSpare(pageOptions.userAgent);
          // Warmed for a render that never came (the page failed): released like an idle one.
          startIdleTimer();
        },
        () => undefined,
      );
    },
    get egressStats() {
      return proxyStats;
    },
    async withPage(pageOptions, fn) {
      active += 1;
      stopIdleTimer();
      await slots.acquire();
      let opened: OpenPage | null = null;
      try {
        opened = await acquirePage(pageOptions.userAgent);
        // A crash mid-render must end the render, not leave it waiting on a dead browser.
        return await unlessDisconnected(opened.browser, fn(opened.page));
      } finally {
        const context = opened?.context;
        // Closing takes ~10 ms and the result is already known: close in the background, but
        // keep the slot until the renderer is gone so the concurrency bound stays true.
        void (context ? closeContext(context) : Promise.resolve()).finally(() => {
          slots.release();
          prepareSpare(pageOptions.userAgent);
          active -= 1;
          if (active === 0) startIdleTimer();
        });
      }
    },
    async close() {
      closed = true;
      stopIdleTimer();
      const pending = spare;
      spare = null;
      const browser = launching ? await launching.catch(() => null) : null;
      forget();
      const unused = pending ? await pending.ready : null;
      await unused?.context.close().catch(() => undefined);
      await browser?.close().catch(() => undefined);
      await dropEarly();
      const egress = proxy ? await proxy.catch(() => null) : null;
      proxy = null;
      await egress?.close();
    },
  };
}
