/**
 * Throttles for account actions that guess or spend something: sign-in (password guessing),
 * sign-up (account spam), password change and account deletion (password guessing with a stolen
 * session), avatar upload (image decoding), confirmation mails (a flood into someone's inbox). Each rule is a sliding window per key (client address
 * or account): at most `max` counted attempts in `windowMs`. Nothing is ever locked for good — an
 * attempt leaves the window after `windowMs`, and sign-in counts only failures, so the owner who
 * types the right password is never the one who fills the window.
 *
 * Kept in memory per process, like Better Auth's own limiter it replaces (off with RATE_LIMITS):
 * with several web servers a guesser gets `max` per server, which still bounds guessing to a
 * handful per minute.
 */

export interface ThrottleRule {
  max: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;

export const THROTTLE_RULES = {
  /** Failed sign-ins per client address. */
  signIn: { max: 10, windowMs: 15 * MINUTE_MS },
  /** Sign-ups per client address. */
  signUp: { max: 10, windowMs: 60 * MINUTE_MS },
  /** Password checks (change password, delete account) per account. */
  passwordCheck: { max: 5, windowMs: 15 * MINUTE_MS },
  /** Avatar uploads per account. */
  avatarUpload: { max: 20, windowMs: 60 * MINUTE_MS },
  /** Requests for a new confirmation mail per client address (anonymous: issue 25). */
  verificationRequest: { max: 5, windowMs: 60 * MINUTE_MS },
  /** Confirmation mails sent to one address, whatever asked for them (sign-up, sign-in, resend). */
  verificationMail: { max: 5, windowMs: 60 * MINUTE_MS },
  /** Team invitation mails sent to one address, whatever team or resend asked (issue 21). */
  invitationMail: { max: 5, windowMs: 60 * MINUTE_MS },
  /** Requests per API token (scripts and agents; a browser session is not counted here). */
  apiRequest: { max: 120, windowMs: MINUTE_MS },
} as const satisfies Record<string, ThrottleRule>;

export type ThrottleName = keyof typeof THROTTLE_RULES;

/** A counted attempt (give it back with `release` if it turns out not to count), or a refusal. */
export type Reservation =
  | { allowed: true; release: () => void }
  | { allowed: false; retryAfterSeconds: number };

/** Keys kept at most; past it the stalest key is dropped (memory stays bounded under a flood). */
const MAX_KEYS = 50_000;

export class AttemptThrottle {
  /** `rule:key` → times of the counted attempts, oldest first. */
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly enabled = true,
    private readonly rules: Record<ThrottleName, ThrottleRule> = THROTTLE_RULES,
  ) {}

  /**
   * Decides and counts in one synchronous step, before any work is awaited: a burst of parallel
   * requests is counted one by one, so the (max+1)th is refused even when none has answered yet
   * (issue 25: checking, awaiting the handler and then recording let 226 of 300 simultaneous
   * sign-ins through). An attempt that turns out not to count (a right password) is given back
   * with `release`.
   */
  reserve(name: ThrottleName, key: string, now = Date.now()): Reservation {
    if (!this.enabled) return { allowed: true, release: () => {} };
    const rule = this.rules[name];
    const times = this.live(name, key, now);
    if (times.length >= rule.max) {
      // A slot frees when the oldest counted attempt leaves the window.
      const oldest = times[times.length - rule.max] ?? now;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000)),
      };
    }
    const id = `${name}:${key}`;
    times.push(now);
    // Re-inserted so the Map's order is least recently used first.
    this.attempts.delete(id);
    this.attempts.set(id, times);
    if (this.attempts.size > MAX_KEYS) {
      const stalest = this.attempts.keys().next().value;
      if (stalest !== undefined) this.attempts.delete(stalest);
    }
    let released = false;
    return {
      allowed: true,
      release: () => {
        if (released) return;
        released = true;
        const at = times.indexOf(now);
        if (at !== -1) times.splice(at, 1);
      },
    };
  }

  /** The attempts still inside the window (older ones are dropped as a side effect). */
  private live(name: ThrottleName, key: string, now: number): number[] {
    const id = `${name}:${key}`;
    const times = this.attempts.get(id);
    if (!times) return [];
    const from = now - this.rules[name].windowMs;
    const firstLive = times.findIndex((time) => time > from);
    if (firstLive === -1) {
      this.attempts.delete(id);
      return [];
    }
    if (firstLive > 0) times.splice(0, firstLive);
    return times;
  }
}

/** The 429 message: says how long, so nobody retries blindly. */
export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
