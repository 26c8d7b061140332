import type { FastifyPluginAsync } from 'fastify';

/** /healthz: the process is up. /readyz: it can reach its database, so it can take traffic. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await app.database.ping();
      return { ok: true, database: app.database.kind };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ ok: false, error: 'database_connection' });
    }
  });
};
