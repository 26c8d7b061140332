import { crawlOptionsSchema } from '@crawlwise/shared/api/site-checks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import { signUp } from '../test-support/accounts.ts';
import { buildTestApp, startTestSite, type TestSite } from '../test-support/test-app.ts';
import { crawlSettingsOf } from './crawl-frontier.ts';
import { SiteCheckDiscovery, sitemapUrlBudget } from './site-check-discovery.ts';
import { startSiteCheck } from './site-checks.ts';

describe('sitemapUrlBudget', () => {
  it('reads five sitemap addresses per page a check may hold', () => {
    // A sitemap check holds 200 pages; a crawl its own limit (never less than that).
    expect(sitemapUrlBudget(null)).toBe(1_000);
    expect(sitemapUrlBudget({ maxPages: 50 })).toBe(1_000);
    expect(sitemapUrlBudget({ maxPages: 500 })).toBe(2_500);
    expect(sitemapUrlBudget({ maxPages: 10_000 })).toBe(50_000);
  });
});

/**
 * A crawl's discovery reads the whole sitemap index (bench:crawl: at 9,940 pages the server read
 * one 1,000-entry child of ten and judged the other entries absent). The site is served on
 * 127.0.0.1: robots.txt names /sitemap.xml, an index of `children` sitemaps of `perChild`
 * addresses each (pages that are never requested: only the discovery runs here).
 */
async function sitemapIndexSite(children: number, perChild: number): Promise<TestSite> {
  const xml = (body: string) => ({ type: 'application/xml', body: `<?xml version="1.0"?>${body}` });
  // Filled once the server listens (its origin is in every address); read at each request.
  const files: Record<string, { type: string; body: string }> = {};
  const site = await startTestSite(files);
  const origin = site.url('').replace(/\/$/, '');
  files['/robots.txt'] = {
    type: 'text/plain',
    body: `User-agent: *\nSitemap: ${origin}/sitemap.xml\n`,
  };
  const names = Array.from({ length: children }, (_, n) => `${origin}/sitemaps/${n + 1}.xml`);
  files['/sitemap.xml'] = xml(
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${names
      .map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`)
      .join('')}</sitemapindex>`,
  );
  for (let n = 0; n < children; n += 1) {
    const locs = Array.from(
      { length: perChild },
      (_, i) => `<url><loc>${origin}/part-${n + 1}/page-${i + 1}</loc></url>`,
    );
    files[`/sitemaps/${n + 1}.xml`] = xml(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.join('')}</urlset>`,
    );
  }
  return site;
}

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp());
});
afterAll(() => app?.close());

/** Starts a crawl of `site` and runs its discovery job to its end, as a worker would. */
async function discoverCrawl(site: TestSite, maxPages: number, verified: boolean) {
  const owner = await signUp(app);
  const check = await startSiteCheck({ database: app.database, limits: app.limits }, owner.userId, {
    site: new URL(site.url('/')),
    source: 'crawl',
    crawl: crawlSettingsOf(crawlOptionsSchema.parse({ maxPages })),
    verified,
  });
  const discovery = new SiteCheckDiscovery(app.database, app.limits, 60);
  // Claimed by id: a PostgreSQL kept between runs may hold other discovering checks.
  await app.database.db.execute(
    sql`update site_checks set lease_owner = 'discovery-test', attempts = 1,
          lease_expires_at = now() + interval '60 seconds'
        where id = ${check.id}`,
  );
  const [row] = await queryRows<{ site_url: string; requester_key: string; crawl: unknown }>(
    app.database.db,
    sql`select site_url, requester_key, crawl from site_checks where id = ${check.id}`,
  );
  await discovery.run(
    {
      id: check.id,
      siteUrl: String(row?.site_url),
      ownerId: owner.userId,
      requesterKey: String(row?.requester_key),
      attempts: 1,
      crawl: crawlSettingsOf(crawlOptionsSchema.parse({ maxPages })),
    },
    'discovery-test',
    app.engine,
  );
  const [after] = await queryRows<{
    status: string;
    page_count: number;
    discovery: unknown;
    entries: number;
    pages: number;
  }>(
    app.database.db,
    sql`select s.status, s.page_count, s.discovery,
          (select count(*)::int from site_sitemap_entries e where e.site_check_id = s.id) as entries,
          (select count(*)::int from reports r where r.site_check_id = s.id) as pages
        from site_checks s where s.id = ${check.id}`,
  );
  const summary = (
    typeof after?.discovery === 'string' ? JSON.parse(after.discovery) : after?.discovery
  ) as { sitemaps: string[]; truncated: boolean; seeded: number };
  // Nothing of the crawl is to run: its pages are left to no worker.
  await app.database.db.execute(
    sql`update site_checks set status = 'cancelled' where id = ${check.id}`,
  );
  return { ...after!, summary };
}

describe("a crawl's sitemap discovery", () => {
  it('reads every child of a sitemap index, past 1,000 addresses, and seeds up to its limit', async () => {
    const site = await sitemapIndexSite(3, 800);
    try {
      const result = await discoverCrawl(site, 500, false);
      expect(result.status).toBe('running');
      // The index and its three children, all read: every address is a sitemap entry.
      expect(result.summary.sitemaps).toHaveLength(4);
      expect(result.summary.truncated).toBe(false);
      expect(result.entries).toBe(2_400);
      // The crawl holds its start page and the first 499 entries.
      expect(result.pages).toBe(500);
      expect(result.page_count).toBe(500);
      expect(result.summary.seeded).toBe(499);
    } finally {
      await site.close();
    }
  }, 60_000);

  it("stores a verified crawl's 40,000 sitemap addresses (more than one statement's parameters)", async () => {
    const site = await sitemapIndexSite(40, 1_000);
    try {
      const result = await discoverCrawl(site, 10_000, true);
      expect(result.status).toBe('running');
      expect(result.summary.sitemaps).toHaveLength(41);
      expect(result.entries).toBe(40_000);
      expect(result.pages).toBe(10_000);
    } finally {
      await site.close();
    }
  }, 120_000);
});
