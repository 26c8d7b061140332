import { healthResponseSchema, readyResponseSchema } from '@crawlwise/shared/api/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../errors.ts';
import { errorResponses } from '../plugins/openapi.ts';
import { NEVER_SHED } from '../plugins/pressure.ts';

/** A readiness probe must answer quickly: a database this slow is not ready either. */
const READINESS_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** /healthz: the process is up. /readyz: it can reach its database, so it can take traffic. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      // Liveness stays true under load: shedding it would get a busy process restarted.
      config: NEVER_SHED,
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process answers',
        response: { 200: healthResponseSchema.describe('Up') },
      },
    },
    async () => ({ ok: true as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers',
        response: {
          200: readyResponseSchema.describe('Ready'),
          // database_connection: the database does not answer; service_unavailable: the process
          // is under pressure (event-loop lag or memory), with Retry-After.
          ...errorResponses('database_connection', 'service_unavailable'),
        },
      },
    },
    async () => {
      try {
        await withTimeout(app.database.ping(), READINESS_TIMEOUT_MS);
        return { ok: true as const, database: app.database.kind };
      } catch (error) {
        app.log.warn({ err: error }, 'readiness check failed');
        throw new ApiError('database_connection');
      }
    },
  );
};
