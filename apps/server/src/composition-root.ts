import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { WatchMonitor } from './monitoring/watch-monitor.ts';
import { WatchService } from './monitoring/watch-service.ts';
import { AdmissionControl } from './services/admission.ts';
import { ApiTokenService } from './services/api-tokens.ts';
import { AttemptThrottle } from './services/attempt-throttle.ts';
import { type Auth, authSecret, createAuth } from './services/auth.ts';
import { AvatarService } from './services/avatar-service.ts';
import { createEngine } from './services/engine-factory.ts';
import { FormService } from './services/form-service.ts';
import { IncidentNotifier } from './services/incident-notifier.ts';
import { JobQueue } from './services/job-queue.ts';
import { LeadService } from './services/lead-service.ts';
import { Mailer } from './services/mailer.ts';
import { publicOrigin } from './services/public-origin.ts';
import { RateLimiter } from './services/rate-limit.ts';
import { eraseUserReports } from './services/report-erase.ts';
import { PdfRenderer } from './services/report-export/pdf-renderer.ts';
import { ReportService } from './services/report-service.ts';
import { RunningSiteReports } from './services/running-site-reports.ts';
import { loadSiteReport } from './services/site-report-source.ts';
import { siteCheckErasureKey } from './services/site-report-store.ts';
import { SiteVerificationService } from './services/site-verifications.ts';
import { TeamService } from './services/teams.ts';

/**
 * The one place where the server's services are built from the validated configuration: the web
 * process (`main.ts`), the worker process (`worker-main.ts`), the embedded worker and the test
 * app all call `createServices`, so a service is configured the same way everywhere and none
 * builds a hidden default of another.
 */
export interface Services {
  config: Config;
  logger: FastifyBaseLogger;
  database: Database;
  engine: AnalysisEngine;
  mailer: Mailer;
  /** Per-requester limits kept in the database (reports, forms, site pages). */
  limits: RateLimiter;
  /** Sign-in, sign-up, password and avatar throttles. */
  attempts: AttemptThrottle;
  /** API tokens (bearer secrets for scripts and agents). */
  tokens: ApiTokenService;
  /** Site ownership verification (the proofs read through the engine's guarded fetch). */
  siteVerifications: SiteVerificationService;
  auth: Auth;
  /** Teams: memberships behind each request's workspace, the trail, the ownership transfer. */
  teams: TeamService;
  /** Whether `AUTH_SECRET` was missing and a random one is signing sessions. */
  authSecretGenerated: boolean;
  reports: ReportService;
  queue: JobQueue;
  admission: AdmissionControl;
  /** Makes the PDF exports (its own headless browser, launched on first use). */
  pdfs: PdfRenderer;
  forms: FormService;
  leads: LeadService;
  avatars: AvatarService;
  watches: WatchService;
  /** A running check's site report, built at most every few seconds and shared meanwhile. */
  runningSiteReports: RunningSiteReports;
  /** Runs due watches and judges finished runs (used by workers). */
  monitor: WatchMonitor;
  /** Tells the team about requests that failed unexpectedly (mail to SUPPORT_EMAIL, rate-limited). */
  incidents: IncidentNotifier;
  /** Closes what `createServices` opened; what was passed in as an override stays open. */
  close(): Promise<void>;
}

/** Already built collaborators to use instead of building them (shared with a worker, tests). */
export interface ServiceOverrides {
  database?: Database;
  engine?: AnalysisEngine;
  logger?: FastifyBaseLogger;
  /** The time in ms for the services that cache by time (tests move it instead of sleeping). */
  now?: () => number;
}

export async function createServices(
  config: Config,
  overrides: ServiceOverrides = {},
): Promise<Services> {
  const logger = overrides.logger ?? (pino({ level: config.LOG_LEVEL }) as FastifyBaseLogger);
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  const engine = overrides.engine ?? (await createEngine(config));
  const mailer = new Mailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, logger);
  const limits = new RateLimiter(config.RATE_LIMITS === 'on');
  const reports = new ReportService(database, { finishedCacheMs: config.REPORT_READ_CACHE_MS });
  const { secret, generated } = authSecret(config);
  const attempts = new AttemptThrottle(config.RATE_LIMITS === 'on');
  const teams = new TeamService(database);
  const auth = createAuth({
    config,
    database,
    secret,
    log: logger,
    mailer,
    attempts,
    beforeDeleteUser: async (userId) => {
      const tokens = await eraseUserReports(database.db, userId);
      reports.forgetCached(tokens);
    },
    teams,
    beforeDeleteTeam: async (teamId) => {
      reports.forgetCached(await teams.eraseTeamReports(teamId));
    },
  });
  const pdfs = new PdfRenderer({
    idleCloseMs: config.IDLE_RELEASE_SECONDS * 1000,
    env: config.CHROMIUM_PATH
      ? { ...process.env, CHROMIUM_PATH: config.CHROMIUM_PATH }
      : process.env,
  });
  const siteVerifications = new SiteVerificationService(database, engine);
  return {
    config,
    logger,
    database,
    engine,
    mailer,
    limits,
    attempts,
    tokens: new ApiTokenService(database),
    siteVerifications,
    auth,
    teams,
    authSecretGenerated: generated,
    reports,
    queue: new JobQueue(database, {
      leaseSeconds: config.JOB_LEASE_SECONDS,
      sitePageIntervalMs: config.SITE_CHECK_PAGE_INTERVAL_MS,
      stuckAfterSeconds: config.REPORT_STUCK_AFTER_SECONDS,
    }),
    admission: new AdmissionControl(database, {
      maxInFlight: config.MAX_INFLIGHT_INTAKES,
      maxQueued: config.MAX_QUEUED_REPORTS,
      ...(overrides.now ? { now: overrides.now } : {}),
    }),
    pdfs,
    forms: new FormService(database, mailer, config.SUPPORT_EMAIL),
    leads: new LeadService(database),
    avatars: new AvatarService(database),
    watches: new WatchService(database),
    runningSiteReports: new RunningSiteReports(
      {
        build: (siteCheck) => loadSiteReport(database.db, siteCheck),
        erasureKey: (siteCheckId) => siteCheckErasureKey(database.db, siteCheckId),
      },
      overrides.now ? { now: overrides.now } : {},
    ),
    monitor: new WatchMonitor({
      database,
      mailer,
      publicOrigin: publicOrigin(config),
      logger,
      limits,
      verifications: siteVerifications,
      siteCrawlMaxPages: config.SITE_CRAWL_MAX_PAGES,
    }),
    incidents: new IncidentNotifier(mailer, config.SUPPORT_EMAIL, logger),
    async close() {
      await pdfs.close();
      await mailer.close();
      if (!overrides.engine) await engine.close();
      if (!overrides.database) await database.close();
    },
  };
}
