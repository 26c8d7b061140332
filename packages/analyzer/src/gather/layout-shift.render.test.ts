import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOnly, startServer, type TestServer } from '../test-support/render-fixtures.ts';
import { findBrowser } from './browser-path.ts';
import { type BrowserPool, createBrowserPool } from './browser-pool.ts';
import { renderPage } from './render-page.ts';

const browser = await findBrowser();

const para = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `<p>Paragraph ${i} of the article text, long enough to take a line.</p>`,
  ).join('');

describe.skipIf(!browser)('layout shift during the render (real chromium-headless-shell)', () => {
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
  const render = (html: string) =>
    renderPage(pool, { url: `${site.origin}/page`, html, userAgent: 'CrawlwiseTest/1.0' });

  it('measures a banner that a timer inserts above the content, and names what moved (the frame after the last timer is painted)', async () => {
    const result = await render(`<!doctype html><html><head><title>t</title></head><body>
      <main id="content">${para(30)}</main>
      <script>setTimeout(() => {
        const banner = document.createElement('div');
        banner.className = 'promo banner';
        banner.style.height = '500px';
        banner.textContent = 'Sale';
        document.body.prepend(banner);
      }, 2000);</script></body></html>`);
    expect(result.status).toBe('rendered');
    expect(result.layoutShift).toBeDefined();
    expect(result.layoutShift!.cls).toBeGreaterThan(0.25);
    expect(result.layoutShift!.shifts).toBeGreaterThanOrEqual(1);
    // Chrome attributes the shift to the moved boxes it picks (here the <body> whose content moved).
    expect(result.layoutShift!.sources.length).toBeGreaterThan(0);
    expect(result.layoutShift!.sources[0]!.score).toBeGreaterThan(0.25);
  });

  it('reports no shift for a stable page', async () => {
    const result = await render(
      `<!doctype html><html><head><title>t</title></head><body><main>${para(10)}</main></body></html>`,
    );
    expect(result.status).toBe('rendered');
    expect(result.layoutShift).toEqual({ cls: 0, shifts: 0, sources: [] });
  });
});
