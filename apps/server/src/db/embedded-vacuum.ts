import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './database.ts';

/**
 * VACUUM on the embedded database, which has no autovacuum to run it (PGlite: one process, no
 * background workers). Without it the space of deleted and replaced rows was never reused: a
 * site check's audit snapshot replaces its rows at every build (after a 3,000-page crawl 8,443
 * of site_audit_issue_items' 26,410 rows and 3,006 of site_audit_pages' 6,026 were dead), and
 * the purge deletes expired reports and checks — so the tables only ever grew, whatever the
 * retention. Reading a page prunes its dead rows but does not tell the free space map, so
 * inserts went on extending the files.
 *
 * So the worker of the embedded database vacuums its tables every ten minutes, one statement per
 * table (the web server and the crawl get their turn between them). After the first, a vacuum
 * reads only the pages written since the last one (the visibility map): on a stopped 10,000-page
 * crawl's database the first took 810 ms over every table, the next ~100 ms. Vacuumed every 5 s
 * during 10,000-page crawls (a stress, stop 56): 130.6-134.2 pages/s against 133.5-135.8 without,
 * 200-350 ms a pass (each table's wait for the connection included), peak RSS ~30 MB higher
 * (maintenance_work_mem 8 MB instead of 64 changed nothing). VACUUM sets the tables' relpages and
 * reltuples too; the queue's plans held (the throughput above).
 */

export interface VacuumedTable {
  table: string;
  ms: number;
}

/**
 * The table vacuumed often (REPORTS_VACUUM_INTERVAL_MS in worker.ts) beside the pass over every
 * table: a crawl updates each of its pages' rows three or four times (queued, claimed, completed,
 * a shorter depth), and the site report built at its end reads every one of them. Unvacuumed, the
 * first read of a 10,000-page crawl's rows set their hint bits and stepped over the dead
 * versions: the final build's page read took 678-687 ms against 555-590 after a VACUUM
 * (bench/site-report-read.ts on a kept crawl, stop 59) — but a VACUUM of those rows at the end
 * takes ~500 ms itself, so it is done as the crawl goes, a few seconds' rows at a time. With
 * dead rows to remove a VACUUM reads every index of the table whole (tens of milliseconds at
 * 10,000 rows). Tried and not kept: `INDEX_CLEANUP OFF` (the heap alone) — the dead rows' index
 * entries then stayed until the ten-minute pass and the crawl's claims and lookups read them:
 * 35.8 pages/s at 33.7 ms of CPU a page against 58.2 at 22.5 (10,000 pages, stop 59).
 */
export const OFTEN_VACUUMED = 'reports';

/**
 * Vacuums every table of the schema (or only `only`), one at a time; answers each one's time.
 */
export async function vacuumTables(db: Db, only?: string): Promise<VacuumedTable[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname::text as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r'
          and (${only ?? null}::text is null or c.relname = ${only ?? null}::text)
        order by c.relname`,
  );
  const vacuumed: VacuumedTable[] = [];
  for (const { name } of tables) {
    const started = performance.now();
    const table = sql.identifier(name);
    await db.execute(sql`vacuum ${table}`);
    vacuumed.push({ table: name, ms: Math.round(performance.now() - started) });
  }
  return vacuumed;
}
