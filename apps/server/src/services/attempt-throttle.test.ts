import { describe, expect, it } from 'vitest';
import { AttemptThrottle, throttleMessage } from './attempt-throttle.ts';

const rules = {
  signIn: { max: 3, windowMs: 60_000 },
  signUp: { max: 1, windowMs: 1000 },
  passwordCheck: { max: 1, windowMs: 1000 },
  avatarUpload: { max: 1, windowMs: 1000 },
};

describe('AttemptThrottle', () => {
  it('allows max attempts per window and key, then says how long to wait', () => {
    const throttle = new AttemptThrottle(true, rules);
    for (const at of [0, 10_000, 20_000]) {
      expect(throttle.check('signIn', 'a', at)).toEqual({ allowed: true });
      throttle.record('signIn', 'a', at);
    }
    // The oldest attempt (t=0) leaves the window at 60 s.
    expect(throttle.check('signIn', 'a', 30_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
    });
    expect(throttle.check('signIn', 'b', 30_000)).toEqual({ allowed: true });
    expect(throttle.check('signUp', 'a', 30_000)).toEqual({ allowed: true });
  });

  it('never locks for good: each attempt leaves the window', () => {
    const throttle = new AttemptThrottle(true, rules);
    for (const at of [0, 1, 2]) throttle.record('signIn', 'a', at);
    expect(throttle.check('signIn', 'a', 59_999).allowed).toBe(false);
    expect(throttle.check('signIn', 'a', 60_001)).toEqual({ allowed: true });
    expect(throttle.check('signIn', 'a', 120_000)).toEqual({ allowed: true });
  });

  it('does nothing when rate limits are off', () => {
    const throttle = new AttemptThrottle(false, rules);
    for (let at = 0; at < 10; at++) throttle.record('signUp', 'a', at);
    expect(throttle.check('signUp', 'a', 10)).toEqual({ allowed: true });
  });

  it('words the wait in minutes', () => {
    expect(throttleMessage(30)).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(throttleMessage(600)).toBe('Too many attempts. Please wait 10 minutes and try again.');
  });
});
