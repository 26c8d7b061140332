import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import { ERROR_CATALOGUE } from '@crawlwise/shared/error-catalogue';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { isDatabaseConnectionError } from './db/connection-error.ts';
import { type Database, openDatabase } from './db/database.ts';
import { ApiError, errorBody } from './errors.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { pressurePlugin } from './plugins/pressure.ts';
import { securityPlugin } from './plugins/security.ts';
import { accountRoutes } from './routes/account.ts';
import { formRoutes } from './routes/forms.ts';
import { healthRoutes } from './routes/health.ts';
import { historyCompareRoutes } from './routes/history-compare.ts';
import { leadRoutes } from './routes/leads.ts';
import { noScriptRoutes } from './routes/no-script.ts';
import { reportExportRoutes } from './routes/report-exports.ts';
import { reportRoutes } from './routes/reports.ts';
import { siteCheckRoutes } from './routes/site-checks.ts';
import { watchRoutes } from './routes/watches.ts';
import { webRoutes } from './routes/web.ts';
import { AdmissionControl } from './services/admission.ts';
import { createEngine } from './services/engine-factory.ts';
import { JobQueue } from './services/job-queue.ts';
import { Mailer } from './services/mailer.ts';
import { RateLimiter } from './services/rate-limit.ts';
import { PdfRenderer } from './services/report-export/pdf-renderer.ts';
import { ReportService } from './services/report-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    engine: AnalysisEngine;
    reports: ReportService;
    queue: JobQueue;
    limits: RateLimiter;
    admission: AdmissionControl;
    mailer: Mailer;
    /** Makes the PDF exports (its own headless browser, launched on first use). */
    pdfs: PdfRenderer;
  }
  interface FastifyRequest {
    /**
     * The signed-in account, or null for an anonymous visitor: set from the session cookie by
     * plugins/auth.ts in an onRequest hook; owner checks and per-account limits read it here.
     */
    userId: string | null;
  }
}

export interface AppDependencies {
  /** An already open database (shared with a worker); otherwise opened from config and owned. */
  database?: Database;
  engine?: AnalysisEngine;
}

/** JSON bodies are small (a URL, a form): anything larger is refused before parsing. */
const BODY_LIMIT_BYTES = 16 * 1024;

/** A database outage is usually a restart or a failover: worth trying again in a few seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Builds the HTTP app without listening, so tests can drive it with `inject`. */
export async function buildApp(
  config: Config,
  dependencies: AppDependencies = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Forwarded-For is believed only from the configured proxies (the report limit is per address).
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
    return503OnClosing: true,
  });
  // At shutdown a request already in a handler is still answered, but its keep-alive connection
  // would then hold close() open (Fastify keeps idle connections 72 s): answers sent while
  // closing end their connection.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const database =
    dependencies.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  const engine = dependencies.engine ?? (await createEngine(config));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('engine', engine);
  app.decorate(
    'reports',
    new ReportService(database, { finishedCacheMs: config.REPORT_READ_CACHE_MS }),
  );
  app.decorate(
    'queue',
    new JobQueue(database, {
      leaseSeconds: config.JOB_LEASE_SECONDS,
      sitePageIntervalMs: config.SITE_CHECK_PAGE_INTERVAL_MS,
      stuckAfterSeconds: config.REPORT_STUCK_AFTER_SECONDS,
    }),
  );
  app.decorate('limits', new RateLimiter(config.RATE_LIMITS === 'on'));
  app.decorate(
    'admission',
    new AdmissionControl(database, {
      maxInFlight: config.MAX_INFLIGHT_INTAKES,
      maxQueued: config.MAX_QUEUED_REPORTS,
    }),
  );
  app.decorateRequest('userId', null);
  const mailer = new Mailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, app.log);
  app.decorate('mailer', mailer);
  const pdfs = new PdfRenderer({
    idleCloseMs: config.IDLE_RELEASE_SECONDS * 1000,
    env: config.CHROMIUM_PATH
      ? { ...process.env, CHROMIUM_PATH: config.CHROMIUM_PATH }
      : process.env,
  });
  app.decorate('pdfs', pdfs);
  app.addHook('onClose', async () => {
    await pdfs.close();
    await mailer.close();
    if (!dependencies.engine) await engine.close();
    if (!dependencies.database) await database.close();
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the client's request was at fault.
      return reply.code(status).send(errorBody('invalid_request', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    if (isDatabaseConnectionError(error)) {
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody('database_connection'));
    }
    return reply
      .code(500)
      .send(errorBody('internal_error', ERROR_CATALOGUE.internal_error.description));
  });

  // First: a shed request costs nothing more than this check.
  await app.register(pressurePlugin, {
    maxEventLoopDelayMs: config.MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedMb: config.MAX_HEAP_USED_MB,
    maxRssMb: config.MAX_RSS_MB,
    sampleIntervalMs: config.PRESSURE_SAMPLE_MS,
  });
  await app.register(securityPlugin, {
    webDistDir: config.WEB_DIST_DIR,
    publicUrl: config.PUBLIC_URL,
  });
  // After the Origin check, so cross-site writes never reach Better Auth.
  await app.register(authPlugin, { config, database });
  // Before every route and @fastify/static, so its onSend hook covers them all.
  await registerCompression(app);
  // Before the routes: it collects their schemas as they are added.
  await app.register(openApiPlugin);
  await app.register(healthRoutes);
  await app.register(reportRoutes);
  await app.register(reportExportRoutes);
  await app.register(leadRoutes);
  await app.register(formRoutes);
  await app.register(noScriptRoutes);
  await app.register(accountRoutes);
  await app.register(historyCompareRoutes);
  await app.register(siteCheckRoutes);
  await app.register(watchRoutes);
  await app.register(webRoutes);
  return app;
}
