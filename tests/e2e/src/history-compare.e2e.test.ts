import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATHS } from '@crawlwise/shared/routes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  gotoHydrated,
  launchBrowser,
  type RunningServer,
  startServer,
} from './harness.ts';

/**
 * A page's history and the comparison of two of its reports, end to end in Debian's Chromium
 * against the real server (pages rendered): a signed-in user analyses a local page, the page
 * changes (its meta description is added, its image loses its alt text, a script rewrites its
 * H1), the user analyses it again from the home
 * page, follows "Compare with previous" to the comparison (description fixed, alt text new, the H1 after JavaScript moved) and
 * "History of this page" to the trend chart and the list. Both screens at 375 and 1280 px: no
 * horizontal overflow, no console error, no serious axe-core violation. A signed-out visitor of
 * the history is asked to sign in; one with the comparison link reads it with locks.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? path.join(REPO_ROOT, 'docs/screenshots')
  : fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-screenshots-'));

const SITE_HOST = 'changing.crawlwise.test';
const BODY = `<main><h1>Oak tables made by hand</h1><p>${'Solid oak, joined and finished by hand in a small workshop. '.repeat(20)}</p>`;
const BEFORE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Handmade oak tables from a small workshop</title></head><body>${BODY}
<img src="/table.jpg" alt="A round oak table"></main></body></html>`;
const AFTER = BEFORE.replace(
  '</title>',
  '</title><meta name="description" content="Solid oak dining tables built by hand in our workshop and delivered across the country, made to order.">',
)
  .replace(' alt="A round oak table"', '')
  .replace(
    '</body>',
    "<script>document.querySelector('h1').textContent = 'Oak tables, made to order';</script></body>",
  );

let page_html = BEFORE;
let site: http.Server;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  site = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page_html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  server = await startServer({
    ALLOW_PRIVATE_TARGETS: '1',
    RESOLVE_OVERRIDES: `${SITE_HOST}=127.0.0.1`,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const code = await server?.stop();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
  expect(code).toBe(0);
});

const siteUrl = () => `http://${SITE_HOST}:${(site.address() as AddressInfo).port}/`;

interface Visitor {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

async function newVisitor(): Promise<Visitor> {
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

/** At 375 and 1280 px: a screenshot, no overflow, no serious axe violation, no console error. */
async function expectClean({ page, consoleErrors }: Visitor, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${name} @${width}: horizontal overflow (px)`).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, 'serious'), `${name} @${width}`).toEqual([]);
  }
  expect(consoleErrors, `${name}: console errors`).toEqual([]);
}

/** A report of the site through the API with the visitor's session; resolves once completed. */
async function analyseByApi(page: Page): Promise<string> {
  const created = await page.request.post(`${server.baseUrl}/api/reports`, {
    headers: { origin: server.baseUrl },
    data: { url: siteUrl() },
  });
  expect(created.status()).toBe(201);
  const token = (await created.json()).accessToken as string;
  for (let tries = 0; tries < 200; tries++) {
    const read = await page.request.get(`${server.baseUrl}/api/reports/${token}`);
    if ((await read.json()).report.status === 'completed') return token;
    await page.waitForTimeout(100);
  }
  throw new Error('the first report did not complete');
}

describe('page history and comparison in the browser', () => {
  it('shows a signed-in user what changed between two analyses of a page', async () => {
    // A retry starts from the page before the change too.
    page_html = BEFORE;
    const visitor = await newVisitor();
    const { page } = visitor;
    // Without SMTP the account needs no confirmation: sign-up signs in (the cookie is the context's).
    const signUp = await page.request.post(`${server.baseUrl}/api/auth/sign-up/email`, {
      headers: { origin: server.baseUrl },
      data: {
        email: `e2e-history-${Date.now()}@example.com`,
        password: 'history-pass',
        name: 'E2E Tester',
      },
    });
    expect(signUp.status()).toBe(200);

    const olderToken = await analyseByApi(page);
    page_html = AFTER;

    // The second analysis from the home page, as a user runs it.
    // Hydrated first: a click before that submits the form natively (the no-script path).
    await gotoHydrated(page, server.baseUrl);
    await page.getByRole('textbox').first().fill(siteUrl());
    await page
      .getByRole('button', { name: /run free check/i })
      .first()
      .click();
    await page.waitForURL(/\/report\?token=/, { timeout: 20_000 });
    const newerToken = new URL(page.url()).searchParams.get('token') ?? '';
    const compareLink = page.getByRole('link', { name: 'Compare with previous' });
    await compareLink.waitFor({ timeout: 30_000 });
    expect(await compareLink.getAttribute('href')).toBe(PATHS.compareFor(olderToken, newerToken));

    await compareLink.click();
    await page.waitForURL(/\/compare\?a=/);
    await page.getByRole('heading', { name: 'Compare reports' }).waitFor();
    const fixed = page.getByTestId('findings-fixed');
    await fixed.locator('[data-check="meta-description"]').waitFor();
    expect(await page.getByTestId('findings-new').locator('[data-check="image-alt"]').count()).toBe(
      1,
    );
    expect(await page.getByText('Some findings are locked').count()).toBe(0);
    // The crawler view: the H1 script changes what JavaScript shows, not the server HTML.
    const h1Row = page.locator('tr[data-check="rendered-h1"]');
    await h1Row.waitFor();
    expect(await h1Row.textContent()).toContain('Oak tables, made to order');
    await expectClean(visitor, 'compare');

    // The history, from the report.
    await page.goto(`${server.baseUrl}${PATHS.reportFor(newerToken)}`);
    await page.getByRole('link', { name: 'History of this page' }).click();
    await page.waitForURL(/\/history\?url=/);
    const chart = page.getByRole('img', { name: /Score trend/ });
    await chart.waitFor();
    expect(await chart.locator('circle').count()).toBe(2);
    expect(await page.getByTestId('history-row').count()).toBe(2);
    expect(
      await page
        .getByTestId('history-row')
        .first()
        .getByRole('link', { name: 'Compare with previous' })
        .count(),
    ).toBe(1);
    await expectClean(visitor, 'history');
    await visitor.context.close();

    // Signed out: the history asks to sign in; the comparison link reads with locks or in full.
    const stranger = await newVisitor();
    await stranger.page.goto(`${server.baseUrl}${PATHS.historyFor(siteUrl())}`);
    await stranger.page.getByRole('link', { name: 'Sign in' }).last().waitFor();
    expect(await stranger.page.getByText('Sign in to see the history of a page').count()).toBe(1);
    await stranger.page.goto(`${server.baseUrl}${PATHS.compareFor(olderToken, newerToken)}`);
    await stranger.page.getByTestId('findings-fixed').waitFor();
    const anonymous = await stranger.page.request.get(
      `${server.baseUrl}/api/compare?a=${olderToken}&b=${newerToken}`,
    );
    expect((await anonymous.json()).comparison.access).toBe('anonymous');
    await stranger.page.getByRole('link', { name: 'Sign in to see every finding' }).waitFor();
    await expectClean(stranger, 'compare-anonymous');
    await stranger.context.close();
  });
});
