import type { Outcome, ScoredFinding } from '@crawlwise/shared/report';

/**
 * The one reader of the findings stored in `reports.issues` (jsonb; a string on some drivers).
 * Every module that reads stored findings — the report presenter, the watch monitor, the site
 * report — goes through here, so an older stored shape is upgraded the same way everywhere
 * (issue 24: the monitor once read them raw and mailed a false alarm).
 *
 * Reports analysed before findings carried an explicit outcome named a skipped check in
 * `details.skipped` and had no how-to-fix; they are read into today's shape.
 */
export type StoredFinding = Omit<ScoredFinding, 'outcome' | 'howToFix'> &
  Partial<Pick<ScoredFinding, 'outcome' | 'howToFix'>>;

function storedOutcome(finding: StoredFinding): Outcome {
  if (finding.outcome) return finding.outcome;
  if (finding.details?.skipped) return 'skipped';
  return finding.severity === 'success' ? 'passed' : 'failed';
}

export function readStoredFinding(finding: StoredFinding): ScoredFinding {
  if (finding.outcome && finding.howToFix !== undefined) return finding as ScoredFinding;
  const { skipped: _skipped, ...details } = finding.details ?? {};
  return {
    ...finding,
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
