import type { NonIndexableReason } from './api/site-audit.ts';

/*
 * Labels of the site audit (issue 20), shared by the audit screens and a crawl watch's mail. Kept
 * apart from display.ts, which marketing pages load.
 */
/** Why a page cannot be indexed, as the audit screens and a crawl watch's mail say it. */
export const NON_INDEXABLE_LABELS: Readonly<Record<NonIndexableReason, string>> = {
  noindex: 'Marked noindex',
  canonicalised: 'Canonical points elsewhere',
  blocked: 'Blocked by robots.txt',
  error: 'Answers with an error',
  redirect: 'Redirects',
  'not-analysed': 'Not analysed',
};
