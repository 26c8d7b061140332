import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBrowser } from '../gather/browser-path.ts';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { sarifSchemaErrors } from '../test-support/sarif-schema.ts';
import type { CrawlDocument } from './crawl-document.ts';
import { renderCrawlHtml } from './crawl-html.ts';
import { renderCrawlMarkdown, renderCrawlSummary } from './crawl-text.ts';

/**
 * `crawlwise crawl` through the CLI's entry (cli.ts run with tsx, as `npm run analyze` does) on
 * a five-address site on 127.0.0.1: a start page linking to a page, a missing page, a page
 * robots.txt disallows and (nofollow) a page of its own; a sitemap listing an orphan.
 */
const run = promisify(execFile);
const BROWSER = await findBrowser();
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../cli.ts');

async function crawlwise(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="About ${title}"></head><body><h1>${title}</h1>${body}</body></html>`;

let site: LocalServer;
let dir: string;
const requested: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'crawlwise-crawl-'));
  site = await startHttpServer((request, response) => {
    requested.push(request.url ?? '');
    const html = (body: string) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(body);
    switch (request.url) {
      case '/robots.txt':
        return response
          .writeHead(200, { 'content-type': 'text/plain' })
          .end(`User-agent: *\nDisallow: /private\nSitemap: ${site.origin}/sitemap.xml\n`);
      case '/sitemap.xml':
        return response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<urlset><url><loc>${site.url}</loc></url><url><loc>${site.origin}/about</loc></url><url><loc>${site.origin}/lonely</loc></url></urlset>`,
          );
      case '/':
        return html(
          page(
            'Home <of> the site',
            '<a href="/about">About us</a> <a href="/gone">Old page</a> <a href="/private/x">Members</a> <a href="/ads" rel="nofollow">Ads</a>',
          ),
        );
      case '/about':
        return html(page('About', '<a href="/">Home</a>'));
      case '/lonely':
        return html(page('Lonely', '<a href="/">Home</a>'));
      case '/ads':
        return html(page('Ads', ''));
      case '/scripted':
        // A link only the rendered page has (to a page otherwise linked only with rel=nofollow).
        return html(
          page(
            'Scripted',
            '<script>const a = document.createElement("a"); a.href = "/ads"; a.textContent = "Ads"; document.body.append(a);</script>',
          ),
        );
      default:
        return response.writeHead(404, { 'content-type': 'text/html' }).end('gone');
    }
  });
});

afterAll(async () => {
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('crawlwise crawl through the CLI', () => {
  it('exits 3 when --fail-on broken-links finds one, and prints the JSON document', async () => {
    requested.length = 0;
    const result = await crawlwise(
      'crawl',
      site.url,
      '--allow-private',
      '--no-render',
      '--per-host-delay=0',
      '--json',
      '--fail-on',
      'broken-links,site-score<1',
    );
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toMatch(
      /^Gate failed: broken-links \(1 × broken-internal-links: .*\/gone\)$/m,
    );
    expect(result.stderr).not.toContain('site-score<1');
    const doc = JSON.parse(result.stdout) as CrawlDocument;
    const byUrl = new Map(doc.pages.map((p) => [new URL(p.url).pathname, p]));
    expect(byUrl.get('/')).toMatchObject({ status: 'completed', depth: 0, httpStatus: 200 });
    expect(byUrl.get('/gone')).toMatchObject({ status: 'failed', errorCode: 'http_error_404' });
    expect(byUrl.get('/private/x')).toMatchObject({
      status: 'blocked',
      errorCode: 'blocked_by_robots',
    });
    expect(byUrl.get('/lonely')).toMatchObject({
      status: 'completed',
      inSitemap: true,
      depth: null,
    });
    // Nofollow: recorded as a finding, never followed.
    expect(byUrl.has('/ads')).toBe(false);
    expect(requested).not.toContain('/ads');
    expect(requested).not.toContain('/private/x');
    const ids = doc.findings.map((finding) => finding.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'broken-internal-links',
        'orphan-pages',
        'nofollow-internal-links',
        'single-inbound-link',
      ]),
    );
    const broken = doc.findings.find((finding) => finding.id === 'broken-internal-links');
    expect(broken?.items).toEqual([
      {
        url: `${site.origin}/gone`,
        detail: '404 Not Found',
        sources: [{ url: site.url, anchor: 'Old page' }],
      },
    ]);
    expect(doc.siteScore).toEqual(expect.any(Number));
  });

  it('follows nofollow links when asked, passes its gates and writes schema-valid SARIF to --output', async () => {
    const file = path.join(dir, 'reports/site.sarif');
    const result = await crawlwise(
      'crawl',
      site.url,
      '--allow-private',
      '--no-render',
      '--per-host-delay=0',
      '--follow-nofollow',
      '--format=sarif',
      `--output=${file}`,
      '--fail-on=site-score<1',
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^Crawl report written to .*site\.sarif \(site score \d+\/100, 6 addresses\)$/m,
    );
    const sarif = JSON.parse(await readFile(file, 'utf8'));
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    const results = sarif.runs[0].results as Array<{ ruleId: string; locations: unknown[] }>;
    const broken = results.filter((r) => r.ruleId === 'broken-internal-links');
    expect(broken).toHaveLength(1);
    expect(JSON.stringify(broken[0]?.locations)).toContain(`${site.origin}/gone`);
    expect(sarif.runs[0].tool.driver.rules.map((rule: { id: string }) => rule.id)).toContain(
      'orphan-pages',
    );
  });

  it.skipIf(!BROWSER)('follows the links only the rendered page has', async () => {
    const result = await crawlwise(
      'crawl',
      `${site.origin}/scripted`,
      '--allow-private',
      '--render',
      '--per-host-delay=0',
      '--json',
    );
    expect(result.code, result.stderr).toBe(0);
    const doc = JSON.parse(result.stdout) as CrawlDocument;
    // /ads is otherwise linked only with rel=nofollow (from /, a sitemap entry), never followed.
    expect(doc.pages.find((p) => p.url === `${site.origin}/ads`)).toMatchObject({
      status: 'completed',
      depth: 1,
    });
    expect(doc.settings.render).toBe(true);
  });

  it('refuses a wrong command line with exit 2 and says why', async () => {
    const result = await crawlwise('crawl', site.url, '--max-pages', '0', '--fail-on', 'critical');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--max-pages must be a whole number from 1 to 10000, got "0".');
    expect(result.stderr).toContain('Unknown --fail-on rule for a crawl: critical');
    expect(result.stderr).toContain('crawlwise crawl <url> [options]');
    const invalid = await crawlwise('crawl', 'http://', '--json');
    expect(invalid.code).toBe(2);
    expect(JSON.parse(invalid.stdout)).toMatchObject({ error: 'invalid_url' });
    const help = await crawlwise('crawl', '--help');
    expect(help.code).toBe(0);
    for (const flag of ['--max-pages', '--max-depth', '--include', '--exclude', '--fail-on']) {
      expect(help.stdout).toContain(flag);
    }
  });

  it('answers a start page that cannot be crawled with exit 2', async () => {
    const result = await crawlwise(
      'crawl',
      `${site.origin}/gone`,
      '--allow-private',
      '--no-render',
      '--json',
    );
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: 'http_error_404' });
  });

  it('renders the readable formats from the document, escaping what the site wrote', async () => {
    const result = await crawlwise(
      'crawl',
      site.url,
      '--allow-private',
      '--no-render',
      '--per-host-delay=0',
      '--json',
    );
    const doc = JSON.parse(result.stdout) as CrawlDocument;
    const summary = renderCrawlSummary(doc);
    expect(summary).toMatch(/^Crawl of http:\/\/127\.0\.0\.1:\d+\/\nSite score: \d+\/100/);
    expect(summary).toContain(`${site.origin}/gone  404 Not Found`);
    expect(summary).toContain(`← ${site.url}  "Old page"`);
    const markdown = renderCrawlMarkdown(doc);
    expect(markdown).toContain('#### ✖ Broken internal links: 1');
    const html = renderCrawlHtml(doc);
    expect(html).toContain("default-src 'none'");
    expect(html).not.toContain('<script');
    expect(html).not.toContain('Home <of>');
  });
});
