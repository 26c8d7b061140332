import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { loadTimeSeconds, responseTime } from './response-time.ts';

const run = (totalMs: number, ttfbMs = 100) =>
  responseTime.run(makePage({ fetch: { totalMs, ttfbMs } }));

describe('response-time check', () => {
  it('has stable meta', () => {
    expect(responseTime.meta).toMatchObject({ id: 'response-time' });
  });

  it('passes under 3 seconds', () => {
    expect(run(2994)).toEqual({
      severity: 'success',
      message: 'The page loaded in 2.99 s',
      details: { seconds: 2.99, totalMs: 2994, ttfbMs: 100, redirects: 0 },
    });
  });

  it('warns from 3 seconds up to 5', () => {
    const outcome = run(3000, 2500);
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The page is slow to load (3.00 s)');
    expect(outcome.why).toContain('first byte after 2.5 s');
    expect(run(4994).severity).toBe('warning');
  });

  it('is critical from 5 seconds', () => {
    const outcome = run(5000);
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('The page is very slow to load (5.00 s)');
  });
});

describe('loadTimeSeconds', () => {
  it('rounds to two decimals', () => {
    expect(loadTimeSeconds(1234)).toBe(1.23);
    expect(loadTimeSeconds(1235)).toBe(1.24);
    expect(loadTimeSeconds(0)).toBe(0);
  });
});
