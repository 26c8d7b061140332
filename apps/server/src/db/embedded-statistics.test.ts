import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestLinks } from '../test-support/site-check-rows.ts';
import { type Database, openDatabase, queryRows } from './database.ts';
import { isOutgrown, MIN_PAGES, refreshGrownStatistics } from './embedded-statistics.ts';

/**
 * The embedded database's statistics (embedded-statistics.ts): the link graph's table is analysed
 * once it passes MIN_PAGES and again when it has doubled. Always on PGlite, which has no
 * autovacuum, whatever DATABASE_URL says.
 */
describe('planner statistics of the embedded database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });

  afterAll(async () => {
    await database?.close();
  });

  let added = 0;
  /** Adds `count` more links of `sources` source pages (a check of its own, no pages needed). */
  async function addLinks(count: number, sources: number) {
    const siteCheckId = '00000000-0000-4000-8000-000000000001';
    await insertTestLinks(database.db, { siteCheckId, from: added + 1, count, sources });
    added += count;
  }

  const distinctSources = async () => {
    const [row] = await queryRows<{ n_distinct: number | null }>(
      database.db,
      sql`select n_distinct from pg_stats
          where tablename = 'site_links' and attname = 'source_report_id'`,
    );
    return row?.n_distinct ?? null;
  };

  it('leaves a small table to the planner, then analyses it as it grows and when it doubles', async () => {
    await addLinks(100, 10);
    expect(await refreshGrownStatistics(database.db)).toEqual([]);
    expect(await distinctSources()).toBeNull();

    // ~15,000 links: over 1 MB, the size a table is first analysed at.
    await addLinks(15_000, 1_500);
    const first = await refreshGrownStatistics(database.db);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ table: 'site_links', analysedPages: 0 });
    expect(first[0]!.pages).toBeGreaterThanOrEqual(MIN_PAGES);
    // The planner now knows there are about 1,500 sources, not the default 200.
    expect(await distinctSources()).toBeGreaterThan(1_000);

    // Not grown since: nothing to do.
    expect(await refreshGrownStatistics(database.db)).toEqual([]);

    // Doubled: analysed again, from the size of the last analysis.
    await addLinks(16_000, 1_600);
    const second = await refreshGrownStatistics(database.db);
    expect(second).toHaveLength(1);
    expect(second[0]!.analysedPages).toBe(first[0]!.pages);
    expect(second[0]!.pages).toBeGreaterThanOrEqual(2 * first[0]!.pages);
  });

  it('is due from MIN_PAGES on, at twice the pages of the last analysis', () => {
    expect(isOutgrown(0, MIN_PAGES - 1)).toBe(false);
    expect(isOutgrown(0, MIN_PAGES)).toBe(true);
    expect(isOutgrown(200, 399)).toBe(false);
    expect(isOutgrown(200, 400)).toBe(true);
  });
});
