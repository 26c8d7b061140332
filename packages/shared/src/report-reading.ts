import {
  type CategoryScore,
  CHECK_CATEGORIES,
  type CheckCategory,
  isLockedIssue,
  type ReportIssue,
  type ScoredFinding,
} from './report.ts';

/**
 * Readings of the report contract shared by the report screen (apps/web) and the server's
 * exports (the print HTML of the PDF): category labels, the score ledger as a to-do list and the
 * crawler view's signals, so the screen and the PDF cannot say different things.
 */

export const CATEGORY_LABEL: Record<CheckCategory, string> = {
  crawlability: 'Crawlability',
  performance: 'Performance',
  metadata: 'Metadata',
  social: 'Social',
  content: 'Content',
  links: 'Links',
};

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

/** The crawler-view checks (issue 9 item 2), in the order the view lists them. */
export const CRAWLER_VIEW_CHECKS = [
  { id: 'rendered-title', signal: 'Title' },
  { id: 'rendered-meta-description', signal: 'Meta description' },
  { id: 'rendered-canonical', signal: 'Canonical' },
  { id: 'rendered-robots', signal: 'Robots directives' },
  { id: 'rendered-h1', signal: 'H1 headings' },
  { id: 'rendered-hreflang', signal: 'Hreflang alternates' },
  { id: 'rendered-structured-data', signal: 'Structured data' },
  { id: 'rendered-links', signal: 'Internal links' },
  { id: 'js-rendering', signal: 'Main text' },
] as const;

/** One side of a signal as the view prints it: a text, a list, or nothing. */
export type SideValue = string | string[] | null;

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

const asSide = (value: unknown): SideValue => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((entry) => String(entry));
  return null;
};

const count = (value: unknown, noun: string): string | null =>
  typeof value === 'number' ? `${value} ${noun}${value === 1 ? '' : 's'}` : null;

/** Both sides of one crawler-view finding, from the detail keys its check writes. */
function sidesOf(check: string, details: Record<string, unknown>): [SideValue, SideValue] {
  switch (check) {
    case 'rendered-links':
      return [
        count(details.serverLinks, 'internal link'),
        count(details.renderedLinks, 'internal link'),
      ];
    case 'js-rendering':
      return [count(details.serverWords, 'word'), count(details.renderedWords, 'word')];
    default:
      return [asSide(details.server), asSide(details.rendered)];
  }
}

/** The crawler view's rows: one per crawler-view check the report holds readable. */
export function crawlerSignals(issues: readonly ReportIssue[]): CrawlerSignal[] {
  const byId = new Map<string, ScoredFinding>();
  for (const issue of issues) if (!isLockedIssue(issue)) byId.set(issue.id, issue);
  return CRAWLER_VIEW_CHECKS.flatMap(({ id, signal }) => {
    const finding = byId.get(id);
    if (!finding) return [];
    const [server, rendered] = sidesOf(id, finding.details);
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
