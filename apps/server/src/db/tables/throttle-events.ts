import { sql } from 'drizzle-orm';
import { col, type Db, queryRows } from '../database.ts';
import { throttleEvents } from '../schema.ts';
import { olderThan, purgeRows } from './purge.ts';

/**
 * The owner of the throttle_events table (issue 24): the counted actions behind the daily
 * allowances and the per-minute and per-hour limits (services/rate-limit.ts decides; this counts,
 * adds, gives back and purges). One row is one counted action of a kind by a requester key.
 * Windows are measured with the database clock (`now()`), so web servers with drifting clocks
 * agree. Callers that must not race hold the requester's advisory lock (rate-limit.ts) first.
 */

/** "Of this kind, by this requester, within the last `seconds`". */
const counted = (kind: string, key: string, seconds: number) =>
  sql`${throttleEvents.kind} = ${kind} and ${throttleEvents.requesterKey} = ${key}
      and ${throttleEvents.createdAt} > now() - make_interval(secs => ${seconds})`;

/**
 * How many actions of `kind` by `key` each window holds (one count per window, in the order
 * given), in one pass over the longest window.
 */
export async function countInWindows(
  db: Db,
  kind: string,
  key: string,
  windowsSeconds: readonly number[],
): Promise<number[]> {
  if (windowsSeconds.length === 0) return [];
  const longest = Math.max(...windowsSeconds);
  const counts = windowsSeconds.map(
    (seconds, index) =>
      sql`(count(*) filter (where ${throttleEvents.createdAt} > now() - make_interval(secs => ${seconds})))::int as ${sql.identifier(`c${index}`)}`,
  );
  const [row] = await queryRows(
    db,
    sql`select ${sql.join(counts, sql`, `)} from ${throttleEvents}
        where ${counted(kind, key, longest)}`,
  );
  return windowsSeconds.map((_, index) => Number(row?.[`c${index}`] ?? 0));
}

/** How many actions of `kind` by `key` the last `windowSeconds` hold. */
export async function countInWindow(
  db: Db,
  kind: string,
  key: string,
  windowSeconds: number,
): Promise<number> {
  const [count] = await countInWindows(db, kind, key, [windowSeconds]);
  return count ?? 0;
}

/**
 * Seconds until the `nth` newest action of the window leaves it (at least 1): with `nth` or more
 * actions in the window, that is when a slot frees for a limit of `nth`.
 */
export async function secondsUntilNthNewestLeaves(
  db: Db,
  kind: string,
  key: string,
  windowSeconds: number,
  nth: number,
): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`select ceil(extract(epoch from (${throttleEvents.createdAt}
          + make_interval(secs => ${windowSeconds}) - now())))::int as seconds
        from ${throttleEvents}
        where ${counted(kind, key, windowSeconds)}
        order by ${throttleEvents.createdAt} desc
        offset ${nth - 1} limit 1`,
  );
  return Math.max(1, Number(row?.seconds ?? 1));
}

/** Counts `count` actions of `kind` by `key`, now. */
export async function insertEvents(
  tx: Db,
  kind: string,
  key: string,
  count: number,
): Promise<void> {
  if (count <= 0) return;
  await tx.execute(
    sql`insert into ${throttleEvents} (${col(throttleEvents.kind)}, ${col(throttleEvents.requesterKey)})
        select ${kind}, ${key} from generate_series(1, ${count})`,
  );
}

/** Takes back up to `count` of the requester's most recent actions of `kind`. */
export async function deleteNewestEvents(
  tx: Db,
  kind: string,
  key: string,
  count: number,
): Promise<void> {
  if (count <= 0) return;
  await tx.execute(
    sql`delete from ${throttleEvents} where ${throttleEvents.id} in (
          select ${throttleEvents.id} from ${throttleEvents}
          where ${throttleEvents.kind} = ${kind} and ${throttleEvents.requesterKey} = ${key}
          order by ${throttleEvents.createdAt} desc, ${throttleEvents.id} desc limit ${count})`,
  );
}

/**
 * Deletes up to `batch` actions older than `olderThanSeconds` before `now` (the retention purge;
 * rows another purge holds are skipped). Returns how many went.
 */
export function purgeEventsBefore(
  db: Db,
  now: Date,
  olderThanSeconds: number,
  batch: number,
): Promise<number> {
  return purgeRows(
    db,
    throttleEvents,
    throttleEvents.id,
    olderThan(throttleEvents.createdAt, now, olderThanSeconds),
    batch,
  );
}
