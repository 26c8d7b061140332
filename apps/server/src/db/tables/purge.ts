import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../database.ts';

/**
 * The retention purge's one statement shape (services/retention.ts): deletes up to `batch` rows
 * of `table` matching `where`, taking them `FOR UPDATE SKIP LOCKED` so several workers purging
 * at once share the rows instead of waiting on each other. Returns how many went.
 */
export async function purgeRows(
  db: Db,
  table: PgTable,
  key: PgColumn,
  where: SQL,
  batch: number,
): Promise<number> {
  const deleted = await queryRows(
    db,
    sql`delete from ${table} where ${key} in (
          select ${key} from ${table} where ${where}
          limit ${batch}
          for update skip locked)
        returning 1 as one`,
  );
  return deleted.length;
}

/** "`column` is more than `seconds` before `now`" (the purge's clock is injectable). */
export const olderThan = (column: PgColumn, now: Date, seconds: number): SQL =>
  sql`${column} < ${now.toISOString()}::timestamptz - make_interval(secs => ${seconds})`;
