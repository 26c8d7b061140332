import { randomUUID } from 'node:crypto';
import { isAnalysisError } from '@crawlwise/analyzer/analysis-error';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../composition-root.ts';
import { isDatabaseConnectionError } from '../db/connection-error.ts';
import type { WatchMonitor } from '../monitoring/watch-monitor.ts';
import { type ClaimedJob, MAX_ATTEMPTS } from '../services/job-queue.ts';
import { purgeExpiredData } from '../services/retention.ts';
import { type DiscoveryJob, SiteCheckDiscovery } from '../services/site-check-discovery.ts';
import { settleAllSiteChecks } from '../services/site-checks.ts';

/** The services a worker uses (built by createServices). */
export type WorkerServices = Pick<
  Services,
  'database' | 'queue' | 'engine' | 'logger' | 'limits'
> & {
  /** Runs due watches and mails regressions (docs/monitoring.md); null: no monitoring. */
  monitor: WatchMonitor | null;
};

export interface WorkerOptions {
  concurrency: number;
  /** Fallback poll for delayed retries and expired leases; notifications cover new jobs. */
  pollIntervalMs?: number;
  sweepIntervalMs?: number;
  /** How often expired and deleted data is erased (services/retention.ts). */
  purgeIntervalMs?: number;
  /** The clock of the purge and of the watch schedule; tests move it instead of waiting days. */
  clock?: () => Date;
  /** How often due watches are looked for; finished watch runs are also judged after each job. */
  monitorIntervalMs?: number;
  /** A whole sitemap discovery's deadline (SITE_DISCOVERY_TIMEOUT_SECONDS). */
  discoveryDeadlineMs?: number;
}

/** In-flight key of a site check's discovery job (report ids are plain uuids). */
const DISCOVERY_KEY = 'site-check:';

const PURGE_INTERVAL_MS = 10 * 60 * 1000;
const MONITOR_INTERVAL_MS = 60 * 1000;

const RETRY_BASE_DELAY_MS = 2000;
/** Backoff between attempts to reach an unreachable database (claims and result writes). */
const MIN_CLAIM_BACKOFF_MS = 500;
const MAX_CLAIM_BACKOFF_MS = 5000;

/**
 * Claims reports and analyses them, up to `concurrency` at a time. It wakes on the database's
 * job notification (new work is picked up within milliseconds) and polls as a fallback.
 */
export class Worker {
  readonly id = `worker-${randomUUID()}`;
  private readonly inFlight = new Map<string, Promise<void>>();
  private stopping = false;
  private pumping = false;
  private pumpAgain = false;
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | null = null;
  private claimBackoff = { until: 0, delayMs: 0 };
  private purging = false;
  private readonly discovery: SiteCheckDiscovery;
  private monitorPass: Promise<void> | null = null;
  /** In-flight keys of site work: discoveries and site-check pages. */
  private readonly siteWork = new Set<string>();
  private monitorAgain = false;

  private readonly options: WorkerServices & WorkerOptions;

  constructor(services: WorkerServices, options: WorkerOptions) {
    this.options = {
      ...options,
      database: services.database,
      queue: services.queue,
      engine: services.engine,
      logger: services.logger,
      limits: services.limits,
      monitor: services.monitor,
    };
    this.discovery = new SiteCheckDiscovery(
      services.database,
      services.limits,
      services.queue.leaseSeconds,
      options.discoveryDeadlineMs,
    );
  }

  async start(): Promise<void> {
    const { database, queue, logger } = this.options;
    this.unlisten = await database.listenJobs(() => void this.pump());
    this.timers.push(setInterval(() => void this.pump(), this.options.pollIntervalMs ?? 1000));
    this.timers.push(
      setInterval(() => {
        (async () => {
          const swept = [await queue.sweep(), await this.discovery.sweep()] as const;
          // A site check whose last page the sweep just failed is complete now.
          await settleAllSiteChecks(database.db);
          return swept;
        })().then(
          ([count, discoveries]) =>
            count + discoveries > 0 && logger.warn({ count, discoveries }, 'failed stuck jobs'),
          (error) => logger.error({ err: error }, 'sweep failed'),
        );
      }, this.options.sweepIntervalMs ?? 30_000),
    );
    this.timers.push(
      setInterval(() => void this.purge(), this.options.purgeIntervalMs ?? PURGE_INTERVAL_MS),
    );
    if (this.options.monitor) {
      this.timers.push(
        setInterval(
          () => void this.runMonitoring(),
          this.options.monitorIntervalMs ?? MONITOR_INTERVAL_MS,
        ),
      );
    }
    logger.info({ workerId: this.id, concurrency: this.options.concurrency }, 'worker started');
    void this.pump();
    void this.purge();
    void this.runMonitoring();
  }

  /** Stops claiming; waits for in-flight analyses up to `graceMs`, then gives them back. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.unlisten?.();
    // A monitoring pass is short (a few queries, at most a batch of mails): it ends first.
    await this.monitorPass;
    const pending = [...this.inFlight.values()];
    const finished = await Promise.race([
      Promise.allSettled(pending).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
    ]);
    if (!finished) {
      for (const id of this.inFlight.keys()) {
        const released = id.startsWith(DISCOVERY_KEY)
          ? this.discovery.release(id.slice(DISCOVERY_KEY.length), this.id)
          : this.options.queue.release(id, this.id);
        await released.catch(() => {});
      }
    }
  }

  /** Erases what is past its retention; one run at a time, failures logged (never thrown). */
  async purge(): Promise<void> {
    if (this.purging) return;
    this.purging = true;
    const { database, logger, clock } = this.options;
    try {
      const counts = await purgeExpiredData(database, clock?.() ?? new Date());
      if (counts.reports + counts.urls + counts.throttleEvents > 0) {
        logger.info(counts, 'purged expired data');
      }
    } catch (error) {
      logger.error({ err: error }, 'purge failed');
    } finally {
      this.purging = false;
    }
  }

  /**
   * Starts the watch runs due by the clock, then judges the finished ones (mailing regressions).
   * One pass at a time per worker (a request during a pass runs one more after it and resolves
   * when that ends); failures are logged, never thrown.
   */
  async runMonitoring(): Promise<void> {
    const { monitor, logger, clock } = this.options;
    if (!monitor || this.stopping) return;
    if (this.monitorPass) {
      // The pass under way runs once more, so what was asked for now is done when it ends.
      this.monitorAgain = true;
      return this.monitorPass;
    }
    this.monitorPass = (async () => {
      do {
        this.monitorAgain = false;
        try {
          const started = await monitor.startDueRuns(clock?.() ?? new Date());
          if (started > 0) logger.info({ started }, 'watch runs started');
          await monitor.judgeFinishedRuns();
        } catch (error) {
          logger.error({ err: error }, 'monitoring pass failed');
        }
      } while (this.monitorAgain && !this.stopping);
    })().finally(() => {
      this.monitorPass = null;
    });
    await this.monitorPass;
  }

  /** Slots site work may hold: all but one, so a single report always finds one. */
  private get siteSlots(): number {
    return Math.max(1, this.options.concurrency - 1);
  }

  get activeJobs(): number {
    return this.inFlight.size;
  }

  private async pump(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    // After a failed claim (the database is down) the next tries wait, growing up to a cap, so
    // an outage is not hammered every poll nor logged many times a second.
    if (Date.now() < this.claimBackoff.until) return;
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        while (!this.stopping && this.inFlight.size < this.options.concurrency) {
          // Site work (discoveries and site pages) never takes the last slot from single
          // reports: one free account's site check cannot starve everyone's reports (issue 25).
          const siteAllowed = this.siteWork.size < this.siteSlots;
          const job = await this.options.queue.claim(this.id, { sitePages: siteAllowed });
          this.claimBackoff = { until: 0, delayMs: 0 };
          if (!job) {
            if (!siteAllowed) break;
            const discovery = await this.discovery.claim(this.id);
            if (!discovery) break;
            const key = `${DISCOVERY_KEY}${discovery.id}`;
            this.siteWork.add(key);
            const run = this.discover(discovery).finally(() => {
              this.inFlight.delete(key);
              this.siteWork.delete(key);
              void this.pump();
            });
            this.inFlight.set(key, run);
            continue;
          }
          if (job.siteCheckId !== null) this.siteWork.add(job.id);
          const run = this.run(job).finally(() => {
            this.inFlight.delete(job.id);
            this.siteWork.delete(job.id);
            void this.pump();
            // The report may be a watch run: judge it now rather than at the next interval.
            void this.runMonitoring();
          });
          this.inFlight.set(job.id, run);
        }
      } while (this.pumpAgain && !this.stopping);
    } catch (error) {
      const delayMs = Math.min(
        MAX_CLAIM_BACKOFF_MS,
        Math.max(MIN_CLAIM_BACKOFF_MS, this.claimBackoff.delayMs * 2),
      );
      this.claimBackoff = { until: Date.now() + delayMs, delayMs };
      this.options.logger.error({ err: error, retryInMs: delayMs }, 'claiming a job failed');
    } finally {
      this.pumping = false;
    }
  }

  /** Reads a site check's sitemaps and queues its pages; never rejects. */
  private async discover(job: DiscoveryJob): Promise<void> {
    const log = this.options.logger.child({ siteCheckId: job.id, attempt: job.attempts });
    const heartbeat = setInterval(
      () => void this.discovery.extendLease(job.id, this.id).catch(() => {}),
      (this.discovery.leaseSeconds * 1000) / 3,
    );
    try {
      await this.discovery.run(job, this.id, this.options.engine);
      log.info('site check discovery finished');
    } catch (error) {
      // The lease runs out and another worker (or this one) tries again.
      log.error({ err: error }, 'site check discovery failed');
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Analyses one claimed report and records the outcome; never rejects. */
  private async run(job: ClaimedJob): Promise<void> {
    const { queue, engine, logger } = this.options;
    const log = logger.child({ reportId: job.id, attempt: job.attempts });
    const heartbeat = setInterval(
      () => void queue.extendLease(job.id, this.id).catch(() => {}),
      (queue.leaseSeconds * 1000) / 3,
    );
    const started = performance.now();
    try {
      let outcome: () => Promise<boolean>;
      try {
        // A site check's page is requested only if the site's robots.txt allows our crawler.
        if (job.siteCheckId !== null && job.fetchArtifact === null) {
          const permission = await engine.crawlPermission(job.url);
          if (!permission.allowed) {
            log.info({ rule: permission.rule }, 'page blocked by robots.txt, not requested');
            await this.record(
              () => queue.fail(job.id, this.id, 'blocked_by_robots', permission.reason),
              log,
            );
            return;
          }
        }
        const document = job.fetchArtifact ?? (await engine.fetchDocument(job.url));
        const result = await engine.analyze(document);
        outcome = async () => {
          const accepted = await queue.complete(job.id, this.id, result);
          log.info(
            { score: result.score, ms: Math.round(performance.now() - started), accepted },
            'report completed',
          );
          return accepted;
        };
      } catch (error) {
        outcome = this.failureOutcome(job, error, log);
      }
      await this.record(outcome, log);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** How a failed analysis is written: a final failure, or a retry with backoff. */
  private failureOutcome(
    job: ClaimedJob,
    error: unknown,
    log: FastifyBaseLogger,
  ): () => Promise<boolean> {
    const { queue } = this.options;
    if (isAnalysisError(error)) {
      log.info({ code: error.code }, 'report failed');
      return () => queue.fail(job.id, this.id, error.code, error.message);
    }
    if (job.attempts < MAX_ATTEMPTS) {
      const delay = RETRY_BASE_DELAY_MS * 2 ** (job.attempts - 1);
      log.warn({ err: error, delay }, 'analysis fault, will retry');
      return () => queue.retryLater(job.id, this.id, delay);
    }
    log.error({ err: error }, 'analysis failed after retries');
    return () =>
      queue.fail(
        job.id,
        this.id,
        'analysis_failed',
        'The analysis failed repeatedly. Please try again later.',
      );
  }

  /**
   * Writes an outcome. While the database is unreachable the write is retried with backoff for
   * about one lease: the result is kept and written once the database is back. Past that (or on
   * any other failure) it is given up and logged; the lease then expires and a worker re-claims
   * the report. Writes are accepted only from the lease holder, so either way the report is
   * completed exactly once.
   */
  private async record(write: () => Promise<boolean>, log: FastifyBaseLogger): Promise<void> {
    const deadline = Date.now() + this.options.queue.leaseSeconds * 1000;
    let delayMs = MIN_CLAIM_BACKOFF_MS;
    for (;;) {
      try {
        await write();
        return;
      } catch (error) {
        if (!isDatabaseConnectionError(error) || Date.now() + delayMs > deadline) {
          log.error({ err: error }, 'could not record the outcome; the lease will expire');
          return;
        }
        log.warn({ err: error, retryInMs: delayMs }, 'database unavailable, will retry the write');
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        delayMs = Math.min(MAX_CLAIM_BACKOFF_MS, delayMs * 2);
      }
    }
  }
}
