import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SiteGraphLink } from '@crawlwise/analyzer/site/site-graph';
import { DEFAULT_CRAWL_URL_RULES } from '@crawlwise/shared/crawl-url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/database.ts';
import { reports, users } from '../db/schema.ts';
import { insertTestSiteCheck } from '../test-support/site-check-rows.ts';
import { openTestDatabase, testConfig } from '../test-support/test-app.ts';
import { storedPageLinks } from './page-links.ts';
import { listSitePages } from './site-checks.ts';
import { loadCrawlGraph } from './site-report-source.ts';

/**
 * loadCrawlGraph on the real database (PGlite, or PostgreSQL with DATABASE_URL): each page's links
 * are one stored value of its row (page-links.ts), read in batches of pages, several asked for
 * ahead; what comes back must be every link of the pages, exactly as stored (anchors with quotes,
 * backslashes, control characters and characters outside the BMP; every flag), page by page in
 * the pages' order across batches, each page's served links before its rendered-only ones.
 */
describe('loadCrawlGraph', () => {
  let database: Database;
  const owner = `graph-${randomUUID().slice(0, 8)}`;
  const origin = `https://${owner}.example.test`;

  beforeAll(async () => {
    database = await openTestDatabase(testConfig());
    await database.db
      .insert(users)
      .values({ id: owner, name: 'Owner', email: `${owner}@example.test` });
  });
  afterAll(() => database?.close());

  async function crawlOf(addresses: string[]) {
    const id = await insertTestSiteCheck(database.db, {
      ownerId: owner,
      siteUrl: `${origin}/`,
      host: `${owner}.example.test`,
      source: 'crawl',
      status: 'running',
      crawl: { maxPages: 100, maxDepth: 5, followNofollow: false, rules: DEFAULT_CRAWL_URL_RULES },
      addresses,
      crawlDepth: 0,
    });
    return { id, pages: await listSitePages(database.db, id) };
  }

  it('lists the pages by run_after, then id, as SQL orders them', async () => {
    const addresses = Array.from({ length: 8 }, (_, index) => `${origin}/order${index}`);
    const { id, pages } = await crawlOf(addresses);
    // Equal times (ordered by id), microseconds apart, and one far in the past.
    const times = [
      '2026-12-06 10:00:00.000001+00',
      '2026-12-06 10:00:00+00',
      '2026-12-06 10:00:00.000001+00',
      '2026-12-06 10:00:00.000002+00',
      '1999-01-01 00:00:00+00',
      '2026-12-06 10:00:00.000001+00',
      '2026-12-06 09:59:59.999999+00',
      '2026-12-06 10:00:00+00',
    ];
    for (const [index, page] of pages.entries()) {
      await database.db.execute(
        sql`update ${reports} set ${sql.identifier('run_after')} = ${times[index]}::timestamptz
            where ${reports.id} = ${page.reportId}`,
      );
    }
    const expected = await queryRows<{ id: string }>(
      database.db,
      sql`select id from ${reports} where ${reports.siteCheckId} = ${id}
          order by ${reports.runAfter}, ${reports.id}`,
    );
    const listed = await listSitePages(database.db, id);
    expect(listed.map((page) => page.reportId)).toEqual(expected.map((row) => row.id));
  });

  it('reads every link of the pages as stored, page by page in their order, across batches', async () => {
    const addresses = Array.from({ length: 7 }, (_, index) => `${origin}/p${index}`);
    const { id, pages } = await crawlOf(addresses);
    const anchors = [
      'plain',
      'quote " and \\ backslash',
      'tab\tnew\nline \u0001\u001f',
      'emoji 😀 and ünïcode',
      '',
      '[1,"x"]',
      'NULL',
    ];
    const stored: SiteGraphLink[] = [];
    for (const [index, page] of pages.entries()) {
      if (index === 3) continue; // a page without links
      const links = (renderedOnly: boolean) =>
        Array.from({ length: 3 }, (_, round) => ({
          key: `${origin}/t${(index + round) % 4}${renderedOnly ? '/r' : ''}?q="${round}"`,
          anchor: anchors[(index + round) % anchors.length]!,
          nofollow: (index + round) % 2 === 0,
        }));
      const served = links(false);
      // Only some pages were rendered.
      const rendered = index % 2 === 0 ? links(true) : null;
      await database.db.execute(
        sql`update ${reports} set ${sql.identifier('links')} = ${storedPageLinks({
          served: { internal: served, external: [], externalCount: 0, omitted: 0 },
          renderedOnly: rendered,
        })}
            where ${reports.id} = ${page.reportId}`,
      );
      for (const [links, renderedOnly] of [
        [served, false],
        [rendered ?? [], true],
      ] as const) {
        for (const link of links) {
          stored.push({
            source: page.url,
            target: link.key,
            anchor: link.anchor,
            nofollow: link.nofollow,
            renderedOnly,
          });
        }
      }
    }
    for (const batchPages of [1, 2, 3, 1000]) {
      const graph = await loadCrawlGraph(
        database.db,
        { id, siteUrl: `${origin}/` },
        pages,
        batchPages,
      );
      expect(graph?.links).toEqual(stored);
    }
    // Only the given pages' links.
    const some = await loadCrawlGraph(
      database.db,
      { id, siteUrl: `${origin}/` },
      pages.slice(0, 2),
      1,
    );
    expect(some?.links).toEqual(
      stored.filter((link) => link.source === pages[0]!.url || link.source === pages[1]!.url),
    );
    const none = await loadCrawlGraph(database.db, { id, siteUrl: `${origin}/` }, [], 1);
    expect(none?.links).toEqual([]);
  });

  /**
   * drizzle/0029_page_links_column.sql moved the links of crawls stored before it from site_links
   * rows into their pages' `links` values. The database here is already migrated, so the old
   * table is made again as 0009 left it and the migration's own UPDATE (read from the file) is
   * run on it: what it writes must read back as the links were stored, each page's in stored order.
   */
  it('reads the links migration 0029 moved over from site_links rows', async () => {
    const { id, pages } = await crawlOf([`${origin}/m/a`, `${origin}/m/b`, `${origin}/m/c`]);
    await database.db.execute(sql`create temporary table site_links (
        id bigserial primary key, site_check_id uuid not null, source_report_id uuid not null,
        target_url text not null, anchor text not null, nofollow boolean not null,
        rendered_only boolean not null)`);
    const rows: Array<
      [page: number, target: string, anchor: string, nofollow: boolean, rendered: boolean]
    > = [
      [1, `${origin}/x`, 'Quote " \\ ü 😀', false, false],
      [0, `${origin}/y`, '', true, false],
      [1, `${origin}/z`, 'NULL', true, true],
      [0, `${origin}/x`, '[1,"x"]', false, true],
    ];
    for (const [page, target, anchor, nofollow, rendered] of rows) {
      await database.db.execute(
        sql`insert into site_links (site_check_id, source_report_id, target_url, anchor, nofollow,
              rendered_only)
            values (${id}, ${pages[page]!.reportId}, ${target}, ${anchor}, ${nofollow}, ${rendered})`,
      );
    }
    const file = new URL('../../drizzle/0029_page_links_column.sql', import.meta.url);
    const update = readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "reports"'));
    if (!update) throw new Error('the migration has no UPDATE of reports');
    try {
      await database.db.execute(sql.raw(update));
    } finally {
      await database.db.execute(sql`drop table site_links`);
    }

    const graph = await loadCrawlGraph(database.db, { id, siteUrl: `${origin}/` }, pages);
    expect(graph?.links).toEqual(
      [0, 1].flatMap((page) =>
        rows
          .filter((row) => row[0] === page)
          .map(([, target, anchor, nofollow, renderedOnly]) => ({
            source: pages[page]!.url,
            target,
            anchor,
            nofollow,
            renderedOnly,
          })),
      ),
    );
    // A page without links keeps none.
    const [third] = await queryRows<{ links: string | null }>(
      database.db,
      sql`select ${reports.links} as links from ${reports} where ${reports.id} = ${pages[2]!.reportId}`,
    );
    expect(third?.links).toBeNull();
  });
});
