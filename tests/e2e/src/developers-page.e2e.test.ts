import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PATHS } from '@crawlwise/shared/routes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CURL_EXAMPLES,
  TYPESCRIPT_EXAMPLE,
} from '../../../apps/web/app/features/developers/api-examples.ts';
import {
  CI_WORKFLOW,
  CLI_GATE_COMMAND,
  CLI_INSTALL,
} from '../../../apps/web/app/features/developers/cli-examples.ts';
import { MCP_CLIENT_CONFIGS } from '../../../apps/web/app/features/developers/mcp-examples.ts';
import { REPO_ROOT } from './example-runner.ts';
import {
  axeViolations,
  gotoHydrated,
  launchBrowser,
  type RunningServer,
  startServer,
} from './harness.ts';

/**
 * /developers in the built app, in Debian's Chromium: the prerendered page carries every example
 * exactly as the examples test runs it, the footer of every page leads to it, and at 375 and
 * 1280 px nothing is wider than the window, nothing is logged as an error and axe-core finds no
 * violation at all (screenshots in a temporary directory, or docs/screenshots with
 * UPDATE_SCREENSHOTS=1).
 */

const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? path.join(REPO_ROOT, 'docs/screenshots')
  : fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-screenshots-'));

const EXAMPLES = [
  CLI_INSTALL,
  CLI_GATE_COMMAND,
  CI_WORKFLOW,
  ...CURL_EXAMPLES.map((example) => example.command),
  TYPESCRIPT_EXAMPLE,
  ...MCP_CLIENT_CONFIGS.map((config) => config.json),
];

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

async function visitor(width: number) {
  // axe is injected inline, so the page's CSP has to step aside for it.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

const codeBlocks = (page: Page) =>
  page.locator('pre > code').evaluateAll((codes) => codes.map((code) => code.textContent ?? ''));

describe('/developers', () => {
  it('is prerendered with every example, verbatim', async () => {
    // Script off: the examples are in the served HTML itself, not put there by the app.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${server.baseUrl}${PATHS.developers}`);
    expect(response?.status()).toBe(200);
    expect(await codeBlocks(page)).toEqual(EXAMPLES);
    await context.close();
  });

  it('is reached from the footer', async () => {
    const { context, page, errors } = await visitor(1280);
    await gotoHydrated(page, `${server.baseUrl}${PATHS.home}`);
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'For Developers' })
      .click();
    await page.waitForURL(/\/developers$/);
    await page.getByRole('heading', { level: 1, name: /pipeline, scripts and agents/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([375, 1280])(
    'at %i px: no overflow, no console error, no axe violation',
    async (width) => {
      const { context, page, errors } = await visitor(width);
      await gotoHydrated(page, `${server.baseUrl}${PATHS.developers}`);
      expect(await codeBlocks(page)).toEqual(EXAMPLES);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.screenshot({
        path: path.join(SCREENSHOTS, `developers-${width}.png`),
        fullPage: true,
      });
      await context.close();
    },
  );
});
