import type { SiteReport } from '@crawlwise/shared/api/site-checks';
import type { SiteFindingId } from '@crawlwise/shared/site-findings';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type TestAccount } from '../test-support/accounts.ts';
import { waitForSiteCheckEnd } from '../test-support/site-check-end.ts';
import {
  buildTestApp,
  startTestSite,
  type TestSite,
  testWorker,
} from '../test-support/test-app.ts';

/**
 * A crawl's site report end to end (issue 19): the crawl is seeded from the sitemap, follows
 * links, stores each page's signals, and the report names the problems between pages — on a
 * small local site where each problem is planted once.
 */

const words = (topic: string) =>
  Array.from({ length: 70 }, (_, i) => `${topic}${i % 23} item${(i * 7) % 31}`).join(' ');

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
  <meta name="description" content="About ${title}.">${head}</head>
  <body><h1>${title}</h1>${body}</body></html>`;

let app: FastifyInstance;
let site: TestSite;
let owner: TestAccount;

beforeAll(async () => {
  const pages: Parameters<typeof startTestSite>[0] = {
    '/': {
      body: page(
        'Home',
        `<a href="/a">A</a><a href="/b">B</a><a href="/old">Old</a><a href="/noindex">Hidden</a>`,
      ),
    },
    '/a': {
      body: page(
        'A',
        `<p>${words('shared')}</p><a href="/missing">Gone page</a><a href="/b">B</a>`,
      ),
    },
    '/b': {
      body: page(
        'B',
        `<p>${words('shared')}</p><a href="/a">A</a><a href="/c" rel="nofollow">C</a>`,
      ),
    },
    '/c': { body: page('C', '<a href="/">Home</a>', '<link rel="canonical" href="/a">') },
    '/old': { status: 301, body: '', headers: { location: '/b' } },
    '/noindex': { body: page('Hidden', '', '<meta name="robots" content="noindex">') },
    '/orphan': { body: page('Orphan', '<a href="/">Home</a>') },
  };
  site = await startTestSite(pages);
  pages['/sitemap.xml'] = {
    type: 'application/xml',
    body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
      '/',
      '/a',
      '/orphan',
      '/noindex',
      '/listed-gone',
    ]
      .map((path) => `<url><loc>${site.url(path)}</loc></url>`)
      .join('')}</urlset>`,
  };
  ({ app } = await buildTestApp({ SITE_CHECK_PAGE_INTERVAL_MS: '0' }));
  owner = await signUp(app);
});

afterAll(async () => {
  await app.close();
  await site.close();
});

describe('the site report of a crawl', () => {
  it('is seeded from the sitemap and names every problem between pages', async () => {
    const started = await call(app, 'POST', '/api/site-checks', {
      cookie: owner.cookie,
      payload: { siteUrl: site.url('/'), source: 'crawl', crawl: {} },
    });
    expect(started.statusCode).toBe(201);
    const id = started.json().siteCheck.id as string;
    const worker = testWorker(app, { concurrency: 2, pollIntervalMs: 50 });
    await worker.start();
    let body: {
      siteCheck: { status: string; discovery: Record<string, unknown> };
      report: SiteReport;
    };
    try {
      body = await waitForSiteCheckEnd(app, owner.cookie, id, {
        timeoutMs: 30_000,
        intervalMs: 100,
        what: 'the crawl to end',
      });
    } finally {
      await worker.stop();
    }
    expect(body.siteCheck.status).toBe('completed');
    expect(body.siteCheck.discovery).toMatchObject({ sitemapRead: true, seeded: 4 });

    const crawl = body.report.crawl;
    if (crawl === null) throw new Error('a crawl has a crawl summary');
    expect(crawl.sitemapRead).toBe(true);
    const path = (url: string) => new URL(url).pathname;
    const found: Partial<Record<SiteFindingId, string[]>> = {};
    for (const finding of crawl.findings) {
      found[finding.id] = finding.items.map((item) => path(item.url));
    }
    expect(found).toMatchObject({
      'broken-internal-links': ['/missing'],
      'redirected-internal-links': ['/old'],
      'orphan-pages': ['/orphan'],
      'links-to-noindex': ['/noindex'],
      'nofollow-internal-links': ['/c'],
      'sitemap-not-indexable': expect.arrayContaining(['/noindex', '/listed-gone']),
      'indexable-not-in-sitemap': expect.arrayContaining(['/b']),
      'near-duplicates': ['/a', '/b'],
    });
    const broken = crawl.findings.find((f) => f.id === 'broken-internal-links');
    expect(broken?.items[0]?.sources).toEqual([{ url: site.url('/a'), anchor: 'Gone page' }]);
    expect(crawl.score).toBeLessThan(crawl.base ?? 0);

    const pages = body.report.pages as Array<{
      url: string;
      depth: number | null;
      inbound: number;
    }>;
    expect(pages.find((p) => path(p.url) === '/b')).toMatchObject({ depth: 1, inbound: 2 });
    expect(pages.find((p) => path(p.url) === '/orphan')).toMatchObject({ depth: null, inbound: 0 });

    const csv = await call(app, 'GET', `/api/site-checks/${id}/export.csv`, {
      cookie: owner.cookie,
    });
    expect(csv.statusCode).toBe(200);
    const orphanRow = csv.body
      .split('\r\n')
      .find((line) => line.startsWith(`"${site.url('/orphan')}"`));
    expect(orphanRow).toContain('orphan-pages');
  });
});
