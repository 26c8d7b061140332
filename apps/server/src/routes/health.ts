import type { FastifyPluginAsync } from 'fastify';
import { NEVER_SHED } from '../plugins/pressure.ts';

const healthy = {
  description: 'Up',
  type: 'object',
  properties: { ok: { type: 'boolean', enum: [true] } },
};

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
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/healthz',
    {
      // Liveness stays true under load: shedding it would get a busy process restarted.
      config: NEVER_SHED,
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process answers',
        response: { 200: healthy },
      },
    },
    async () => ({ ok: true }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers',
        response: {
          200: {
            description: 'Ready',
            type: 'object',
            properties: {
              ok: { type: 'boolean', enum: [true] },
              database: { type: 'string', enum: ['pglite', 'postgres'] },
            },
          },
          503: {
            description:
              'Error code: `database_connection` (the database does not answer) or ' +
              '`service_unavailable` (the process is under pressure: event-loop lag or memory; ' +
              'with `Retry-After`)',
            type: 'object',
            properties: {
              ok: { type: 'boolean', enum: [false] },
              error: { type: 'string', enum: ['database_connection', 'service_unavailable'] },
              message: { type: 'string' },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      try {
        await withTimeout(app.database.ping(), READINESS_TIMEOUT_MS);
        return { ok: true, database: app.database.kind };
      } catch (error) {
        app.log.warn({ err: error }, 'readiness check failed');
        return reply.code(503).send({ ok: false, error: 'database_connection' });
      }
    },
  );
};
