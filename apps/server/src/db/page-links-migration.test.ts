import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SiteGraphLink } from '@crawlwise/analyzer/site/site-graph';
import { createStringPool } from '@crawlwise/analyzer/site/string-pool';
import { DEFAULT_CRAWL_URL_RULES } from '@crawlwise/shared/crawl-url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendPageLinks } from '../services/page-links.ts';
import { listSitePages } from '../services/site-checks.ts';
import { insertTestSiteCheck } from '../test-support/site-check-rows.ts';
import { openTestDatabase, testConfig } from '../test-support/test-app.ts';
import { type Database, queryRows } from './database.ts';
import { users } from './schema.ts';

/**
 * drizzle/0029_page_links_column.sql moves the links of crawls stored before it from site_links
 * rows into their pages' `links` values. The database here is already migrated, so the old table
 * is made again as 0009 left it and the migration's own UPDATE (read from the file) is run on it:
 * every page gets its links in their stored order, with their flags and anchors as stored.
 */
describe('migration 0029: site_links into reports.links', () => {
  let database: Database;
  const owner = `links-migration-${randomUUID().slice(0, 8)}`;
  const origin = `https://${owner}.example.test`;

  beforeAll(async () => {
    database = await openTestDatabase(testConfig());
    await database.db
      .insert(users)
      .values({ id: owner, name: 'Owner', email: `${owner}@example.test` });
  });
  afterAll(() => database?.close());

  const migrationUpdate = () => {
    const file = new URL('../../drizzle/0029_page_links_column.sql', import.meta.url);
    const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint');
    const update = statements.find((statement) => statement.includes('UPDATE "reports"'));
    if (!update) throw new Error('the migration has no UPDATE of reports');
    return update;
  };

  it('gives each page its links in stored order, with every flag and anchor', async () => {
    const id = await insertTestSiteCheck(database.db, {
      ownerId: owner,
      siteUrl: `${origin}/`,
      host: `${owner}.example.test`,
      source: 'crawl',
      status: 'running',
      crawl: { maxPages: 10, maxDepth: 5, followNofollow: false, rules: DEFAULT_CRAWL_URL_RULES },
      addresses: [`${origin}/a`, `${origin}/b`, `${origin}/c`],
      crawlDepth: 0,
    });
    const pages = await listSitePages(database.db, id);
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
    try {
      await database.db.execute(sql.raw(migrationUpdate()));
    } finally {
      await database.db.execute(sql`drop table site_links`);
    }

    const stored = await queryRows<{ id: string; links: string | null }>(
      database.db,
      sql`select id, links from reports where site_check_id = ${id}`,
    );
    const linksOf = (page: number) => {
      const text = stored.find((row) => row.id === pages[page]!.reportId)?.links ?? null;
      if (text === null) return null;
      const links: SiteGraphLink[] = [];
      appendPageLinks(links, pages[page]!.url, text, createStringPool());
      return links;
    };
    const expected = (page: number) =>
      rows
        .filter((row) => row[0] === page)
        .map(([, target, anchor, nofollow, renderedOnly]) => ({
          source: pages[page]!.url,
          target,
          anchor,
          nofollow,
          renderedOnly,
        }));
    expect(linksOf(0)).toEqual(expected(0));
    expect(linksOf(1)).toEqual(expected(1));
    // A page without links keeps none.
    expect(linksOf(2)).toBeNull();
  });
});
