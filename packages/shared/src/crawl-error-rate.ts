/**
 * The error-rate stop of a site check (issue 19, item 5; docs/site-checks.md › Politeness): a
 * check whose site keeps failing stops instead of asking a struggling server for page after page.
 * Pure: the server keeps the window on the site check's row and updates it in the transaction
 * that writes each page's outcome.
 *
 * Rule: once at least ERROR_WINDOW_MIN_TRIED pages were tried, the check stops when more than
 * ERROR_WINDOW_MAX_FAILURES of the last ERROR_WINDOW_PAGES tried pages failed with a server
 * error (5xx, or 429 / 503 still answered after every retry) or a network error (no connection,
 * no answer in time, no DNS answer). A page robots.txt blocked was never requested and a page a
 * cancel dropped never tried: neither counts.
 */

export const ERROR_WINDOW_PAGES = 20;
export const ERROR_WINDOW_MIN_TRIED = 20;
/** More than this many failures among the last ERROR_WINDOW_PAGES stops the check (more than half). */
export const ERROR_WINDOW_MAX_FAILURES = 10;

/** The page errors that say the site (not the page) is in trouble. */
export const SITE_FAILURE_CODES: ReadonlySet<string> = new Set([
  'http_error_500',
  'http_error_503',
  'fetch_failed',
  'fetch_timeout',
  'dns_error',
]);

/** Outcomes that are not a try of the page: never requested, or dropped before its turn. */
const NOT_TRIED_CODES: ReadonlySet<string> = new Set(['blocked_by_robots', 'site_check_cancelled']);

/**
 * The window: how many pages were tried, and the last ERROR_WINDOW_PAGES outcomes as bits (bit 0
 * is the latest page; 1 = a site failure), so it is stored as one integer.
 */
export interface ErrorWindow {
  tried: number;
  recentFailures: number;
}

export const EMPTY_ERROR_WINDOW: ErrorWindow = { tried: 0, recentFailures: 0 };

const WINDOW_MASK = 2 ** ERROR_WINDOW_PAGES - 1;

/** The window after one more page outcome: `errorCode` null for a page analysed. */
export function recordOutcome(window: ErrorWindow, errorCode: string | null): ErrorWindow {
  if (errorCode !== null && NOT_TRIED_CODES.has(errorCode)) return window;
  const failed = errorCode !== null && SITE_FAILURE_CODES.has(errorCode) ? 1 : 0;
  return {
    tried: window.tried + 1,
    recentFailures: ((window.recentFailures * 2) & WINDOW_MASK) | failed,
  };
}

/** Site failures among the last ERROR_WINDOW_PAGES tried pages. */
export function failuresInWindow(window: ErrorWindow): number {
  let count = 0;
  for (let bits = window.recentFailures & WINDOW_MASK; bits > 0; bits >>>= 1) count += bits & 1;
  return count;
}

export function shouldStop(window: ErrorWindow): boolean {
  return (
    window.tried >= ERROR_WINDOW_MIN_TRIED && failuresInWindow(window) > ERROR_WINDOW_MAX_FAILURES
  );
}

/** The sentence a stopped check shows (its `errorMessage`). */
export function errorRateStopMessage(window: ErrorWindow, pagesNotChecked: number): string {
  const lastPages = Math.min(window.tried, ERROR_WINDOW_PAGES);
  const waiting =
    pagesNotChecked === 0
      ? ''
      : ` The ${pagesNotChecked} page${pagesNotChecked === 1 ? '' : 's'} still waiting ${
          pagesNotChecked === 1 ? 'was' : 'were'
        } not checked and went back to your daily allowance.`;
  return `Stopped: ${failuresInWindow(window)} of the last ${lastPages} pages failed with a server error or no answer, so the check stopped instead of loading a struggling site.${waiting}`;
}
