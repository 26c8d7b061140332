import {
  BURST_REPORT_LIMIT_PER_MINUTE,
  DAILY_REPORT_LIMIT,
  DAILY_REPORT_SOFT_LIMIT,
} from '@crawlwise/shared/limits';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';

/**
 * Report limits per requester (product spec, point 9): 100 reports per rolling 24 hours, a
 * "close to the limit" flag from the 80th, and at most 10 per minute. The reports table is the
 * counter, so there is no second store to keep in step, and every window is measured with the
 * database clock (`now()`), so several web servers with drifting clocks agree, and tests can
 * age rows with plain SQL.
 */

export type LimitDecision =
  | { allowed: true; soft: boolean }
  | {
      allowed: false;
      code: 'rate_limit_exceeded' | 'too_many_requests';
      /** Seconds until a counted report leaves its window and frees a slot. */
      retryAfterSeconds: number;
    };

const DAY_WINDOW = sql`interval '24 hours'`;
const BURST_WINDOW = sql`interval '1 minute'`;

/**
 * First key of the two-key advisory lock space: keeps these locks apart from the single-key
 * locks used elsewhere (migrations), whatever `hashtext` returns.
 */
const LIMIT_LOCK_NAMESPACE = 7_301;

async function firstRow(db: Db, query: SQL): Promise<Record<string, unknown> | undefined> {
  return (await queryRows(db, query))[0];
}

export class RateLimiter {
  constructor(private readonly enabled = true) {}

  /**
   * Unlocked look at the counts: a requester clearly over the limit is refused before the page
   * is fetched, so abuse does not cost a fetch. Concurrent requests can all pass it; `admit`
   * is the check that counts.
   */
  async precheck(db: Db, key: string): Promise<LimitDecision> {
    if (!this.enabled) return { allowed: true, soft: false };
    return this.decide(db, key);
  }

  /**
   * The authoritative check, inside the transaction that inserts the report. The advisory lock
   * serialises the requester's concurrent creations until commit, so the count each one sees
   * includes every report admitted before it: at a count of 99, exactly one more gets in.
   */
  async admit(tx: Db, key: string): Promise<LimitDecision> {
    if (!this.enabled) return { allowed: true, soft: false };
    await tx.execute(sql`select pg_advisory_xact_lock(${LIMIT_LOCK_NAMESPACE}, hashtext(${key}))`);
    return this.decide(tx, key);
  }

  private async decide(db: Db, key: string): Promise<LimitDecision> {
    const counts = await firstRow(
      db,
      sql`select
            count(*)::int as day_count,
            (count(*) filter (where created_at > now() - ${BURST_WINDOW}))::int as burst_count
          from reports
          where requester_key = ${key} and created_at > now() - ${DAY_WINDOW}`,
    );
    const dayCount = Number(counts?.day_count ?? 0);
    const burstCount = Number(counts?.burst_count ?? 0);
    // The daily refusal comes first: its wait is the longer and the more useful to show.
    if (dayCount >= DAILY_REPORT_LIMIT) {
      return {
        allowed: false,
        code: 'rate_limit_exceeded',
        retryAfterSeconds: await secondsUntilSlot(db, key, DAY_WINDOW, DAILY_REPORT_LIMIT),
      };
    }
    if (burstCount >= BURST_REPORT_LIMIT_PER_MINUTE) {
      return {
        allowed: false,
        code: 'too_many_requests',
        retryAfterSeconds: await secondsUntilSlot(
          db,
          key,
          BURST_WINDOW,
          BURST_REPORT_LIMIT_PER_MINUTE,
        ),
      };
    }
    // The report about to be created is the (dayCount + 1)th: from the 80th on, warn.
    return { allowed: true, soft: dayCount + 1 >= DAILY_REPORT_SOFT_LIMIT };
  }
}

/**
 * With `limit` or more reports in the window, a slot frees when the `limit`-th newest leaves it
 * (then only limit - 1 remain); with exactly `limit` that is the oldest counted report.
 */
async function secondsUntilSlot(db: Db, key: string, window: SQL, limit: number): Promise<number> {
  const row = await firstRow(
    db,
    sql`select ceil(extract(epoch from (created_at + ${window} - now())))::int as seconds
        from reports
        where requester_key = ${key} and created_at > now() - ${window}
        order by created_at desc
        offset ${limit - 1} limit 1`,
  );
  return Math.max(1, Number(row?.seconds ?? 1));
}
