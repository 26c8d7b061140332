import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isLockedIssue, type Report } from '@crawlwise/shared/report';
import { EMBEDDED_REPORT_ELEMENT_ID } from '@crawlwise/shared/report-embed';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  startTestSite,
  type TestSite,
  testWorker,
  waitForReport,
} from '../test-support/test-app.ts';
import type { Worker } from '../worker/worker.ts';

/**
 * /report?token= for readers without script and for link previews: the app's HTML plus a
 * server-rendered report in <noscript> and preview tags in <head>, on a real report analysed by
 * a real worker from a page on 127.0.0.1.
 */

const PUBLIC_URL = 'https://crawlwise.example.com';
/**
 * The SPA fallback as the web build writes it: a head, the site's header and footer around a
 * loading view, the app's scripts.
 */
const FALLBACK =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/></head><body><header>Crawlwise</header><main id="main"><div id="app-loading">Loading Crawlwise...</div></main><footer>About</footer><script type="module">import("/assets/entry.js")</script></body></html>';
/** Many problems, one of them with markup in the page's own text. */
const POOR_PAGE =
  '<html><body><img src="a.png"><img src="b.png"><p>Short &lt;script&gt;alert(1)&lt;/script&gt;.</p></body></html>';

let app: FastifyInstance;
let site: TestSite;
let worker: Worker | null = null;
/** Reports created so far: only the first is looked at while still queued. */
let analysed = 0;
let root: string;
let buildDir: string;

/** The worker starts once a test has seen a report still queued (a stopped one cannot restart). */
async function startWorker() {
  if (worker) return;
  worker = testWorker(app);
  await worker.start();
}

beforeAll(async () => {
  // build/client and, next to it, the report screen's preloads, as the web build writes them.
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-web-'));
  root = path.join(buildDir, 'client');
  fs.mkdirSync(root);
  fs.writeFileSync(path.join(root, '__spa-fallback.html'), FALLBACK);
  fs.writeFileSync(
    path.join(buildDir, 'route-preloads.json'),
    JSON.stringify({ '/report': ['/assets/report-abc123.js', 'javascript:alert(1)', '/x.js'] }),
  );
  site = await startTestSite({ '/poor': { body: POOR_PAGE } });
  ({ app } = await buildTestApp({ WEB_DIST_DIR: root, PUBLIC_URL }));
});

afterAll(async () => {
  await worker?.stop();
  await app.close();
  await site.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

async function createReport(): Promise<string> {
  if (worker === null && analysed > 0) await startWorker();
  analysed += 1;
  const created = await app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: { url: site.url('/poor') },
  });
  return created.json().accessToken as string;
}

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const noscriptOf = (html: string) =>
  /<noscript><style>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';

describe('GET /report?token= without script', () => {
  it('shows a queued report that reloads itself, then the finished report', async () => {
    const token = await createReport();
    const pending = await app.inject(`/report?token=${token}`);
    expect(pending.statusCode).toBe(200);
    expect(pending.headers['cache-control']).toBe('no-store');
    expect(headOf(pending.body)).toContain('<meta http-equiv="refresh" content="3">');
    expect(noscriptOf(pending.body)).toContain('Analysing 127.0.0.1');
    // The app itself is still there for browsers with script, and polls for a pending report.
    expect(pending.body).toContain('import("/assets/entry.js")');
    expect(pending.body).not.toContain(EMBEDDED_REPORT_ELEMENT_ID);

    await startWorker();
    await waitForReport(app, token);
    const done = await app.inject(`/report?token=${token}`);
    expect(headOf(done.body)).not.toContain('http-equiv="refresh"');
    expect(noscriptOf(done.body)).toMatch(/<p class="cw-score">\d+\/100<\/p>/);
  });

  it('shows the score, the free top issues and the summary, and locks the rest on the server', async () => {
    const token = await createReport();
    await waitForReport(app, token);
    const api = (await app.inject(`/api/reports/${token}`)).json().report as Report;
    const top = api.issues.filter((issue) => issue.severity !== 'success');
    expect(top.some(isLockedIssue)).toBe(true);

    const page = (await app.inject(`/report?token=${token}`)).body;
    const report = noscriptOf(page);
    expect(report).toContain(`${api.score}/100`);
    for (const issue of top) {
      if (isLockedIssue(issue)) continue;
      expect(report).toContain(issue.message.replaceAll('&', '&amp;').replaceAll('<', '&lt;'));
    }
    expect(report.match(/Sign in to see this issue/g)?.length).toBe(
      top.filter(isLockedIssue).length,
    );
    expect(report).toContain(`/auth?next=${encodeURIComponent(`/report?token=${token}`)}`);
    for (const label of ['Can Google Find It?', 'Site Speed', 'Content Basics', 'Issues Found']) {
      expect(report).toContain(label);
    }
    // Without script it hides the app's loading view and shows itself under the site's header.
    expect(report).toContain('#app-loading,#main{display:none}');
    expect(report).toContain('body>noscript{order:1}');
    expect(page).toMatch(/<body><noscript><style>/);
  });

  it('unfurls in chat apps with its own title, description and image, and stays out of search', async () => {
    const token = await createReport();
    const report = (await waitForReport(app, token)) as { score: number };
    const head = headOf((await app.inject(`/report?token=${token}`)).body);
    const title = `SEO report for 127.0.0.1:${new URL(site.url()).port} — ${report.score}/100`;
    expect(head).toContain(`<title data-report-preview>${title}</title>`);
    expect(head).toContain(`<meta data-report-preview property="og:title" content="${title}">`);
    expect(head).toContain(
      `<meta data-report-preview property="og:url" content="${PUBLIC_URL}/report?token=${token}">`,
    );
    expect(head).toContain(`content="${PUBLIC_URL}/og-image.png"`);
    expect(head).toContain(
      '<meta data-report-preview name="twitter:card" content="summary_large_image">',
    );
    expect(head).toMatch(
      /name="description" content="Crawlwise checked http:\/\/127\.0\.0\.1:\d+\/poor/,
    );
    expect(head).toContain('<meta data-report-preview name="robots" content="noindex">');
  });

  it.each([
    ['unknown', 'A'.repeat(43), 'Report Not Found'],
    ['malformed', 'x', 'Report Not Found'],
  ])('answers an %s token with the catalogue message', async (_kind, token, title) => {
    const page = (await app.inject(`/report?token=${token}`)).body;
    expect(page).toContain(`<h1>${title}</h1>`);
    expect(headOf(page)).toContain('name="robots" content="noindex"');
  });

  it('puts the finished report in the page, as the API gives it to this reader', async () => {
    const token = await createReport();
    await waitForReport(app, token);
    const api = (await app.inject(`/api/reports/${token}`)).json().report as Report;
    const page = (await app.inject(`/report?token=${token}`)).body;
    const block = new RegExp(
      `<script type="application/json" id="${EMBEDDED_REPORT_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(headOf(page));
    expect(block).not.toBeNull();
    const embedded = JSON.parse(block?.[1] ?? '') as { token: string; report: Report };
    expect(embedded.token).toBe(token);
    // Compared as JSON travels: the anonymous reader's locks hold in the page as in the API.
    expect(JSON.parse(JSON.stringify(embedded.report))).toEqual(api);
    expect(embedded.report.issues.some(isLockedIssue)).toBe(true);
  });

  it('preloads the report screen’s own scripts the build names, and nothing else', async () => {
    const token = await createReport();
    const head = headOf((await app.inject(`/report?token=${token}`)).body);
    expect(head).toContain('<link rel="modulepreload" href="/assets/report-abc123.js">');
    expect(head).not.toContain('javascript:');
    expect(head).not.toContain('href="/x.js"');
  });

  it('escapes what the page and the address put in the HTML', async () => {
    const token = await createReport();
    await waitForReport(app, token);
    const page = (await app.inject(`/report?token=${token}`)).body;
    expect(page).not.toContain('<script>alert(1)</script>');
  });
});
