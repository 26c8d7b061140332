import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import { ERROR_CATALOGUE } from '@crawlwise/shared/error-catalogue';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { ApiError, errorBody } from './errors.ts';
import { healthRoutes } from './routes/health.ts';
import { reportRoutes } from './routes/reports.ts';
import { webRoutes } from './routes/web.ts';
import { createEngine } from './services/engine-factory.ts';
import { JobQueue } from './services/job-queue.ts';
import { ReportService } from './services/report-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    engine: AnalysisEngine;
    reports: ReportService;
    queue: JobQueue;
  }
}

export interface AppDependencies {
  /** An already open database (shared with a worker); otherwise opened from config and owned. */
  database?: Database;
  engine?: AnalysisEngine;
}

/** JSON bodies are small (a URL, a form): anything larger is refused before parsing. */
const BODY_LIMIT_BYTES = 16 * 1024;

/** Builds the HTTP app without listening, so tests can drive it with `inject`. */
export async function buildApp(
  config: Config,
  dependencies: AppDependencies = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
    return503OnClosing: true,
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
  app.decorate('reports', new ReportService(database));
  app.decorate('queue', new JobQueue(database, config.JOB_LEASE_SECONDS));
  app.addHook('onClose', async () => {
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
    if (isConnectionError(error)) {
      return reply.code(503).send(errorBody('database_connection'));
    }
    return reply
      .code(500)
      .send(errorBody('internal_error', ERROR_CATALOGUE.internal_error.description));
  });

  await app.register(healthRoutes);
  await app.register(reportRoutes);
  await app.register(webRoutes);
  return app;
}

function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ECONNREFUSED' || code === '57P01' || code === '08006' || code === '08001';
}
