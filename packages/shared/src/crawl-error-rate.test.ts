import { describe, expect, it } from 'vitest';
import {
  EMPTY_ERROR_WINDOW,
  ERROR_WINDOW_MAX_FAILURES,
  ERROR_WINDOW_MIN_TRIED,
  ERROR_WINDOW_PAGES,
  type ErrorWindow,
  errorRateStopMessage,
  failuresInWindow,
  recordOutcome,
  shouldStop,
} from './crawl-error-rate.ts';

const record = (codes: (string | null)[], from: ErrorWindow = EMPTY_ERROR_WINDOW) =>
  codes.reduce(recordOutcome, from);

describe('the error-rate stop', () => {
  it('counts site failures among the last pages tried only', () => {
    const window = record(['http_error_500', null, 'fetch_timeout', 'http_error_404', 'dns_error']);
    expect(window.tried).toBe(5);
    expect(failuresInWindow(window)).toBe(3);
    // Older outcomes leave the window.
    const later = record(Array(ERROR_WINDOW_PAGES).fill(null), window);
    expect(failuresInWindow(later)).toBe(0);
    expect(later.tried).toBe(5 + ERROR_WINDOW_PAGES);
  });

  it('ignores pages never requested: blocked by robots.txt or dropped by a cancel', () => {
    const window = record(['blocked_by_robots', 'site_check_cancelled']);
    expect(window).toEqual(EMPTY_ERROR_WINDOW);
  });

  it('does not stop before enough pages were tried, however bad they were', () => {
    const failing = record(Array(ERROR_WINDOW_MIN_TRIED - 1).fill('http_error_500'));
    expect(shouldStop(failing)).toBe(false);
    expect(shouldStop(recordOutcome(failing, 'http_error_500'))).toBe(true);
  });

  it('stops past half of the window, not at half', () => {
    const half = [
      ...Array(ERROR_WINDOW_PAGES - ERROR_WINDOW_MAX_FAILURES).fill(null),
      ...Array(ERROR_WINDOW_MAX_FAILURES).fill('http_error_503'),
    ];
    expect(shouldStop(record(half))).toBe(false);
    expect(shouldStop(record([...half, 'fetch_failed']))).toBe(true);
  });

  it('says why the check stopped and what happened to the waiting pages', () => {
    const window = record(Array(ERROR_WINDOW_PAGES).fill('http_error_500'));
    const message = errorRateStopMessage(window, 21);
    expect(message).toContain(`${ERROR_WINDOW_PAGES} of the last ${ERROR_WINDOW_PAGES} pages`);
    expect(message).toContain('The 21 pages still waiting were not checked');
    expect(errorRateStopMessage(window, 0)).not.toContain('waiting');
  });
});
