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

/** How many top issues (critical and warning findings) an anonymous reader sees in full. */
export const FREE_TOP_ISSUES = 3;

export const isLockedIssue = (issue: ReportIssue): issue is LockedIssue =>
  'locked' in issue && issue.locked === true;
