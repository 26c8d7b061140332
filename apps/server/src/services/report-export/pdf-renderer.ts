import {
  type FoundBrowser,
  findBrowser as findBrowserBinary,
} from '@crawlwise/analyzer/gather/browser-path';
import type { Browser, BrowserContext } from 'playwright-core';

/**
 * Turns print HTML into a PDF in a headless Chromium of its own (the analyses' browser sends
 * its traffic through the address guard and renders with script on; this one renders our own
 * document with script off and no network at all). The browser is launched by the first PDF,
 * reused by the next ones, and closed after a while without any. At most `concurrency` PDFs are
 * made at once and at most `maxQueued` wait; beyond that the caller is told the renderer is busy,
 * and a PDF that takes longer than `timeoutMs` is abandoned (its context closed).
 */

export class PdfBusyError extends Error {
  override readonly name = 'PdfBusyError';
}

export class PdfFailedError extends Error {
  override readonly name = 'PdfFailedError';
}

export interface PdfRendererOptions {
  concurrency?: number;
  maxQueued?: number;
  timeoutMs?: number;
  /** Close the browser after this long without a PDF; 0 keeps it open. */
  idleCloseMs?: number;
  /**
   * Arms the idle close; returns how to disarm it. The default is an unref'd timer; a test
   * passes its own to fire the close at once instead of sleeping past the delay.
   */
  armIdleTimer?: (close: () => void, delayMs: number) => () => void;
  env?: NodeJS.ProcessEnv;
  findBrowser?: () => Promise<FoundBrowser | null>;
}

export interface PdfPage {
  html: string;
  /** Printed in the footer of every page, beside the page number. */
  footerText: string;
}

export const PDF_DEFAULTS = {
  concurrency: 2,
  maxQueued: 8,
  timeoutMs: 15_000,
  idleCloseMs: 60_000,
} as const;

/**
 * Every request the document could trigger goes to a proxy on a closed loopback port, and is
 * refused there: a second wall behind the request interception and the page's CSP, so nothing
 * the report's text might smuggle in can reach the network.
 */
const DEAD_PROXY = { server: 'http://127.0.0.1:9', bypass: '<-loopback>' };

const escapeText = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Chromium fills `pageNumber` and `totalPages`; the template must carry its own font size. */
function footerTemplate(text: string): string {
  return `<div style="font-size:8px;color:#475569;width:100%;padding:0 16mm;display:flex;justify-content:space-between;font-family:sans-serif"><span>${escapeText(text)}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
}

export class PdfRenderer {
  private readonly concurrency: number;
  private readonly maxQueued: number;
  private readonly timeoutMs: number;
  private readonly idleCloseMs: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private launching: Promise<Browser> | null = null;
  private disarmIdleClose: (() => void) | null = null;
  private readonly armIdleTimer: (close: () => void, delayMs: number) => () => void;
  private closed = false;

  constructor(private readonly options: PdfRendererOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? PDF_DEFAULTS.concurrency);
    this.maxQueued = Math.max(0, options.maxQueued ?? PDF_DEFAULTS.maxQueued);
    this.timeoutMs = options.timeoutMs ?? PDF_DEFAULTS.timeoutMs;
    this.idleCloseMs = options.idleCloseMs ?? PDF_DEFAULTS.idleCloseMs;
    this.armIdleTimer = options.armIdleTimer ?? armUnrefTimer;
  }

  /** PDFs being made and waiting (for tests and the bench). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** True while a browser is open or starting. */
  get browserOpen(): boolean {
    return this.launching !== null;
  }

  async render(page: PdfPage): Promise<Buffer> {
    if (this.closed) throw new PdfFailedError('The PDF renderer is closed');
    await this.acquire();
    this.cancelIdleClose();
    try {
      return await this.print(page);
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cancelIdleClose();
    await this.closeBrowser();
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxQueued) {
      return Promise.reject(new PdfBusyError('Too many PDFs in the queue'));
    }
    // The slot passes straight from the finishing PDF to the next one: running stays counted.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) {
      next();
      return;
    }
    this.running -= 1;
    if (this.running === 0) this.scheduleIdleClose();
  }

  private scheduleIdleClose(): void {
    if (this.idleCloseMs <= 0 || this.closed) return;
    this.cancelIdleClose();
    this.disarmIdleClose = this.armIdleTimer(() => {
      this.disarmIdleClose = null;
      void this.closeBrowser();
    }, this.idleCloseMs);
  }

  private cancelIdleClose(): void {
    this.disarmIdleClose?.();
    this.disarmIdleClose = null;
  }

  /** Closes the browser now (the next PDF launches it again), as the idle timer does. */
  async releaseBrowser(): Promise<void> {
    await this.closeBrowser();
  }

  private async closeBrowser(): Promise<void> {
    const launching = this.launching;
    this.launching = null;
    const browser = await launching?.catch(() => null);
    await browser?.close().catch(() => undefined);
  }

  private browser(): Promise<Browser> {
    this.launching ??= this.launch();
    const launching = this.launching;
    launching.catch(() => {
      if (this.launching === launching) this.launching = null;
    });
    return launching;
  }

  private async launch(): Promise<Browser> {
    const env = this.options.env ?? process.env;
    const found = await (this.options.findBrowser ?? (() => findBrowserBinary(env)))();
    if (!found) throw new PdfFailedError('No headless browser is installed');
    // playwright-core (about 90 MB of a process's memory once loaded) loads with the first PDF,
    // not at start-up: the idle footprint of issue 23.
    const [{ chromium }, { browserEnv, LAUNCH_ARGS }] = await Promise.all([
      import('playwright-core'),
      import('@crawlwise/analyzer/gather/browser-pool'),
    ]);
    const browser = await chromium.launch({
      executablePath: found.path,
      headless: true,
      args: [...LAUNCH_ARGS],
      proxy: DEAD_PROXY,
      env: browserEnv(env),
      timeout: 30_000,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    browser.on('disconnected', () => {
      // A crashed browser is launched again by the next PDF.
      if (this.launching) {
        void this.launching.then((current) => {
          if (current === browser) this.launching = null;
        });
      }
    });
    return browser;
  }

  /**
   * At the deadline the context is closed and the PDF abandoned: some Playwright calls never
   * settle on a closed context (`newPage`), so the caller stops waiting instead of relying on
   * them to fail. The work left behind has no page to run in, so freeing its slot is safe.
   */
  private async print(input: PdfPage): Promise<Buffer> {
    const started = Date.now();
    const browser = await this.browser();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      offline: true,
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    let deadline: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      deadline = setTimeout(
        () => reject(new PdfFailedError(`The PDF took longer than ${this.timeoutMs} ms`)),
        Math.max(0, this.timeoutMs - (Date.now() - started)),
      );
    });
    const work = this.printIn(context, input);
    work.catch(() => undefined);
    try {
      return await Promise.race([work, expired]);
    } catch (error) {
      if (error instanceof PdfFailedError) throw error;
      throw new PdfFailedError(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(deadline);
      // A context stuck in a hung renderer must not hold the slot: do not wait for ever.
      await Promise.race([
        context.close().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
      ]);
    }
  }

  private async printIn(context: BrowserContext, input: PdfPage): Promise<Buffer> {
    // No request leaves the page: the document embeds everything it shows.
    await context.route('**/*', (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    await page.setContent(input.html, { waitUntil: 'load' });
    await page.emulateMedia({ media: 'print' });
    return page.pdf({
      format: 'A4',
      printBackground: true,
      preferCSSPageSize: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: footerTemplate(input.footerText),
      outline: true,
      tagged: true,
    });
  }
}

/** The idle close's default timer: it never keeps the process alive on its own. */
function armUnrefTimer(close: () => void, delayMs: number): () => void {
  const timer = setTimeout(close, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
}
