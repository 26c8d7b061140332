import type { LockedIssue, ReportIssue } from './report.ts';

/**
 * The report contract's plain values and rules, without its schemas: report.ts defines the
 * schemas with Zod (about 26 KB gzipped in a browser), and a screen that only reads a report —
 * the report screen — imports these from here so it loads no validation library. report.ts
 * re-exports every one of them, so the rest of the code base keeps a single import.
 */

/** The score's categories, in the order the report shows them. */
export const CHECK_CATEGORIES = [
  'crawlability',
  'performance',
  'metadata',
  'social',
  'content',
  'links',
] as const;

/** How serious a finding is; `success` is a passed (or not applicable, or skipped) check. */
export const SEVERITIES = ['critical', 'warning', 'success'] as const;

/**
 * What the check concluded. `passed` and `failed` judged the page; `not_applicable` means the
 * page has nothing to judge (no hreflang alternates, no images); `skipped` means the check could
 * not judge it (no browser, robots.txt unreachable, an internal error). Only `failed` costs
 * points. A skipped check may still be a warning when the reason itself deserves attention
 * (robots.txt unreachable pauses Google's crawl).
 */
export const OUTCOMES = ['passed', 'failed', 'not_applicable', 'skipped'] as const;

/** The severities each outcome may carry. */
export const OUTCOME_SEVERITIES: Readonly<
  Record<(typeof OUTCOMES)[number], readonly (typeof SEVERITIES)[number][]>
> = {
  passed: ['success'],
  failed: ['critical', 'warning'],
  not_applicable: ['success'],
  skipped: ['success', 'warning'],
};

/** How many top issues (critical and warning findings) an anonymous reader sees in full. */
export const FREE_TOP_ISSUES = 3;

export const isLockedIssue = (issue: ReportIssue): issue is LockedIssue =>
  'locked' in issue && issue.locked === true;
