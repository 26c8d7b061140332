import type { SiteReport } from '@crawlwise/shared/api/site-checks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSite } from '../../../../bench/site-generator/generate-site.ts';
import type { FindingId } from '../../../../bench/site-generator/manifest.ts';
import { type ServedSite, serveSite } from '../../../../bench/site-generator/serve-site.ts';
import { call, signUp, type TestAccount } from '../test-support/accounts.ts';
import { waitForSiteCheckEnd } from '../test-support/site-check-end.ts';
import { buildTestApp, testWorker } from '../test-support/test-app.ts';

/**
 * Issue 19's acceptance test through the server: the 300-page generated site (bench/
 * site-generator: every kind of problem between pages planted, with a manifest written from the
 * generator's plan, not from any analyzer) crawled by the workers, and every site finding of the
 * report compared with the manifest, address by address. Its sitemap is an index of children of
 * 60 entries, as a large site's is of 1,000: the orphans and the sitemap findings are right only
 * if every child was read (bench:crawl once found a 10,000-page crawl that read one child).
 */

const SITEMAP_CHUNK = 60;

let app: FastifyInstance;
let served: ServedSite;
let owner: TestAccount;

beforeAll(async () => {
  served = await serveSite(
    generateSite({
      pages: 300,
      seed: 'crawl-tests',
      origin: 'https://site.test',
      sitemapChunk: SITEMAP_CHUNK,
    }),
  );
  ({ app } = await buildTestApp({ SITE_CHECK_PAGE_INTERVAL_MS: '0' }));
  owner = await signUp(app);
});

afterAll(async () => {
  await app?.close();
  await served?.close();
});

describe('a crawl of the generated 300-page site', () => {
  it('requests every address once and finds exactly the planted problems', async () => {
    const { expected } = served;
    const started = await call(app, 'POST', '/api/site-checks', {
      cookie: owner.cookie,
      payload: { siteUrl: expected.startUrl, source: 'crawl', crawl: { maxPages: 500 } },
    });
    expect(started.statusCode).toBe(201);
    const id = started.json().siteCheck.id as string;
    const worker = testWorker(app, { concurrency: 2, pollIntervalMs: 20 });
    await worker.start();
    let body: { siteCheck: { status: string }; report: SiteReport };
    try {
      body = await waitForSiteCheckEnd(app, owner.cookie, id, {
        timeoutMs: 170_000,
        what: 'the crawl of 300 pages to end',
      });
    } finally {
      await worker.stop();
    }
    expect(body.siteCheck.status).toBe('completed');

    // The index and each of its children were read; orphans are listed only in the children.
    expect(expected.affected['orphan-pages']?.length).toBeGreaterThan(0);
    expect(expected.sitemaps.length).toBeGreaterThanOrEqual(5);
    for (const sitemap of expected.sitemaps) {
      expect(served.requests.get(new URL(sitemap).pathname) ?? 0, sitemap).toBeGreaterThanOrEqual(
        1,
      );
    }

    // Every address the manifest says a crawl requests, each once; blocked ones never.
    for (const url of expected.crawl.requested) {
      expect(served.requests.get(new URL(url).pathname) ?? 0, url).toBeGreaterThanOrEqual(1);
    }
    for (const url of expected.crawl.blocked) {
      expect(served.requests.get(new URL(url).pathname) ?? 0, url).toBe(0);
    }

    const crawl = body.report.crawl;
    if (crawl === null) throw new Error('a crawl has a crawl summary');
    const found = Object.fromEntries(
      crawl.findings.map((finding) => [
        finding.id,
        [...new Set(finding.items.map((item) => item.url))].sort(),
      ]),
    ) as Partial<Record<FindingId, string[]>>;
    for (const [finding, urls] of Object.entries(expected.affected) as Array<
      [FindingId, string[]]
    >) {
      expect(found[finding] ?? [], finding).toEqual(urls);
    }
  }, 200_000);
});
