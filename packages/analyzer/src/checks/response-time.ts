import type { Check, CheckOutcome } from './check.ts';

/**
 * `response-time` (performance): how long fetching the HTML document took, all redirect hops and
 * the body included (`fetch.totalMs`), as `meta_json.performance.loadTime` reports it. Under 3 s
 * passes, under 5 s warns, slower is critical: the same bands as the report's Site Speed tile.
 */

export const FAST_SECONDS = 3;
export const SLOW_SECONDS = 5;

/** Seconds with two decimals, the unit of `meta_json.performance.loadTime`. */
export function loadTimeSeconds(totalMs: number): number {
  return Math.round(totalMs / 10) / 100;
}

export const responseTime: Check = {
  meta: {
    id: 'response-time',
    title: 'Response time',
    why: 'Slow pages lose visitors and crawl budget. Cache rendered pages, use a CDN and cut slow database or API calls so the HTML arrives in well under 3 seconds.',
    howToFix:
      'Cache rendered pages, serve them from a CDN and cut slow database or API calls so the HTML arrives in well under 3 seconds.',
  },
  run(page): CheckOutcome {
    const { totalMs, ttfbMs, redirects } = page.artifacts.fetch;
    const seconds = loadTimeSeconds(totalMs);
    const details = { seconds, totalMs, ttfbMs, redirects: redirects.length };
    // Two decimals, like loadTime: one decimal would show 2.99 s as a passing "3.0 s".
    const shown = `${seconds.toFixed(2)} s`;

    if (seconds < FAST_SECONDS) {
      return { severity: 'success', message: `The page loaded in ${shown}`, details };
    }
    const why = `Fetching the HTML took ${shown} (first byte after ${(ttfbMs / 1000).toFixed(1)} s). Visitors leave slow pages and crawlers fetch fewer of them: cache rendered pages, use a CDN and cut slow database or API calls.`;
    if (seconds < SLOW_SECONDS) {
      return { severity: 'warning', message: `The page is slow to load (${shown})`, why, details };
    }
    return {
      severity: 'critical',
      message: `The page is very slow to load (${shown})`,
      why,
      details,
    };
  },
};
