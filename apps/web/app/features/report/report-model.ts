import { detailsOf, fixSnippetOf } from '@crawlwise/shared/check-details';
import type { SideValue } from '@crawlwise/shared/crawler-view';
import type {
  CategoryScore,
  CheckCategory,
  ReportIssue,
  ScoredFinding,
} from '@crawlwise/shared/report';
import { CHECK_CATEGORIES, isLockedIssue } from '@crawlwise/shared/report-basics';

/**
 * Pure readings of the report contract for the report screen: grouping, the ledger order, the
 * crawler view's signals. Kept apart from the components so the order rules are tested once;
 * the ledger and crawler-view rows live in packages/shared/src/report-reading.ts (the PDF prints them).
 */

export { CATEGORY_LABEL } from '@crawlwise/shared/category-labels';
/** The ledger and the crawler view's rows: shared with the server's PDF export. */
export {
  type CrawlerSignal,
  crawlerSignals,
  type FixEntry,
  fixesFirst,
  type LedgerRow,
  ledgerRows,
} from '@crawlwise/shared/report-reading';
/** The crawler view's side values are read in the shared package (also used by the comparison). */
export type { SideValue };

/** A finding to act on: failed, or skipped with a warning worth reading. */
export const needsAttention = (finding: ScoredFinding) => finding.severity !== 'success';

export interface CategoryGroup {
  category: CheckCategory;
  score: CategoryScore | undefined;
  /** Failed and warning findings, in the report's rank order. */
  attention: ScoredFinding[];
  /** Passed, not applicable and quiet skipped findings: listed collapsed. */
  passed: ScoredFinding[];
}

/** Every readable finding grouped by category, in the score model's category order. */
export function groupByCategory(
  issues: readonly ReportIssue[],
  categories: readonly CategoryScore[],
): CategoryGroup[] {
  const findings = issues.filter((issue): issue is ScoredFinding => !isLockedIssue(issue));
  return CHECK_CATEGORIES.map((category) => {
    const own = findings.filter((finding) => finding.category === category);
    return {
      category,
      score: categories.find((entry) => entry.id === category),
      attention: own.filter(needsAttention),
      passed: own.filter((finding) => !needsAttention(finding)),
    };
  }).filter((group) => group.attention.length + group.passed.length > 0 || group.score);
}

export interface CategoryCount {
  category: CheckCategory;
  score: CategoryScore | undefined;
  /** Critical and warning findings, locked ones included. */
  issues: number;
  /** All findings of the category. */
  findings: number;
}

/**
 * How many findings each category holds, for anonymous readers: locked placeholders keep their
 * category, so the counts are true without any locked text.
 */
export function countByCategory(
  issues: readonly ReportIssue[],
  categories: readonly CategoryScore[],
): CategoryCount[] {
  return CHECK_CATEGORIES.map((category) => {
    const own = issues.filter((issue) => issue.category === category);
    return {
      category,
      score: categories.find((entry) => entry.id === category),
      issues: own.filter((issue) => issue.severity !== 'success').length,
      findings: own.length,
    };
  }).filter((entry) => entry.findings > 0 || entry.score);
}

export interface BotRow {
  bot: string;
  kind: string;
  allowed: boolean | null;
  rule: string | null;
}

/** The bot access table's rows from `bot-access` details.bots; [] when the report lacks it. */
export function botRows(issues: readonly ReportIssue[]): BotRow[] {
  const finding = issues.find(
    (issue): issue is ScoredFinding => !isLockedIssue(issue) && issue.id === 'bot-access',
  );
  const bots = detailsOf(finding, 'bot-access')?.bots ?? [];
  return bots.flatMap(({ bot, kind, allowed, rule }) =>
    bot === undefined
      ? []
      : [{ bot, kind: kind ?? 'unknown', allowed: allowed ?? null, rule: rule ?? null }],
  );
}

/** Ready-to-paste code a finding carries for its fix, when it has some. */
export const fixSnippet = (finding: ScoredFinding): string | null => fixSnippetOf(finding.details);

/** Findings about rich results: `structured-data` and any rich-result check. */
export const isRichResultFinding = (finding: ScoredFinding) =>
  finding.id === 'structured-data' || finding.id.startsWith('rich-result');

/** The in-page address of a finding's card, so the ledger can point at what to fix. */
export const findingAnchor = (check: string) => `#finding-${check}`;
