import {
  BURST_REPORT_LIMIT_PER_MINUTE,
  DAILY_REPORT_LIMIT,
  DAILY_REPORT_SOFT_LIMIT,
  FORM_SUBMISSIONS_PER_HOUR,
} from '@crawlwise/shared/limits';
import { DAILY_SITE_CHECK_PAGE_LIMIT } from '@crawlwise/shared/site-check';
import { sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../db/database.ts';
import {
  countInWindow,
  countInWindows,
  deleteNewestEvents,
  insertEvents,
  secondsUntilNthNewestLeaves,
} from '../db/tables/throttle-events.ts';
import { ApiError } from '../errors.ts';

/**
 * Limits per requester (user id or client address group, services/requester.ts). Every counted
 * action is a row of `throttle_events` (its owner: db/tables/throttle-events.ts), written under the requester's lock before the action
 * happens, so the limit holds even for concurrent requests and for actions that then fail: a
 * report submission whose page answers 404 has still made the server fetch a page, and counts
 * (product spec, point 9: 100 reports per rolling 24 hours, a "close to the limit" flag from the
 * 80th, and at most 10 per minute). Every window is measured with the database clock (`now()`),
 * so several web servers with drifting clocks agree, and tests can age rows with plain SQL.
 */

export type LimitCode = 'rate_limit_exceeded' | 'too_many_requests';

export type LimitDecision =
  | { allowed: true; soft: boolean }
  | {
      allowed: false;
      code: LimitCode;
      /** Seconds until a counted action leaves its window and frees a slot. */
      retryAfterSeconds: number;
    };

export interface LimitRule {
  windowSeconds: number;
  limit: number;
  code: LimitCode;
}

export interface ThrottlePolicy {
  /** The `throttle_events.kind` counted. */
  kind: string;
  /** Checked in order: the first one exceeded refuses. */
  rules: LimitRule[];
  /** From this many actions in the first rule's window on, the decision is flagged `soft`. */
  softFrom?: number;
}

const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/** Report submissions: one page fetch each, whatever its outcome. */
export const PAGE_FETCH_POLICY: ThrottlePolicy = {
  kind: 'page_fetch',
  // The daily refusal comes first: its wait is the longer and the more useful to show.
  rules: [
    { windowSeconds: DAY_SECONDS, limit: DAILY_REPORT_LIMIT, code: 'rate_limit_exceeded' },
    { windowSeconds: 60, limit: BURST_REPORT_LIMIT_PER_MINUTE, code: 'too_many_requests' },
  ],
  softFrom: DAILY_REPORT_SOFT_LIMIT,
};

/**
 * Whole-site check pages: each queued page counts, in its own daily allowance (a site check of
 * 200 pages would not fit in the 100 single reports). No per-minute rule: pages are paced.
 */
export const SITE_PAGE_POLICY: ThrottlePolicy = {
  kind: 'site_page',
  rules: [
    { windowSeconds: DAY_SECONDS, limit: DAILY_SITE_CHECK_PAGE_LIMIT, code: 'rate_limit_exceeded' },
  ],
};

/** A public form: each accepted submission is stored (and a contact message mailed). */
export function formPolicy(form: 'contact' | 'partner' | 'newsletter'): ThrottlePolicy {
  return {
    kind: `form_${form}`,
    rules: [
      { windowSeconds: HOUR_SECONDS, limit: FORM_SUBMISSIONS_PER_HOUR, code: 'too_many_requests' },
    ],
  };
}

/**
 * A refused decision as the API's 429, with the wait in Retry-After; `messages` words a code
 * for this caller (a team's shared allowance), else the catalogue's.
 */
export function throwIfRefused(
  decision: LimitDecision,
  messages: Partial<Record<LimitCode, string>> = {},
): void {
  if (decision.allowed) return;
  throw new ApiError(decision.code, messages[decision.code], {
    headers: { 'retry-after': String(decision.retryAfterSeconds) },
  });
}

/** The longest window of any policy: older events count for nothing and may be purged. */
export const LONGEST_WINDOW_SECONDS = DAY_SECONDS;

/**
 * First key of the two-key advisory lock space: keeps these locks apart from the single-key
 * locks used elsewhere (migrations), whatever `hashtext` returns.
 */
const LIMIT_LOCK_NAMESPACE = 7_301;

export class RateLimiter {
  constructor(private readonly enabled = true) {}

  /** Counts the action against `policy` if it is allowed; in its own short transaction. */
  async reserve(db: Db, policy: ThrottlePolicy, key: string): Promise<LimitDecision> {
    if (!this.enabled) return { allowed: true, soft: false };
    return inTransaction(db, (tx) => this.admit(tx, policy, key));
  }

  /**
   * Counts up to `wanted` actions at once against the policy's first (daily) rule, inside the
   * caller's transaction and under the same lock as admit(). Returns how many were counted:
   * all of them, or (with `partial`) as many as remain, else none.
   */
  async admitMany(
    tx: Db,
    policy: ThrottlePolicy,
    key: string,
    wanted: number,
    partial: boolean,
  ): Promise<number> {
    if (!this.enabled || wanted <= 0) return Math.max(0, wanted);
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LIMIT_LOCK_NAMESPACE}, hashtext(${`${policy.kind}:${key}`}))`,
    );
    const rule = policy.rules[0]!;
    const used = await countInWindow(tx, policy.kind, key, rule.windowSeconds);
    const remaining = Math.max(0, rule.limit - used);
    const granted = remaining >= wanted ? wanted : partial ? remaining : 0;
    await insertEvents(tx, policy.kind, key, granted);
    return granted;
  }

  /**
   * Takes back up to `count` of the requester's most recent actions of this policy, inside the
   * caller's transaction (a cancelled site check returns the pages it will not analyse).
   */
  async giveBack(tx: Db, policy: ThrottlePolicy, key: string, count: number): Promise<void> {
    if (!this.enabled || count <= 0) return;
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LIMIT_LOCK_NAMESPACE}, hashtext(${`${policy.kind}:${key}`}))`,
    );
    await deleteNewestEvents(tx, policy.kind, key, count);
  }

  /** Takes back one action counted by reserve() that the server then could not do (busy). */
  async refund(db: Db, policy: ThrottlePolicy, key: string): Promise<void> {
    if (!this.enabled) return;
    await inTransaction(db, (tx) => this.giveBack(tx, policy, key, 1));
  }

  /** How many actions the policy's first rule still allows (a preview; nothing is counted). */
  async remaining(db: Db, policy: ThrottlePolicy, key: string): Promise<number> {
    const rule = policy.rules[0]!;
    if (!this.enabled) return rule.limit;
    const used = await countInWindow(db, policy.kind, key, rule.windowSeconds);
    return Math.max(0, rule.limit - used);
  }

  /**
   * The check that counts, inside a transaction. The advisory lock serialises the requester's
   * concurrent actions until commit, so the count each one sees includes every action admitted
   * before it: at a count of 99, exactly one more gets in.
   */
  async admit(tx: Db, policy: ThrottlePolicy, key: string): Promise<LimitDecision> {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LIMIT_LOCK_NAMESPACE}, hashtext(${`${policy.kind}:${key}`}))`,
    );
    const decision = await decide(tx, policy, key);
    if (decision.allowed) await insertEvents(tx, policy.kind, key, 1);
    return decision;
  }
}

async function decide(db: Db, policy: ThrottlePolicy, key: string): Promise<LimitDecision> {
  const counts = await countInWindows(
    db,
    policy.kind,
    key,
    policy.rules.map((rule) => rule.windowSeconds),
  );
  for (const [index, rule] of policy.rules.entries()) {
    if ((counts[index] ?? 0) >= rule.limit) {
      // With `limit` or more events in the window, a slot frees when the `limit`-th newest
      // leaves it (then only limit - 1 remain); with exactly `limit` that is the oldest.
      return {
        allowed: false,
        code: rule.code,
        retryAfterSeconds: await secondsUntilNthNewestLeaves(
          db,
          policy.kind,
          key,
          rule.windowSeconds,
          rule.limit,
        ),
      };
    }
  }
  // The action about to be counted is the (count + 1)th of the first window.
  const firstCount = counts[0] ?? 0;
  return {
    allowed: true,
    soft: policy.softFrom !== undefined && firstCount + 1 >= policy.softFrom,
  };
}
