import type { Finding } from '@crawlwise/analyzer/types';
import type { ReportView } from './report-service.ts';

/** How many top fixes an anonymous reader sees in full (product spec, point 9). */
export const FREE_TOP_ISSUES = 3;

type StoredIssue = Finding & { points?: number };
export type LockedIssue = Pick<Finding, 'id' | 'severity' | 'category'> & { locked: true };

/**
 * The lock on the fourth top issue is enforced here, not only blurred in the browser: for an
 * anonymous reader, critical and warning findings after the third lose message, why and details.
 */
export function presentIssues(
  issues: StoredIssue[],
  readerSignedIn: boolean,
): Array<StoredIssue | LockedIssue> {
  if (readerSignedIn) return issues;
  let topIssuesSeen = 0;
  return issues.map((issue) => {
    if (issue.severity === 'success') return issue;
    topIssuesSeen += 1;
    if (topIssuesSeen <= FREE_TOP_ISSUES) return issue;
    return { id: issue.id, severity: issue.severity, category: issue.category, locked: true };
  });
}

export function presentReport(row: ReportView, url: string, readerSignedIn: boolean) {
  return {
    id: row.id,
    url,
    url_id: row.urlId,
    final_url: row.finalUrl,
    status: row.status,
    score: row.score ?? 0,
    error_code: row.errorCode,
    error_message: row.errorMessage,
    meta_json: row.metaJson ?? null,
    categories: row.categories ?? [],
    issues: presentIssues((row.issues as StoredIssue[] | null) ?? [], readerSignedIn),
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}
