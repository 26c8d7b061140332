import { describe, expect, it } from 'vitest';
import {
  BASELINE_MIN_SAMPLES,
  crawlDelayMs,
  effectiveInterval,
  INITIAL_PACE,
  isSlowAnswer,
  MAX_CRAWL_DELAY_MS,
  MAX_PACE_INTERVAL_MS,
  MAX_RETRY_AFTER_MS,
  nextPace,
  type PaceLimits,
  type PaceSignal,
  type PaceState,
  throttleDelayMs,
} from './crawl-pace.ts';

const limits: PaceLimits = { floorMs: 1000, crawlDelayMs: 0 };
const answered = (ttfbMs: number): PaceSignal => ({ kind: 'answered', ttfbMs });
const run = (signals: PaceSignal[], bounds = limits, from: PaceState = INITIAL_PACE) =>
  signals.reduce((state, signal) => nextPace(state, signal, bounds), from);

describe('the pace controller', () => {
  it('slows down by half on a 429 / 503 and speeds up by a tenth per healthy answer, never below the floor', () => {
    const throttled = nextPace(INITIAL_PACE, { kind: 'throttled' }, limits);
    expect(throttled.intervalMs).toBe(1500);
    expect(nextPace(throttled, answered(40), limits).intervalMs).toBe(1350);
    const recovered = run(Array(20).fill(answered(40)), limits, throttled);
    expect(recovered.intervalMs).toBe(limits.floorMs);
  });

  it('speeds up more slowly than it slows down', () => {
    const slowed = run([{ kind: 'throttled' }, { kind: 'throttled' }]);
    expect(slowed.intervalMs).toBe(2250);
    // One slow-down takes about four healthy answers to win back.
    expect(run(Array(3).fill(answered(40)), limits, slowed).intervalMs).toBeGreaterThan(1500);
    expect(run(Array(4).fill(answered(40)), limits, slowed).intervalMs).toBeLessThan(1500);
  });

  it('calls an answer slow only far above a baseline built from enough answers', () => {
    const warm = run(Array(BASELINE_MIN_SAMPLES).fill(answered(100)));
    expect(warm.baselineTtfbMs).toBe(100);
    expect(isSlowAnswer(warm, 340)).toBe(false); // over twice the baseline, but within the margin
    expect(isSlowAnswer(warm, 360)).toBe(true);
    const cold = run(Array(BASELINE_MIN_SAMPLES - 1).fill(answered(100)));
    expect(isSlowAnswer(cold, 5000)).toBe(false);
    // A fast host: twice a 3 ms baseline is no reason to slow down.
    expect(isSlowAnswer(run(Array(10).fill(answered(3))), 20)).toBe(false);
  });

  it('slows down on rising response times and follows the new baseline', () => {
    const warm = run(Array(BASELINE_MIN_SAMPLES).fill(answered(100)));
    const slow = nextPace(warm, answered(900), limits);
    expect(slow.intervalMs).toBe(1500);
    expect(slow.baselineTtfbMs).toBe(260); // 100 + 0.2 × (900 − 100)
    expect(slow.samples).toBe(BASELINE_MIN_SAMPLES + 1);
  });

  it('never goes above its ceiling, nor below a floor set higher than the ceiling', () => {
    expect(run(Array(40).fill({ kind: 'throttled' })).intervalMs).toBe(MAX_PACE_INTERVAL_MS);
    const high = { floorMs: MAX_PACE_INTERVAL_MS * 2, crawlDelayMs: 0 };
    expect(run([answered(10)], high).intervalMs).toBe(high.floorMs);
  });

  it('keeps the Crawl-delay as a lower bound and slows down from it', () => {
    const bounds = { floorMs: 100, crawlDelayMs: 5000 };
    expect(effectiveInterval(INITIAL_PACE, bounds)).toBe(5000);
    const throttled = nextPace(INITIAL_PACE, { kind: 'throttled' }, bounds);
    expect(throttled.intervalMs).toBe(7500);
    const relaxed = run(Array(50).fill(answered(10)), bounds, throttled);
    expect(relaxed.intervalMs).toBe(100);
    expect(effectiveInterval(relaxed, bounds)).toBe(5000);
  });

  it('with a floor of 0 (tests, development) stays unpaced unless the site asks', () => {
    const none = { floorMs: 0, crawlDelayMs: 0 };
    expect(run([{ kind: 'throttled' }, answered(5)], none).intervalMs).toBe(0);
  });
});

describe('Crawl-delay and Retry-After bounds', () => {
  it('reads a Crawl-delay in seconds, fractions included, and caps it', () => {
    expect(crawlDelayMs(2)).toBe(2000);
    expect(crawlDelayMs(0.5)).toBe(500);
    expect(crawlDelayMs(86_400)).toBe(MAX_CRAWL_DELAY_MS);
    for (const none of [undefined, null, 0, -3, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(crawlDelayMs(none)).toBe(0);
    }
  });

  it('waits the Retry-After when there is one, else the fallback, never past the cap', () => {
    expect(throttleDelayMs(3000, 500)).toBe(3000);
    expect(throttleDelayMs(null, 500)).toBe(500);
    expect(throttleDelayMs(0, 500)).toBe(0);
    expect(throttleDelayMs(7 * 24 * 3600 * 1000, 500)).toBe(MAX_RETRY_AFTER_MS);
    expect(throttleDelayMs(undefined, 10 * MAX_RETRY_AFTER_MS)).toBe(MAX_RETRY_AFTER_MS);
  });
});
