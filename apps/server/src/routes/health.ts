import type { FastifyPluginAsync } from 'fastify';

const healthy = {
  description: 'Up',
  type: 'object',
  properties: { ok: { type: 'boolean', enum: [true] } },
};

/** /healthz: the process is up. /readyz: it can reach its database, so it can take traffic. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/healthz',
    {
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
            description: 'Error code: `database_connection` (the database does not answer)',
            type: 'object',
            properties: {
              ok: { type: 'boolean', enum: [false] },
              error: { type: 'string', enum: ['database_connection'] },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
        return { ok: true, database: app.database.kind };
      } catch (error) {
        app.log.warn({ err: error }, 'readiness check failed');
        return reply.code(503).send({ ok: false, error: 'database_connection' });
      }
    },
  );
};
