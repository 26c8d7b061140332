import { describe, expect, it } from 'vitest';
import { AttemptThrottle, throttleMessage } from './attempt-throttle.ts';

const rules = {
  signIn: { max: 3, windowMs: 60_000 },
  signUp: { max: 1, windowMs: 1000 },
  passwordCheck: { max: 1, windowMs: 1000 },
  avatarUpload: { max: 1, windowMs: 1000 },
  verificationRequest: { max: 1, windowMs: 1000 },
  verificationMail: { max: 1, windowMs: 1000 },
  invitationMail: { max: 1, windowMs: 1000 },
  apiRequest: { max: 1, windowMs: 1000 },
};

describe('AttemptThrottle', () => {
  it('counts max attempts per window and key, then says how long to wait', () => {
    const throttle = new AttemptThrottle(true, rules);
    for (const at of [0, 10_000, 20_000]) {
      expect(throttle.reserve('signIn', 'a', at).allowed).toBe(true);
    }
    // The oldest attempt (t=0) leaves the window at 60 s.
    expect(throttle.reserve('signIn', 'a', 30_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
    });
    expect(throttle.reserve('signIn', 'b', 30_000).allowed).toBe(true);
    expect(throttle.reserve('signUp', 'a', 30_000).allowed).toBe(true);
  });

  it('counts each of a burst that arrives before any answer', () => {
    const throttle = new AttemptThrottle(true, rules);
    const burst = Array.from({ length: 50 }, () => throttle.reserve('signIn', 'a', 5));
    expect(burst.filter((each) => each.allowed)).toHaveLength(3);
  });

  it('gives a released attempt back, once', () => {
    const throttle = new AttemptThrottle(true, rules);
    const first = throttle.reserve('signIn', 'a', 0);
    throttle.reserve('signIn', 'a', 0);
    throttle.reserve('signIn', 'a', 0);
    expect(throttle.reserve('signIn', 'a', 1).allowed).toBe(false);
    if (!first.allowed) throw new Error('first attempt refused');
    first.release();
    first.release();
    expect(throttle.reserve('signIn', 'a', 2).allowed).toBe(true);
    expect(throttle.reserve('signIn', 'a', 3).allowed).toBe(false);
  });

  it('never locks for good: each attempt leaves the window', () => {
    const throttle = new AttemptThrottle(true, rules);
    for (const at of [0, 1, 2]) throttle.reserve('signIn', 'a', at);
    expect(throttle.reserve('signIn', 'a', 59_999).allowed).toBe(false);
    expect(throttle.reserve('signIn', 'a', 60_001).allowed).toBe(true);
    expect(throttle.reserve('signIn', 'a', 120_000).allowed).toBe(true);
  });

  it('does nothing when rate limits are off', () => {
    const throttle = new AttemptThrottle(false, rules);
    for (let at = 0; at < 10; at++) throttle.reserve('signUp', 'a', at);
    expect(throttle.reserve('signUp', 'a', 10).allowed).toBe(true);
  });

  it('words the wait in minutes', () => {
    expect(throttleMessage(30)).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(throttleMessage(600)).toBe('Too many attempts. Please wait 10 minutes and try again.');
  });
});
