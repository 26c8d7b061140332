import {
  crawlDelayMs,
  nextPace,
  type PaceSignal,
  type PaceState,
} from '@crawlwise/shared/crawl-pace';
import { sql } from 'drizzle-orm';
import { col, type Database, type Db, inTransaction, queryRows } from '../db/database.ts';
import { hostPace, siteChecks } from '../db/schema.ts';

/**
 * The per-host pace of site checks, kept in `host_pace` (docs/site-checks.md › Politeness). The
 * claim of a page takes the host's turn (services/job-queue.ts, `claimSitePage`); this module
 * feeds back what the host then said: its robots.txt Crawl-delay, the time it took to answer, a
 * 429 / 503 with the wait it asked for. The controller itself is pure
 * (packages/shared/src/crawl-pace.ts); here its state is read under the row's lock and written
 * back in one transaction, so two workers reporting on one host at once never lose a step.
 */

/** Seconds for make_interval from a millisecond count (a bound parameter or a column). */
const seconds = (ms: unknown) => sql`(${ms})::double precision / 1000`;

/** Makes sure a host has its pace row (a new check's host; no-op when it exists). */
export async function ensureHostPace(tx: Db, host: string): Promise<void> {
  await tx.execute(
    sql`insert into ${hostPace} (${col(hostPace.host)}) values (${host}) on conflict do nothing`,
  );
}

/**
 * Gives every active check's host a pace row: the claim serves only hosts that have one. New
 * checks get theirs at start; this covers checks started before the table existed.
 */
export async function ensureActiveHostsPaced(db: Db): Promise<number> {
  const rows = await queryRows(
    db,
    sql`insert into ${hostPace} (${col(hostPace.host)})
        select distinct ${siteChecks.host} from ${siteChecks}
        where ${siteChecks.status} in ('discovering', 'running')
        on conflict do nothing
        returning ${col(hostPace.host)}`,
  );
  return rows.length;
}

export class HostPace {
  constructor(
    private readonly database: Database,
    /** The shortest gap between two pages of a host (SITE_CHECK_PAGE_INTERVAL_MS). */
    readonly floorMs: number,
  ) {}

  /**
   * Records the host's Crawl-delay as its robots.txt says it now (seconds as written; capped).
   * When it changed, the turn the claim just took is stretched to it: the next page of the host
   * waits the Crawl-delay from that claim. `knownMs` is what the claim read, so an unchanged
   * delay costs no write.
   */
  async noteCrawlDelay(host: string, delaySeconds: number | null, knownMs: number): Promise<void> {
    const delayMs = crawlDelayMs(delaySeconds);
    if (delayMs === knownMs) return;
    await this.database.db.execute(
      sql`update ${hostPace} set
            ${col(hostPace.crawlDelayMs)} = ${delayMs},
            ${col(hostPace.nextAt)} = greatest(${hostPace.nextAt},
              coalesce(${hostPace.lastTurnAt}, now()) + make_interval(secs => ${seconds(
                sql`greatest(${hostPace.intervalMs}, ${delayMs}::int, ${this.floorMs}::int)`,
              )})),
            ${col(hostPace.updatedAt)} = now()
          where ${hostPace.host} = ${host}`,
    );
  }

  /** Feeds one answer of the host into the controller. */
  observe(host: string, signal: PaceSignal): Promise<void> {
    return this.step(host, signal, null);
  }

  /**
   * The host answered 429 / 503: it slows down, and no page of it is claimed for `waitMs` (the
   * wait its Retry-After asked for, capped by the caller).
   */
  throttled(host: string, waitMs: number): Promise<void> {
    return this.step(host, { kind: 'throttled' }, waitMs);
  }

  /** The host's controller state (for tests and diagnostics); null when it has no row. */
  async state(host: string): Promise<(PaceState & { crawlDelayMs: number }) | null> {
    const [row] = await this.read(this.database.db, host, false);
    return row ?? null;
  }

  private async step(host: string, signal: PaceSignal, waitMs: number | null): Promise<void> {
    await inTransaction(this.database.db, async (tx) => {
      const [state] = await this.read(tx, host, true);
      if (!state) return;
      const next = nextPace(state, signal, {
        floorMs: this.floorMs,
        crawlDelayMs: state.crawlDelayMs,
      });
      const holdOff =
        waitMs === null
          ? sql``
          : sql`, ${col(hostPace.nextAt)} = greatest(${hostPace.nextAt},
              now() + make_interval(secs => ${seconds(waitMs)}))`;
      await tx.execute(
        sql`update ${hostPace} set
              ${col(hostPace.intervalMs)} = ${next.intervalMs},
              ${col(hostPace.baselineTtfbMs)} = ${next.baselineTtfbMs},
              ${col(hostPace.ttfbSamples)} = ${next.samples},
              ${col(hostPace.updatedAt)} = now()${holdOff}
            where ${hostPace.host} = ${host}`,
      );
    });
  }

  private async read(
    db: Db,
    host: string,
    lock: boolean,
  ): Promise<(PaceState & { crawlDelayMs: number })[]> {
    const rows = await queryRows<{
      interval_ms: number;
      crawl_delay_ms: number;
      baseline_ttfb_ms: number | null;
      ttfb_samples: number;
    }>(
      db,
      sql`select ${hostPace.intervalMs} as interval_ms, ${hostPace.crawlDelayMs} as crawl_delay_ms,
            ${hostPace.baselineTtfbMs} as baseline_ttfb_ms, ${hostPace.ttfbSamples} as ttfb_samples
          from ${hostPace} where ${hostPace.host} = ${host}${lock ? sql` for update` : sql``}`,
    );
    return rows.map((row) => ({
      intervalMs: Number(row.interval_ms),
      crawlDelayMs: Number(row.crawl_delay_ms),
      baselineTtfbMs: row.baseline_ttfb_ms === null ? null : Number(row.baseline_ttfb_ms),
      samples: Number(row.ttfb_samples),
    }));
  }
}
