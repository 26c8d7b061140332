/**
 * How fast a site check asks one host for pages (issue 19, item 5; docs/site-checks.md ›
 * Politeness). Pure: the server keeps the state per host in `host_pace` and feeds every answer
 * of the host through `nextPace`; the CLI's crawl can use the same rules.
 *
 * The gap between two page requests to a host is the largest of three numbers:
 * - the **floor**, a parameter of the caller (1 s for unverified sites today; verified sites will
 *   go down to 100 ms);
 * - the site's **Crawl-delay** from robots.txt (our group, else `*`), capped at MAX_CRAWL_DELAY_MS
 *   so that a hostile file cannot hold a worker's turn on a host for hours;
 * - the **adaptive interval**, a small multiplicative controller: ×PACE_SLOW_DOWN_FACTOR when the
 *   host answers 429 / 503 or answers far slower than its recent baseline, ×PACE_SPEED_UP_FACTOR
 *   after each healthy answer, never below the floor nor above MAX_PACE_INTERVAL_MS. One slow
 *   answer costs as much as about four healthy ones win back: it slows at once, speeds up slowly.
 */

/** The longest Crawl-delay honoured; a larger value counts as this. */
export const MAX_CRAWL_DELAY_MS = 30_000;
/** The longest wait a `Retry-After` (or the default back-off) imposes on a page and its host. */
export const MAX_RETRY_AFTER_MS = 120_000;
/** The slowest the adaptive interval goes (the Crawl-delay cap is separate). */
export const MAX_PACE_INTERVAL_MS = 60_000;
/** The interval is multiplied by this after a 429 / 503 or a slow answer. */
export const PACE_SLOW_DOWN_FACTOR = 1.5;
/** ... and by this after a healthy answer (10% shorter), down to the floor. */
export const PACE_SPEED_UP_FACTOR = 0.9;
/**
 * An answer is slow when its time to first byte is more than SLOW_ANSWER_RATIO times the host's
 * baseline and at least SLOW_ANSWER_MARGIN_MS over it (a 3 ms baseline on a fast host would
 * otherwise call every 7 ms answer slow).
 */
export const SLOW_ANSWER_RATIO = 2;
export const SLOW_ANSWER_MARGIN_MS = 250;
/** The baseline is an exponentially weighted mean of the time to first byte, this weight per answer. */
export const BASELINE_WEIGHT = 0.2;
/** Answers needed before the baseline is trusted to call an answer slow. */
export const BASELINE_MIN_SAMPLES = 5;
/**
 * How many times a page answered 429 / 503 is put back for later before it fails with
 * `http_error_503` (a page is requested at most this + 1 times for throttling).
 */
export const MAX_THROTTLED_RETRIES = 4;

/** What the controller remembers of a host. */
export interface PaceState {
  /** The adaptive interval, ms (0 before the first answer: the floor applies). */
  intervalMs: number;
  /** Recent time to first byte of the host's pages, ms; null before the first answer. */
  baselineTtfbMs: number | null;
  /** Answers the baseline was built from. */
  samples: number;
}

/** The bounds the controller works within for one request. */
export interface PaceLimits {
  floorMs: number;
  /** The host's Crawl-delay, already capped (crawlDelayMs); 0 when it sets none. */
  crawlDelayMs: number;
}

/** What a page's request told about the host. */
export type PaceSignal =
  /** The host answered (any status but 429 / 503) after this time to first byte. */
  | { kind: 'answered'; ttfbMs: number }
  /** The host said "slow down" (429 or 503). */
  | { kind: 'throttled' };

export const INITIAL_PACE: PaceState = { intervalMs: 0, baselineTtfbMs: null, samples: 0 };

/** A robots.txt Crawl-delay (seconds, as written) as the milliseconds honoured: capped; 0 if none. */
export function crawlDelayMs(seconds: number | null | undefined): number {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    return 0;
  }
  return Math.min(MAX_CRAWL_DELAY_MS, Math.round(seconds * 1000));
}

/** How long a throttled page (and its host) waits: the site's Retry-After, else `fallbackMs`; capped. */
export function throttleDelayMs(
  retryAfterMs: number | null | undefined,
  fallbackMs: number,
): number {
  const wanted =
    retryAfterMs !== null && retryAfterMs !== undefined && Number.isFinite(retryAfterMs)
      ? retryAfterMs
      : fallbackMs;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(wanted)));
}

/**
 * The gap to keep after a request to the host. The claim of a page computes the same in SQL
 * (`greatest(interval_ms, crawl_delay_ms, floor)`, services/job-queue.ts).
 */
export function effectiveInterval(state: PaceState, limits: PaceLimits): number {
  return Math.max(state.intervalMs, limits.crawlDelayMs, limits.floorMs);
}

/** Whether an answer is far slower than the host's baseline (false until the baseline is trusted). */
export function isSlowAnswer(state: PaceState, ttfbMs: number): boolean {
  if (state.baselineTtfbMs === null || state.samples < BASELINE_MIN_SAMPLES) return false;
  const baseline = state.baselineTtfbMs;
  return ttfbMs > baseline * SLOW_ANSWER_RATIO && ttfbMs >= baseline + SLOW_ANSWER_MARGIN_MS;
}

/** The controller's step: the state after one more signal from the host. */
export function nextPace(state: PaceState, signal: PaceSignal, limits: PaceLimits): PaceState {
  const current = Math.max(state.intervalMs, limits.floorMs);
  const ceiling = Math.max(MAX_PACE_INTERVAL_MS, limits.floorMs);
  const clamp = (ms: number) => Math.round(Math.min(ceiling, Math.max(limits.floorMs, ms)));
  if (signal.kind === 'throttled') {
    return { ...state, intervalMs: clamp(slowedDown(current, limits)) };
  }
  const slow = isSlowAnswer(state, signal.ttfbMs);
  const baselineTtfbMs =
    state.baselineTtfbMs === null
      ? signal.ttfbMs
      : state.baselineTtfbMs + BASELINE_WEIGHT * (signal.ttfbMs - state.baselineTtfbMs);
  return {
    intervalMs: clamp(slow ? slowedDown(current, limits) : current * PACE_SPEED_UP_FACTOR),
    baselineTtfbMs: Math.round(baselineTtfbMs * 10) / 10,
    samples: state.samples + 1,
  };
}

/**
 * A slow-down multiplies the gap actually kept, so a host already held back by its Crawl-delay
 * slows down from there rather than from a smaller adaptive interval it never saw.
 */
function slowedDown(current: number, limits: PaceLimits): number {
  return Math.max(current, limits.crawlDelayMs) * PACE_SLOW_DOWN_FACTOR;
}
