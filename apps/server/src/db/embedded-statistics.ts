import { sql } from 'drizzle-orm';
import { type Db, listParam, queryRows } from './database.ts';

/**
 * Planner statistics on the embedded database, which has no autovacuum daemon to gather them:
 * PGlite runs PostgreSQL in one process with no background workers, and its activity counters
 * (`pg_stat_user_tables.n_mod_since_analyze`, what autovacuum's threshold reads) stay at zero.
 * Without statistics the planner guesses: a crawl's links read by 1,000 source pages was
 * estimated at 193,000 of its 208,000 rows (200 distinct sources, the default), so each of a
 * site report's ten batches scanned the whole table — 400-500 ms for the 10,000-page graph,
 * 250-300 ms once the table was analysed (bench/results/site-report-read-2026-12-02.md).
 *
 * So the worker of the embedded database analyses, now and then, the tables of ANALYSED_TABLES
 * that have grown to twice the size they had at their last analysis (`pg_class.relpages`, which
 * ANALYZE sets; zero before the first), from MIN_PAGES on: a doubling rule, so a table analysed
 * at 1 MB is analysed again at 2, 4, 8 MB — a handful of times as a 10,000-page crawl fills it,
 * 40-110 ms each.
 */

/**
 * The tables analysed. Only the link graph's for now: analysing every table (reports, urls, the
 * audit snapshot's tables too) halved the embedded database's crawl, 121 → 69 pages/s at 10,000
 * pages, presumably as the queue's statements were planned again with statistics (their shapes
 * were measured and tuned without any, crawl-frontier.ts); not looked into yet. With the links'
 * alone the crawl ran as before (121.1 against 121.8 pages/s). Tables are analysed whole: one
 * holding stored findings or signals (JSON) would need its other columns named instead, as
 * sampling those detoasts every sampled row (the 10,000-page `reports` table took 596 ms).
 */
export const ANALYSED_TABLES: readonly string[] = ['site_links'];

/** Below this size (in 8 kB pages: 1 MB) a table is left to the planner's own estimates. */
export const MIN_PAGES = 128;
/** A table is analysed again once it has this many times the pages of its last analysis. */
export const GROWTH = 2;

export interface AnalysedTable {
  table: string;
  /** Its size in pages at the last analysis (0: never) and now. */
  analysedPages: number;
  pages: number;
  ms: number;
}

interface TableSize {
  name: string;
  analysed_pages: number;
  pages: number;
}

/** Analyses the tables of ANALYSED_TABLES that have outgrown their statistics (see above). */
export async function refreshGrownStatistics(db: Db): Promise<AnalysedTable[]> {
  const tables = await queryRows<TableSize>(
    db,
    sql`select c.relname::text as name, greatest(c.relpages, 0)::int as analysed_pages,
          (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r'
          and c.relname = any(${listParam(ANALYSED_TABLES)}::text[])`,
  );
  const analysed: AnalysedTable[] = [];
  for (const table of tables) {
    if (!isOutgrown(table.analysed_pages, table.pages)) continue;
    const started = performance.now();
    await db.execute(sql`analyze ${sql.identifier(table.name)}`);
    analysed.push({
      table: table.name,
      analysedPages: table.analysed_pages,
      pages: table.pages,
      ms: Math.round(performance.now() - started),
    });
  }
  return analysed;
}

/** Whether a table of `pages` pages, `analysedPages` at its last analysis, is due one. */
export function isOutgrown(analysedPages: number, pages: number): boolean {
  return pages >= MIN_PAGES && pages >= GROWTH * analysedPages;
}
