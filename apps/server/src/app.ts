import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import type { TeamRole } from '@crawlwise/shared/api/teams';
import { ERROR_CATALOGUE } from '@crawlwise/shared/error-catalogue';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Services } from './composition-root.ts';
import type { Config } from './config.ts';
import { isDatabaseConnectionError, isTransientDatabaseError } from './db/connection-error.ts';
import type { Database } from './db/database.ts';
import { ApiError, errorBody } from './errors.ts';
import { mcpRoutes } from './mcp/mcp-route.ts';
import { apiTokenAuthPlugin } from './plugins/api-token-auth.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { openApiPlugin, validationErrorBody } from './plugins/openapi.ts';
import { pressurePlugin } from './plugins/pressure.ts';
import { reportBuildHoldPlugin } from './plugins/report-build-hold.ts';
import { securityPlugin } from './plugins/security.ts';
import { accountRoutes } from './routes/account.ts';
import { apiTokenRoutes } from './routes/api-tokens.ts';
import { formRoutes } from './routes/forms.ts';
import { healthRoutes } from './routes/health.ts';
import { historyCompareRoutes } from './routes/history-compare.ts';
import { leadRoutes } from './routes/leads.ts';
import { noScriptRoutes } from './routes/no-script.ts';
import { reportExportRoutes } from './routes/report-exports.ts';
import { reportRoutes } from './routes/reports.ts';
import { siteAuditRoutes } from './routes/site-audit.ts';
import { siteCheckRoutes } from './routes/site-checks.ts';
import { siteVerificationRoutes } from './routes/site-verifications.ts';
import { teamRoutes } from './routes/teams.ts';
import { watchRoutes } from './routes/watches.ts';
import { webRoutes } from './routes/web.ts';
import type { AdmissionControl } from './services/admission.ts';
import type { JobQueue } from './services/job-queue.ts';
import type { Mailer } from './services/mailer.ts';
import type { RateLimiter } from './services/rate-limit.ts';
import type { PdfRenderer } from './services/report-export/pdf-renderer.ts';
import type { ReportService } from './services/report-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service of the process, built once by createServices (composition-root.ts). */
    services: Services;
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
    /** The active team (services/workspace.ts), when the session names one the caller is in. */
    teamId: string | null;
    teamRole: TeamRole | null;
    /**
     * The session names a team the caller is no longer a member of (removed, or the team was
     * deleted): every workspace route answers 404 `team_not_found` (docs/teams.md).
     */
    teamGone: boolean;
  }
}

/** JSON bodies are small (a URL, a form): anything larger is refused before parsing. */
const BODY_LIMIT_BYTES = 16 * 1024;

/** A database outage is usually a restart or a failover: worth trying again in a few seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Builds the HTTP app on the given services without listening, so tests can drive it with
 * `inject`. The services outlive the app: whoever created them closes them.
 */
export async function buildApp(services: Services): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    loggerInstance: services.logger,
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
  app.decorate('services', services);
  app.decorate('config', config);
  app.decorate('database', services.database);
  app.decorate('engine', services.engine);
  app.decorate('reports', services.reports);
  app.decorate('queue', services.queue);
  app.decorate('limits', services.limits);
  app.decorate('admission', services.admission);
  app.decorate('mailer', services.mailer);
  app.decorate('pdfs', services.pdfs);
  app.decorateRequest('userId', null);
  // The active workspace (services/workspace.ts), resolved by plugins/auth.ts.
  app.decorateRequest('teamId', null);
  app.decorateRequest('teamRole', null);
  app.decorateRequest('teamGone', false);

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    // Error answers have one shape by construction (errorBody); the route's documented error
    // schemas list the codes for readers of the API and are not re-checked here.
    reply.serializer(JSON.stringify);
    if (error instanceof ApiError) {
      // A refusal that is our failure (submission_failed, export_failed...) keeps its cause.
      if (error.statusCode >= 500 && error.cause) {
        request.log.error({ err: error.cause, code: error.code }, 'request failed');
      }
      reply.headers(error.headers);
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { statusCode, body } = validationErrorBody(error);
      return reply.code(statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the client's request was at fault.
      return reply.code(status).send(errorBody('invalid_request', error.message));
    }
    if (isDatabaseConnectionError(error) || isTransientDatabaseError(error)) {
      request.log.error({ err: error }, 'request failed: database');
      // Unreachable (database_connection) or unable right now (database_error): both temporary.
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(
          errorBody(isDatabaseConnectionError(error) ? 'database_connection' : 'database_error'),
        );
    }
    services.incidents.report(error, {
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      requestId: request.id,
    });
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
  // Before the session lookup: a site report's request counts from its arrival.
  await app.register(reportBuildHoldPlugin);
  // After the Origin check, so cross-site writes never reach Better Auth.
  await app.register(authPlugin);
  // After the session: a bearer token decides who the request is, whatever cookie it carries.
  await app.register(apiTokenAuthPlugin);
  // Before every route and @fastify/static, so its onSend hook covers them all.
  await registerCompression(app);
  // Before the routes: it collects their schemas as they are added.
  await app.register(openApiPlugin, { checkAnswers: config.NODE_ENV !== 'production' });
  await app.register(healthRoutes);
  await app.register(reportRoutes);
  await app.register(reportExportRoutes);
  await app.register(leadRoutes);
  await app.register(formRoutes);
  await app.register(noScriptRoutes);
  await app.register(accountRoutes);
  await app.register(historyCompareRoutes);
  await app.register(siteCheckRoutes);
  await app.register(siteAuditRoutes);
  await app.register(siteVerificationRoutes);
  await app.register(watchRoutes);
  await app.register(teamRoutes);
  await app.register(apiTokenRoutes);
  await app.register(mcpRoutes);
  await app.register(webRoutes);
  return app;
}
