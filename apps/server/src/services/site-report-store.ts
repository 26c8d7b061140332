import { type SiteReport, siteReportSchema } from '@crawlwise/shared/api/site-checks';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';
import { contractJson } from '../plugins/contract-json.ts';

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
 */

const ENDED = sql`('completed', 'cancelled', 'failed')`;

/** The change key of a check whose report may be stored, else null (one indexed aggregate). */
function changeKeyQuery(siteCheckId: string) {
  return sql`(select case
      when s.status not in ${ENDED} then null
      when exists (select 1 from reports p where p.site_check_id = s.id and p.deleted_at is null
        and p.status in ('queued', 'analyzing')) then null
      else concat_ws('|', s.status,
        (select concat_ws('|', count(*) filter (where r.deleted_at is null),
            count(*) filter (where r.deleted_at is not null),
            coalesce(extract(epoch from max(r.completed_at))::text, '-'),
            coalesce(extract(epoch from max(r.deleted_at))::text, '-'))
          from reports r where r.site_check_id = s.id))
    end
    from site_checks s where s.id = ${siteCheckId})`;
}

/** The check's change key now, or null when its report is not to be stored (see above). */
export async function siteReportChangeKey(db: Db, siteCheckId: string): Promise<string | null> {
  const [row] = await queryRows<{ key: string | null }>(
    db,
    sql`select ${changeKeyQuery(siteCheckId)} as key`,
  );
  return row?.key ?? null;
}

/**
 * What erasure has done to a check's pages (how many, and the last moment): a running check's
 * report built before a page was erased must not be sent again (services/running-site-reports.ts).
 */
export async function siteCheckErasureKey(db: Db, siteCheckId: string): Promise<string> {
  const [row] = await queryRows<{ key: string }>(
    db,
    sql`select concat_ws('|', count(*),
          coalesce(extract(epoch from max(deleted_at))::text, '-')) as key
        from reports where site_check_id = ${siteCheckId} and deleted_at is not null`,
  );
  return row?.key ?? '';
}

/** Writes a report as the route does (the contract's writer), once, when it is stored. */
let writeReport: ((report: SiteReport) => string) | undefined;
const reportJson = (report: SiteReport) => {
  writeReport ??= contractJson(siteReportSchema);
  return writeReport(report);
};

/**
 * The stored report of the check when it is current, as the JSON text the route sends (never
 * parsed: the web process holds one string, not the report's objects), else null.
 */
export async function storedSiteReportJson(db: Db, siteCheckId: string): Promise<string | null> {
  const [row] = await queryRows<{ report: string }>(
    db,
    sql`select s.report from site_report_snapshots s
        where s.site_check_id = ${siteCheckId} and s.change_key = ${changeKeyQuery(siteCheckId)}`,
  );
  return row ? String(row.report) : null;
}

/** The stored report of the check when it is current, read (the CSV), else null. */
export async function storedSiteReport(db: Db, siteCheckId: string): Promise<SiteReport | null> {
  const json = await storedSiteReportJson(db, siteCheckId);
  return json === null ? null : (JSON.parse(json) as SiteReport);
}

/**
 * Stores (or replaces) the check's report, built from pages read under `key`, when the check
 * still has that key; otherwise drops any stored one. Call inside the writing transaction.
 * Returns whether it stored.
 */
export async function storeSiteReport(
  tx: Db,
  siteCheckId: string,
  key: string | null,
  report: SiteReport | null,
): Promise<boolean> {
  const now = key === null ? null : await siteReportChangeKey(tx, siteCheckId);
  if (key === null || report === null || now !== key) {
    await dropStoredSiteReports(tx, sql`${siteCheckId}::uuid`);
    return false;
  }
  await tx.execute(
    sql`insert into site_report_snapshots (site_check_id, change_key, report, built_at)
        values (${siteCheckId}, ${key}, ${reportJson(report)}, now())
        on conflict (site_check_id) do update set change_key = excluded.change_key,
          report = excluded.report, built_at = excluded.built_at`,
  );
  return true;
}

/** Drops the stored reports of the checks `ids` (a uuid or a subquery of them). */
export async function dropStoredSiteReports(db: Db, ids: SQL): Promise<void> {
  await db.execute(sql`delete from site_report_snapshots where site_check_id in (${ids})`);
}
