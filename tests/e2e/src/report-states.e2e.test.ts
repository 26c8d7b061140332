import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  gotoHydrated,
  launchBrowser,
  type RunningServer,
  startServer,
} from './harness.ts';

/**
 * The report screen's states end to end (docs/report-states.md), in Debian's Chromium against
 * the built server, each at 375 and 1280 px with no horizontal overflow, no console error and
 * no serious or critical axe-core violation:
 * - stuck: a server with no worker and REPORT_STUCK_AFTER_SECONDS lowered, so a report really
 *   waits in the queue, the card says so, and the server's function_timeout arrives in seconds;
 * - failed: that report's red box, a Try again refused by the site's 500 (catalogue words), then
 *   a Try again that opens a new report while the failed one keeps its link;
 * - fresh submission: a real analysis that finishes in well under a second, played through every
 *   stage to 'Analysis Complete ✓'; the same link opened later shows results at once; Rerun.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? path.join(REPO_ROOT, 'docs/screenshots')
  : fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-report-states-'));

const SITE_HOST = 'states.crawlwise.test';
/**
 * The card's slow notice comes at 10 s; the server gives up later, leaving time to see it (and
 * take its screenshot and axe run) between the two even when a loaded machine slows the polls.
 */
const STUCK_AFTER_SECONDS = 24;
const WIDTHS = [375, 1280] as const;
const TIMED_OUT = 'The analysis took longer than expected and was stopped.';
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Handmade oak furniture from a small workshop</title></head>
<body><main><h1>Oak furniture made to last</h1><img src="a.png"><p>Short.</p></main></body></html>`;

/** The newsletter prompt would cover the report 15 s after results; these tests read the report. */
const NO_NEWSLETTER = "sessionStorage.setItem('crawlwise:newsletter-shown', '1');";

/**
 * Records each stage the progress card shows, in order (and 'complete' once it says 'Analysis
 * Complete ✓'), from the first render: the screen is reached by client-side navigation.
 */
const STAGE_RECORDER = `
window.__stages = [];
const record = () => {
  const status = document.querySelector('[data-testid="progress-status"]');
  const current = document.querySelector('[aria-label="Analysis stages"] [aria-current="step"]');
  const stage = status && status.textContent.includes('Analysis Complete ✓')
    ? 'complete'
    : current && current.getAttribute('data-stage');
  if (stage && window.__stages[window.__stages.length - 1] !== stage) window.__stages.push(stage);
};
new MutationObserver(record).observe(document, {
  subtree: true, childList: true, attributes: true, characterData: true,
});`;

/**
 * A site on 127.0.0.1: `/` always answers, `/flaky` can be switched to answering 500 (a path of
 * its own, so each test's site stays its own).
 */
async function startFlakySite() {
  const state = { broken: false };
  const server = http.createServer((request, response) => {
    const healthy = request.url === '/' || (request.url === '/flaky' && !state.broken);
    if (healthy) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (request.url === '/flaky') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('oops');
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: `http://${SITE_HOST}:${port}/`,
    flakyUrl: `http://${SITE_HOST}:${port}/flaky`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let site: Awaited<ReturnType<typeof startFlakySite>>;
/** No worker: reports wait in the queue until the server gives up on them. */
let queueOnly: RunningServer;
/** A worker that analyses in well under a second (rendering off). */
let analysing: RunningServer;
let browser: Browser;

beforeAll(async () => {
  site = await startFlakySite();
  const common = {
    ALLOW_PRIVATE_TARGETS: '1',
    RESOLVE_OVERRIDES: `${SITE_HOST}=127.0.0.1`,
    RENDER: 'off',
    LOG_LEVEL: 'warn',
    // A busy test machine must not shed the polls (shedding is tested on its own).
    MAX_EVENT_LOOP_DELAY_MS: '0',
  };
  // One after the other: two start-ups at once on a busy machine can outlast the ready deadline.
  queueOnly = await startServer({
    ...common,
    EMBEDDED_WORKER: '0',
    REPORT_STUCK_AFTER_SECONDS: String(STUCK_AFTER_SECONDS),
  });
  analysing = await startServer(common);
  browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // Each start-up has its own 90 s deadline; the hook outlives both so none is left running.
}, 200_000);

afterAll(async () => {
  await browser?.close();
  const codes = await Promise.all([queueOnly?.stop(), analysing?.stop()]);
  await site?.close();
  expect(codes).toEqual([0, 0]);
});

interface Visit {
  page: Page;
  width: number;
  consoleErrors: string[];
}

async function open(server: RunningServer, pathname: string, width: number): Promise<Visit> {
  // bypassCSP: the axe script is injected inline.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
  await context.addInitScript(NO_NEWSLETTER);
  await context.addInitScript(STAGE_RECORDER);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  // Hydrated: a value typed now is not reset, and Enter does not submit natively.
  await gotoHydrated(page, `${server.baseUrl}${pathname}`);
  return { page, width, consoleErrors };
}

/** Submits the site's address in the first URL bar of the page and waits for its report. */
async function submit({ page }: Visit, url: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Website URL' }).first().fill(url);
  await page.getByRole('textbox', { name: 'Website URL' }).first().press('Enter');
  await page.waitForURL(/\/report\?token=/, { timeout: 20_000 });
  // From a marketing page the address changes first and the report document loads after it
  // (islands/document-navigator.ts): wait for the report screen itself, or a later evaluate
  // runs in the page being replaced ("Execution context was destroyed").
  await page.locator('[aria-current="step"]').first().waitFor({ timeout: 20_000 });
  return new URL(page.url()).searchParams.get('token')!;
}

/** The state as it is now: a screenshot, no overflow, no console error, no serious axe finding. */
async function checkState({ page, width, consoleErrors }: Visit, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${name} @${width}: horizontal overflow (px)`).toBeLessThanOrEqual(0);
  expect(await axeViolations(page, 'serious'), `${name} @${width}`).toEqual([]);
  expect(consoleErrors, `${name} @${width}: console errors`).toEqual([]);
}

const stagesSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __stages: string[] }).__stages);

async function apiReport(server: RunningServer, token: string) {
  const answer = await fetch(`${server.baseUrl}/api/reports/${token}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { report: Record<string, unknown> }).report;
}

const failedTokens = new Map<number, string>();

describe('the report screen states', () => {
  it('stuck in the queue, then failed with the server’s function_timeout', async () => {
    await Promise.all(
      WIDTHS.map(async (width) => {
        const visit = await open(queueOnly, '/', width);
        const { page } = visit;
        const token = await submit(visit, site.flakyUrl);
        const progress = page.getByRole('progressbar', { name: 'Analysis progress' });

        // The bar waits at the end of the queue stage instead of claiming progress.
        await page.getByText('Waiting in the queue...').waitFor({ timeout: 10_000 });
        expect(await progress.getAttribute('aria-valuenow')).toBe('25');

        await page
          .getByText(/still waiting in the queue for a free analyser/)
          .waitFor({ timeout: 15_000 });
        expect(await page.getByText('Compiling Results...').count()).toBe(0);
        await checkState(visit, 'report-stuck');

        const box = page.getByRole('alert').filter({ hasText: 'Analysis Failed' });
        await box.waitFor({ timeout: (STUCK_AFTER_SECONDS + 6) * 1000 });
        await box.getByText(TIMED_OUT).waitFor();
        expect(await box.getByRole('button', { name: 'Try again' }).isEnabled()).toBe(true);
        expect(await apiReport(queueOnly, token)).toMatchObject({
          status: 'failed',
          error_code: 'function_timeout',
        });
        const background = await box.evaluate((node) => getComputedStyle(node).backgroundColor);
        expect(background, 'the red box is red').not.toBe('rgb(255, 255, 255)');
        await checkState(visit, 'report-failed');
        failedTokens.set(width, token);
        await page.context().close();
      }),
    );

    // Try again from the failed report: first refused (the page now answers 500), then a new
    // report of the same address; the failed report keeps its link.
    const visit = await open(queueOnly, `/report?token=${failedTokens.get(1280)}`, 1280);
    const { page } = visit;
    await page.getByRole('heading', { name: 'Analysis Failed' }).waitFor();
    site.state.broken = true;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Check your server logs, then try again.').waitFor({ timeout: 15_000 });
    await page.locator('[data-sonner-toast]').getByText('Server Error').first().waitFor();
    expect(page.url()).toContain(`token=${failedTokens.get(1280)}`);
    await page.waitForTimeout(400); // the toast's entry animation
    // Chromium logs the refused creation (422) as a failed resource load: that one is expected.
    visit.consoleErrors = visit.consoleErrors.filter((text) => !/status of 422/.test(text));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await checkState({ ...visit, width }, 'report-try-again-refused');
    }

    site.state.broken = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((url) => url.searchParams.get('token') !== failedTokens.get(1280), {
      timeout: 15_000,
    });
    await page.getByText('Waiting in the queue...').waitFor({ timeout: 10_000 });
    const fresh = new URL(page.url()).searchParams.get('token')!;
    expect(await apiReport(queueOnly, fresh)).toMatchObject({
      status: 'queued',
      url: site.flakyUrl,
    });
    expect(await apiReport(queueOnly, failedTokens.get(1280)!)).toMatchObject({
      status: 'failed',
    });
    await page.goBack();
    await page.getByRole('heading', { name: 'Analysis Failed' }).waitFor();
    await page.context().close();
  });

  it('a fresh submission plays every stage; an existing link shows results at once', async () => {
    const tokens = await Promise.all(
      WIDTHS.map(async (width) => {
        const visit = await open(analysing, '/', width);
        const { page } = visit;
        const token = await submit(visit, site.url);

        // The analysis itself is over in well under a second...
        for (const deadline = Date.now() + 5000; Date.now() < deadline; ) {
          if ((await apiReport(analysing, token)).status === 'completed') break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect((await apiReport(analysing, token)).status).toBe('completed');
        // ...while the card is still early in its run.
        expect(await stagesSeen(page)).not.toContain('complete');
        await page
          .locator('[aria-current="step"][data-stage="analyzing"]')
          .waitFor({ timeout: 10_000 });
        await checkState(visit, 'report-fresh-progress');

        await page.getByText('Analysis Complete ✓').waitFor({ timeout: 15_000 });
        await page.getByRole('heading', { name: /Top Issues/ }).waitFor({ timeout: 10_000 });
        expect(await stagesSeen(page)).toEqual(['queued', 'analyzing', 'compiling', 'complete']);
        await page.getByText(/Analysed on/).waitFor();
        await page.getByRole('heading', { name: 'Check another page' }).waitFor();
        await checkState(visit, 'report-fresh-results');
        await page.context().close();
        return token;
      }),
    );

    // The same report from its link: results at once, no replayed run.
    const visit = await open(analysing, `/report?token=${tokens[1]}`, 1280);
    const { page } = visit;
    const opened = Date.now();
    await page.getByRole('heading', { name: /Top Issues/ }).waitFor({ timeout: 10_000 });
    expect(Date.now() - opened, 'results of an existing link (ms)').toBeLessThan(4000);
    expect(await stagesSeen(page)).toEqual(['complete']);

    // Rerun: a new report of the address, played from its first stage; the old link still works.
    await page.getByRole('button', { name: 'Rerun Analysis' }).click();
    await page.waitForURL((url) => url.searchParams.get('token') !== tokens[1], {
      timeout: 15_000,
    });
    await page.locator('[aria-current="step"]').first().waitFor();
    expect((await stagesSeen(page)).slice(1)[0]).toBe('queued');
    expect(await apiReport(analysing, tokens[1]!)).toMatchObject({ status: 'completed' });
    expect(visit.consoleErrors).toEqual([]);
    await page.context().close();
  });
});
