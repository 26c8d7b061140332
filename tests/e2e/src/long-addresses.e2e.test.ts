import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, startServer, startSite } from './harness.ts';

/**
 * Issue 27 item 4: long addresses on a phone. A page on a very long host name puts long unbroken
 * addresses into the report's top issues (its robots.txt address, say): at 375 px the report
 * must not scroll sideways. In lists, addresses are shortened in the middle, so two pages of one
 * site still read differently.
 */

const LONG_HOST = 'averyveryverylonghostnamewithoutanybreakopportunity-shop.crawlwise.test';
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Oak</title></head>
<body><h1>Oak</h1><p>A short page.</p><img src="/a-very-long-image-file-name-without-breaks.jpg"></body></html>`;

let server: RunningServer;
let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  site = await startSite(PAGE);
  server = await startServer({
    ALLOW_PRIVATE_TARGETS: '1',
    RESOLVE_OVERRIDES: `${LONG_HOST}=127.0.0.1`,
    RENDER: 'off',
    LOG_LEVEL: 'warn',
  });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  await context.addInitScript(() =>
    window.sessionStorage.setItem('crawlwise:newsletter-shown', '1'),
  );
  page = await context.newPage();
  const signUp = await page.request.post(`${server.baseUrl}/api/auth/sign-up/email`, {
    headers: { origin: server.baseUrl },
    data: { name: 'Phone', email: `phone-${Date.now()}@example.com`, password: 'phone-password' },
  });
  expect(signUp.status()).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  const code = await server?.stop();
  await site?.close();
  expect(code).toBe(0);
});

const sideways = () =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function report(path: string): Promise<string> {
  const created = await page.request.post(`${server.baseUrl}/api/reports`, {
    data: { url: `http://${LONG_HOST}:${site.port}${path}` },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).accessToken as string;
}

describe('long addresses on a 375 px phone', () => {
  it('the report with long addresses in its top issues does not scroll sideways', async () => {
    const token = await report('/');
    await page.clock.install();
    await page.goto(`${server.baseUrl}/report?token=${token}`);
    const heading = page.getByRole('heading', { name: /Top Issues/ });
    for (let waited = 0; !(await heading.isVisible()) && waited < 40; waited += 1) {
      await page.clock.fastForward(1000);
      await page.waitForTimeout(100);
    }
    await page.getByText(`http://${LONG_HOST}`).first().waitFor();
    expect(await sideways()).toBeLessThanOrEqual(0);
  });

  it('lists two pages of the site apart: shortened in the middle, not at the end', async () => {
    await report('/?catalogue=dining-tables&item=extendable-oak-table-for-eight');
    await report('/?catalogue=dining-tables&item=extendable-oak-table-for-twelve');
    await page.goto(`${server.baseUrl}/profile`);
    const rows = page.getByRole('link', { name: /extendable-oak-table-for-/ });
    await rows.first().waitFor();
    // The end of each address is on screen, whole; the start gave way (an ellipsis) instead.
    for (const end of ['table-for-eight', 'table-for-twelve']) {
      const tail = page.locator('[aria-hidden="true"]', { hasText: new RegExp(`${end}$`) }).first();
      await tail.waitFor();
      const box = await tail.boundingBox();
      expect(box && box.x + box.width, end).toBeLessThanOrEqual(375);
      expect(await tail.evaluate((node) => node.scrollWidth <= node.clientWidth), end).toBe(true);
    }
    expect(await sideways()).toBeLessThanOrEqual(0);
  });
});
