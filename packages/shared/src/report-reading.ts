import { CATEGORY_LABEL } from './category-labels.ts';
import { CRAWLER_VIEW_CHECKS, crawlerSides, type SideValue } from './crawler-view.ts';
import type { CategoryScore, CheckCategory, ReportIssue, ScoredFinding } from './report.ts';
import { CHECK_CATEGORIES, isLockedIssue } from './report-basics.ts';

/**
 * Readings of the report contract shared by the report screen (apps/web) and the server's
 * exports (the print HTML of the PDF): the score ledger as a to-do list and the crawler view's
 * rows, so the screen and the PDF cannot say different things.
 */

export { CATEGORY_LABEL, CRAWLER_VIEW_CHECKS, type SideValue };

export interface LedgerRow {
  check: string;
  category: CheckCategory;
  points: number;
  /** The finding's title, when the report carries it. */
  message: string | null;
}

/**
 * The score ledger as a to-do list: every deduction, biggest gain first ("fix this → +N points");
 * ties keep the category order, then the check id, so the order is stable.
 */
export function ledgerRows(
  categories: readonly CategoryScore[],
  issues: readonly ReportIssue[],
): LedgerRow[] {
  const messages = new Map<string, string>();
  for (const issue of issues) if (!isLockedIssue(issue)) messages.set(issue.id, issue.message);
  const rows = categories.flatMap((category) =>
    category.deductions.map((deduction) => ({
      check: deduction.check,
      category: category.id,
      points: deduction.points,
      message: messages.get(deduction.check) ?? null,
    })),
  );
  const categoryRank = (id: CheckCategory) => CHECK_CATEGORIES.indexOf(id);
  return rows.sort(
    (a, b) =>
      b.points - a.points ||
      categoryRank(a.category) - categoryRank(b.category) ||
      a.check.localeCompare(b.check),
  );
}

export interface CrawlerSignal {
  check: string;
  signal: string;
  finding: ScoredFinding;
  server: SideValue;
  rendered: SideValue;
  /** Why the two sides were not compared, for a skipped check. */
  skippedReason: string | null;
  /** Words the server HTML lacks (js-rendering only). */
  missingSample: string | null;
}

/** The crawler view's rows: one per crawler-view check the report holds readable. */
export function crawlerSignals(issues: readonly ReportIssue[]): CrawlerSignal[] {
  const byId = new Map<string, ScoredFinding>();
  for (const issue of issues) if (!isLockedIssue(issue)) byId.set(issue.id, issue);
  return CRAWLER_VIEW_CHECKS.flatMap(({ id, signal }) => {
    const finding = byId.get(id);
    if (!finding) return [];
    const [server, rendered] = crawlerSides(id, finding.details);
    const reason = finding.details.reason;
    const sample = finding.details.missingSample;
    return [
      {
        check: id,
        signal,
        finding,
        server,
        rendered,
        skippedReason: finding.outcome === 'skipped' && typeof reason === 'string' ? reason : null,
        missingSample: typeof sample === 'string' && sample !== '' ? sample : null,
      },
    ];
  });
}
