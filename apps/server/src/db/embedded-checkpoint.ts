import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './database.ts';

/**
 * Checkpoints of the embedded database, which has no checkpointer to run them: PGlite runs
 * PostgreSQL in one process with no background workers, and `max_wal_size` only asks a
 * checkpointer for one. So its write-ahead log grew for as long as the server ran and was only
 * trimmed at close: during a 10,000-page crawl the data directory reached 712 MB while running,
 * 345 MB of it after the close's checkpoint (bench:crawl, stop 56), and a server up for weeks
 * would have kept every byte written since its start — and, stopped by a crash, replayed all of
 * it at its next start.
 *
 * So the worker of the embedded database runs CHECKPOINT now and then, once at least
 * CHECKPOINT_WAL_BYTES of log were written since the last one's redo point. A checkpoint writes
 * the dirty shared buffers (16 MB at most, database.ts) and lets PostgreSQL recycle or remove
 * the log before that point: ~25 ms on the main thread for ~20 MB of log (measured with 2,000
 * inserts of 9 kB rows), every ten seconds or so while a crawl writes.
 */

/** A checkpoint is due once this much log was written since the last one (four segments). */
export const CHECKPOINT_WAL_BYTES = 64 * 2 ** 20;

export interface Checkpoint {
  /** The log written since the previous checkpoint's redo point, in bytes. */
  walBytes: number;
  ms: number;
}

/** The log written since the last checkpoint's redo point, in bytes. */
export async function walSinceCheckpoint(db: Db): Promise<number> {
  const [row] = await queryRows<{ bytes: string | number }>(
    db,
    sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::bigint as bytes
        from pg_control_checkpoint()`,
  );
  return Number(row?.bytes ?? 0);
}

/** Runs CHECKPOINT when `thresholdBytes` of log or more were written since the last one. */
export async function checkpointIfWalGrown(
  db: Db,
  thresholdBytes = CHECKPOINT_WAL_BYTES,
): Promise<Checkpoint | null> {
  const walBytes = await walSinceCheckpoint(db);
  if (walBytes < thresholdBytes) return null;
  const started = performance.now();
  await db.execute(sql`checkpoint`);
  return { walBytes, ms: Math.round(performance.now() - started) };
}
