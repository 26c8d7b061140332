import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';

/**
 * Sessions of this database waiting for a lock (PostgreSQL): how a test on two connections sees
 * that one of them now waits for the other.
 */
export async function lockWaiters(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row?.n ?? 0;
}
