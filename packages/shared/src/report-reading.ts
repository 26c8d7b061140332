import { CATEGORY_LABEL } from './category-labels.ts';
import { CAUSES, type CauseId } from './causes.ts';
import { readDetails } from './check-details.ts';
import { CRAWLER_VIEW_CHECKS, crawlerSides, type SideValue } from './crawler-view.ts';
import type { Tone } from './display.ts';
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
  /** The root cause the finding shares with others, when the report names one. */
  cause: CauseId | null;
}

/**
 * The score ledger as a to-do list: every deduction, biggest gain first ("fix this → +N points");
 * ties keep the category order, then the check id, so the order is stable.
 */
export function ledgerRows(
  categories: readonly CategoryScore[],
  issues: readonly ReportIssue[],
): LedgerRow[] {
  const readable = new Map<string, ScoredFinding>();
  for (const issue of issues) if (!isLockedIssue(issue)) readable.set(issue.id, issue);
  const rows = categories.flatMap((category) =>
    category.deductions.map((deduction) => ({
      check: deduction.check,
      category: category.id,
      points: deduction.points,
      message: readable.get(deduction.check)?.message ?? null,
      cause: readable.get(deduction.check)?.cause ?? null,
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

/** One to-do of "Fix these first": a single check, or a root cause with the checks it explains. */
export type FixEntry =
  | { kind: 'check'; points: number; row: LedgerRow }
  | {
      kind: 'cause';
      points: number;
      cause: CauseId;
      title: string;
      howToFix: string;
      /** The deductions the cause explains, biggest first. */
      rows: LedgerRow[];
    };

/**
 * "Fix these first" (issue 27): the ledger's to-dos with the deductions that share a root cause
 * gathered under it — one entry worth their summed points — so one fix (render on the server)
 * is not listed as nine. Biggest gain first; a cause explaining a single check stays that check.
 */
export function fixesFirst(
  categories: readonly CategoryScore[],
  issues: readonly ReportIssue[],
): FixEntry[] {
  const rows = ledgerRows(categories, issues);
  const byCause = new Map<CauseId, LedgerRow[]>();
  for (const row of rows) {
    if (row.cause) byCause.set(row.cause, [...(byCause.get(row.cause) ?? []), row]);
  }
  const entries: FixEntry[] = [];
  for (const row of rows) {
    const shared = row.cause ? byCause.get(row.cause) : undefined;
    if (!shared || shared.length < 2) {
      entries.push({ kind: 'check', points: row.points, row });
    } else if (shared[0] === row) {
      const cause = CAUSES[row.cause!];
      entries.push({
        kind: 'cause',
        points: shared.reduce((sum, each) => sum + each.points, 0),
        cause: row.cause!,
        title: cause.title,
        howToFix: cause.howToFix,
        rows: shared,
      });
    }
  }
  // Stable: entries of equal points keep the ledger's order.
  return entries.sort((a, b) => b.points - a.points);
}

/**
 * What a crawler-view row says of its two sides (issue 27): "Same" when the server HTML and the
 * page after JavaScript agree, "Changed" when script changes the signal (as serious as the
 * finding), "Not compared" when the page was not rendered — never "Passed" beside two "None"
 * cells, which read as if a missing title had passed.
 */
export interface CrawlerComparison {
  label: 'Same' | 'Changed' | 'Not compared';
  tone: Tone;
}

export function crawlerComparison(finding: ScoredFinding): CrawlerComparison {
  if (finding.outcome === 'skipped') return { label: 'Not compared', tone: 'gray' };
  if (finding.outcome === 'failed') {
    return { label: 'Changed', tone: finding.severity === 'critical' ? 'red' : 'yellow' };
  }
  return { label: 'Same', tone: 'gray' };
}

export interface CrawlerSignal {
  check: string;
  signal: string;
  finding: ScoredFinding;
  comparison: CrawlerComparison;
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
    const { reason, missingSample: sample } = readDetails(id, finding.details);
    return [
      {
        check: id,
        signal,
        finding,
        comparison: crawlerComparison(finding),
        server,
        rendered,
        skippedReason: finding.outcome === 'skipped' && typeof reason === 'string' ? reason : null,
        missingSample: typeof sample === 'string' && sample !== '' ? sample : null,
      },
    ];
  });
}
