import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PageAnalysis } from '@crawlwise/analyzer/analyze-artifacts';
import type { FetchArtifact } from '@crawlwise/analyzer/types';
import type { CrawlSettings } from '@crawlwise/shared/site-check';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import {
  aliased,
  col,
  type Database,
  type Db,
  inTransaction,
  preparedOnce,
  queryRows,
  queryRowsPrepared,
} from '../db/database.ts';
import { hostPace, reports, siteChecks, urls, users } from '../db/schema.ts';
import {
  type LockedSiteCheck,
  lockedCheckOf,
  lockedCheckSelect,
  settleSiteCheck,
} from '../db/tables/site-checks.ts';
import type { CrawlPage } from './crawl-frontier.ts';
import { HostPace, type PaceTurn, takeHostTurn } from './host-pace.ts';
import { storedPageLinks } from './page-links.ts';
import { auditIssuesOf, reportMetaOf, viewFindingsOf } from './site-page-findings.ts';
import { storedReportJson } from './stored-report-bounds.ts';

/**
 * The queue is the reports table itself. A worker claims one queued report (or one whose lease
 * ran out because its worker died) with `FOR UPDATE SKIP LOCKED`, so concurrent workers never
 * take the same row; the lease makes processing at-least-once, and completion is accepted only
 * from the lease holder, so it is idempotent.
 *
 * The queue owns the reports table's job states (issue 24.2, docs/decisions.md › One owner per table):
 * claiming, the lease, completion, failure, retry, give-back, the sweep and the time-out are
 * written here, next to the lease rules they carry out; db/tables/reports.ts owns the rows'
 * creation, cancel, erasure and purge. Columns are named through the Drizzle schema.
 */

export const LEASE_SECONDS = 60;
export const MAX_ATTEMPTS = 3;
/**
 * A report queued or analysing for longer than this is failed with `function_timeout` (default of
 * REPORT_STUCK_AFTER_SECONDS). Analyses take seconds; five minutes means the queue is jammed or
 * every worker is down, and the reader is better told than kept waiting.
 */
export const STUCK_AFTER_SECONDS = 5 * 60;
const TIMED_OUT_MESSAGE = 'The analysis took longer than expected and was stopped.';

/** Default floor of the gap between two page requests to one host by site checks. */
export const SITE_PAGE_INTERVAL_MS = 1000;
/** A site-check page pending longer than this is failed by the sweep (pages wait their turn). */
export const SITE_PAGE_STUCK_AFTER_SECONDS = 3 * 60 * 60;
/** How often a site-page claim that found a due turn taken tries again, and how far apart. */
const BUSY_TURN_RETRIES = 3;
const BUSY_TURN_RETRY_MS = 2;

export interface ClaimedJob {
  id: string;
  url: string;
  attempts: number;
  fetchArtifact: FetchArtifact | null;
  /** Set for a page of a whole-site check. */
  siteCheckId: string | null;
  /** Set for a page of a crawl: what the crawl follows from it (services/crawl-frontier.ts). */
  crawl: CrawlPage | null;
  /** Set for a site-check page: the turn on its host the claim took (ended by the worker). */
  pace: PaceTurn | null;
}

/** A candidate report row of a claim (`from reports r`) and a site check (`site_checks s`). */
const r = aliased('r');
const s = aliased('s');

/** What a claim returns of the report row it took (and of its site check, for a crawl). */
const CLAIMED_COLUMNS = sql`${reports.id} as id, ${reports.attempts} as attempts,
  ${reports.fetchArtifact} as fetch_artifact, ${reports.siteCheckId} as site_check_id,
  ${reports.crawlDepth} as crawl_depth,
  (select ${urls.normalizedUrl} from ${urls} where ${urls.id} = ${reports.urlId}) as url,
  (select ${siteChecks.crawl} from ${siteChecks}
    where ${siteChecks.id} = ${reports.siteCheckId}) as crawl,
  (select ${siteChecks.siteUrl} from ${siteChecks}
    where ${siteChecks.id} = ${reports.siteCheckId}) as site_url`;

/** A candidate report row (`r`) the claim may take: queued and due, or abandoned by a dead worker. */
const claimable = sql`${r(reports.deletedAt)} is null
    and ((${r(reports.status)} = 'queued' and ${r(reports.runAfter)} <= now())
      or (${r(reports.status)} = 'analyzing' and ${r(reports.leaseExpiresAt)} < now()
        and ${r(reports.attempts)} < ${sql.raw(String(MAX_ATTEMPTS))}))`;

/** "A running site check (`s`) with a page the claim may take." */
const hasClaimablePage = sql`${s(siteChecks.status)} = 'running'
  and exists (select 1 from ${reports} r
    where ${r(reports.siteCheckId)} = ${s(siteChecks.id)} and ${claimable})`;

/** "The host (`host`, SQL) has a running site check with a page the claim may take." */
const hostHasClaimablePage = (host: SQL) =>
  sql`${host} in (select ${s(siteChecks.host)} from ${siteChecks} s where ${hasClaimablePage})`;

/** "This report, being analysed under this worker's lease": the only row an end may write. */
const leaseHeld = (id: string, workerId: string) =>
  sql`${reports.id} = ${id} and ${reports.leaseOwner} = ${workerId}
    and ${reports.status} = 'analyzing'`;

/** The lease dropped (an end, a retry, a give-back). */
const LEASE_DROPPED = sql`${col(reports.leaseOwner)} = null, ${col(reports.leaseExpiresAt)} = null`;

/** The set clause of a report failed at `at` with a code and message (its fetched document dropped). */
const failedAt = (at: SQL, code: string, message: string) =>
  sql`${col(reports.status)} = 'failed', ${col(reports.errorCode)} = ${code},
    ${col(reports.errorMessage)} = ${message}, ${col(reports.fetchArtifact)} = null,
    ${col(reports.completedAt)} = ${at}, ${LEASE_DROPPED}`;

export interface JobQueueOptions {
  /** How long a claim holds without a heartbeat (JOB_LEASE_SECONDS). */
  leaseSeconds?: number;
  /**
   * The floor of the per-host pace of site-check pages (docs/site-checks.md › Politeness;
   * SITE_CHECK_PAGE_INTERVAL_MS): the controller and Crawl-delay only lengthen it.
   */
  sitePageIntervalMs?: number;
  /** A single report pending this long is failed with function_timeout (REPORT_STUCK_AFTER_SECONDS). */
  stuckAfterSeconds?: number;
  /** How far apart a site-page claim that found a due turn taken tries again (tests lengthen it). */
  busyTurnRetryMs?: number;
}

/** What a job's end wrote besides the page: how many pages it queued, whether it settled the check. */
export interface JobEndWrites {
  queued: number;
  /** The check's settle was written with its other write (pageEndCheckUpdate), or not needed. */
  settled: boolean;
}

/**
 * What a job's end also writes, in its transaction, once the end was accepted: given the page's
 * site check as the end locked it (null for a single report).
 */
export type WithinJobEnd = (tx: Db, check: LockedSiteCheck | null) => Promise<JobEndWrites>;

export class JobQueue {
  readonly leaseSeconds: number;
  readonly sitePageIntervalMs: number;
  readonly stuckAfterSeconds: number;
  private readonly busyTurnRetryMs: number;
  /** What site-check pages tell of their host feeds its pace (services/host-pace.ts). */
  readonly hostPace: HostPace;

  constructor(
    private readonly database: Database,
    options: JobQueueOptions = {},
  ) {
    this.leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
    this.sitePageIntervalMs = options.sitePageIntervalMs ?? SITE_PAGE_INTERVAL_MS;
    this.stuckAfterSeconds = options.stuckAfterSeconds ?? STUCK_AFTER_SECONDS;
    this.busyTurnRetryMs = options.busyTurnRetryMs ?? BUSY_TURN_RETRY_MS;
    this.hostPace = new HostPace(database, this.sitePageIntervalMs);
  }

  /** The set clause of a claim: analysing, one more attempt, leased to the worker. */
  private leasedTo(workerId: string | Placeholder): SQL {
    return sql`${col(reports.status)} = 'analyzing',
      ${col(reports.startedAt)} = coalesce(${reports.startedAt}, now()),
      ${col(reports.attempts)} = ${reports.attempts} + 1,
      ${col(reports.leaseOwner)} = ${workerId},
      ${col(reports.leaseExpiresAt)} = now() + make_interval(secs => ${this.leaseSeconds})`;
  }

  /** Claims the oldest due single report (not a site check's page). */
  async claimSingleReport(workerId: string): Promise<ClaimedJob | null> {
    const [row] = await this.singleClaimStatement(this.database.db, { workerId });
    return row ? claimedJob(row) : null;
  }

  /** The claim of a single report, built once (preparedOnce); `workerId` varies. */
  private readonly singleClaimStatement = preparedOnce(
    () => sql`
        update ${reports} set ${this.leasedTo(sql.placeholder('workerId'))}
        where ${reports.id} = (
          select ${r(reports.id)} from ${reports} r
          where ${r(reports.siteCheckId)} is null and ${claimable}
          order by ${r(reports.runAfter)}
          limit 1
          for update skip locked
        )
        returning ${CLAIMED_COLUMNS}`,
  );

  /**
   * Per-host pacing (docs/site-checks.md › Politeness): `host_pace` holds one row per host, and
   * the claim takes the host's turn and one of its pages in one statement. It locks the pace row
   * of a host whose `next_at` has come and that has a claimable page (`for update skip locked`,
   * so two workers never take the same turn) and holds the turn: a token of its own, `next_at`
   * TURN_HOLD_SECONDS ahead. Then it picks, among the running checks of that host, the one whose
   * turn is oldest (checks of one host take turns) and takes its next page. The worker ends the
   * turn once the page's answer is in (HostPace.endTurn), setting `next_at` one interval later.
   * So a request to a host starts at least one interval after the previous one ended, across
   * every worker and every check — except on a host with no gap at all (pacing switched off,
   * no Crawl-delay), which several claims take at once (takeHostTurn). A turn whose page was
   * taken by a cancel in between is given back at once.
   *
   * Such an unheld turn is still one statement at a time per host (its pace row is updated), and
   * a claim meanwhile skips the row and finds nothing; the worker then leaves that slot empty
   * until one of its jobs ends or its next poll (a second). So a claim that found no turn while a
   * host with work has its turn due tries again a few times, a few ms apart: in a 10,000-page
   * crawl with pacing off, about one claim in seven lost that race, and each worker had no page
   * in flight for a fifth of the crawl.
   */
  async claimSitePage(workerId: string): Promise<ClaimedJob | null> {
    for (let attempt = 1; ; attempt += 1) {
      const claimed = await this.claimSitePageOnce(workerId);
      if (claimed !== 'no-turn') return claimed;
      if (attempt > BUSY_TURN_RETRIES || !(await this.dueTurnTaken())) return null;
      await sleep(this.busyTurnRetryMs);
    }
  }

  /** Whether a host with a claimable page has its turn due: its pace row was locked by a claim. */
  private async dueTurnTaken(): Promise<boolean> {
    const [row] = await queryRowsPrepared<{ due: boolean }>(
      this.database.db,
      sql`select exists (select 1 from ${hostPace} p
          where p.${col(hostPace.nextAt)} <= now()
            and ${hostHasClaimablePage(sql`p.${col(hostPace.host)}`)}) as due`,
    );
    return row?.due === true;
  }

  /**
   * The claim of a site page: the host's turn (takeHostTurn) and a page of the check whose turn
   * it is, in one statement built once (preparedOnce); `token` and `workerId` vary.
   */
  private readonly siteClaimStatement = preparedOnce(
    () => sql`
        with turn as (${takeHostTurn(
          sql.placeholder('token'),
          hostHasClaimablePage,
          // The host's floor: the largest among its running checks. A check's own floor (a crawl
          // of a verified site) only lowers the server's, never raises it past it.
          (host) => sql`coalesce((select max(least(
                coalesce(${s(siteChecks.pageIntervalMs)}, ${this.sitePageIntervalMs}),
                ${this.sitePageIntervalMs}))
              from ${siteChecks} s
              where ${s(siteChecks.host)} = ${host} and ${s(siteChecks.status)} = 'running'),
              ${this.sitePageIntervalMs})`,
        )}),
        candidates as (
          select ${s(siteChecks.id)} as id, ${s(siteChecks.nextPageAt)} as next_page_at
          from ${siteChecks} s
          where ${s(siteChecks.host)} = (select host from turn) and ${hasClaimablePage}
          order by ${s(siteChecks.nextPageAt)}, ${s(siteChecks.id)}
          limit 2
        ),
        site as (select id from candidates order by next_page_at, id limit 1),
        -- Checks sharing the host take turns: the one served goes to the back. A host's only
        -- check is not written, so the claim never waits for the lock its pages' ends hold.
        rotated as (
          update ${siteChecks} set ${col(siteChecks.nextPageAt)} = now()
          where ${siteChecks.id} = (select id from site) and (select count(*) from candidates) > 1
        ),
        claimed as (
          update ${reports} set ${this.leasedTo(sql.placeholder('workerId'))}
          where ${reports.id} = (
            select ${r(reports.id)} from ${reports} r
            where ${r(reports.siteCheckId)} = (select id from site) and ${claimable}
            order by ${r(reports.runAfter)}, ${r(reports.id)}
            limit 1
            for update skip locked
          )
          returning ${CLAIMED_COLUMNS}
        )
        select claimed.*, turn.host as pace_host, turn.crawl_delay_ms as pace_crawl_delay_ms,
          turn.floor_ms as pace_floor_ms, turn.unheld as pace_unheld
        from turn left join claimed on true`,
  );

  /** One claim: a page, null (a turn with no page to take), or 'no-turn' (no host's turn taken). */
  private async claimSitePageOnce(workerId: string): Promise<ClaimedJob | null | 'no-turn'> {
    const token = randomUUID();
    const [row] = await this.siteClaimStatement(this.database.db, { token, workerId });
    if (!row) return 'no-turn';
    const turn: PaceTurn = {
      host: String(row.pace_host),
      token,
      crawlDelayMs: Number(row.pace_crawl_delay_ms ?? 0),
      floorMs: Number(row.pace_floor_ms ?? this.sitePageIntervalMs),
      unheld: row.pace_unheld === true,
    };
    if (row.id === null || row.id === undefined) {
      await this.hostPace.endTurn(turn, { requested: false });
      return null;
    }
    return { ...claimedJob(row), pace: turn };
  }

  /** Keeps a long analysis from being re-claimed while its worker is alive. */
  async extendLease(id: string, workerId: string): Promise<boolean> {
    const updated = await queryRows(
      this.database.db,
      sql`update ${reports}
          set ${col(reports.leaseExpiresAt)} = now() + make_interval(secs => ${this.leaseSeconds})
          where ${leaseHeld(id, workerId)} returning ${reports.id} as id`,
    );
    return updated.length > 0;
  }

  /**
   * Completion is accepted once, from the worker holding the lease. `withinEnd` runs in the
   * same transaction once the write was accepted, before the check is settled (a crawl queues
   * the page's new links there, so its check cannot complete in between).
   */
  async complete(
    id: string,
    workerId: string,
    analysis: PageAnalysis,
    withinEnd?: WithinJobEnd,
  ): Promise<boolean> {
    // Page-derived text is clipped and the whole bounded where it is stored (issue 25).
    const stored = storedReportJson(analysis);
    const result = stored.report;
    // Built (its JSON serialised) before the transaction: a site page's end holds its check's
    // lock from its first statement to its commit.
    // An owner's report completes only while the owner exists (issue 25).
    const statement = sql`update ${reports} set
            ${col(reports.status)} = 'completed',
            ${col(reports.score)} = ${result.score},
            ${col(reports.scoreModel)} = ${result.scoreModel},
            ${col(reports.finalUrl)} = ${result.finalUrl},
            ${col(reports.metaJson)} = ${stored.metaJson}::jsonb,
            ${col(reports.issues)} = ${stored.issues}::jsonb,
            ${sitePageFindingsColumns(result.issues, result.meta_json)},
            ${col(reports.categories)} = ${stored.categories}::jsonb,
            ${col(reports.fetchArtifact)} = null,
            ${col(reports.errorCode)} = null, ${col(reports.errorMessage)} = null,
            ${col(reports.completedAt)} = now(), ${LEASE_DROPPED}${crawlPageColumns(analysis)}
          where ${leaseHeld(id, workerId)}
            and (${reports.userId} is null
              or exists (select 1 from ${users} where ${users.id} = ${reports.userId}))
          ${WRITTEN_ROW}`;
    return this.endJob(statement, withinEnd);
  }

  /** A final failure, accepted like `complete`; `withinEnd` likewise runs once it was accepted. */
  async fail(
    id: string,
    workerId: string,
    code: string,
    message: string,
    withinEnd?: WithinJobEnd,
  ): Promise<boolean> {
    return this.endJob(
      sql`update ${reports} set ${failedAt(sql`now()`, code, message)}
          where ${leaseHeld(id, workerId)}
          ${WRITTEN_ROW}`,
      withinEnd,
    );
  }

  /**
   * Writes a job's end, then locks a site page's check and completes it in the same transaction
   * when this was its last page (db/tables/site-checks.ts) — not when the end queued new pages,
   * which are pending by then.
   *
   * One statement writes the job's row (`write`, returning WRITTEN_ROW) and then locks its check
   * (a lateral join on the written row): one round trip less per page end than a lock of its own
   * (7 → 6 statements per crawled page). The page's own row is written before the check is
   * locked — the join reads the written row first — since every other page end of the check
   * waits for that lock, so what needs no lock stays out of it (the write's ~0.5 ms of work;
   * pg_stat_statements at 10,000 pages: page ends waited ~10 ms each for the lock). The order is
   * safe: a settle still runs after the lock (READ COMMITTED: its statement sees every page end
   * committed before it), and nothing done under a check's lock waits for a
   * page's row that is being analysed (a shorter path only deepens queued rows, a cancel only
   * drops queued ones), so a page end holding its own row while it waits for the lock never
   * closes a cycle.
   */
  private endJob(write: SQL, withinEnd?: WithinJobEnd): Promise<boolean> {
    return inTransaction(this.database.db, async (tx) => {
      const [row] = await queryRowsPrepared<Record<string, unknown>>(
        tx,
        sql`with written as (${write})
            select locked.* from written
            left join lateral (${lockedCheckSelect(sql`written.site_check_id`)}) locked on true`,
      );
      if (!row) return false;
      const check = lockedCheckOf(row);
      const writes = await withinEnd?.(tx, check);
      if (check !== null && !writes?.settled && (writes?.queued ?? 0) === 0) {
        await settleSiteCheck(tx, check.id);
      }
      return true;
    });
  }

  /** Puts a job back for a later attempt (transient fault), with the given delay. */
  async retryLater(id: string, workerId: string, delayMs: number): Promise<boolean> {
    const updated = await queryRows(
      this.database.db,
      sql`update ${reports} set
            ${col(reports.status)} = 'queued', ${LEASE_DROPPED},
            ${col(reports.runAfter)} = now() + make_interval(secs => ${delayMs / 1000})
          where ${leaseHeld(id, workerId)}
          returning ${reports.id} as id`,
    );
    return updated.length > 0;
  }

  /** Gives a job back untouched at shutdown: the attempt does not count. */
  async release(id: string, workerId: string): Promise<void> {
    await this.database.db.execute(
      sql`update ${reports} set ${col(reports.status)} = 'queued',
            ${col(reports.attempts)} = greatest(${reports.attempts} - 1, 0), ${LEASE_DROPPED}
          where ${leaseHeld(id, workerId)}`,
    );
    await this.database.notifyJobs();
  }

  /**
   * Fails what is stuck so no report waits forever: jobs whose lease expired after the last
   * attempt (analysis_failed), and anything pending far longer than an analysis can take
   * (function_timeout, which the report screen explains).
   */
  async sweep(now = new Date()): Promise<number> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const failedAttempts = await queryRows(
      this.database.db,
      sql`update ${reports}
          set ${failedAt(at, 'analysis_failed', 'The analysis stopped unexpectedly several times.')}
          where ${reports.status} = 'analyzing' and ${reports.leaseExpiresAt} < ${at}
            and ${reports.attempts} >= ${MAX_ATTEMPTS} and ${reports.deletedAt} is null
          returning ${reports.id} as id`,
    );
    const timedOut = await queryRows(
      this.database.db,
      sql`update ${reports} set ${failedAt(at, 'function_timeout', TIMED_OUT_MESSAGE)}
          where ${reports.status} in ('queued', 'analyzing') and ${reports.deletedAt} is null
            and ${reports.createdAt} < ${at} - make_interval(secs => (
              case when ${reports.siteCheckId} is null
                then ${this.stuckAfterSeconds}::double precision
                else ${SITE_PAGE_STUCK_AFTER_SECONDS}::double precision end))
          returning ${reports.id} as id`,
    );
    return failedAttempts.length + timedOut.length;
  }

  /** Whether a report read at `now` is still pending past the stuck threshold. */
  isOverdue(report: { status: string; createdAt: Date }, now = new Date()): boolean {
    const pending = report.status === 'queued' || report.status === 'analyzing';
    return pending && now.getTime() - report.createdAt.getTime() > this.stuckAfterSeconds * 1000;
  }

  /**
   * Fails one overdue report with `function_timeout`, as the sweep would. The API calls it when
   * a reader asks for an overdue report, so the reader learns the outcome on time even when no
   * worker is alive to sweep (which is when reports get stuck). Returns whether it changed.
   * Site-check pages are left to the sweep: they wait their per-host turn far longer.
   */
  async timeOut(id: string, now = new Date()): Promise<boolean> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const updated = await queryRows(
      this.database.db,
      sql`update ${reports} set ${failedAt(at, 'function_timeout', TIMED_OUT_MESSAGE)}
          where ${reports.id} = ${id} and ${reports.status} in ('queued', 'analyzing')
            and ${reports.deletedAt} is null and ${reports.siteCheckId} is null
            and ${reports.createdAt} < ${at} - make_interval(secs => ${this.stuckAfterSeconds})
          returning ${reports.id} as id`,
    );
    return updated.length > 0;
  }
}

/** What a job end's write returns: the row, and its check for endJob's lock. */
const WRITTEN_ROW = sql`returning ${reports.id} as id, ${reports.siteCheckId} as site_check_id`;

/**
 * A site page's findings and metadata as its check's builds read them
 * (services/site-page-findings.ts), set with its findings; a report of no site check keeps none.
 */
function sitePageFindingsColumns(issues: readonly unknown[], meta: unknown): SQL {
  const ofSitePage = (json: string) =>
    sql`case when ${reports.siteCheckId} is null then null else ${json}::json end`;
  return sql`${col(reports.auditIssues)} = ${ofSitePage(JSON.stringify(auditIssuesOf(issues)))},
    ${col(reports.viewFindings)} = ${ofSitePage(JSON.stringify(viewFindingsOf(issues)))},
    ${col(reports.reportMeta)} = ${ofSitePage(JSON.stringify(reportMetaOf(meta)))}`;
}

/**
 * A crawl's page also keeps what the site findings read of it (its signals and text excerpt,
 * as the analysis gave them: the findings compare them whole) and its links (the crawl's link
 * graph, services/page-links.ts: one value a page, not a row a link), in the completing
 * statement.
 */
function crawlPageColumns(analysis: PageAnalysis): SQL {
  if (!analysis.signals) return sql``;
  const links = analysis.links ? storedPageLinks(analysis.links) : null;
  return sql`, ${col(reports.pageSignals)} = ${JSON.stringify(analysis.signals)}::json,
    ${col(reports.textExcerpt)} = ${analysis.excerpt ? JSON.stringify(analysis.excerpt) : null}::jsonb,
    ${col(reports.links)} = ${links}::text`;
}

function claimedJob(row: Record<string, unknown>): ClaimedJob {
  return {
    id: String(row.id),
    url: String(row.url),
    attempts: Number(row.attempts),
    fetchArtifact: parseJson(row.fetch_artifact) as FetchArtifact | null,
    siteCheckId: row.site_check_id === null ? null : String(row.site_check_id),
    crawl:
      row.crawl === null || row.crawl === undefined
        ? null
        : {
            siteUrl: String(row.site_url),
            settings: parseJson(row.crawl) as CrawlSettings,
            // A sitemap seed no link has reached yet is one step from the start, as the sitemap is.
            depth: Number(row.crawl_depth ?? 1),
          },
    pace: null,
  };
}

function parseJson(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? JSON.parse(value) : value;
}
