import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import { call, signUp, type TestAccount } from '../test-support/accounts.ts';
import {
  buildTestApp,
  startTestSite,
  type TestSite,
  testWorker,
} from '../test-support/test-app.ts';

/**
 * The crawl source (issue 19): a check that starts at the site address and follows the internal
 * links of every page it analyses, on a small local site whose link graph is known.
 */

const page = (title: string, links: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} of the crawl test site</title>
  <meta name="description" content="The ${title} page of a small site the crawl test follows link by link."></head>
  <body><h1>${title}</h1><p>Some words about ${title}.</p>${links}</body></html>`;

let app: FastifyInstance;
let site: TestSite;
let owner: TestAccount;

beforeAll(async () => {
  site = await startTestSite({
    '/': {
      body: page(
        'Home',
        `<a href="/a">A</a><a href="/b?utm_source=menu">B</a><a href="https://elsewhere.example/">Out</a>`,
      ),
    },
    '/a': { body: page('A', '<a href="/c">C</a><a href="/missing">Gone</a><a href="/">Home</a>') },
    '/b': {
      body: page('B', '<a href="/a#top">A again</a><a href="/secret" rel="nofollow">Secret</a>'),
    },
    '/c': { body: page('C', '<a href="/deep">Deeper</a><a href="/private/x">Private</a>') },
    '/deep': { body: page('Deep', '') },
    '/secret': { body: page('Secret', '') },
    '/private/x': { body: page('Private', '') },
  });
  ({ app } = await buildTestApp({ SITE_CHECK_PAGE_INTERVAL_MS: '0' }));
  owner = await signUp(app);
});

afterAll(async () => {
  await app.close();
  await site.close();
});

async function crawlToTheEnd(crawl: Record<string, unknown>) {
  const started = await call(app, 'POST', '/api/site-checks', {
    cookie: owner.cookie,
    payload: { siteUrl: site.url('/'), source: 'crawl', crawl },
  });
  expect(started.statusCode).toBe(201);
  const id = started.json().siteCheck.id as string;
  // Discovering first: the sitemap's pages (this site has none) are added as seeds.
  expect(started.json().siteCheck).toMatchObject({ source: 'crawl', status: 'discovering' });
  const worker = testWorker(app, { concurrency: 2, pollIntervalMs: 50 });
  await worker.start();
  try {
    return await waitUntil(
      async () => {
        const response = await call(app, 'GET', `/api/site-checks/${id}`, {
          cookie: owner.cookie,
        });
        const check = response.json().siteCheck;
        return check.status === 'running' || check.status === 'discovering'
          ? undefined
          : { id, check };
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the crawl to end' },
    );
  } finally {
    await worker.stop();
  }
}

const pagesOf = (id: string) =>
  queryRows<{ url: string; status: string; error_code: string | null; crawl_depth: number }>(
    app.database.db,
    sql`select u.normalized_url as url, r.status, r.error_code, r.crawl_depth from reports r
        join urls u on u.id = r.url_id where r.site_check_id = ${id} order by r.run_after`,
  );

describe('a crawl', () => {
  it('follows internal links once each, to the depth asked, and stores the link graph', async () => {
    const { id, check } = await crawlToTheEnd({ maxDepth: 2, exclude: ['/private/*'] });
    expect(check.status).toBe('completed');
    const pages = await pagesOf(id);
    const byPath = Object.fromEntries(
      pages.map((row) => [new URL(row.url).pathname, [row.status, row.crawl_depth]]),
    );
    expect(byPath).toEqual({
      '/': ['completed', 0],
      '/a': ['completed', 1],
      // The tracking parameter is not part of the page's key: one page, not two.
      '/b': ['completed', 1],
      '/c': ['completed', 2],
      '/missing': ['failed', 2],
    });
    // Not followed: a nofollow link (/secret), a link past the depth (/deep), an excluded path
    // (/private/x), another host.
    expect(pages.find((row) => row.url.endsWith('/missing'))?.error_code).toBe('http_error_404');
    expect(check.counts).toMatchObject({ total: 5, completed: 4, failed: 1 });

    const links = await queryRows<{
      source: string;
      target: string;
      anchor: string;
      nofollow: boolean;
    }>(
      app.database.db,
      // Each page's links as the update that completed it stored them (services/page-links.ts).
      sql`select su.normalized_url as source, l->>0 as target, l->>1 as anchor,
            ((l->>2)::int & 1) = 1 as nofollow
          from reports r join urls su on su.id = r.url_id,
            json_array_elements(r.links::json) l
          where r.site_check_id = ${id}`,
    );
    const edge = (from: string, to: string) =>
      links.find(
        (link) => new URL(link.source).pathname === from && new URL(link.target).pathname === to,
      );
    expect(edge('/a', '/missing')).toMatchObject({ anchor: 'Gone', nofollow: false });
    expect(edge('/b', '/secret')).toMatchObject({ anchor: 'Secret', nofollow: true });
    expect(edge('/b', '/a')).toBeDefined();
    expect(edge('/c', '/deep')).toBeDefined();
    expect(links.some((link) => link.target.includes('elsewhere.example'))).toBe(false);
  });

  it('stops at the page cap and can follow nofollow links when asked', async () => {
    const capped = await crawlToTheEnd({ maxPages: 2 });
    expect(capped.check.counts.total).toBe(2);

    const all = await crawlToTheEnd({ followNofollow: true, maxDepth: 3 });
    const paths = (await pagesOf(all.id)).map((row) => new URL(row.url).pathname).sort();
    expect(paths).toEqual(['/', '/a', '/b', '/c', '/deep', '/missing', '/private/x', '/secret']);
  });

  it('refuses bad crawl settings with the field named', async () => {
    for (const crawl of [
      { maxPages: 0 },
      { maxPages: 100_001 },
      { maxDepth: 21 },
      { include: ['x'.repeat(201)] },
      { exclude: Array(21).fill('/x') },
      { unknown: true },
    ]) {
      const response = await call(app, 'POST', '/api/site-checks', {
        cookie: owner.cookie,
        payload: { siteUrl: site.url('/'), source: 'crawl', crawl },
      });
      expect(response.statusCode, JSON.stringify(crawl)).toBe(400);
      expect(response.json().error).toBe('invalid_request');
    }
  });
});
