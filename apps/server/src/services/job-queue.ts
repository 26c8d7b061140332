import { randomUUID } from 'node:crypto';
import type { AnalysisReport, FetchArtifact } from '@crawlwise/analyzer/types';
import type { CrawlSettings } from '@crawlwise/shared/site-check';
import { sql } from 'drizzle-orm';
import { type Database, type Db, inTransaction, queryRows } from '../db/database.ts';
import { lockCheckOfPage, settleSiteCheck } from '../db/tables/site-checks.ts';
import type { CrawlPage } from './crawl-frontier.ts';
import { HostPace, type PaceTurn, takeHostTurn } from './host-pace.ts';
import { boundForStorage } from './stored-report-bounds.ts';

/**
 * The queue is the reports table itself. A worker claims one queued report (or one whose lease
 * ran out because its worker died) with `FOR UPDATE SKIP LOCKED`, so concurrent workers never
 * take the same row; the lease makes processing at-least-once, and completion is accepted only
 * from the lease holder, so it is idempotent.
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

/** What a claim returns of the report row it took (and of its site check, for a crawl). */
const CLAIMED_COLUMNS = sql.raw(`id, attempts, fetch_artifact, site_check_id, crawl_depth,
  (select normalized_url from urls where urls.id = reports.url_id) as url,
  (select s.crawl from site_checks s where s.id = reports.site_check_id) as crawl,
  (select s.site_url from site_checks s where s.id = reports.site_check_id) as site_url`);

/** A report row the claim may take: queued and due, or abandoned by a dead worker. */
const claimable = (alias: string) =>
  sql.raw(`${alias}.deleted_at is null
    and ((${alias}.status = 'queued' and ${alias}.run_after <= now())
      or (${alias}.status = 'analyzing' and ${alias}.lease_expires_at < now()
        and ${alias}.attempts < ${MAX_ATTEMPTS}))`);

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
}

export class JobQueue {
  readonly leaseSeconds: number;
  readonly sitePageIntervalMs: number;
  readonly stuckAfterSeconds: number;
  /** What site-check pages tell of their host feeds its pace (services/host-pace.ts). */
  readonly hostPace: HostPace;

  constructor(
    private readonly database: Database,
    options: JobQueueOptions = {},
  ) {
    this.leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
    this.sitePageIntervalMs = options.sitePageIntervalMs ?? SITE_PAGE_INTERVAL_MS;
    this.stuckAfterSeconds = options.stuckAfterSeconds ?? STUCK_AFTER_SECONDS;
    this.hostPace = new HostPace(database, this.sitePageIntervalMs);
  }

  /** Claims the oldest due single report (not a site check's page). */
  async claimSingleReport(workerId: string): Promise<ClaimedJob | null> {
    const [row] = await queryRows(
      this.database.db,
      sql`
        update reports set
          status = 'analyzing',
          started_at = coalesce(started_at, now()),
          attempts = attempts + 1,
          lease_owner = ${workerId},
          lease_expires_at = now() + make_interval(secs => ${this.leaseSeconds})
        where id = (
          select id from reports r
          where r.site_check_id is null and ${claimable('r')}
          order by run_after
          limit 1
          for update skip locked
        )
        returning ${CLAIMED_COLUMNS}`,
    );
    return row ? claimedJob(row) : null;
  }

  /**
   * Per-host pacing (docs/site-checks.md › Politeness): `host_pace` holds one row per host, and
   * the claim takes the host's turn and one of its pages in one statement. It locks the pace row
   * of a host whose `next_at` has come and that has a claimable page (`for update skip locked`,
   * so two workers never take the same turn) and holds the turn: a token of its own, `next_at`
   * TURN_HOLD_SECONDS ahead. Then it picks, among the running checks of that host, the one whose
   * turn is oldest (checks of one host take turns) and takes its next page. The worker ends the
   * turn once the page's answer is in (HostPace.endTurn), setting `next_at` one interval later.
   * So a request to a host starts at least one interval after the previous one ended, across
   * every worker and every check. A turn whose page was taken by a cancel in between is given
   * back at once.
   */
  async claimSitePage(workerId: string): Promise<ClaimedJob | null> {
    const token = randomUUID();
    const [row] = await queryRows(
      this.database.db,
      sql`
        with turn as (${takeHostTurn(
          token,
          (host) => sql`${host} in (select s.host from site_checks s
              where s.status = 'running'
                and exists (select 1 from reports r where r.site_check_id = s.id and ${claimable('r')}))`,
          // The host's floor: the largest among its running checks. A check's own floor (a crawl
          // of a verified site) only lowers the server's, never raises it past it.
          (
            host,
          ) => sql`, (select max(least(coalesce(s.page_interval_ms, ${this.sitePageIntervalMs}),
                ${this.sitePageIntervalMs}))
              from site_checks s where s.host = ${host} and s.status = 'running') as floor_ms`,
        )}),
        site as (
          update site_checks set next_page_at = now()
          where id = (
            select s.id from site_checks s
            where s.host = (select host from turn) and s.status = 'running'
              and exists (select 1 from reports r where r.site_check_id = s.id and ${claimable('r')})
            order by s.next_page_at, s.id
            limit 1
          )
          returning id
        ),
        claimed as (
          update reports set
            status = 'analyzing',
            started_at = coalesce(started_at, now()),
            attempts = attempts + 1,
            lease_owner = ${workerId},
            lease_expires_at = now() + make_interval(secs => ${this.leaseSeconds})
          where id = (
            select r.id from reports r
            where r.site_check_id = (select id from site) and ${claimable('r')}
            order by r.run_after, r.id
            limit 1
            for update skip locked
          )
          returning ${CLAIMED_COLUMNS}
        )
        select claimed.*, turn.host as pace_host, turn.crawl_delay_ms as pace_crawl_delay_ms,
          turn.floor_ms as pace_floor_ms
        from turn left join claimed on true`,
    );
    if (!row) return null;
    const turn: PaceTurn = {
      host: String(row.pace_host),
      token,
      crawlDelayMs: Number(row.pace_crawl_delay_ms ?? 0),
      floorMs: Number(row.pace_floor_ms ?? this.sitePageIntervalMs),
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
      sql`update reports set lease_expires_at = now() + make_interval(secs => ${this.leaseSeconds})
          where id = ${id} and lease_owner = ${workerId} and status = 'analyzing' returning id`,
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
    analysis: AnalysisReport,
    withinEnd?: (tx: Db) => Promise<unknown>,
  ): Promise<boolean> {
    // Page-derived text is clipped and the whole bounded where it is stored (issue 25).
    const result = boundForStorage(analysis);
    return this.endJob(
      id,
      (tx) =>
        queryRows(
          tx,
          sql`update reports set
            status = 'completed',
            score = ${result.score},
            score_model = ${result.scoreModel},
            final_url = ${result.finalUrl},
            meta_json = ${JSON.stringify(result.meta_json)}::jsonb,
            issues = ${JSON.stringify(result.issues)}::jsonb,
            categories = ${JSON.stringify(result.categories)}::jsonb,
            fetch_artifact = null,
            error_code = null, error_message = null,
            completed_at = now(), lease_owner = null, lease_expires_at = null
          where id = ${id} and lease_owner = ${workerId} and status = 'analyzing'
            -- An owner's report completes only while the owner exists (issue 25).
            and (user_id is null or exists (select 1 from users where users.id = reports.user_id))
          returning id`,
        ),
      withinEnd,
    );
  }

  /** A final failure, accepted like `complete`; `withinEnd` likewise runs once it was accepted. */
  async fail(
    id: string,
    workerId: string,
    code: string,
    message: string,
    withinEnd?: (tx: Db) => Promise<unknown>,
  ): Promise<boolean> {
    return this.endJob(
      id,
      (tx) =>
        queryRows(
          tx,
          sql`update reports set
            status = 'failed', error_code = ${code}, error_message = ${message},
            fetch_artifact = null,
            completed_at = now(), lease_owner = null, lease_expires_at = null
          where id = ${id} and lease_owner = ${workerId} and status = 'analyzing'
          returning id`,
        ),
      withinEnd,
    );
  }

  /**
   * Writes a job's end; a site page's check is locked first and completed in the same
   * transaction when this was its last page (db/tables/site-checks.ts).
   */
  private endJob(
    id: string,
    write: (tx: Db) => Promise<unknown[]>,
    withinEnd?: (tx: Db) => Promise<unknown>,
  ): Promise<boolean> {
    return inTransaction(this.database.db, async (tx) => {
      const siteCheckId = await lockCheckOfPage(tx, id);
      const written = await write(tx);
      if (written.length > 0) await withinEnd?.(tx);
      if (siteCheckId !== null && written.length > 0) await settleSiteCheck(tx, siteCheckId);
      return written.length > 0;
    });
  }

  /** Puts a job back for a later attempt (transient fault), with the given delay. */
  async retryLater(id: string, workerId: string, delayMs: number): Promise<boolean> {
    const updated = await queryRows(
      this.database.db,
      sql`update reports set
            status = 'queued', lease_owner = null, lease_expires_at = null,
            run_after = now() + make_interval(secs => ${delayMs / 1000})
          where id = ${id} and lease_owner = ${workerId} and status = 'analyzing'
          returning id`,
    );
    return updated.length > 0;
  }

  /** Gives a job back untouched at shutdown: the attempt does not count. */
  async release(id: string, workerId: string): Promise<void> {
    await this.database.db.execute(
      sql`update reports set status = 'queued', attempts = greatest(attempts - 1, 0),
            lease_owner = null, lease_expires_at = null
          where id = ${id} and lease_owner = ${workerId} and status = 'analyzing'`,
    );
    await this.database.notifyJobs();
  }

  /**
   * Fails what is stuck so no report waits forever: jobs whose lease expired after the last
   * attempt (analysis_failed), and anything pending far longer than an analysis can take
   * (function_timeout, which the report screen explains).
   */
  async sweep(now = new Date()): Promise<number> {
    const failedAttempts = await queryRows(
      this.database.db,
      sql`update reports set status = 'failed', error_code = 'analysis_failed',
            error_message = 'The analysis stopped unexpectedly several times.',
            fetch_artifact = null, completed_at = ${now.toISOString()}::timestamptz,
            lease_owner = null, lease_expires_at = null
          where status = 'analyzing' and lease_expires_at < ${now.toISOString()}::timestamptz
            and attempts >= ${MAX_ATTEMPTS} and deleted_at is null
          returning id`,
    );
    const timedOut = await queryRows(
      this.database.db,
      sql`update reports set status = 'failed', error_code = 'function_timeout',
            error_message = ${TIMED_OUT_MESSAGE},
            fetch_artifact = null, completed_at = ${now.toISOString()}::timestamptz,
            lease_owner = null, lease_expires_at = null
          where status in ('queued', 'analyzing') and deleted_at is null
            and created_at < ${now.toISOString()}::timestamptz - make_interval(secs => (
              case when site_check_id is null then ${this.stuckAfterSeconds}::double precision
                else ${SITE_PAGE_STUCK_AFTER_SECONDS}::double precision end))
          returning id`,
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
    const updated = await queryRows(
      this.database.db,
      sql`update reports set status = 'failed', error_code = 'function_timeout',
            error_message = ${TIMED_OUT_MESSAGE},
            fetch_artifact = null, completed_at = ${now.toISOString()}::timestamptz,
            lease_owner = null, lease_expires_at = null
          where id = ${id} and status in ('queued', 'analyzing') and deleted_at is null
            and site_check_id is null
            and created_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${this.stuckAfterSeconds})
          returning id`,
    );
    return updated.length > 0;
  }
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
