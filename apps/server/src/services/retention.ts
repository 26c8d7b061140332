import { REPORT_EXPIRY_DAYS, REPORT_PURGE_AFTER_DAYS } from '@crawlwise/shared/limits';
import type { Database } from '../db/database.ts';
import { purgeReportsBefore, purgeUnusedUrls } from '../db/tables/reports.ts';
import { purgeSiteChecksBefore } from '../db/tables/site-checks.ts';
import { purgeEventsBefore } from '../db/tables/throttle-events.ts';
import { purgeIdleHostPaces } from './host-pace.ts';
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
  const kept = (REPORT_EXPIRY_DAYS + REPORT_PURGE_AFTER_DAYS) * DAY_SECONDS;
  const reports = await inBatches(() =>
    purgeReportsBefore(database.db, now, kept, REPORT_PURGE_AFTER_DAYS * DAY_SECONDS, BATCH_SIZE),
  );
  const urls = await inBatches(() =>
    purgeUnusedUrls(database.db, now, URL_MIN_AGE_SECONDS, BATCH_SIZE),
  );
  const throttleEvents = await inBatches(() =>
    purgeEventsBefore(database.db, now, LONGEST_WINDOW_SECONDS, BATCH_SIZE * 10),
  );
  // A whole-site check goes with its pages' retention (its remaining pages are deleted with it).
  await inBatches(() => purgeSiteChecksBefore(database.db, now, kept, BATCH_SIZE));
  // A host's pace is forgotten as long after its last use as a check is kept, once no check of
  // that host is left (a check started meanwhile gets a new row: services/host-pace.ts).
  await inBatches(() => purgeIdleHostPaces(database.db, now, kept, BATCH_SIZE));
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
