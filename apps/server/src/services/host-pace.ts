import {
  crawlDelayMs,
  effectiveInterval,
  nextPace,
  type PaceSignal,
  type PaceState,
} from '@crawlwise/shared/crawl-pace';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { col, type Database, type Db, inTransaction, queryRows } from '../db/database.ts';
import { hostPace, siteChecks, siteExternalTargets } from '../db/schema.ts';
import { olderThan, purgeRows } from '../db/tables/purge.ts';

/**
 * The per-host pace of site checks, kept in `host_pace` (docs/site-checks.md › Politeness). The
 * claim of a page takes the host's turn (services/job-queue.ts, `claimSitePage`) and holds it
 * while the page is requested; this module ends the turn with what the host said — its
 * robots.txt Crawl-delay, the time it took to answer, a 429 / 503 with the wait it asked for —
 * and sets when the host's next page may be claimed. The controller itself is pure
 * (packages/shared/src/crawl-pace.ts); here its state is read under the row's lock and written
 * back in one transaction, so two workers reporting on one host at once never lose a step.
 */

/** Seconds for make_interval from a millisecond count (a bound parameter or a column). */
const seconds = (ms: unknown) => sql`(${ms})::double precision / 1000`;

/**
 * How long a claim holds its host's turn at most: the page's robots.txt read (3 s) and its fetch
 * (10 s) end well before. The worker ends the turn as soon as the answer is in; a worker that
 * died holding it keeps the host waiting this long, no longer.
 */
export const TURN_HOLD_SECONDS = 30;

/**
 * The statement that takes a host's turn, shared by the claim of a site page
 * (JobQueue.claimSitePage) and of an external target (ExternalLinkChecks.claim), each a CTE
 * `turn` of its own claim: it locks the pace row of the host whose `next_at` came first among
 * those with work (`for update skip locked`, so two workers never take the same turn) and holds
 * the turn — a token of its own, `next_at` TURN_HOLD_SECONDS ahead. `hasWork` is the condition
 * on the candidate host (given its `host` column). It returns `host` and `crawl_delay_ms`.
 *
 * `floor` (the host's floor, ms, as SQL given its `host` column) is also returned, as
 * `floor_ms`, and lets a host with no gap at all be served by several claims at once: when the
 * floor, the Crawl-delay and the controller's interval are all 0 (pacing switched off with
 * SITE_CHECK_PAGE_INTERVAL_MS=0, and no Crawl-delay), the turn is taken without holding the host
 * (`next_at` stays now), so as many of its pages are requested at once as the workers have
 * slots for. Such a turn has no token (`unheld` is returned true): there is no hold to give
 * back, and its end writes only a Retry-After (endTurn). A gap above 0 (a Crawl-delay) brings
 * back one request at a time.
 */
export function takeHostTurn(
  token: string | Placeholder,
  hasWork: (host: SQL) => SQL,
  floor?: (host: SQL) => SQL,
): SQL {
  const taken = (column: PgColumn) => sql`hp.${col(column)}`;
  const candidate = (column: PgColumn) => sql`p.${col(column)}`;
  const hold = sql`now() + make_interval(secs => ${TURN_HOLD_SECONDS})`;
  const gap = floor
    ? sql`greatest(${taken(hostPace.intervalMs)}, ${taken(hostPace.crawlDelayMs)}, ${floor(taken(hostPace.host))})`
    : null;
  return sql`update ${hostPace} hp set
      ${col(hostPace.nextAt)} = ${gap ? sql`case when ${gap} = 0 then now() else ${hold} end` : hold},
      ${col(hostPace.lastTurnAt)} = now(),
      ${col(hostPace.turnToken)} = ${gap ? sql`case when ${gap} = 0 then null else ${token}::uuid end` : sql`${token}::uuid`}
    where ${taken(hostPace.host)} = (
      select ${candidate(hostPace.host)} from ${hostPace} p
      where ${candidate(hostPace.nextAt)} <= now() and ${hasWork(candidate(hostPace.host))}
      order by ${candidate(hostPace.nextAt)}
      limit 1
      for update of p skip locked
    )
    returning ${taken(hostPace.host)} as host, ${taken(hostPace.crawlDelayMs)} as crawl_delay_ms
      ${floor ? sql`, ${floor(taken(hostPace.host))} as floor_ms, ${taken(hostPace.turnToken)} is null as unheld` : sql``}`;
}

/** Makes sure a host has its pace row (a new check's host; no-op when it exists). */
export async function ensureHostPace(tx: Db, host: string): Promise<void> {
  await tx.execute(
    sql`insert into ${hostPace} (${col(hostPace.host)}) values (${host}) on conflict do nothing`,
  );
}

/** Makes sure each host has its pace row (an external target's host: created once, kept). */
export async function ensureHostPaces(tx: Db, hosts: readonly string[]): Promise<void> {
  if (hosts.length === 0) return;
  await tx.execute(
    sql`insert into ${hostPace} (${col(hostPace.host)})
        values ${sql.join(
          hosts.map((host) => sql`(${host})`),
          sql`, `,
        )} on conflict do nothing`,
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

/** A turn on a host, as the claim of one of its pages took it (services/job-queue.ts). */
/**
 * Deletes up to `batch` host paces unused for `idleSeconds` before `now` whose host has no site
 * check left and no external target waiting (the retention purge; a held turn stays). Returns
 * how many went.
 */
export function purgeIdleHostPaces(
  db: Db,
  now: Date,
  idleSeconds: number,
  batch: number,
): Promise<number> {
  return purgeRows(
    db,
    hostPace,
    hostPace.host,
    sql`${olderThan(hostPace.updatedAt, now, idleSeconds)}
      and ${hostPace.turnToken} is null
      and not exists (select 1 from ${siteChecks} where ${siteChecks.host} = ${hostPace.host})
      and not exists (select 1 from ${siteExternalTargets}
        where ${siteExternalTargets.host} = ${hostPace.host}
          and ${siteExternalTargets.checkedAt} is null)`,
    batch,
  );
}

export interface PaceTurn {
  host: string;
  /** Identifies this turn: only its holder ends it. */
  token: string;
  /** The host's Crawl-delay as stored when the turn was taken, ms. */
  crawlDelayMs: number;
  /**
   * The host's floor for this turn: the largest among its running checks (a crawl of a verified
   * site brings VERIFIED_PAGE_INTERVAL_MS, any other check the server's floor). Absent: the
   * server's floor (HostPace.floorMs).
   */
  floorMs?: number;
  /**
   * True when the host had no gap at all and the claim did not hold it (takeHostTurn): other
   * claims may be requesting its pages at the same time.
   */
  unheld?: boolean;
}

/** How a turn ended: no request was sent (robots.txt said no), or the page was requested. */
export type TurnEnd =
  | { requested: false }
  | {
      requested: true;
      /** What the answer tells the controller; null when it tells nothing (a 404, no answer). */
      signal: PaceSignal | null;
      /** The host asked to wait at least this long (a 429 / 503's Retry-After, capped). */
      holdOffMs?: number;
    };

export class HostPace {
  readonly #nextTurnListeners = new Set<(inMs: number) => void>();

  constructor(
    private readonly database: Database,
    /**
     * The shortest gap between two pages of a host (SITE_CHECK_PAGE_INTERVAL_MS); a turn may
     * carry a smaller one of its own (a crawl of a verified site, PaceTurn.floorMs).
     */
    readonly floorMs: number,
  ) {}

  /**
   * Records the host's Crawl-delay as its robots.txt says it now (seconds as written; capped),
   * while the turn is held, so the end of this very turn already keeps it. An unchanged delay
   * (the one the claim read) costs no write.
   */
  async noteCrawlDelay(turn: PaceTurn, delaySeconds: number | null): Promise<void> {
    const delayMs = crawlDelayMs(delaySeconds);
    if (delayMs === turn.crawlDelayMs) return;
    await this.database.db.execute(
      sql`update ${hostPace} set ${col(hostPace.crawlDelayMs)} = ${delayMs},
            ${col(hostPace.updatedAt)} = now()
          where ${hostPace.host} = ${turn.host}`,
    );
  }

  /**
   * Ends a turn: feeds the answer into the controller, and lets the next page of the host be
   * claimed one interval from now (the largest of the adaptive interval, the Crawl-delay and
   * the floor; longer if the host asked to wait), or at once when nothing was requested. If the
   * turn's hold ran out and another worker holds the host now, only the controller and a
   * requested wait apply: that worker ends its own turn.
   *
   * The state is read without a lock and written back only if it is still what was read (one
   * statement): while the row is locked, claims pass the host by, so the end keeps the lock for
   * that one statement. Only when another end changed the state in between (a turn whose hold
   * ran out) is it read again under the lock.
   */
  async endTurn(turn: PaceTurn, end: TurnEnd): Promise<void> {
    if (turn.unheld) {
      await this.endUnheldTurn(turn, end);
      return;
    }
    const db = this.database.db;
    const [seen] = await this.read(db, turn.host, false);
    let nextTurnInMs = seen ? await this.writeEnd(db, turn, end, seen, true) : null;
    if (seen && nextTurnInMs === null) {
      nextTurnInMs = await inTransaction(db, async (tx) => {
        const [state] = await this.read(tx, turn.host, true);
        return state ? this.writeEnd(tx, turn, end, state, false) : null;
      });
    }
    if (nextTurnInMs !== null)
      for (const listener of this.#nextTurnListeners) listener(nextTurnInMs);
  }

  /**
   * Ends a turn taken on a host with no gap (PaceTurn.unheld): nothing was held, and at a zero
   * floor and no Crawl-delay the controller has no interval to lengthen (it multiplies 0), so
   * only a wait the host asked for is written — two statements less per page than a held
   * turn's end, on the pages a crawl with pacing off requests several at a time.
   */
  private async endUnheldTurn(turn: PaceTurn, end: TurnEnd): Promise<void> {
    const holdOffMs = end.requested ? (end.holdOffMs ?? 0) : 0;
    if (holdOffMs > 0) {
      await this.database.db.execute(
        sql`update ${hostPace} set ${col(hostPace.nextAt)} =
              greatest(${hostPace.nextAt}, now() + make_interval(secs => ${seconds(holdOffMs)})),
              ${col(hostPace.updatedAt)} = now()
            where ${hostPace.host} = ${turn.host}`,
      );
    }
    for (const listener of this.#nextTurnListeners) listener(holdOffMs);
  }

  /**
   * Writes a turn's end from the state `state`; with `ifUnchanged`, only if the row still holds
   * that state. Returns the gap to the host's next turn, or null when the row had changed.
   */
  private async writeEnd(
    db: Db,
    turn: PaceTurn,
    end: TurnEnd,
    state: PaceState & { crawlDelayMs: number },
    ifUnchanged: boolean,
  ): Promise<number | null> {
    const limits = { floorMs: turn.floorMs ?? this.floorMs, crawlDelayMs: state.crawlDelayMs };
    const next = end.requested && end.signal ? nextPace(state, end.signal, limits) : state;
    const holdOffMs = end.requested ? (end.holdOffMs ?? 0) : 0;
    const gapMs = end.requested ? Math.max(effectiveInterval(next, limits), holdOffMs) : 0;
    const ours = sql`${hostPace.turnToken} = ${turn.token}::uuid`;
    const unchanged = ifUnchanged
      ? sql` and ${hostPace.intervalMs} = ${state.intervalMs}
          and ${hostPace.crawlDelayMs} = ${state.crawlDelayMs}
          and ${hostPace.ttfbSamples} = ${state.samples}
          and ${hostPace.baselineTtfbMs} is not distinct from ${state.baselineTtfbMs}::double precision`
      : sql``;
    const written = await queryRows(
      db,
      sql`update ${hostPace} set
            ${col(hostPace.intervalMs)} = ${next.intervalMs},
            ${col(hostPace.baselineTtfbMs)} = ${next.baselineTtfbMs},
            ${col(hostPace.ttfbSamples)} = ${next.samples},
            ${col(hostPace.nextAt)} = case when ${ours}
              then now() + make_interval(secs => ${seconds(gapMs)})
              else greatest(${hostPace.nextAt}, now() + make_interval(secs => ${seconds(holdOffMs)}))
              end,
            ${col(hostPace.turnToken)} = case when ${ours} then null else ${hostPace.turnToken} end,
            ${col(hostPace.updatedAt)} = now()
          where ${hostPace.host} = ${turn.host}${unchanged}
          returning ${hostPace.host} as host`,
    );
    return written.length > 0 ? gapMs : null;
  }

  /**
   * Tells `listener` how long from now the host of each turn this process ends may be asked
   * again, so a worker claims the host's next page at its turn rather than at its next poll
   * (a paced crawl otherwise runs at one page per poll interval). Returns the unsubscribe.
   */
  onNextTurn(listener: (inMs: number) => void): () => void {
    this.#nextTurnListeners.add(listener);
    return () => this.#nextTurnListeners.delete(listener);
  }

  /** The host's controller state (for tests and diagnostics); null when it has no row. */
  async state(host: string): Promise<(PaceState & { crawlDelayMs: number }) | null> {
    const [row] = await this.read(this.database.db, host, false);
    return row ?? null;
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
