import type { CrawlOptions } from '@crawlwise/shared/api/site-checks';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, type Db, inTransaction } from '../db/database.ts';
import { decodeStoredFindings } from '../db/stored-findings.ts';
import {
  completedReportScore,
  insertQueuedReport,
  scoredSitePages,
  upsertUrl,
} from '../db/tables/reports.ts';
import { auditScores } from '../db/tables/site-checks.ts';
import {
  claimPageRunJudgement,
  claimSiteRunJudgement,
  claimWatchSlot,
  type DueWatch,
  dueWatches,
  finishedUnjudgedRuns,
  insertWatchRun,
  markRunNotified,
  type SiteRunToJudge,
  setWatchBaseline,
  storedCrawlOptions,
  watchTarget,
} from '../db/tables/watches.ts';
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
    const due = await dueWatches(this.db, now, BATCH_SIZE);
    let started = 0;
    for (const watch of due) {
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
      const claimed = await claimWatchSlot(tx, watch, next);
      if (!claimed) return false;
      // The address row is locked by its upsert, so the retention purge (which skips locked
      // rows) cannot delete it before the report points to it.
      const urlId = await upsertUrl(tx, claimed.url);
      // A watch run is a normal report of the owner, fetched by the worker (no fetch_artifact).
      // It is not counted against the owner's daily report limit: see docs/monitoring.md.
      const report = await insertQueuedReport(tx, {
        urlId,
        userId: claimed.userId,
        teamId: claimed.teamId,
        requesterKey: workspaceRequester({ userId: claimed.userId, teamId: claimed.teamId }),
        fetchArtifact: null,
      });
      // The owner's account went while the slot was claimed: its watches go with it.
      if (!report) return false;
      await insertWatchRun(tx, {
        watchId: watch.id,
        slot: watch.slot,
        reportId: report.id,
        previousReportId: claimed.lastReportId,
      });
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
    const target = await watchTarget(this.db, watch.id);
    if (!target) return false;
    const deps = { database: this.options.database, limits: this.limits };
    try {
      const site = new URL(target.url);
      const input: StartSiteCheckInput =
        watch.kind === 'crawl'
          ? await this.crawlInput(
              { userId: target.userId, teamId: target.teamId },
              site,
              target.crawl,
            )
          : { site, source: 'sitemap' };
      // A team's watch starts the team's site check (its allowance, its one active check).
      await startSiteCheck(deps, { userId: target.userId, teamId: target.teamId }, input, {
        withinStart: async (tx, siteCheckId) => {
          if (!(await this.claimSlot(tx, watch, next))) throw new SlotTaken();
          await insertWatchRun(tx, {
            watchId: watch.id,
            slot: watch.slot,
            siteCheckId,
            previousSiteCheckId: target.lastSiteCheckId,
          });
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
    stored: CrawlOptions | null,
  ): Promise<StartSiteCheckInput> {
    const options = stored ?? storedCrawlOptions(null);
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
    return (await claimWatchSlot(db, watch, next)) !== null;
  }

  private get limits(): RateLimiter {
    return this.options.limits;
  }

  /** Judges every finished run nobody judged yet; returns how many mails this worker sent. */
  async judgeFinishedRuns(): Promise<number> {
    const finished = await finishedUnjudgedRuns(this.db, BATCH_SIZE);
    let mailed = 0;
    for (const { id, siteCheckId } of finished) {
      const judged = siteCheckId ? this.judgeSiteRun(id) : this.judgeRun(id);
      if (await judged) mailed += 1;
    }
    return mailed;
  }

  private async judgeSiteRun(runId: string): Promise<boolean> {
    const run = await claimSiteRunJudgement(this.db, runId);
    if (!run) return false; // another worker judged it
    if (run.currentStatus !== 'completed') return false;
    const current = await this.sitePages(run.currentId);
    // A check that analysed no page (the sitemap failed) is not a baseline to compare with.
    if (current.length === 0) return false;
    await setWatchBaseline(this.db, run.watchId, { siteCheckId: run.currentId });
    const previous = run.previousId ? await this.sitePages(run.previousId) : [];
    if (!run.previousId || previous.length === 0) return false;
    if (run.kind === 'crawl')
      return this.judgeCrawl(runId, { ...run, previousId: run.previousId }, previous, current);
    const regression = judgeSiteRegression(previous, current, run.thresholdPoints);
    if (!regression) return false;
    const prevId = run.previousId;
    return this.mailRegression(runId, run.watchId, regression, 'site watch', (stopToken) =>
      siteRegressionMail({
        to: run.email,
        siteUrl: run.url,
        previousSiteCheckId: prevId,
        currentSiteCheckId: run.currentId,
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
    run: SiteRunToJudge & { previousId: string },
    previousPages: JudgedSitePage[],
    currentPages: JudgedSitePage[],
  ): Promise<boolean> {
    const scores = await auditScores(this.db, [run.previousId, run.currentId]);
    const scoreOf = (id: string) => scores.get(id)?.score ?? null;
    const changes = await crawlChanges(this.db, run.previousId, run.currentId, LISTED_CHANGES);
    const regression = judgeCrawlRegression(
      { siteScore: scoreOf(run.previousId), pages: previousPages },
      { siteScore: scoreOf(run.currentId), pages: currentPages },
      changes,
      run.thresholdPoints,
    );
    if (!regression) return false;
    return this.mailRegression(runId, run.watchId, regression, 'crawl watch', (stopToken) =>
      crawlRegressionMail({
        to: run.email,
        siteUrl: run.url,
        previousSiteCheckId: run.previousId,
        currentSiteCheckId: run.currentId,
        regression,
        publicOrigin: this.options.publicOrigin,
        stopToken,
      }),
    );
  }

  /** The analysed pages of a site check, as the site regression reads them. */
  private sitePages(siteCheckId: string): Promise<JudgedSitePage[]> {
    return scoredSitePages(this.db, siteCheckId);
  }

  /** One mail per run: the one worker whose update sets notified_at gets the stop token. */
  private async markNotified(runId: string): Promise<string | null> {
    const stop = newStopToken();
    return (await markRunNotified(this.db, runId, stop.hash)) ? stop.token : null;
  }

  private async judgeRun(runId: string): Promise<boolean> {
    const run = await claimPageRunJudgement(this.db, runId);
    if (!run) return false; // another worker judged it
    if (run.currentStatus !== 'completed' || run.currentDeleted) return false;
    await setWatchBaseline(this.db, run.watchId, { reportId: run.currentId });
    const previous = run.previousReportId
      ? await completedReportScore(this.db, run.previousReportId)
      : null;
    if (!previous || previous.score === null || run.currentScore === null) return false;
    const regression = judgeRegression(
      {
        score: previous.score,
        scoreModel: previous.scoreModel,
        issues: previous.issues,
      },
      {
        score: run.currentScore,
        scoreModel: run.currentScoreModel,
        issues: decodeStoredFindings(run.currentIssues),
      },
      run.thresholdPoints,
    );
    if (!regression) return false;
    const before = { score: previous.score, accessToken: previous.accessToken };
    const after = { score: run.currentScore, accessToken: run.currentAccessToken };
    return this.mailRegression(runId, run.watchId, regression, 'watch', (stopToken) =>
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
