import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../test-support/test-app.ts';
import { type Database, queryRows } from './database.ts';

/**
 * drizzle/0023_report_issues_lz4.sql: a page report's issues use lz4 where it exists;
 * drizzle/0025_site_report_deflate.sql: a stored site report, already compressed, is stored out of
 * line as it is; drizzle/0031_links_stored_inline.sql: a site page's links stay in its row.
 */
describe('compression of the large values', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(testConfig());
  });
  afterAll(() => database.close());

  it("is lz4 for a page report's issues where the server has lz4, none for a stored site report; a page's links stay in its row", async () => {
    const [server] = await queryRows<{ lz4: boolean }>(
      database.db,
      sql`select 'lz4' = any(enumvals) as lz4 from pg_settings
          where name = 'default_toast_compression'`,
    );
    const columns = await queryRows<{
      table: string;
      column: string;
      method: string;
      storage: string;
    }>(
      database.db,
      sql`select c.relname as table, a.attname as column, a.attcompression::text as method,
            a.attstorage::text as storage
          from pg_attribute a join pg_class c on c.oid = a.attrelid
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
          where (c.relname, a.attname) in (('reports', 'issues'), ('reports', 'links'),
            ('site_report_snapshots', 'report'))
          order by c.relname, a.attname`,
    );
    // 'l' is lz4; '' is the server's default (pglz), which the embedded PGlite keeps. Storage 'x'
    // (extended) compresses a large value, 'e' (external) keeps it out of line uncompressed, 'm'
    // (main) compresses it in its row and moves it out only when the row cannot fit otherwise.
    expect(columns).toEqual([
      { table: 'reports', column: 'issues', method: server?.lz4 ? 'l' : '', storage: 'x' },
      { table: 'reports', column: 'links', method: '', storage: 'm' },
      { table: 'site_report_snapshots', column: 'report', method: '', storage: 'e' },
    ]);
  });
});
