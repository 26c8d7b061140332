import { REPORT_EXPIRY_DAYS } from '@crawlwise/shared/limits';
import { PAGE_HISTORY_MAX_REPORTS, type PageHistoryEntry } from '@crawlwise/shared/page-history';
import { answeredReportStatus, type CategoryScore } from '@crawlwise/shared/report';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { reports, urls } from '../db/schema.ts';
import { reportsOf } from '../db/tables/reports.ts';
import type { Workspace } from './workspace.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The history of one page (issue 11 item 2): the owner's reports of one normalised address,
 * newest first. Only reports a reader can still open are in it: deleted ones are gone, and
 * expired ones (older than REPORT_EXPIRY_DAYS) answer `report_expired`, so they are left out.
 * Pending and failed reports are listed (the chart leaves them out; their score is null).
 */
export async function listPageHistory(
  db: Db,
  workspace: Workspace,
  normalizedUrl: string,
  now = new Date(),
): Promise<{ total: number; reports: PageHistoryEntry[] }> {
  const readable = and(
    reportsOf(workspace),
    eq(urls.normalizedUrl, normalizedUrl),
    isNull(reports.deletedAt),
    gt(reports.createdAt, new Date(now.getTime() - REPORT_EXPIRY_DAYS * DAY_MS)),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: reports.id,
        accessToken: reports.accessToken,
        status: reports.status,
        score: reports.score,
        scoreModel: reports.scoreModel,
        errorCode: reports.errorCode,
        categories: reports.categories,
        createdAt: reports.createdAt,
        completedAt: reports.completedAt,
      })
      .from(reports)
      .innerJoin(urls, eq(urls.id, reports.urlId))
      .where(readable)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(PAGE_HISTORY_MAX_REPORTS),
    db
      .select({ total: count() })
      .from(reports)
      .innerJoin(urls, eq(urls.id, reports.urlId))
      .where(readable),
  ]);
  return {
    total: Number(counted?.total ?? 0),
    reports: rows.map((row) => {
      const completed = row.status === 'completed';
      const categories = completed ? ((row.categories as CategoryScore[] | null) ?? []) : [];
      return {
        id: row.id,
        access_token: row.accessToken,
        status: answeredReportStatus(row.status),
        score: completed ? row.score : null,
        score_model: completed ? row.scoreModel : null,
        error_code: row.errorCode,
        created_at: row.createdAt.toISOString(),
        completed_at: row.completedAt?.toISOString() ?? null,
        categories: categories.map((category) => ({ id: category.id, score: category.score })),
      };
    }),
  };
}
