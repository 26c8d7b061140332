import { DEFAULT_CRAWL_URL_RULES } from '@crawlwise/shared/crawl-url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../engine.ts';
import { analyseSite } from '../site/site-findings.ts';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import type { Resolver } from '../types.ts';
import { runCrawl, siteGraphInputOf } from './run-crawl.ts';

/**
 * The crawl's external-link option on loopback: the site (127.0.0.1) links to another site
 * (other.test, answered by a second local server through the test resolver) and to a host that
 * does not resolve (nowhere.test: the resolver refuses it, so no DNS query leaves the machine).
 */

let site: LocalServer;
let other: LocalServer;
let engine: Engine;
const otherHits: string[] = [];
const page = (links: string[]) =>
  `<!doctype html><html lang="en"><head><title>Page</title></head><body>${links
    .map((href, i) => `<a href="${href}">link ${i}</a>`)
    .join(' ')}</body></html>`;

beforeAll(async () => {
  other = await startHttpServer((request, response) => {
    const path = request.url ?? '/';
    otherHits.push(path);
    if (path === '/robots.txt') {
      return response
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nDisallow: /private\n');
    }
    const statuses: Record<string, number> = { '/ok': 200, '/forbidden': 403, '/broken': 500 };
    response.writeHead(statuses[path] ?? 404, { 'content-type': 'text/html' }).end('<p>x</p>');
  });
  const ext = (path: string) => `http://other.test:${other.port}${path}`;
  site = await startHttpServer((request, response) => {
    const links: Record<string, string[]> = {
      '/': ['/a', ext('/ok'), ext('/gone'), ext('/forbidden'), ext('/private/x')],
      '/a': ['/', ext('/gone'), ext('/broken'), 'http://nowhere.test/page'],
    };
    const body = links[request.url ?? ''];
    if (!body) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html' }).end(page(body));
  });
  const resolver: Resolver = async (hostname) => {
    if (hostname === 'other.test') return [{ address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' });
  };
  engine = createEngine({ allowPrivate: true, render: false, analysisThreads: 0, resolver });
});

afterAll(async () => {
  await engine?.close();
  await site?.close();
  await other?.close();
});

const crawl = (externalLinks: { max: number } | null) => {
  otherHits.length = 0;
  return runCrawl({
    startUrl: site.url,
    engine,
    maxPages: 20,
    maxDepth: 5,
    followNofollow: false,
    rules: DEFAULT_CRAWL_URL_RULES,
    perHostDelayMs: 0,
    concurrency: 2,
    externalLinks,
  });
};

describe('the external-link option', () => {
  it('is off by default: no external host is asked', async () => {
    const result = await crawl(null);
    expect(result.external).toBeNull();
    expect(otherHits).toEqual([]);
    const finding = analyseSite(siteGraphInputOf(result)).findings.find(
      (f) => f.id === 'broken-external-links',
    );
    expect(finding).toBeUndefined();
  });

  it('asks each target once, obeys robots.txt and reports the broken ones with their sources', async () => {
    const result = await crawl({ max: 50 });
    const port = other.port;
    // One GET per distinct target (/gone is linked twice), robots.txt once, /private never.
    expect(otherHits.filter((hit) => hit !== '/robots.txt').sort()).toEqual([
      '/broken',
      '/forbidden',
      '/gone',
      '/ok',
    ]);
    expect(otherHits.filter((hit) => hit === '/robots.txt')).toHaveLength(1);
    const byTarget = new Map(result.external!.map((check) => [check.target, check]));
    expect(byTarget.get(`http://other.test:${port}/private/x`)).toMatchObject({
      status: null,
      error: 'blocked_by_robots',
    });
    expect(byTarget.get('http://nowhere.test/page')).toMatchObject({ error: 'dns_error' });

    const finding = analyseSite(siteGraphInputOf(result)).findings.find(
      (f) => f.id === 'broken-external-links',
    )!;
    const items = new Map(finding.items.map((item) => [item.url, item]));
    expect([...items.keys()]).toEqual([
      'http://nowhere.test/page',
      `http://other.test:${port}/broken`,
      `http://other.test:${port}/gone`,
    ]);
    expect(items.get(`http://other.test:${port}/gone`)).toMatchObject({
      detail: '404',
      sources: expect.arrayContaining([
        { url: `${site.origin}/`, anchor: 'link 2' },
        { url: `${site.origin}/a`, anchor: 'link 1' },
      ]),
    });
    expect(items.get('http://nowhere.test/page')?.detail).toBe('host not found');
  });

  it('checks at most max targets and counts the links left over', async () => {
    const result = await crawl({ max: 2 });
    expect(result.external).toHaveLength(2);
    expect(result.externalOmitted).toBeGreaterThan(0);
  });
});
