import {
  type ErrorWindow,
  errorRateStopMessage,
  recordOutcome,
  shouldStop,
} from '@crawlwise/shared/crawl-error-rate';
import { sql } from 'drizzle-orm';
import { col, type Db, queryRowsPrepared } from '../db/database.ts';
import { siteChecks } from '../db/schema.ts';
import { cancelQueuedPages } from '../db/tables/reports.ts';
import type { LockedSiteCheck } from '../db/tables/site-checks.ts';
import { type RateLimiter, SITE_PAGE_POLICY } from './rate-limit.ts';

/**
 * The error-rate stop (docs/site-checks.md › Politeness; the rule is
 * packages/shared/src/crawl-error-rate.ts). Runs in the transaction that writes a site page's
 * outcome, after the page's check was locked (db/tables/site-checks.ts), so the window
 * counts each page once and in order. When the site keeps failing, the check ends `failed` with
 * `site_check_error_rate` and a message saying why, and its waiting pages are dropped as a
 * cancel drops them (`cancelled`, given back to the daily allowance); pages being analysed
 * finish and are kept.
 */

/**
 * What a page's outcome did to its check's error-rate window: the check stopped (written here),
 * or the window the page's end still has to write (`window`; null when the page does not count
 * or the check already ended) with its other write to the check's row
 * (db/tables/site-checks.ts pageEndCheckUpdate), saving a statement under the check's lock.
 */
export type SitePageOutcome = { stopped: true } | { stopped: false; window: ErrorWindow | null };

/**
 * Records one page's outcome (`errorCode` null: analysed) in its check, as the page's end
 * locked it. Only a stop is written here.
 */
export async function recordSitePageOutcome(
  tx: Db,
  limits: RateLimiter,
  check: LockedSiteCheck,
  errorCode: string | null,
): Promise<SitePageOutcome> {
  // A check that already ended (cancelled, stopped) keeps its pages' late outcomes out of it.
  if (check.status !== 'running') return { stopped: false, window: null };
  const before: ErrorWindow = { tried: check.pagesTried, recentFailures: check.recentFailures };
  const window = recordOutcome(before, errorCode);
  if (window.tried === before.tried) return { stopped: false, window: null };
  if (!shouldStop(window)) return { stopped: false, window };
  const dropped = await cancelQueuedPages(tx, check.id);
  await limits.giveBack(tx, SITE_PAGE_POLICY, check.requesterKey, dropped);
  await queryRowsPrepared(
    tx,
    sql`update ${siteChecks} set ${col(siteChecks.pagesTried)} = ${window.tried},
          ${col(siteChecks.recentFailures)} = ${window.recentFailures},
          ${col(siteChecks.status)} = 'failed',
          ${col(siteChecks.errorCode)} = 'site_check_error_rate',
          ${col(siteChecks.errorMessage)} = ${errorRateStopMessage(window, dropped)},
          ${col(siteChecks.completedAt)} = now()
        where ${siteChecks.id} = ${check.id}`,
  );
  return { stopped: true };
}
