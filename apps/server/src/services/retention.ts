import { REPORT_EXPIRY_DAYS, REPORT_PURGE_AFTER_DAYS } from '@crawlwise/shared/limits';
import { sql } from 'drizzle-orm';
import { type Database, inTransaction, queryRows } from '../db/database.ts';
import { purgeSiteChecksBefore } from '../db/tables/site-checks.ts';
import { purgeEventsBefore } from '../db/tables/throttle-events.ts';
import { LONGEST_WINDOW_SECONDS } from './rate-limit.ts';

/**
 * What Crawlwise keeps, and for how long (the privacy page says the same):
 * - a report can be read for REPORT_EXPIRY_DAYS; REPORT_PURGE_AFTER_DAYS after it expired, the
 *   row is deleted (its link then answers report_not_found);
 * - a report its owner deletes loses its analysis, owner and requester at once (services/report-erase.ts),
 *   and the remaining tombstone, which lets the link answer report_deleted, is deleted
 *   REPORT_PURGE_AFTER_DAYS later;
 * - a page address no report or newsletter sign-up points to any more is deleted with them;
 * - limit counters (throttle_events) outlive their longest window by nothing;
 * - a whole-site check is deleted, with any page left, as long after its start as a report;
 * - a host's pace (host_pace) goes as long after its last use, once no check of the host is left.
 *
 * The purge runs in every worker (worker/worker.ts). Rows are taken in small batches with
 * `FOR UPDATE SKIP LOCKED`, so several workers purging at once share the rows instead of
 * waiting on each other, and a run never holds many locks for long. `now` is injectable, so
 * tests move the clock instead of waiting.
 */

const BATCH_SIZE = 500;
/** Batches per run and kind: a run stays short; what is left waits for the next run. */
const MAX_BATCHES = 20;
/** A page address is kept at least this long, so one just stored for a new report stays. */
const URL_MIN_AGE_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * 60 * 60;

export interface PurgeCounts {
  reports: number;
  urls: number;
  throttleEvents: number;
}

export async function purgeExpiredData(database: Database, now = new Date()): Promise<PurgeCounts> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const reports = await inBatches(() =>
    inTransaction(database.db, async (tx) => {
      const doomed = await queryRows<{ id: string }>(
        tx,
        sql`select id from reports
            where created_at < ${at} - make_interval(secs => ${(REPORT_EXPIRY_DAYS + REPORT_PURGE_AFTER_DAYS) * DAY_SECONDS})
               or deleted_at < ${at} - make_interval(secs => ${REPORT_PURGE_AFTER_DAYS * DAY_SECONDS})
            limit ${BATCH_SIZE}
            for update skip locked`,
      );
      if (doomed.length === 0) return 0;
      const ids = doomed.map((row) => row.id);
      // A newsletter sign-up outlives the report it came from (it is kept until unsubscribed).
      await tx.execute(sql`update leads set report_id = null where report_id in ${ids}`);
      await tx.execute(sql`delete from reports where id in ${ids}`);
      return ids.length;
    }),
  );
  const urls = await inBatches(async () => {
    const deleted = await queryRows(
      database.db,
      sql`delete from urls where id in (
            select id from urls
            where created_at < ${at} - make_interval(secs => ${URL_MIN_AGE_SECONDS})
              and not exists (select 1 from reports where reports.url_id = urls.id)
              and not exists (select 1 from leads where leads.url_id = urls.id)
            limit ${BATCH_SIZE}
            for update skip locked)
          returning id`,
    );
    return deleted.length;
  });
  const throttleEvents = await inBatches(() =>
    purgeEventsBefore(database.db, now, LONGEST_WINDOW_SECONDS, BATCH_SIZE * 10),
  );
  // A whole-site check goes with its pages' retention (its remaining pages are deleted with it).
  await inBatches(() =>
    purgeSiteChecksBefore(
      database.db,
      now,
      (REPORT_EXPIRY_DAYS + REPORT_PURGE_AFTER_DAYS) * DAY_SECONDS,
      BATCH_SIZE,
    ),
  );
  // A host's pace is forgotten as long after its last use as a check is kept, once no check of
  // that host is left (a check started meanwhile gets a new row: services/host-pace.ts).
  await inBatches(async () => {
    const deleted = await queryRows(
      database.db,
      sql`delete from host_pace where host in (
            select p.host from host_pace p
            where p.updated_at < ${at} - make_interval(secs => ${(REPORT_EXPIRY_DAYS + REPORT_PURGE_AFTER_DAYS) * DAY_SECONDS})
              and p.turn_token is null
              and not exists (select 1 from site_checks s where s.host = p.host)
              and not exists (select 1 from site_external_targets t where t.host = p.host
                and t.checked_at is null)
            limit ${BATCH_SIZE}
            for update skip locked)
          returning host`,
    );
    return deleted.length;
  });
  return { reports, urls, throttleEvents };
}

async function inBatches(batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i += 1) {
    const count = await batch();
    total += count;
    if (count === 0) break;
  }
  return total;
}
