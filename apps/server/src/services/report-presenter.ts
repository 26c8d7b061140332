import {
  answeredReportStatus,
  type CategoryScore,
  FREE_TOP_ISSUES,
  type MetaJson,
  type Report,
  type ReportIssue,
  type ScoredFinding,
} from '@crawlwise/shared/report';
import { decodeStoredFindings } from '../db/stored-findings.ts';
import type { ReportView } from './report-service.ts';

/**
 * A stored report → the report contract (packages/shared/src/report.ts) a reader receives. The
 * lock on the top issues after the free ones is enforced here, not only blurred in the browser.
 */

/**
 * For an anonymous reader, critical and warning findings after the first FREE_TOP_ISSUES lose
 * message, why, how-to-fix and details; passed checks are not top issues and stay readable.
 */
export function presentIssues(
  issues: readonly ScoredFinding[],
  readerSignedIn: boolean,
): ReportIssue[] {
  if (readerSignedIn) return [...issues];
  let topIssuesSeen = 0;
  return issues.map((issue): ReportIssue => {
    if (issue.severity === 'success') return issue;
    topIssuesSeen += 1;
    if (topIssuesSeen <= FREE_TOP_ISSUES) return issue;
    return { id: issue.id, severity: issue.severity, category: issue.category, locked: true };
  });
}

/**
 * The score ledger (which check took how many points) is part of the full report: it names every
 * failed check, the locked ones included, so anonymous readers get each category's score without
 * its deductions. How many findings a category holds stays derivable from `issues`, whose locked
 * placeholders keep their category.
 */
export function presentCategories(
  categories: readonly CategoryScore[],
  readerSignedIn: boolean,
): CategoryScore[] {
  if (readerSignedIn) return [...categories];
  return categories.map((category) => ({ ...category, deductions: [] }));
}

export function presentReport(row: ReportView, url: string, readerSignedIn: boolean): Report {
  return {
    id: row.id,
    url,
    url_id: row.urlId,
    final_url: row.finalUrl,
    status: answeredReportStatus(row.status),
    access: readerSignedIn ? 'full' : 'anonymous',
    score: row.score ?? 0,
    score_model: row.scoreModel ?? null,
    error_code: row.errorCode,
    error_message: row.errorMessage,
    meta_json: (row.metaJson as MetaJson | null) ?? null,
    categories: presentCategories((row.categories as CategoryScore[] | null) ?? [], readerSignedIn),
    issues: presentIssues(decodeStoredFindings(row.issues), readerSignedIn),
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}
