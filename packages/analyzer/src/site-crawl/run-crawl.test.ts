import { DEFAULT_CRAWL_URL_RULES } from '@crawlwise/shared/crawl-url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../engine.ts';
import { isOriginProbe } from '../gather/origin-probes.ts';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { type RunCrawlOptions, runCrawl } from './run-crawl.ts';

/**
 * The crawl's rules on a small site on 127.0.0.1: a chain of pages /d1 → /d2 → … → /d5 from the
 * home page, a blog section, a page that answers 503 once (with Retry-After: 0) and a
 * robots.txt with a Crawl-delay. No sitemap: the crawl follows links alone.
 */

let site: LocalServer;
let engine: Engine;
const requests = new Map<string, number>();
/**
 * When each page request arrived (performance.now()): robots.txt, sitemaps and the files the
 * engine asks once per origin (llms.txt, favicon.ico, the soft-404 probe's unknown path) left out.
 */
const pageRequestTimes: number[] = [];
const page = (links: string[]) =>
  `<!doctype html><html lang="en"><head><title>Page</title></head><body>${links
    .map((href) => `<a href="${href}">${href}</a>`)
    .join(' ')}</body></html>`;
const LINKS: Record<string, string[]> = {
  '/': ['/d1', '/blog/', '/busy', '/blog/a?utm_source=x#top'],
  '/d1': ['/d2'],
  '/d2': ['/d3'],
  '/d3': ['/d4'],
  '/d4': ['/d5'],
  '/d5': [],
  '/blog/': ['/blog/a', '/blog/b'],
  '/blog/a': ['/'],
  '/blog/b': ['/'],
  '/busy': [],
};

beforeAll(async () => {
  site = await startHttpServer((request, response) => {
    const path = request.url ?? '/';
    const count = (requests.get(path) ?? 0) + 1;
    requests.set(path, count);
    if (!path.startsWith('/sitemap') && !isOriginProbe(path)) {
      pageRequestTimes.push(performance.now());
    }
    if (path === '/robots.txt') {
      return response
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nCrawl-delay: 0.05\n');
    }
    if (path === '/busy' && count === 1) {
      return response.writeHead(503, { 'retry-after': '0' }).end('busy');
    }
    const links = LINKS[path];
    if (!links) return response.writeHead(404).end('gone');
    response.writeHead(200, { 'content-type': 'text/html' }).end(page(links));
  });
  engine = createEngine({ allowPrivate: true, render: false, analysisThreads: 0 });
});

afterAll(async () => {
  await engine?.close();
  await site?.close();
});

const crawl = (options: Partial<RunCrawlOptions> = {}) => {
  requests.clear();
  pageRequestTimes.length = 0;
  return runCrawl({
    startUrl: site.url,
    engine,
    maxPages: 100,
    maxDepth: 10,
    followNofollow: false,
    rules: DEFAULT_CRAWL_URL_RULES,
    perHostDelayMs: 0,
    concurrency: 2,
    ...options,
  });
};
const paths = (result: Awaited<ReturnType<typeof runCrawl>>) =>
  result.pages.map((entry) => new URL(entry.key).pathname).sort();

describe('runCrawl', () => {
  it('follows every internal link once, by crawl key, and retries a page the site was too busy for', async () => {
    const result = await crawl();
    expect(paths(result)).toEqual(
      ['/', '/blog/', '/blog/a', '/blog/b', '/busy', '/d1', '/d2', '/d3', '/d4', '/d5'].sort(),
    );
    expect(result.pages.every((entry) => entry.state === 'completed')).toBe(true);
    // The tracking parameter and fragment name the same page: it was asked for once.
    expect(requests.get('/blog/a')).toBe(1);
    expect(requests.get('/busy')).toBe(2);
    expect(result.pages.find((entry) => entry.key.endsWith('/busy'))?.throttled).toBe(1);
    expect(result.sitemap).toMatchObject({ read: false, error: { code: 'no_sitemap' } });
    expect(result.links.filter((link) => link.source === site.url)).toHaveLength(4);
  });

  it('stops at the depth limit, keeps to --include, leaves out --exclude', async () => {
    expect(paths(await crawl({ maxDepth: 2 }))).toEqual(
      ['/', '/blog/', '/blog/a', '/blog/b', '/busy', '/d1', '/d2'].sort(),
    );
    const onlyBlog = await crawl({
      rules: { ...DEFAULT_CRAWL_URL_RULES, include: ['/blog/*'], exclude: ['/blog/b'] },
    });
    // The start page is crawled whatever the patterns say.
    expect(paths(onlyBlog)).toEqual(['/', '/blog/', '/blog/a']);
    expect(requests.has('/blog/b')).toBe(false);
    expect(requests.has('/d1')).toBe(false);
  });

  it('stops growing at --max-pages and says so', async () => {
    const result = await crawl({ maxPages: 3 });
    expect(result.pages).toHaveLength(3);
    expect(result.limitReached).toBe(true);
  });

  it('keeps the robots.txt Crawl-delay between two fetches on the host', async () => {
    const result = await crawl({ maxPages: 5, concurrency: 4 });
    expect(result.pages.filter((entry) => entry.state === 'completed')).toHaveLength(5);
    // Crawl-delay: 0.05 → at least 50 ms from one page request's start to the next (4 slots
    // could otherwise all start at once); a little slack for the timer's granularity.
    const gaps = pageRequestTimes.slice(1).map((at, i) => at - pageRequestTimes[i]!);
    expect(gaps.length).toBeGreaterThanOrEqual(4);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(45);
  });

  it('stops starting pages when its signal is aborted, and marks the rest cancelled', async () => {
    const controller = new AbortController();
    const result = await crawl({
      signal: controller.signal,
      concurrency: 1,
      onProgress: (progress) => {
        if (progress.done === 2) controller.abort();
      },
    });
    expect(result.cancelled).toBe(true);
    const done = result.pages.filter((entry) => entry.state === 'completed').length;
    expect(done).toBeGreaterThanOrEqual(2);
    expect(done).toBeLessThan(10);
    expect(result.pages.filter((entry) => entry.state === 'cancelled').length).toBeGreaterThan(0);
  });
});
