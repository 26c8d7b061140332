import type { MyReportsResponse } from '@crawlwise/shared/api/reports';
import { PROFILE_PAGE_SIZE } from '@crawlwise/shared/limits';
import { answeredReportStatus } from '@crawlwise/shared/report';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { reports, urls } from '../db/schema.ts';
import { reportsOf } from '../db/tables/reports.ts';
import type { Workspace } from './workspace.ts';

/**
 * "My SEO Reports" (spec points 3 and 7): the active workspace's reports (docs/teams.md), newest first, ten
 * per page, with the exact total so the profile knows whether to offer Load More. Deleted
 * (erased) reports are gone from the list.
 */

export type HistoryPage = Omit<MyReportsResponse, 'ok'>;

export async function listOwnReports(
  db: Db,
  workspace: Workspace,
  offset: number,
): Promise<HistoryPage> {
  // Pages of a whole-site check are listed with their site check, not one by one.
  const own = and(reportsOf(workspace), isNull(reports.deletedAt), isNull(reports.siteCheckId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: reports.id,
        url: urls.normalizedUrl,
        score: reports.score,
        status: reports.status,
        createdAt: reports.createdAt,
        completedAt: reports.completedAt,
        accessToken: reports.accessToken,
      })
      .from(reports)
      .innerJoin(urls, eq(urls.id, reports.urlId))
      .where(own)
      // The id breaks ties, so a page boundary never repeats or skips a report.
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(PROFILE_PAGE_SIZE)
      .offset(offset),
    db.select({ total: count() }).from(reports).where(own),
  ]);
  return {
    reports: rows.map((row) => ({
      id: row.id,
      url: row.url,
      // A pending report has no score yet (the list shows N/A), not the report screen's 0.
      score: row.status === 'completed' ? row.score : null,
      status: answeredReportStatus(row.status),
      created_at: row.createdAt.toISOString(),
      completed_at: row.completedAt?.toISOString() ?? null,
      access_token: row.accessToken,
    })),
    total: Number(counted?.total ?? 0),
    offset,
  };
}
