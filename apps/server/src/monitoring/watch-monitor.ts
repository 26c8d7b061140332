import { type CrawlOptions, crawlOptionsSchema } from '@crawlwise/shared/api/site-checks';
import type { WatchFrequency, WatchKind } from '@crawlwise/shared/watches';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, type Db, inTransaction, queryRows } from '../db/database.ts';
import { decodeStoredFindings } from '../db/stored-findings.ts';
import { insertQueuedReport, upsertUrl } from '../db/tables/reports.ts';
import { ApiError } from '../errors.ts';
import { crawlAllowance } from '../services/crawl-allowance.ts';
import { crawlSettingsOf } from '../services/crawl-frontier.ts';
import type { Mailer, MailMessage } from '../services/mailer.ts';
import type { RateLimiter } from '../services/rate-limit.ts';
import { crawlChanges } from '../services/site-audit-compare.ts';
import { type StartSiteCheckInput, startSiteCheck } from '../services/site-checks.ts';
import type { SiteVerificationService } from '../services/site-verifications.ts';
import { type WorkspaceOwner, workspaceRequester } from '../services/workspace.ts';
import { judgeCrawlRegression } from './crawl-regression.ts';
import { judgeRegression } from './regression.ts';
import { nextSlotAfter } from './schedule.ts';
import { type JudgedSitePage, judgeSiteRegression } from './site-regression.ts';
import { crawlRegressionMail, siteRegressionMail } from './site-watch-mail.ts';
import { newStopToken } from './stop-token.ts';
import { regressionMail } from './watch-mail.ts';

/**
 * The worker's side of monitoring (docs/monitoring.md). Every worker runs it; the database
 * decides who does what:
 * - starting runs: a due watch is claimed by a conditional UPDATE that moves `next_run_at` from
 *   the slot it read to the first slot after now. Only one worker's UPDATE can match that old
 *   value, so a slot runs once whatever the number of workers, and after any downtime the watch
 *   runs once and continues on its schedule (no burst of catch-up runs). The claim, the report
 *   and the run row are one transaction: a crash leaves either all or nothing.
 * - judging runs: a finished run is claimed by setting `evaluated_at` where it is null; the one
 *   worker that set it compares the report with the baseline and, on a regression, mails once.
 * A site watch's run is a whole-site check instead of a report (startSiteCheck, sitemap source),
 * a crawl watch's a crawl with the watch's settings: the claim and the run row are written in the
 * transaction that creates the site check.
 */

/** Watches started, and finished runs judged, per pass; the rest waits for the next pass. */
const BATCH_SIZE = 20;
/** New broken links and newly non-indexable pages read for a crawl watch's mail (it lists 20). */
const LISTED_CHANGES = 20;

export interface WatchMonitorOptions {
  database: Database;
  mailer: Mailer;
  /** Base of the links in the mails (PUBLIC_URL). */
  publicOrigin: string;
  logger: FastifyBaseLogger;
  /** The daily site-page allowance a site watch's check counts against. */
  limits: RateLimiter;
  /**
   * A crawl watch of more than MAX_CRAWL_PAGES pages needs the site verified, its proof read
   * again before each run as for any crawl (services/crawl-allowance.ts). Without these, such a
   * run is refused (`site_not_verified`) and its slot skipped.
   */
  verifications?: SiteVerificationService;
  /** SITE_CRAWL_MAX_PAGES: the most pages of a crawl, verified or not. */
  siteCrawlMaxPages?: number;
}

interface DueWatch {
  id: string;
  kind: WatchKind;
  frequency: WatchFrequency;
  slot: Date;
}

/** The slot was claimed by another worker between our read and our claim. */
class SlotTaken extends Error {}

/** Refusals of a site or crawl watch's run that skip its slot (docs/monitoring.md). */
const SKIPPING_REFUSALS = new Set([
  'site_check_in_progress',
  'site_check_page_limit',
  'site_not_verified',
  'site_verification_lost',
  'crawl_over_page_cap',
]);

export class WatchMonitor {
  constructor(private readonly options: WatchMonitorOptions) {}

  private get db(): Db {
    return this.options.database.db;
  }

  /** Starts a run of every watch due at `now`; returns how many this worker started. */
  async startDueRuns(now: Date): Promise<number> {
    const due = await queryRows<{
      id: string;
      kind: WatchKind;
      frequency: WatchFrequency;
      next_run_at: Date;
    }>(
      this.db,
      sql`select id, kind, frequency, next_run_at from watches
          where next_run_at <= ${now.toISOString()}::timestamptz
          order by next_run_at limit ${BATCH_SIZE}`,
    );
    let started = 0;
    for (const row of due) {
      const watch = {
        id: row.id,
        kind: row.kind,
        frequency: row.frequency,
        slot: new Date(row.next_run_at),
      };
      const run = watch.kind === 'page' ? this.startRun(watch, now) : this.startSiteRun(watch, now);
      if (await run) started += 1;
    }
    if (started > 0) await this.options.database.notifyJobs();
    return started;
  }

  /** Claims one slot of a page watch and queues its report. */
  private async startRun(watch: DueWatch, now: Date): Promise<boolean> {
    const next = nextSlotAfter(watch.slot, watch.frequency, now);
    return inTransaction(this.db, async (tx) => {
      const [claimed] = await queryRows<{
        user_id: string;
        team_id: string | null;
        url: string;
        last_report_id: string | null;
      }>(
        tx,
        sql`update watches set next_run_at = ${next.toISOString()}::timestamptz
            where id = ${watch.id}
              and next_run_at = ${watch.slot.toISOString()}::timestamptz
            returning user_id, team_id, url, last_report_id`,
      );
      if (!claimed) return false;
      // The address row is locked by its upsert, so the retention purge (which skips locked
      // rows) cannot delete it before the report points to it.
      const urlId = await upsertUrl(tx, claimed.url);
      // A watch run is a normal report of the owner, fetched by the worker (no fetch_artifact).
      // It is not counted against the owner's daily report limit: see docs/monitoring.md.
      const report = await insertQueuedReport(tx, {
        urlId,
        userId: claimed.user_id,
        teamId: claimed.team_id,
        requesterKey: workspaceRequester({ userId: claimed.user_id, teamId: claimed.team_id }),
        fetchArtifact: null,
      });
      // The owner's account went while the slot was claimed: its watches go with it.
      if (!report) return false;
      await tx.execute(
        sql`insert into watch_runs (watch_id, slot, report_id, previous_report_id)
            values (${watch.id}, ${watch.slot.toISOString()}::timestamptz, ${report.id},
                    ${claimed.last_report_id})`,
      );
      return true;
    });
  }

  /**
   * Claims one slot of a site watch and starts its site check (sitemap source) for the owner, or
   * of a crawl watch and starts its crawl. The owner's one active site check and daily page
   * allowance apply as to any site check, and a crawl's verification as to any crawl: when the
   * run is refused for one of these, the slot is skipped (the schedule moves to the next one)
   * and logged, so a long check or a spent allowance delays the watch instead of stacking runs.
   */
  private async startSiteRun(watch: DueWatch, now: Date): Promise<boolean> {
    const next = nextSlotAfter(watch.slot, watch.frequency, now);
    const [target] = await queryRows<{
      user_id: string;
      team_id: string | null;
      url: string;
      last_site_check_id: string | null;
      crawl: unknown;
    }>(
      this.db,
      sql`select user_id, team_id, url, last_site_check_id, crawl from watches where id = ${watch.id}`,
    );
    if (!target) return false;
    const deps = { database: this.options.database, limits: this.limits };
    try {
      const site = new URL(target.url);
      const input: StartSiteCheckInput =
        watch.kind === 'crawl'
          ? await this.crawlInput(
              { userId: target.user_id, teamId: target.team_id },
              site,
              target.crawl,
            )
          : { site, source: 'sitemap' };
      // A team's watch starts the team's site check (its allowance, its one active check).
      await startSiteCheck(deps, { userId: target.user_id, teamId: target.team_id }, input, {
        withinStart: async (tx, siteCheckId) => {
          if (!(await this.claimSlot(tx, watch, next))) throw new SlotTaken();
          await tx.execute(
            sql`insert into watch_runs (watch_id, slot, site_check_id, previous_site_check_id)
                  values (${watch.id}, ${watch.slot.toISOString()}::timestamptz, ${siteCheckId},
                          ${target.last_site_check_id})`,
          );
        },
      });
      return true;
    } catch (error) {
      if (error instanceof SlotTaken) return false;
      if (error instanceof ApiError && SKIPPING_REFUSALS.has(error.code)) {
        if (await this.claimSlot(this.db, watch, next)) {
          this.options.logger.info(
            { watchId: watch.id, slot: watch.slot.toISOString(), reason: error.code },
            'site watch run skipped to the next slot',
          );
        }
        return false;
      }
      throw error;
    }
  }

  /**
   * A crawl watch's run: its stored settings (read again by the crawl's schema) and, over
   * MAX_CRAWL_PAGES pages, the site's verification re-checked as the start route does.
   */
  private async crawlInput(
    owner: WorkspaceOwner,
    site: URL,
    stored: unknown,
  ): Promise<StartSiteCheckInput> {
    const parsed = crawlOptionsSchema.safeParse(stored ?? {});
    const options: CrawlOptions = parsed.success ? parsed.data : crawlOptionsSchema.parse({});
    const settings = crawlSettingsOf(options);
    const { verifications, siteCrawlMaxPages } = this.options;
    const { verified } = verifications
      ? await crawlAllowance(
          verifications,
          owner,
          site,
          settings.maxPages,
          siteCrawlMaxPages ?? settings.maxPages,
        )
      : { verified: false };
    return { site, source: 'crawl', crawl: settings, verified };
  }

  /** Moves the schedule past the slot read, if no other worker did: true for the one that did. */
  private async claimSlot(db: Db, watch: DueWatch, next: Date): Promise<boolean> {
    const claimed = await queryRows(
      db,
      sql`update watches set next_run_at = ${next.toISOString()}::timestamptz
          where id = ${watch.id} and next_run_at = ${watch.slot.toISOString()}::timestamptz
          returning id`,
    );
    return claimed.length > 0;
  }

  private get limits(): RateLimiter {
    return this.options.limits;
  }

  /** Judges every finished run nobody judged yet; returns how many mails this worker sent. */
  async judgeFinishedRuns(): Promise<number> {
    const finished = await queryRows<{ id: string; site_check_id: string | null }>(
      this.db,
      sql`select watch_runs.id, watch_runs.site_check_id from watch_runs
          left join reports on reports.id = watch_runs.report_id
          left join site_checks on site_checks.id = watch_runs.site_check_id
          where watch_runs.evaluated_at is null
            and (reports.status in ('completed', 'failed')
              or site_checks.status in ('failed', 'cancelled')
              or (site_checks.status = 'completed'
                -- a crawl is judged from its audit snapshot, built by the worker after its end
                and (site_checks.source <> 'crawl'
                  or site_checks.audit_built_at >= site_checks.completed_at)))
          order by watch_runs.created_at limit ${BATCH_SIZE}`,
    );
    let mailed = 0;
    for (const { id, site_check_id } of finished) {
      const judged = site_check_id ? this.judgeSiteRun(id) : this.judgeRun(id);
      if (await judged) mailed += 1;
    }
    return mailed;
  }

  private async judgeSiteRun(runId: string): Promise<boolean> {
    const [run] = await queryRows<{
      watch_id: string;
      kind: WatchKind;
      threshold_points: number;
      url: string;
      email: string;
      cur_id: string;
      cur_status: string;
      prev_id: string | null;
    }>(
      this.db,
      sql`update watch_runs set evaluated_at = now()
          from watches, site_checks as cur
          where watch_runs.id = ${runId} and watch_runs.evaluated_at is null
            and watches.id = watch_runs.watch_id and cur.id = watch_runs.site_check_id
          returning watch_runs.watch_id, watches.kind, watches.threshold_points, watches.url,
            (select email from users where users.id = watches.user_id) as email,
            cur.id as cur_id, cur.status as cur_status,
            watch_runs.previous_site_check_id as prev_id`,
    );
    if (!run) return false; // another worker judged it
    if (run.cur_status !== 'completed') return false;
    const current = await this.sitePages(run.cur_id);
    // A check that analysed no page (the sitemap failed) is not a baseline to compare with.
    if (current.length === 0) return false;
    await this.db.execute(
      sql`update watches set last_site_check_id = ${run.cur_id} where id = ${run.watch_id}`,
    );
    const previous = run.prev_id ? await this.sitePages(run.prev_id) : [];
    if (!run.prev_id || previous.length === 0) return false;
    if (run.kind === 'crawl')
      return this.judgeCrawl(runId, { ...run, prev_id: run.prev_id }, previous, current);
    const regression = judgeSiteRegression(previous, current, run.threshold_points);
    if (!regression) return false;
    const prevId = run.prev_id;
    return this.mailRegression(runId, run.watch_id, regression, 'site watch', (stopToken) =>
      siteRegressionMail({
        to: run.email,
        siteUrl: run.url,
        previousSiteCheckId: prevId,
        currentSiteCheckId: run.cur_id,
        regression,
        publicOrigin: this.options.publicOrigin,
        stopToken,
      }),
    );
  }

  /**
   * The end of judging a run that got worse, for pages and sites alike: one worker marks the run
   * notified (and gets its stop token), mails the owner and logs it. deliver() never rejects: a
   * mail server that fails is logged (docs/monitoring.md).
   */
  private async mailRegression(
    runId: string,
    watchId: string,
    regression: { scoreDrop: number | null; newCritical: readonly unknown[] },
    kind: 'watch' | 'site watch' | 'crawl watch',
    mail: (stopToken: string) => MailMessage,
  ): Promise<boolean> {
    const stopToken = await this.markNotified(runId);
    if (!stopToken) return false;
    await this.options.mailer.deliver(mail(stopToken));
    this.options.logger.info(
      { watchId, scoreDrop: regression.scoreDrop, newCritical: regression.newCritical.length },
      `${kind} regression mailed`,
    );
    return true;
  }

  /**
   * A crawl watch's run against the previous crawl: site scores and the changes between the two
   * audit snapshots (services/site-audit-compare.ts), plus the per-page critical rule.
   */
  private async judgeCrawl(
    runId: string,
    run: {
      watch_id: string;
      threshold_points: number;
      url: string;
      email: string;
      cur_id: string;
      prev_id: string;
    },
    previousPages: JudgedSitePage[],
    currentPages: JudgedSitePage[],
  ): Promise<boolean> {
    const scores = await queryRows<{ id: string; audit_score: number | null }>(
      this.db,
      sql`select id, audit_score from site_checks where id in (${run.prev_id}, ${run.cur_id})`,
    );
    const scoreOf = (id: string) => {
      const value = scores.find((row) => String(row.id) === id)?.audit_score;
      return value === null || value === undefined ? null : Number(value);
    };
    const changes = await crawlChanges(this.db, run.prev_id, run.cur_id, LISTED_CHANGES);
    const regression = judgeCrawlRegression(
      { siteScore: scoreOf(run.prev_id), pages: previousPages },
      { siteScore: scoreOf(run.cur_id), pages: currentPages },
      changes,
      run.threshold_points,
    );
    if (!regression) return false;
    return this.mailRegression(runId, run.watch_id, regression, 'crawl watch', (stopToken) =>
      crawlRegressionMail({
        to: run.email,
        siteUrl: run.url,
        previousSiteCheckId: run.prev_id,
        currentSiteCheckId: run.cur_id,
        regression,
        publicOrigin: this.options.publicOrigin,
        stopToken,
      }),
    );
  }

  /** The analysed pages of a site check, as the site regression reads them. */
  private async sitePages(siteCheckId: string): Promise<JudgedSitePage[]> {
    const rows = await queryRows<{
      url: string;
      score: number;
      score_model: number | null;
      issues: unknown;
    }>(
      this.db,
      sql`select urls.normalized_url as url, reports.score, reports.score_model, reports.issues
          from reports join urls on urls.id = reports.url_id
          where reports.site_check_id = ${siteCheckId} and reports.status = 'completed'
            and reports.deleted_at is null and reports.score is not null`,
    );
    return rows.map((row) => ({
      url: row.url,
      score: Number(row.score),
      scoreModel: row.score_model,
      issues: decodeStoredFindings(row.issues),
    }));
  }

  /** One mail per run: the one worker whose update sets notified_at gets the stop token. */
  private async markNotified(runId: string): Promise<string | null> {
    const stop = newStopToken();
    const marked = await queryRows(
      this.db,
      sql`update watch_runs set stop_token_hash = ${stop.hash}, notified_at = now()
          where id = ${runId} and notified_at is null returning id`,
    );
    return marked.length === 0 ? null : stop.token;
  }

  private async judgeRun(runId: string): Promise<boolean> {
    const [run] = await queryRows<RunToJudge>(
      this.db,
      sql`update watch_runs set evaluated_at = now()
          from watches, reports as cur
          where watch_runs.id = ${runId} and watch_runs.evaluated_at is null
            and watches.id = watch_runs.watch_id and cur.id = watch_runs.report_id
          returning watch_runs.watch_id, watches.threshold_points, watches.url,
            (select email from users where users.id = watches.user_id) as email,
            cur.id as cur_id, cur.status as cur_status, cur.score as cur_score,
            cur.score_model as cur_model, cur.issues as cur_issues,
            cur.access_token as cur_token, cur.deleted_at as cur_deleted,
            watch_runs.previous_report_id as prev_id`,
    );
    if (!run) return false; // another worker judged it
    if (run.cur_status !== 'completed' || run.cur_deleted) return false;
    await this.db.execute(
      sql`update watches set last_report_id = ${run.cur_id} where id = ${run.watch_id}`,
    );
    const [previous] = run.prev_id
      ? await queryRows<PreviousReport>(
          this.db,
          sql`select score, score_model, issues, access_token from reports
              where id = ${run.prev_id} and status = 'completed' and deleted_at is null`,
        )
      : [];
    if (!previous || previous.score === null || run.cur_score === null) return false;
    const regression = judgeRegression(
      {
        score: previous.score,
        scoreModel: previous.score_model,
        issues: decodeStoredFindings(previous.issues),
      },
      {
        score: run.cur_score,
        scoreModel: run.cur_model,
        issues: decodeStoredFindings(run.cur_issues),
      },
      run.threshold_points,
    );
    if (!regression) return false;
    const before = { score: previous.score, accessToken: previous.access_token };
    const after = { score: run.cur_score, accessToken: run.cur_token };
    return this.mailRegression(runId, run.watch_id, regression, 'watch', (stopToken) =>
      regressionMail({
        to: run.email,
        pageUrl: run.url,
        previous: before,
        current: after,
        regression,
        publicOrigin: this.options.publicOrigin,
        stopToken,
      }),
    );
  }
}

interface RunToJudge {
  watch_id: string;
  threshold_points: number;
  url: string;
  email: string;
  cur_id: string;
  cur_status: string;
  cur_score: number | null;
  cur_model: number | null;
  cur_issues: unknown;
  cur_token: string;
  cur_deleted: Date | null;
  prev_id: string | null;
}

interface PreviousReport {
  score: number | null;
  score_model: number | null;
  issues: unknown;
  access_token: string;
}
