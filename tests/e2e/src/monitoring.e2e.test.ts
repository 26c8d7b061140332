import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  launchBrowser,
  type RunningServer,
  startServer,
  startSite,
} from './harness.ts';

/**
 * Monitoring in the browser: a signed-in owner watches a page from its report, finds the watch
 * on the profile and removes it. Both screens at 375 and 1280 px: no horizontal overflow, no
 * console error, no serious axe-core violation. Screenshots go to docs/screenshots/ with
 * UPDATE_SCREENSHOTS=1 (a temporary directory otherwise). The schedule, the mail and the stop
 * link are proven by apps/server/src/monitoring/monitoring.test.ts.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? path.join(REPO_ROOT, 'docs/screenshots')
  : fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-screenshots-'));

const SITE_HOST = 'watched.crawlwise.test';
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Handmade oak furniture from a small workshop</title>
<link rel="canonical" href="/">
<meta name="description" content="Solid oak tables, chairs and shelves, built by hand in our workshop and delivered across the country.">
</head><body><main><h1>Oak furniture made to last</h1>
<p>${'Every piece is cut, joined and finished by hand from sustainably grown oak. '.repeat(30)}</p>
</main></body></html>`;
const WIDTHS = [375, 1280] as const;
let server: RunningServer;
let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;

beforeAll(async () => {
  site = await startSite(PAGE);
  server = await startServer({
    ALLOW_PRIVATE_TARGETS: '1',
    RESOLVE_OVERRIDES: `${SITE_HOST}=127.0.0.1`,
    RENDER: 'off',
    LOG_LEVEL: 'warn',
  });
  browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  const code = await server?.stop();
  await site?.close();
  expect(code).toBe(0);
});

const siteUrl = () => `http://${SITE_HOST}:${site.port}/`;

/**
 * No overflow, no serious axe violation at both widths; a screenshot of each (of `part` only,
 * when given: axe then judges only that part too, the rest of a long page being judged by
 * site-quality.e2e.test.ts).
 */
async function expectCleanAtBothWidths(page: Page, name: string, part?: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${name} @${width}: horizontal overflow (px)`).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, 'serious', part), `${name} @${width}`).toEqual([]);
    const file = path.join(SCREENSHOTS, `${name}-${width}.png`);
    if (part) await page.locator(part).screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('monitoring in the browser', () => {
  it('watches a page from its report, lists it on the profile and removes it', async () => {
    const context: BrowserContext = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 1280, height: 900 },
    });
    // This visitor has seen the newsletter prompt already: it would cover the report's end.
    await context.addInitScript(() =>
      window.sessionStorage.setItem('crawlwise:newsletter-shown', '1'),
    );
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));

    // A signed-in owner (no SMTP_URL: the account works at once) and a report of theirs.
    const signUp = await page.request.post(`${server.baseUrl}/api/auth/sign-up/email`, {
      data: {
        name: 'Watcher',
        email: `watch-${Date.now()}@example.com`,
        password: 'watch-password',
      },
    });
    expect(signUp.status()).toBe(200);
    const created = await page.request.post(`${server.baseUrl}/api/reports`, {
      data: { url: siteUrl() },
    });
    expect(created.status()).toBe(201);
    const token = (await created.json()).accessToken as string;

    await page.goto(`${server.baseUrl}/report?token=${token}`);
    const control = page.getByRole('form', { name: 'Watch this page' });
    await control.waitFor({ timeout: 30_000 });
    await control.getByLabel('How often').selectOption('weekly');
    await control.getByLabel('Email me after a drop of (points)').fill('8');
    await expectCleanAtBothWidths(page, 'watch-control', '#watch-this-page');
    await control.getByRole('button', { name: 'Watch this page' }).click();
    await page.getByText('Weekly checks are on').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'drops by 8 points' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Manage your watches' }).click();
    await page.getByRole('heading', { name: 'Watches' }).waitFor();
    const row = page.getByTestId('watch-row');
    await row.waitFor();
    expect(await row.textContent()).toContain(siteUrl());
    expect(await row.textContent()).toContain('Weekly');
    expect(await row.textContent()).toMatch(/Alert at −8 points.*Last score: \d+/);
    await expectCleanAtBothWidths(page, 'profile-watches');

    await page.getByRole('button', { name: `Remove the watch of ${siteUrl()}` }).click();
    await page.getByText('No watches yet.').waitFor();
    const listed = await page.request.get(`${server.baseUrl}/api/watches`);
    expect((await listed.json()).watches).toEqual([]);
    // Back on the report, the control offers to watch again.
    await page.goto(`${server.baseUrl}/report?token=${token}`);
    await page.getByRole('form', { name: 'Watch this page' }).waitFor({ timeout: 30_000 });

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
