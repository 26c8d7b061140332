import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, type RunningServer, startServer } from './harness.ts';

/**
 * The profile's API tokens card in the built app: a signed-in owner creates a write token, sees
 * its secret once, the secret works as a bearer token on the API, and revoking it stops it at
 * once. The card at 375 and 1280 px: no overflow, no console error, no serious axe violation
 * (screenshots in a temporary directory, or docs/screenshots with UPDATE_SCREENSHOTS=1).
 */

const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? path.resolve('docs/screenshots')
  : fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-screenshots-'));

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RENDER: 'off', LOG_LEVEL: 'warn' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  expect(await server?.stop()).toBe(0);
});

async function expectClean(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${name} @${width}`).toBeLessThanOrEqual(0);
    const card = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'API tokens' }) })
      .last();
    expect(await axeViolations(page, 'serious'), `${name} @${width}`).toEqual([]);
    await card.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`) });
  }
}

describe('API tokens in the browser', () => {
  it('creates a token on the profile, shows its secret once, and revokes it', async () => {
    const context = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 1280, height: 900 },
    });
    await context.addInitScript(() =>
      window.sessionStorage.setItem('crawlwise:newsletter-shown', '1'),
    );
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    const signUp = await page.request.post(`${server.baseUrl}/api/auth/sign-up/email`, {
      data: {
        name: 'Agent Owner',
        email: `tokens-${Date.now()}@example.com`,
        password: 'token-password',
      },
    });
    expect(signUp.status()).toBe(200);

    await page.goto(`${server.baseUrl}/profile`);
    await page.getByRole('heading', { name: 'API tokens' }).waitFor({ timeout: 30_000 });
    await page.getByText('No tokens yet.').waitFor();
    await page.getByLabel('Token name').fill('Coding agent');
    await page.getByLabel('Read and write').check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'it is not shown again' });
    await shown.waitFor();
    const secret = (await shown.locator('code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^cw_[A-Za-z0-9_-]{43}$/);
    await expectClean(page, 'profile-api-tokens');

    // The secret works on the API, from outside the browser's session.
    const api = await fetch(`${server.baseUrl}/api/me/reports`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(api.status).toBe(200);

    await page.getByRole('button', { name: 'Revoke the token Coding agent' }).click();
    await page.getByText('No tokens yet.').waitFor();
    const after = await fetch(`${server.baseUrl}/api/me/reports`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(after.status).toBe(401);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
