import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareReports } from '../cli-baseline.ts';
import { findBrowser } from '../gather/browser-path.ts';
import { reportFixture } from '../test-support/report-fixture.ts';
import { escapeHtml, renderHtml } from './html.ts';

const found = await findBrowser();
if (!found) console.warn('HTML report browser test skipped: no Chromium found');

const report = reportFixture();
const html = renderHtml(report, {
  comparison: compareReports(reportFixture({ score: 90, issues: [] }), report),
  toolVersion: '1.2.3',
});

describe('HTML output', () => {
  it('escapes page text and carries no script', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Title is missing: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });
});

describe.skipIf(!found)('HTML output in Chromium', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: found?.path,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    dir = await mkdtemp(path.join(os.tmpdir(), 'crawlwise-html-'));
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('opens from a file with no console error, no failed request, and shows the report', async () => {
    const file = path.join(dir, 'report.html');
    await writeFile(file, html);
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`requestfailed: ${request.url()}`));
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });

    expect(await page.title()).toBe('Crawlwise report: https://example.com/shop?a=1&b=2');
    expect(await page.locator('.score span').textContent()).toBe('84');
    expect(await page.locator('ul.issues > li').count()).toBe(2);
    // The page's own text is shown as text, never run.
    await expect(page.locator('ul.issues li.critical strong').textContent()).resolves.toBe(
      'Title is missing: <script>alert("x")</script> | *bold*',
    );
    expect(await page.locator('script').count()).toBe(0);
    expect(await page.getByText('Compared with the baseline').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });
});
