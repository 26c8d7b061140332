import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isLockedIssue, type Report, reportResponseSchema } from '@crawlwise/shared/report';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  launchBrowser,
  type RunningServer,
  readUntilSettled,
  startServer,
  startSite,
} from './harness.ts';

/**
 * The report's downloads end to end: the built server analyses a real page, and in Debian's
 * Chromium the owner clicks "Download PDF" and "Download CSV" on the report screen; the files
 * arrive with their names and hold the report (the PDF read back with pdftotext). An anonymous
 * reader's download leaves the locked findings out. The download bar is checked with axe at
 * 375 and 1280 px, without horizontal overflow or console errors.
 */

const SITE_HOST = 'exports.crawlwise.test';
const PAGE = `<!doctype html><html><head><title>Oak</title></head><body>
<img src="a.png"><img src="b.png"><p>A short page about oak tables, chairs and shelves.</p></body></html>`;

let server: RunningServer;
let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;
let owner: BrowserContext;
let accessToken: string;
let full: Report;
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-e2e-downloads-'));
/** Kept after the run, to look at. */
const SCREENSHOTS = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-downloads-screenshots-'));

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({
    bypassCSP: true,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
  });
  // The newsletter prompt would cover the report after a while.
  await context.addInitScript("sessionStorage.setItem('crawlwise:newsletter-shown', '1');");
  return context;
}

async function openReport(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${server.baseUrl}/report?token=${accessToken}`);
  await page.getByRole('link', { name: 'Download PDF' }).waitFor({ timeout: 30_000 });
  return { page, errors };
}

/** Clicks a download link and keeps the file; its suggested name and path. */
async function download(page: Page, name: string): Promise<{ file: string; path: string }> {
  const [event] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name }).click(),
  ]);
  const file = event.suggestedFilename();
  const target = path.join(downloads, `${Date.now()}-${file}`);
  await event.saveAs(target);
  return { file, path: target };
}

beforeAll(async () => {
  site = await startSite(PAGE);
  server = await startServer({
    ALLOW_PRIVATE_TARGETS: '1',
    RESOLVE_OVERRIDES: `${SITE_HOST}=127.0.0.1`,
    RENDER: 'off',
    LOG_LEVEL: 'warn',
  });
  browser = await launchBrowser();
  owner = await newContext();
  const signUp = await owner.request.post(`${server.baseUrl}/api/auth/sign-up/email`, {
    headers: { origin: server.baseUrl },
    data: { name: 'Owner', email: `owner-${Date.now()}@example.com`, password: 'secret-password' },
  });
  expect(signUp.status()).toBe(200);
  const created = await owner.request.post(`${server.baseUrl}/api/reports`, {
    data: { url: `http://${SITE_HOST}:${site.port}/` },
  });
  expect(created.status()).toBe(201);
  accessToken = (await created.json()).accessToken;
  full = (
    await readUntilSettled(
      async () => {
        const answer = await owner.request.get(`${server.baseUrl}/api/reports/${accessToken}`);
        return { status: answer.status(), json: () => answer.json() };
      },
      (body) => reportResponseSchema.parse(body),
    )
  ).report;
  expect(full.status).toBe('completed');
});

afterAll(async () => {
  await owner?.close();
  await browser?.close();
  const code = await server?.stop();
  await site?.close();
  fs.rmSync(downloads, { recursive: true, force: true });
  expect(code).toBe(0);
});

/** `crawlwise-<host>[-<path>]-<yyyy-mm-dd>-<hhmm>.<ext>`: the page and the minute it finished. */
const fileName = (format: string) => {
  const finished = full.completed_at ?? '';
  return `crawlwise-${SITE_HOST}-${finished.slice(0, 10)}-${finished.slice(11, 13)}${finished.slice(14, 16)}.${format}`;
};
const pdfText = (file: string) =>
  execFileSync('pdftotext', [file, '-']).toString('utf8').replace(/\s+/g, ' ');

describe('report downloads in the browser', () => {
  it('downloads the owner’s PDF and CSV from the report screen', async () => {
    const { page, errors } = await openReport(owner);
    const pdf = await download(page, 'Download PDF');
    expect(pdf.file).toBe(fileName('pdf'));
    const text = pdfText(pdf.path);
    expect(text).toContain(`${full.score} / 100`);
    const failed = full.issues.filter((issue) => issue.severity !== 'success');
    expect(failed.length).toBeGreaterThan(3);
    for (const issue of failed) {
      if (!isLockedIssue(issue)) expect(text).toContain(issue.message.replace(/\s+/g, ' '));
    }

    const csv = await download(page, 'Download CSV');
    expect(csv.file).toBe(fileName('csv'));
    const lines = fs.readFileSync(csv.path, 'utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '\uFEFFpage_url,id,category,severity,outcome,points,title,why,details,details_json,how_to_fix',
    );

    // The bar fits and is accessible at both widths.
    const bar = page.getByTestId('report-downloads');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(SCREENSHOTS, `report-downloads-${width}.png`) });
      await expect(bar.getByRole('link').count()).resolves.toBe(3);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow at ${width} px`).toBe(false);
      expect(await axeViolations(page, 'serious'), `axe at ${width} px`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives an anonymous reader a PDF without the locked findings', async () => {
    const context = await newContext();
    const { page, errors } = await openReport(context);
    const pdf = await download(page, 'Download PDF');
    expect(pdf.file).toBe(fileName('pdf'));
    const text = pdfText(pdf.path);
    const answer = await context.request.get(`${server.baseUrl}/api/reports/${accessToken}`);
    const anonymous = reportResponseSchema.parse(await answer.json()).report;
    const locked = new Set(anonymous.issues.filter(isLockedIssue).map((issue) => issue.id));
    expect(locked.size).toBeGreaterThan(0);
    expect(text).toContain(`${locked.size} finding${locked.size === 1 ? ' is' : 's are'} locked`);
    for (const issue of full.issues) {
      if (locked.has(issue.id) && !isLockedIssue(issue)) {
        expect(text).not.toContain(issue.message.replace(/\s+/g, ' '));
      }
    }
    expect(await axeViolations(page, 'serious')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
