import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.ts';

const now = Date.parse('2026-03-02T10:00:00Z');

describe('parseRetryAfter', () => {
  it('reads seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the time left until it', () => {
    expect(parseRetryAfter('Mon, 02 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
    // A date already past means "now".
    expect(parseRetryAfter('Mon, 02 Mar 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('answers null for a missing or unreadable header', () => {
    for (const value of [undefined, '', '   ', '-5', '1.5', 'soon', '2026-03-02']) {
      expect(parseRetryAfter(value, now), String(value)).toBeNull();
    }
  });
});
