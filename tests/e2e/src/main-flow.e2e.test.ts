import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gotoHydrated,
  launchBrowser,
  type RunningServer,
  startServer,
  startSite,
  waitForHydration,
} from './harness.ts';

const SITE_HOST = 'shop.crawlwise.test';
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Handmade oak furniture from a small workshop</title>
<meta name="description" content="We build solid oak tables, chairs and shelves by hand in our workshop and deliver them nationwide.">
</head><body><main><h1>Oak furniture made to last</h1>
<p>${'Every piece is cut, joined and finished by hand from sustainably grown oak. '.repeat(30)}</p>
</main></body></html>`;

let server: RunningServer;
let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;

beforeAll(async () => {
  site = await startSite(PAGE);
  // The URL bar accepts only real-looking hosts (a dot and a 2+ letter ending), so the test site
  // gets a name that the server resolves to 127.0.0.1.
  server = await startServer({
    ALLOW_PRIVATE_TARGETS: '1',
    RESOLVE_OVERRIDES: `${SITE_HOST}=127.0.0.1`,
    LOG_LEVEL: 'warn',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const code = await server?.stop();
  await site?.close();
  expect(code).toBe(0);
});

describe('home → submit a page → completed report', () => {
  it('ends on a completed report with a score', async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, server.baseUrl);
    const input = page.getByRole('textbox').first();
    await input.fill(`http://${SITE_HOST}:${site.port}/`);
    await page
      .getByRole('button', { name: /run free check/i })
      .first()
      .click();
    await page.waitForURL(/\/report\?token=/, { timeout: 40_000 });
    await page.getByText('Analysis Complete ✓').waitFor({ timeout: 30_000 });
    await page
      .getByText(/SEO Health/i)
      .first()
      .waitFor({ timeout: 30_000 });
    const token = new URL(page.url()).searchParams.get('token');
    const api = await fetch(`${server.baseUrl}/api/reports/${token}`).then((r) => r.json());
    expect(api.report.status).toBe('completed');
    expect(api.report.score).toBeGreaterThan(0);
    // The home page is a document of its own (islands, no client router): Back returns to it,
    // and its URL bar works again.
    // Once its islands have hydrated again: a click before that would submit natively.
    await page.goBack();
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('textbox').first().fill('not a web address');
    await page
      .getByRole('button', { name: /run free check/i })
      .first()
      .click();
    await page.getByRole('alert').first().waitFor();
    await page.close();
  });
});

describe('serving the web app', () => {
  it('serves prerendered marketing pages with their content in the HTML', async () => {
    const response = await fetch(`${server.baseUrl}/features`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>/);
    expect(html.length).toBeGreaterThan(2000);
    // Only its islands hydrate: one module script, the islands entry, and no client router.
    expect(html).not.toContain('__reactRouterContext');
    expect(html.match(/<script type="module"[^>]*>/g)).toEqual([
      expect.stringMatching(/src="\/assets\/islands-[\w-]+\.js"/),
    ]);
  });

  it('hydrates the islands of a marketing page; a link to the page you are on scrolls up', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await gotoHydrated(page, `${server.baseUrl}/pricing`);
    // The FAQ accordion is an island: it opens.
    const question = page.getByRole('button', { name: 'Is Crawlwise free right now?' });
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Pricing' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/pricing');
    // Another header link loads that page.
    await main.getByRole('link', { name: 'Features' }).click();
    await page.waitForURL(/\/features$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers unknown routes with HTTP 404 and the 404 page', async () => {
    const response = await fetch(`${server.baseUrl}/no-such-page`);
    expect(response.status).toBe(404);
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/no-such-page`);
    await page.getByText('Oops! Page not found').waitFor();
    await page.close();
  });

  it('serves client-only screens with the SPA shell', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.baseUrl}/report`);
    expect(response?.status()).toBe(200);
    await page
      .getByText('No access token provided. Please submit a URL from the homepage.')
      .waitFor();
    await page.close();
  });
});
