import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { reports } from '../db/schema.ts';
import { eraseReportsWhere, reportsOf } from '../db/tables/reports.ts';
import { dropStoredSiteReports } from './site-report-store.ts';

/**
 * Erasing a report, as the privacy page promises on deletion: the analysis (summary, issues,
 * categories, score, messages), the final address, the fetched document and the owner and team
 * links go at once. The row stays, emptied, so its access token answers `report_deleted` instead
 * of looking like a typo; its address row (urls) is a shared dictionary entry, no longer linked to anyone.
 * The requester key goes too: the report limits count in throttle_events, which deleting does
 * not touch, so a deletion never resets a limit.
 *
 * A report still queued or being analysed is marked failed and its lease dropped, so a worker
 * finishing it afterwards matches no row (its completion requires its own lease) and cannot
 * write the analysis back.
 */
export async function eraseWhere(db: Db, condition: SQL): Promise<string[]> {
  const rows = await eraseReportsWhere(db, condition);
  // A stored site report names the page (title, score, token): it goes too, the report of its
  // check is built afresh (services/site-report-store.ts).
  const checks = [...new Set(rows.flatMap((row) => row.siteCheckId ?? []))];
  if (checks.length > 0) {
    await dropStoredSiteReports(
      db,
      sql.join(
        checks.map((id) => sql`${id}::uuid`),
        sql`, `,
      ),
    );
  }
  return rows.map((row) => row.accessToken);
}

/** Erases one report; returns its access token (to drop cached copies), or none if unknown. */
export function eraseReport(db: Db, reportId: string): Promise<string[]> {
  return eraseWhere(db, sql`${reports.id} = ${reportId}`);
}

/**
 * Erases every Personal report of an account (account deletion); returns their access tokens.
 * The reports it made in a team stay the team's (services/teams.ts handOverToTeams).
 */
export function eraseUserReports(db: Db, userId: string): Promise<string[]> {
  return eraseWhere(db, reportsOf({ userId, teamId: null }));
}
