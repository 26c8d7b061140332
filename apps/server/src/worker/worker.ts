import { randomUUID } from 'node:crypto';
import type { Services } from '../composition-root.ts';
import { CHECKPOINT_WAL_BYTES, checkpointIfWalGrown } from '../db/embedded-checkpoint.ts';
import { OFTEN_VACUUMED, vacuumTables } from '../db/embedded-vacuum.ts';
import type { WatchMonitor } from '../monitoring/watch-monitor.ts';
import { ExternalLinkChecks } from '../services/external-link-checks.ts';
import { ensureActiveHostsPaced } from '../services/host-pace.ts';
import { releaseMemory } from '../services/release-memory.ts';
import { purgeExpiredData } from '../services/retention.ts';
import { buildDueAuditSnapshots, dropLeftoverAuditRows } from '../services/site-audit-build.ts';
import { SiteCheckDiscovery } from '../services/site-check-discovery.ts';
import { settleAllSiteChecks } from '../services/site-checks.ts';
import { warmUpSiteReport } from '../services/site-report-warmup.ts';
import {
  MAX_DATABASE_BACKOFF_MS,
  MIN_DATABASE_BACKOFF_MS,
  reportAnalysisKind,
  sitePageAnalysisKind,
} from './analysis-jobs.ts';
import { discoveryKind } from './discovery-jobs.ts';
import { externalLinkKind } from './external-link-jobs.ts';
import { type JobKind, type LeasedJob, runLeased } from './job-kind.ts';
import { Scheduler } from './scheduler.ts';

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
  /**
   * Builds a made-up site report once at start (services/site-report-warmup.ts), so the first
   * real one stored is not built cold: on in the server's processes, off in tests.
   */
  warmUpSiteReport?: boolean;
  /** The clock of the purge and of the watch schedule; tests move it instead of waiting days. */
  clock?: () => Date;
  /** How often due watches are looked for; finished watch runs are also judged after each job. */
  monitorIntervalMs?: number;
  /** A whole sitemap discovery's deadline (SITE_DISCOVERY_TIMEOUT_SECONDS). */
  discoveryDeadlineMs?: number;
  /** First retry delay after a transient analysis fault (tests shorten it). */
  retryBaseDelayMs?: number;
  /** How often due audit snapshots are looked for; a site page's end also triggers a pass. */
  auditIntervalMs?: number;
  /** How often the embedded database's log is looked at for a checkpoint (db/embedded-checkpoint.ts). */
  checkpointIntervalMs?: number;
  /** The log written since the last checkpoint that makes one due (tests lower it). */
  checkpointWalBytes?: number;
  /** How often the embedded database's tables are vacuumed (db/embedded-vacuum.ts). */
  vacuumIntervalMs?: number;
  /** How often its report rows are vacuumed besides (db/embedded-vacuum.ts, OFTEN_VACUUMED). */
  reportsVacuumIntervalMs?: number;
}

const PURGE_INTERVAL_MS = 10 * 60 * 1000;
const MONITOR_INTERVAL_MS = 60 * 1000;
const AUDIT_INTERVAL_MS = 5 * 1000;
const AUDIT_TASK = 'audit snapshots';
const CHECKPOINT_TASK = 'checkpoint';
/** One read of the log's position: cheap. A 10,000-page crawl writes 5-7 MB of it a second. */
const CHECKPOINT_INTERVAL_MS = 5 * 1000;
const VACUUM_TASK = 'vacuum';
/** As often as the purge, whose deleted rows it makes reusable. */
const VACUUM_INTERVAL_MS = 10 * 60 * 1000;
const REPORTS_VACUUM_TASK = 'vacuum of reports';
/**
 * The report rows (db/embedded-vacuum.ts, OFTEN_VACUUMED): 20 s of a crawl's page ends at a time
 * (~1,500 rows at the embedded database's pace), so at its end all but the last few seconds'
 * rows are vacuumed. A pass that finds nothing to do reads only the visibility map.
 */
const REPORTS_VACUUM_INTERVAL_MS = 20 * 1000;
/** A build of at least this many pages is followed by a full garbage collection (see its use). */
const RELEASE_AFTER_BUILD_PAGES = 1000;
const MONITORING_TASK = 'monitoring pass';
/**
 * How soon after a job ends the passes it may concern run (the audit snapshot of its check, the
 * judging of a watch run): one pass serves every job that ends in that time.
 */
const JOB_END_PASS_DELAY_MS = 100;

interface InFlight {
  kind: JobKind;
  id: string;
  run: Promise<void>;
}

/**
 * Claims jobs and runs them, up to `concurrency` at a time. It wakes on the database's job
 * notification (new work is picked up within milliseconds) and polls as a fallback. The kinds
 * are tried in order — single reports (someone is watching), site-check pages, crawls' external
 * links, discoveries — so the worker knows each only through the job-kind interface
 * (job-kind.ts); the periodic tasks (sweep, purge, monitoring) run in one scheduler.
 */
export class Worker {
  readonly id = `worker-${randomUUID()}`;
  /** Keyed by kind and id: ids are unique only within their kind's table. */
  private readonly inFlight = new Map<string, InFlight>();
  private stopping = false;
  private pumping = false;
  private pumpAgain = false;
  private pollTimer: NodeJS.Timeout | null = null;
  /** One-shot wake-ups at a paced host's next turn (HostPace.onNextTurn). */
  private readonly turnTimers = new Set<NodeJS.Timeout>();
  private stopTurnWakeUps: (() => void) | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private claimBackoff = { until: 0, delayMs: 0 };
  /** Kinds whose last claim found nothing, skipped until their JobKind.retryEmptyClaim says. */
  private readonly emptyKinds = new Set<JobKind>();
  private readonly kinds: readonly JobKind[];
  private readonly scheduler: Scheduler;

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
    const discovery = new SiteCheckDiscovery(
      services.database,
      services.limits,
      services.queue.leaseSeconds,
      options.discoveryDeadlineMs,
    );
    const analysis = {
      queue: services.queue,
      engine: services.engine,
      logger: services.logger,
      limits: services.limits,
      retryBaseDelayMs: options.retryBaseDelayMs,
    };
    const external = new ExternalLinkChecks(
      services.database,
      services.queue.hostPace,
      services.queue.leaseSeconds,
    );
    this.kinds = [
      reportAnalysisKind(analysis),
      sitePageAnalysisKind(analysis),
      externalLinkKind(external, services.engine, services.logger),
      discoveryKind(discovery, services.engine, services.logger),
    ] as readonly JobKind[];
    this.scheduler = this.schedule(discovery, external);
  }

  private schedule(discovery: SiteCheckDiscovery, external: ExternalLinkChecks): Scheduler {
    const { database, queue, logger, monitor, clock } = this.options;
    const scheduler = new Scheduler((name, error) =>
      logger.error({ err: error }, `${name} failed`),
    );
    scheduler.add({
      name: 'sweep',
      everyMs: this.options.sweepIntervalMs ?? 30_000,
      run: async () => {
        const count = await queue.sweep();
        const discoveries = await discovery.sweep();
        const targets = await external.sweep();
        if (targets > 0) logger.warn({ targets }, 'gave up on external link targets');
        // A site check whose last page (or external target) the sweep just failed is complete now.
        await settleAllSiteChecks(database.db);
        // Checks started before host_pace existed get their host's row (new ones have it).
        await ensureActiveHostsPaced(database.db);
        if (count + discoveries > 0) logger.warn({ count, discoveries }, 'failed stuck jobs');
      },
    });
    scheduler.add({
      name: 'purge',
      everyMs: this.options.purgeIntervalMs ?? PURGE_INTERVAL_MS,
      runAtStart: true,
      run: async () => {
        const counts = await purgeExpiredData(database, clock?.() ?? new Date());
        if (counts.reports + counts.urls + counts.throttleEvents > 0) {
          logger.info(counts, 'purged expired data');
        }
      },
    });
    // Site checks' audit snapshots (services/site-audit-build.ts): ended checks at once, running
    // crawls at most every REBUILD_AFTER_MS.
    scheduler.add({
      name: AUDIT_TASK,
      everyMs: this.options.auditIntervalMs ?? AUDIT_INTERVAL_MS,
      run: async () => {
        const builds = await buildDueAuditSnapshots(
          database.db,
          (siteCheckId, error) =>
            logger.error({ err: error, siteCheckId }, 'building an audit snapshot failed'),
          {
            onReportStored: (stored) => logger.info(stored, 'site report stored'),
            // The report's reading and building left its garbage (the pages' and links' JSON
            // text, the report's): collected before the snapshot is built beside what it still
            // holds, so the two phases' garbage never add up (the embedded process's peak).
            afterReport: (pages) => {
              if (pages >= RELEASE_AFTER_BUILD_PAGES) releaseMemory();
            },
          },
        );
        for (const build of builds) {
          if (build.claimed) logger.info(build, 'audit snapshot built');
          else logger.debug(build, 'audit snapshot left to the worker building it');
        }
        // A big check's build leaves its pages, links and snapshot rows as garbage (~200 MB at
        // 10,000 pages) that V8 would otherwise keep until its heap grows further: collected now,
        // so a worker that built holds no more than one that did not when the other builds.
        if (builds.some((build) => build.claimed && build.pages >= RELEASE_AFTER_BUILD_PAGES)) {
          releaseMemory();
        }
        await dropLeftoverAuditRows(database.db);
      },
    });
    // The embedded database has no checkpointer nor autovacuum (PostgreSQL's own daemons do
    // both there).
    if (database.kind === 'pglite') {
      // Without this its log grew until the server stopped.
      scheduler.add({
        name: CHECKPOINT_TASK,
        everyMs: this.options.checkpointIntervalMs ?? CHECKPOINT_INTERVAL_MS,
        runAtStart: true,
        run: async () => {
          const checkpoint = await checkpointIfWalGrown(
            database.db,
            this.options.checkpointWalBytes ?? CHECKPOINT_WAL_BYTES,
          );
          if (checkpoint) logger.info(checkpoint, 'embedded database checkpointed');
        },
      });
      // Without this the space of deleted and replaced rows was never reused.
      scheduler.add({
        name: VACUUM_TASK,
        everyMs: this.options.vacuumIntervalMs ?? VACUUM_INTERVAL_MS,
        run: async () => {
          const vacuumed = await vacuumTables(database.db);
          const ms = vacuumed.reduce((sum, table) => sum + table.ms, 0);
          const slowest = vacuumed.reduce((a, b) => (b.ms > a.ms ? b : a), { table: '', ms: 0 });
          logger.info({ tables: vacuumed.length, ms, slowest }, 'embedded database vacuumed');
        },
      });
      scheduler.add({
        name: REPORTS_VACUUM_TASK,
        everyMs: this.options.reportsVacuumIntervalMs ?? REPORTS_VACUUM_INTERVAL_MS,
        run: async () => {
          const [vacuumed] = await vacuumTables(database.db, OFTEN_VACUUMED);
          if (vacuumed) logger.debug(vacuumed, 'embedded database table vacuumed');
        },
      });
    }
    if (monitor) {
      scheduler.add({
        name: MONITORING_TASK,
        everyMs: this.options.monitorIntervalMs ?? MONITOR_INTERVAL_MS,
        runAtStart: true,
        run: async () => {
          const started = await monitor.startDueRuns(clock?.() ?? new Date());
          if (started > 0) logger.info({ started }, 'watch runs started');
          await monitor.judgeFinishedRuns();
        },
      });
    }
    return scheduler;
  }

  async start(): Promise<void> {
    const { database, logger } = this.options;
    this.unlisten = await database.listenJobs(() => this.noticed());
    this.stopTurnWakeUps = this.options.queue.hostPace.onNextTurn((inMs) => this.wakeIn(inMs));
    this.pollTimer = setInterval(() => this.noticed(), this.options.pollIntervalMs ?? 1000);
    this.scheduler.start();
    logger.info({ workerId: this.id, concurrency: this.options.concurrency }, 'worker started');
    void this.pump();
    if (this.options.warmUpSiteReport) {
      // On a turn of its own once start-up's own work is done: ~150 ms of this event loop, once
      // (the embedded worker's web server shares it, so it runs while the server starts).
      setImmediate(() => {
        if (this.stopping) return;
        try {
          logger.debug({ ms: Math.round(warmUpSiteReport()) }, 'site report build warmed up');
        } catch (error) {
          logger.warn({ err: error }, 'warming up the site report build failed');
        }
      });
    }
  }

  /** Stops claiming; waits for in-flight jobs up to `graceMs`, then gives them back. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    this.stopTurnWakeUps?.();
    this.stopTurnWakeUps = null;
    for (const timer of this.turnTimers) clearTimeout(timer);
    this.turnTimers.clear();
    await this.unlisten?.();
    // The periodic passes are short (a few queries, at most a batch of mails): they end first.
    await this.scheduler.stop();
    const pending = [...this.inFlight.values()].map((job) => job.run);
    const finished = await Promise.race([
      Promise.allSettled(pending).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
    ]);
    if (!finished) {
      for (const { kind, id } of this.inFlight.values()) {
        await kind.release(id, this.id).catch(() => {});
      }
    }
  }

  /** Erases what is past its retention; one run at a time, failures logged (never thrown). */
  purge(): Promise<void> {
    return this.scheduler.trigger('purge');
  }

  /**
   * Starts the watch runs due by the clock, then judges the finished ones (mailing regressions).
   * One pass at a time per worker (a request during a pass runs one more after it and resolves
   * when that ends); failures are logged, never thrown.
   */
  runMonitoring(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return this.scheduler.trigger(MONITORING_TASK);
  }

  /** Slots site work may hold: all but one, so a single report always finds one. */
  private get siteSlots(): number {
    return Math.max(1, this.options.concurrency - 1);
  }

  private get siteWork(): number {
    let count = 0;
    for (const job of this.inFlight.values()) if (job.kind.siteWork) count += 1;
    return count;
  }

  get activeJobs(): number {
    return this.inFlight.size;
  }

  /** One job of the first kind that has one due, or null when none has. */
  private async claimNext(): Promise<{ kind: JobKind; job: LeasedJob } | null> {
    // Site work never takes the last slot from single reports: one free account's site check
    // cannot starve everyone's reports (issue 25).
    const siteAllowed = this.siteWork < this.siteSlots;
    for (const kind of this.kinds) {
      if ((kind.siteWork && !siteAllowed) || this.emptyKinds.has(kind)) continue;
      const job = await kind.claim(this.id);
      if (job) return { kind, job };
      if (kind.retryEmptyClaim !== 'always') this.emptyKinds.add(kind);
    }
    return null;
  }

  /**
   * A notification on the jobs channel, or a poll: every kind is worth a claim again. Between
   * them, a kind that found nothing is not asked again at each job's end — most claims at the
   * pace of a crawl's pages were such empty ones, a statement each.
   */
  private noticed(): void {
    this.emptyKinds.clear();
    void this.pump();
  }

  /** Claims again once a paced host's next turn has come (a few ms late, never early). */
  private wakeIn(inMs: number): void {
    if (this.stopping) return;
    const timer = setTimeout(() => {
      this.turnTimers.delete(timer);
      for (const kind of this.emptyKinds)
        if (kind.retryEmptyClaim === 'turn') this.emptyKinds.delete(kind);
      void this.pump();
    }, inMs + 5);
    timer.unref();
    this.turnTimers.add(timer);
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
          const claimed = await this.claimNext();
          this.claimBackoff = { until: 0, delayMs: 0 };
          if (!claimed) break;
          this.begin(claimed.kind, claimed.job);
        }
      } while (this.pumpAgain && !this.stopping);
    } catch (error) {
      const delayMs = Math.min(
        MAX_DATABASE_BACKOFF_MS,
        Math.max(MIN_DATABASE_BACKOFF_MS, this.claimBackoff.delayMs * 2),
      );
      this.claimBackoff = { until: Date.now() + delayMs, delayMs };
      this.options.logger.error({ err: error, retryInMs: delayMs }, 'claiming a job failed');
    } finally {
      this.pumping = false;
    }
  }

  private begin(kind: JobKind, job: LeasedJob): void {
    const key = `${kind.name}:${job.id}`;
    const run = runLeased(kind, job, this.id).finally(() => {
      this.inFlight.delete(key);
      void this.pump();
      // A site page's end may complete its check (or give a running crawl's audit new pages).
      // With no site work left in flight it may well have been the check's last page, whose
      // report a request is waiting for: the pass runs at once.
      if (kind.siteWork) {
        this.scheduler.triggerSoon(AUDIT_TASK, this.siteWork === 0 ? 0 : JOB_END_PASS_DELAY_MS);
      }
      // The job may be a watch run: judge it soon rather than at the next interval.
      if (!this.stopping) this.scheduler.triggerSoon(MONITORING_TASK, JOB_END_PASS_DELAY_MS);
    });
    this.inFlight.set(key, { kind, id: job.id, run });
  }
}
