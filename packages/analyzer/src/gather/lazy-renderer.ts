import type { RenderArtifact } from '../types.ts';
import type { BrowserPool, BrowserPoolOptions, PageOptions } from './browser-pool.ts';
import type { EarlyBrowser, StartEarlyBrowser } from './early-browser.ts';
import type { RenderOptions } from './render-page.ts';

/**
 * The engine's render side, loaded on demand: the browser pool and renderPage import
 * playwright-core, which alone took a quarter of a one-page CLI run's start-up (issue 23), so an
 * engine that never renders never loads them. When rendering is on, `prefetch` starts the import
 * and the browser's launch while the page is still being fetched, so the first render waits for
 * neither.
 */
export interface LazyRenderer {
  /**
   * Starts loading the browser side now (once), then launches the browser and opens a page for
   * `page` (BrowserPool.warm), all while the page downloads; a failure is reported by the next
   * render.
   */
  prefetch(page: PageOptions): void;
  render(options: RenderOptions): Promise<RenderArtifact>;
  /** Closes the pool if one was made; nothing is loaded for it. */
  close(): Promise<void>;
}

interface Loaded {
  pool: BrowserPool;
  renderPage: typeof import('./render-page.ts').renderPage;
}

export interface LazyRendererOptions extends BrowserPoolOptions {
  /**
   * Spawns Chromium at the first prefetch, before playwright-core loads, for the pool to attach
   * to once loaded (early-browser.ts): for the CLI's one page, where that load was on the clock.
   * Passed in by a caller that imported it, so the spawn does not wait for an import that the
   * fetch and the parse would get ahead of (issue 23.1).
   */
  startEarly?: StartEarlyBrowser;
}

export function lazyRenderer({ startEarly, ...options }: LazyRendererOptions): LazyRenderer {
  let early: EarlyBrowser | null = null;
  let loading: Promise<Loaded> | null = null;
  const load = () => {
    // Loading playwright-core holds the thread for ~200 ms: the early browser is spawned first.
    loading ??= (early ? early.browser : Promise.resolve(null))
      .then(() => Promise.all([import('./browser-pool.ts'), import('./render-page.ts')]))
      .then(([browser, render]) => ({
        pool: browser.createBrowserPool({ ...options, ...(early ? { early } : {}) }),
        renderPage: render.renderPage,
      }));
    return loading;
  };
  return {
    prefetch(page) {
      if (startEarly && !loading) early = startEarly(options);
      load().then(
        ({ pool }) => pool.warm(page),
        () => {
          // Reported by render(), which awaits the same promise.
        },
      );
    },
    async render(renderOptions) {
      const { pool, renderPage } = await load();
      return renderPage(pool, renderOptions);
    },
    async close() {
      if (!loading) return;
      const loaded = await loading.catch(() => null);
      if (loaded) return loaded.pool.close();
      // The browser side failed to load, so no pool took over what was started early.
      const [spawned, proxy] = early
        ? await Promise.all([early.browser, early.proxy.catch(() => null)])
        : [null, null];
      spawned?.kill();
      await Promise.all([spawned?.exited, proxy?.close()]);
    },
  };
}
