import { ALL_CHECKS } from '@crawlwise/analyzer/checks/index';
import type { Outcome, ScoredFinding } from '@crawlwise/shared/report';

/**
 * The one reader of the findings stored in `reports.issues` (jsonb; a string on some drivers).
 * Every module that reads stored findings — the report presenter, the watch monitor, the site
 * report — goes through here, so an older stored shape is upgraded the same way everywhere
 * (issue 24: the monitor once read them raw and mailed a false alarm).
 *
 * Reports analysed before findings carried an explicit outcome named a skipped check in
 * `details.skipped` and had no how-to-fix; they are read into today's shape.
 *
 * A finding is stored without its `why` when that is the check's own (storableFinding): it is
 * the same text on every page, a third of a page's stored findings (~10 of ~27 KB), written,
 * logged and compressed 10,000 times by a crawl. Reading puts the check's text back, so a
 * report stored so reads the check's current wording.
 */
export type StoredFinding = Omit<ScoredFinding, 'outcome' | 'howToFix' | 'why'> &
  Partial<Pick<ScoredFinding, 'outcome' | 'howToFix' | 'why'>>;

/** Each check's own `why`, by check id. */
const CHECK_WHY: ReadonlyMap<string, string> = new Map(
  ALL_CHECKS.map(({ meta }) => [meta.id, meta.why]),
);
/** For a finding of a check no longer in the catalogue, stored without its `why`. */
const UNKNOWN_CHECK_WHY = 'This check is no longer part of Crawlwise.';

/** The finding as it is stored: without its `why` when that is its check's own. */
export function storableFinding<T extends { id: string; why?: string }>(
  finding: T,
): T | Omit<T, 'why'> {
  if (finding.why === undefined || CHECK_WHY.get(finding.id) !== finding.why) return finding;
  const { why: _why, ...rest } = finding;
  return rest;
}

function storedOutcome(finding: StoredFinding): Outcome {
  if (finding.outcome) return finding.outcome;
  if (finding.details?.skipped) return 'skipped';
  return finding.severity === 'success' ? 'passed' : 'failed';
}

export function readStoredFinding(finding: StoredFinding): ScoredFinding {
  const why = finding.why ?? CHECK_WHY.get(finding.id) ?? UNKNOWN_CHECK_WHY;
  if (finding.outcome && finding.howToFix !== undefined) {
    return (finding.why === undefined ? { ...finding, why } : finding) as ScoredFinding;
  }
  const { skipped: _skipped, ...details } = finding.details ?? {};
  return {
    ...finding,
    why,
    outcome: storedOutcome(finding),
    howToFix: finding.howToFix ?? null,
    details,
  };
}

/** A report row's `issues` column, in today's shape (none when not analysed or erased). */
export function decodeStoredFindings(stored: unknown): ScoredFinding[] {
  const value = typeof stored === 'string' ? JSON.parse(stored) : stored;
  return Array.isArray(value) ? (value as StoredFinding[]).map(readStoredFinding) : [];
}
