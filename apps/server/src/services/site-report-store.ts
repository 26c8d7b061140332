import { type SiteReport, siteReportSchema } from '@crawlwise/shared/api/site-checks';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';
import { reports } from '../db/schema.ts';
import {
  currentSnapshot,
  deleteSnapshots,
  type StoredSnapshot,
  siteReportChangeKey,
  upsertSnapshot,
} from '../db/tables/site-report-snapshots.ts';
import { contractJson } from '../plugins/contract-json.ts';
import { deflateFragment, inflateFragment } from './gzip-splice.ts';

/**
 * The stored site report (issue 19; docs/site-checks.md "Stored site report"). Building the
 * report of a 10,000-page crawl reads every page and link of the check (seconds, and all of it in
 * memory), so the worker's snapshot build (site-audit-build.ts) also stores the report it builds
 * from the very rows it read, and GET /report (and the CSV) serves that row while it is current.
 *
 * **Current** means: the check has ended, no page of it is queued or being analysed, and its
 * pages are in the state the report was built from. That state is the **change key**, computed
 * in SQL from the check's report rows: the check's status, how many pages there are and how many
 * were erased, and the last moments a page finished and was erased. Every change a finished
 * check's report can see moves it: a page finishing after a cancel (completed_at), a page its
 * owner erases (deleted_at and the counts). The worker reads the key before reading the pages
 * and again in its writing transaction, and stores the report only when both agree, so a change
 * during the build is never hidden behind a stored report.
 *
 * A running check has no change key (its pages move every second): its report is built live.
 * The table's statements and the change key's query are its owner's,
 * db/tables/site-report-snapshots.ts.
 */

export type { StoredSnapshot };
/** The check's change key now, or null when its report is not to be stored (see above). */
export { siteReportChangeKey };

/**
 * What erasure has done to a check's pages (how many, and the last moment): a running check's
 * report built before a page was erased must not be sent again (services/running-site-reports.ts).
 */
export async function siteCheckErasureKey(db: Db, siteCheckId: string): Promise<string> {
  const [row] = await queryRows<{ key: string }>(
    db,
    sql`select concat_ws('|', count(*),
          coalesce(extract(epoch from max(${reports.deletedAt}))::text, '-')) as key
        from ${reports}
        where ${reports.siteCheckId} = ${siteCheckId} and ${reports.deletedAt} is not null`,
  );
  return row?.key ?? '';
}

/** Writes a report as the route does (the contract's writer), once, when it is stored. */
let writeReport: ((report: SiteReport) => string) | undefined;

/**
 * A report in the form it is stored in: its JSON as the route writes it, compressed (~20 ms and
 * 4.4 MB of text at 10,000 pages: done before the writing transaction, not in it).
 */
export function storedFormOf(report: SiteReport): StoredSnapshot {
  writeReport ??= contractJson(siteReportSchema);
  return deflateFragment(writeReport(report));
}

/**
 * The stored report of the check when it is current, as stored: its JSON compressed, which the
 * route sends inside its gzip answer without inflating it (services/gzip-splice.ts), else null.
 */
export function storedSiteReportFragment(
  db: Db,
  siteCheckId: string,
): Promise<StoredSnapshot | null> {
  return currentSnapshot(db, siteCheckId);
}

/** The stored report of the check when it is current, read (the CSV), else null. */
export async function storedSiteReport(db: Db, siteCheckId: string): Promise<SiteReport | null> {
  const stored = await storedSiteReportFragment(db, siteCheckId);
  return stored === null ? null : (JSON.parse(inflateFragment(stored)) as SiteReport);
}

/**
 * Stores (or replaces) the check's report (storedFormOf), built from pages read under `key`, when
 * the check still has that key; otherwise drops any stored one. Call inside the writing
 * transaction. Returns whether it stored.
 */
export async function storeSiteReport(
  tx: Db,
  siteCheckId: string,
  key: string | null,
  report: StoredSnapshot | null,
): Promise<boolean> {
  const now = key === null ? null : await siteReportChangeKey(tx, siteCheckId);
  if (key === null || report === null || now !== key) {
    await dropStoredSiteReports(tx, sql`${siteCheckId}::uuid`);
    return false;
  }
  await upsertSnapshot(tx, siteCheckId, key, report);
  return true;
}

/** Drops the stored reports of the checks `ids` (a uuid or a subquery of them). */
export function dropStoredSiteReports(db: Db, ids: SQL): Promise<void> {
  return deleteSnapshots(db, ids);
}
