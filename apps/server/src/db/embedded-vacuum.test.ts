import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from './database.ts';
import { vacuumTables } from './embedded-vacuum.ts';

/**
 * VACUUM of the embedded database (embedded-vacuum.ts): the space of deleted rows is reused
 * after it.
 * Always on PGlite, which has no autovacuum, whatever DATABASE_URL says.
 */
describe('vacuum of the embedded database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.db.execute(sql`create table vacuum_probe (id int primary key, body text)`);
  });

  afterAll(async () => {
    await database?.close();
  });

  let round = 0;
  /**
   * Adds 2,000 rows of ~200 bytes, then deletes every row but the newest: a live row stays in
   * the table's last page, so a vacuum cannot just cut the file short — only reuse its space.
   */
  async function fillAndEmpty() {
    const from = round * 2000 + 1;
    round += 1;
    await database.db.execute(
      sql`insert into vacuum_probe
          select g, repeat(md5(g::text), 6) from generate_series(${from}::int, ${from + 1999}::int) g`,
    );
    await database.db.execute(sql`delete from vacuum_probe where id < ${from + 1999}`);
  }
  const probePages = async () => {
    const [row] = await queryRows<{ pages: number }>(
      database.db,
      sql`select (pg_relation_size('vacuum_probe') / 8192)::int as pages`,
    );
    return row?.pages ?? 0;
  };

  it('makes the space of deleted rows reusable, table by table', async () => {
    await fillAndEmpty();
    const once = await probePages();
    expect(once).toBeGreaterThan(10);
    // Without a vacuum the deleted rows' space is not reused: the table doubles.
    await fillAndEmpty();
    expect(await probePages()).toBeGreaterThanOrEqual(2 * once - 1);

    const vacuumed = await vacuumTables(database.db);
    expect(vacuumed.map((table) => table.table)).toEqual(
      expect.arrayContaining(['vacuum_probe', 'reports', 'site_checks']),
    );
    for (const table of vacuumed) expect(table.ms).toBeGreaterThanOrEqual(0);
    // Refilled after it, the rows go into the freed space: the file does not grow.
    const vacuumedPages = await probePages();
    await fillAndEmpty();
    expect(await probePages()).toBe(vacuumedPages);
  });

  it('vacuums one table alone when asked', async () => {
    await fillAndEmpty();
    const before = await probePages();
    expect((await vacuumTables(database.db, 'vacuum_probe')).map((table) => table.table)).toEqual([
      'vacuum_probe',
    ]);
    await fillAndEmpty();
    expect(await probePages()).toBe(before);
    expect(await vacuumTables(database.db, 'no_such_table')).toEqual([]);
  });
});
