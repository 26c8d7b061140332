import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisError } from '../analysis-error.ts';
import { createEngine, type Engine } from '../engine.ts';
import { createAddressGuard } from '../gather/address-guard.ts';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import type { AnalysisReport } from '../types.ts';
import { type BatchProgress, planBatch, runBatch } from './run-batch.ts';
import { buildSiteView } from './site-view.ts';
import { readSitemap } from './sitemap.ts';

const HAS_BROWSER =
  fs.existsSync('/usr/lib/chromium/chromium-headless-shell') || fs.existsSync('/usr/bin/chromium');

/**
 * A site of 120 pages listed by a sitemap index of three sitemaps (one a .gz file): pages 0-99
 * answer normally (every 10th after 300 ms), 100-109 answer 404, 110 redirects in a loop, 111-118
 * are normal, 119 is disallowed by robots.txt. Titles repeat in pairs on 0-9; page 20 declares
 * page 21 canonical.
 */
const PAGES = 120;
const SLOW_MS = 300;
const isMissing = (n: number) => n >= 100 && n < 110;
const LOOP = 110;
const BLOCKED = 119;

function pageHtml(origin: string, n: number): string {
  const title =
    n < 10 ? `Shared title number ${Math.floor(n / 2)} for pairs` : `Page ${n} of the test site`;
  const canonical = n === 20 ? `${origin}/page/21` : `${origin}${pagePath(n)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="${n === 30 || n === 31 ? 'The same description on two pages of this test site, long enough to pass' : `Description of page ${n}, written to be distinct from every other page of the site.`}">
<link rel="canonical" href="${canonical}"></head>
<body><main><h1>Page ${n}</h1><p>${'Some words about this page. '.repeat(40)}</p>
<a href="/page/${(n + 1) % PAGES}">next page</a></main></body></html>`;
}

function pagePath(n: number): string {
  return n === BLOCKED ? `/private/page/${n}` : `/page/${n}`;
}

let site: LocalServer;
let inFlight = 0;
let maxInFlight = 0;
const pageStarts: number[] = [];

beforeAll(async () => {
  site = await startHttpServer((req, res) => {
    const path = req.url ?? '/';
    const sitemapOf = (from: number, to: number) =>
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from(
        { length: to - from },
        (_, i) => `<url><loc>${site.origin}${pagePath(from + i)}</loc></url>`,
      ).join('')}</urlset>`;
    if (path === '/robots.txt') {
      return res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nDisallow: /private/\n');
    }
    if (path === '/sitemap-index.xml') {
      return res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
            '/sitemap-1.xml',
            '/sitemap-2.xml.gz',
            '/sitemap-3.xml',
          ]
            .map((p) => `<sitemap><loc>${site.origin}${p}</loc></sitemap>`)
            .join('')}</sitemapindex>`,
        );
    }
    if (path === '/sitemap-1.xml') {
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(sitemapOf(0, 40));
    }
    if (path === '/sitemap-2.xml.gz') {
      return res
        .writeHead(200, { 'content-type': 'application/x-gzip' })
        .end(zlib.gzipSync(sitemapOf(40, 80)));
    }
    if (path === '/sitemap-3.xml') {
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(sitemapOf(80, 120));
    }
    if (path === '/loop-b') return res.writeHead(302, { location: `/page/${LOOP}` }).end();
    const match = /^(?:\/private)?\/page\/(\d+)$/.exec(path);
    if (!match) return res.writeHead(404).end();
    const n = Number(match[1]);
    if (n === LOOP) return res.writeHead(302, { location: '/loop-b' }).end();
    if (isMissing(n)) {
      return res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
    }
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    pageStarts.push(performance.now());
    const answer = () => {
      inFlight -= 1;
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(pageHtml(site.origin, n));
    };
    if (n % 10 === 0 && n < 100) setTimeout(answer, SLOW_MS);
    else answer();
  });
});
afterAll(() => site.close());

describe('runBatch over a sitemap index of 120 pages', () => {
  let engine: Engine;
  beforeAll(() => {
    // One engine shared by every page: analysis threads on, no browser (render has its own test).
    // robots.txt and the per-origin probes kept for the whole file: the pace test then measures
    // the batch's page fetches alone, not a probe that expired under a loaded machine.
    engine = createEngine({
      allowPrivate: true,
      render: false,
      analysisThreads: 1,
      robotsCacheMs: 10 * 60_000,
    });
  });
  afterAll(() => engine.close());

  it('accounts for every page: analysed, 404, redirect loop, robots-blocked, slow', async () => {
    const sitemap = await readSitemap(`${site.origin}/sitemap-index.xml`, {
      guard: createAddressGuard({ allowPrivate: true }),
      maxUrls: 500,
    });
    expect(sitemap.urls).toHaveLength(PAGES);
    maxInFlight = 0;
    const updates: BatchProgress[] = [];
    const result = await runBatch({
      urls: sitemap.urls,
      engine,
      concurrency: 6,
      perHostDelayMs: 0,
      onProgress: (p) => updates.push(p),
    });

    expect(result.pages.map((page) => page.url)).toEqual(sitemap.urls);
    const byIndex = (n: number) => result.pages[n]!;
    for (let n = 0; n < PAGES; n++) {
      const page = byIndex(n);
      if (isMissing(n)) {
        expect(page).toMatchObject({ status: 'failed', error: { code: 'http_error_404' } });
      } else if (n === LOOP) {
        expect(page).toMatchObject({ status: 'failed', error: { code: 'redirect_loop' } });
      } else {
        expect(page.status, `page ${n}`).toBe('ok');
      }
    }
    expect(result.pages.filter((p) => p.status === 'ok')).toHaveLength(109);
    // Bounded concurrency: never more pages in flight than asked for.
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(6);
    expect(updates.at(-1)).toMatchObject({
      total: 120,
      done: 120,
      ok: 109,
      failed: 11,
      inFlight: 0,
    });

    const view = buildSiteView(result.pages);
    expect(view.pagesAnalysed).toBe(109);
    expect(view.duplicateTitles).toHaveLength(5);
    expect(view.duplicateTitles[0]!.urls).toEqual([sitemap.urls[0], sitemap.urls[1]]);
    expect(view.duplicateDescriptions).toEqual([
      expect.objectContaining({ urls: [sitemap.urls[30], sitemap.urls[31]] }),
    ]);
    expect(view.canonicalElsewhere).toEqual([
      { url: sitemap.urls[20], canonical: `${site.origin}/page/21` },
    ]);
    expect(view.robotsBlocked).toEqual([
      expect.objectContaining({ url: `${site.origin}/private/page/${BLOCKED}` }),
    ]);
    expect(view.robotsBlocked[0]!.rule).toContain('Disallow: /private/');
    expect(view.errors.map((e) => e.code).sort()).toEqual([
      ...Array(10).fill('http_error_404'),
      'redirect_loop',
    ]);
  }, 60_000);

  it('paces requests to one host', async () => {
    pageStarts.length = 0;
    const urls = [1, 2, 3, 4, 5].map((n) => `${site.origin}/page/${n}`);
    const result = await runBatch({ urls, engine, concurrency: 5, perHostDelayMs: 120 });
    expect(result.pages.every((p) => p.status === 'ok')).toBe(true);
    const gaps = pageStarts.slice(1).map((t, i) => t - pageStarts[i]!);
    expect(gaps).toHaveLength(4);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(100);
  });

  it('keeps invalid and repeated addresses and the --max-pages cut in the result', async () => {
    const result = await runBatch({
      urls: [
        `${site.origin}/page/1`,
        'not a url',
        `${site.origin}/page/1#top`,
        `${site.origin}/page/2`,
        `${site.origin}/page/3`,
      ],
      engine,
      perHostDelayMs: 0,
      maxPages: 3,
    });
    expect(result.pages.map((p) => [p.url, p.status])).toEqual([
      [`${site.origin}/page/1`, 'ok'],
      ['not a url', 'failed'],
      [`${site.origin}/page/2`, 'ok'],
    ]);
    expect(result.duplicates).toBe(1);
    expect(result.overLimit).toBe(1);
  });
});

describe('runBatch without network', () => {
  const report = (url: string) => ({ url, finalUrl: url, score: 90 }) as unknown as AnalysisReport;

  /** An engine whose analyses answer from a table: enough to test scheduling and containment. */
  function tableEngine(answers: Record<string, () => Promise<AnalysisReport>>): Engine {
    return {
      fetchDocument: () => Promise.reject(new Error('unused')),
      analyze: () => Promise.reject(new Error('unused')),
      discoverSitemaps: () => Promise.reject(new Error('unused')),
      fetchOwnershipProofs: () => Promise.reject(new Error('unused')),
      crawlPermission: () => Promise.reject(new Error('unused')),
      linkStatus: () => Promise.reject(new Error('unused')),
      analyzeUrl: (url) => answers[url]?.() ?? Promise.resolve(report(url)),
      close: async () => {},
    };
  }

  it('records a page that throws anything as failed and goes on', async () => {
    const engine = tableEngine({
      'https://a.example/bug': () => Promise.reject(new TypeError('boom')),
      'https://a.example/dns': () =>
        Promise.reject(new AnalysisError('dns_error', 'a.example not found.')),
    });
    const result = await runBatch({
      urls: ['https://a.example/bug', 'https://a.example/dns', 'https://a.example/ok'],
      engine,
      perHostDelayMs: 0,
    });
    expect(result.pages).toEqual([
      expect.objectContaining({
        status: 'failed',
        error: { code: 'internal_error', message: 'Internal error: boom' },
      }),
      expect.objectContaining({
        status: 'failed',
        error: { code: 'dns_error', message: 'a.example not found.' },
      }),
      expect.objectContaining({ status: 'ok' }),
    ]);
  });

  it('stops starting pages when cancelled and marks the rest cancelled', async () => {
    const controller = new AbortController();
    const engine = tableEngine({
      'https://a.example/1': async () => {
        controller.abort();
        return report('https://a.example/1');
      },
    });
    const result = await runBatch({
      urls: ['https://a.example/1', 'https://a.example/2', 'https://a.example/3'],
      engine,
      concurrency: 1,
      perHostDelayMs: 0,
      signal: controller.signal,
    });
    expect(result.pages.map((p) => p.status)).toEqual(['ok', 'cancelled', 'cancelled']);
  });

  it('interleaves hosts instead of waiting for a paced one', async () => {
    const order: string[] = [];
    const engine = tableEngine({});
    const wrapped: Engine = {
      ...engine,
      analyzeUrl: (url) => {
        order.push(url);
        return engine.analyzeUrl(url);
      },
    };
    await runBatch({
      urls: ['https://a.example/1', 'https://a.example/2', 'https://b.example/1'],
      engine: wrapped,
      concurrency: 1,
      perHostDelayMs: 200,
    });
    expect(order).toEqual(['https://a.example/1', 'https://b.example/1', 'https://a.example/2']);
  });

  it('plans: normalised duplicates dropped, invalid kept as failures, cap applied', () => {
    const plan = planBatch(
      ['https://A.example/x', 'https://a.example/x#frag', '', 'https://b.example'],
      2,
    );
    expect(plan.targets.map((t) => [t.url, t.invalid?.code ?? null])).toEqual([
      ['https://a.example/x', null],
      ['', 'invalid_url'],
    ]);
    expect(plan).toMatchObject({ duplicates: 1, overLimit: 1 });
  });

  it('refuses nonsense settings', async () => {
    const engine = tableEngine({});
    await expect(runBatch({ urls: [], engine, concurrency: 0 })).rejects.toThrow(RangeError);
    await expect(runBatch({ urls: [], engine, maxPages: 1.5 })).rejects.toThrow(RangeError);
    await expect(runBatch({ urls: [], engine, perHostDelayMs: -1 })).rejects.toThrow(RangeError);
  });
});

describe.skipIf(!HAS_BROWSER)('runBatch with the browser', () => {
  it('renders every page with the one engine it creates, then closes it', async () => {
    const urls = [1, 2, 3, 4].map((n) => `${site.origin}/page/${n}`);
    const result = await runBatch({
      urls,
      engineOptions: { allowPrivate: true, render: true, analysisThreads: 1 },
      concurrency: 2,
      perHostDelayMs: 0,
    });
    for (const page of result.pages) {
      expect(page.status).toBe('ok');
      if (page.status !== 'ok') continue;
      const jsRendering = page.report.issues.find((issue) => issue.id === 'js-rendering');
      expect(jsRendering?.details.skipped).toBeUndefined();
      expect(page.report.meta_json.wordCount.renderedCount).toBeGreaterThan(100);
    }
  }, 60_000);
});
