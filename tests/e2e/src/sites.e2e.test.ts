import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, type RunningServer, startServer } from './harness.ts';

/**
 * The sites screen (issue 20.5) in the browser: a signed-in owner adds a local test site, sees
 * its token and both proofs, Verify says what was found while the site has no proof, then the
 * home page gets the meta tag and Verify turns the site verified. Both states at 375 and 1280 px:
 * no horizontal overflow, no serious axe-core violation, no console error. Screenshots go to
 * docs/screenshots/ with UPDATE_SCREENSHOTS=1 (a temporary directory otherwise).
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? path.join(REPO_ROOT, 'docs/screenshots')
  : fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-screenshots-'));
const SITE_HOST = 'verify.crawlwise.test';
const WIDTHS = [375, 1280] as const;

let server: RunningServer;
let browser: Browser;
let site: http.Server;
let sitePort = 0;
/** The home page's head: the meta tag goes here once the owner has the token. */
let head = '';

beforeAll(async () => {
  site = http.createServer((request, response) => {
    if (request.url === '/') {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><head><title>Oak workshop</title>${head}</head><body><p>Oak.</p></body></html>`,
        );
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
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
  await new Promise<void>((resolve) => {
    site?.closeAllConnections();
    site?.close(() => resolve());
  });
  expect(code).toBe(0);
});

async function expectCleanAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${name} @${width}: horizontal overflow (px)`).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, 'serious'), `${name} @${width}`).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the sites screen in the browser', () => {
  it('adds a site, fails to verify it without a proof, then verifies it by the meta tag', async () => {
    const context = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      // The failed check answers 422 on purpose: the browser logs that response.
      if (message.type() === 'error' && !message.text().includes('422')) {
        consoleErrors.push(message.text());
      }
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    const signUp = await page.request.post(`${server.baseUrl}/api/auth/sign-up/email`, {
      data: { name: 'Owner', email: `sites-${Date.now()}@example.com`, password: 'site-password' },
    });
    expect(signUp.status()).toBe(200);

    // From the profile to the screen.
    await page.goto(`${server.baseUrl}/profile`);
    await page.getByRole('link', { name: 'Your sites' }).click();
    await page.getByRole('heading', { name: 'Your Sites', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sites');

    const siteUrl = `http://${SITE_HOST}:${sitePort}/`;
    await page.getByLabel("The site's address").fill(`${siteUrl}about`);
    await page.getByRole('button', { name: 'Add this site' }).click();
    const card = page.getByRole('region', { name: siteUrl });
    await card.waitFor();
    expect(await card.textContent()).toContain('Pending');
    const token = (await card.locator('code').first().textContent())?.trim() ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await card.textContent()).toContain(
      `<meta name="crawlwise-site-verification" content="${token}">`,
    );

    await card.getByRole('button', { name: `Verify ${siteUrl}` }).click();
    await card
      .getByText(/Neither proof was found|meta tag/)
      .first()
      .waitFor();
    await expectCleanAtBothWidths(page, 'sites-pending');

    head = `<meta name="crawlwise-site-verification" content="${token}">`;
    await card.getByRole('button', { name: `Verify ${siteUrl}` }).click();
    await card.getByText(/^Verified\. Crawls of this site may now go up to/).waitFor();
    expect(await card.textContent()).toMatch(/Verified [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const listed = await page.request.get(`${server.baseUrl}/api/site-verifications`);
    expect((await listed.json()).verifications[0].verifiedAt).not.toBeNull();
    await expectCleanAtBothWidths(page, 'sites-verified');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
