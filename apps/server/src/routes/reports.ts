import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors.ts';
import { submitReport } from '../services/report-intake.ts';
import { presentReport } from '../services/report-presenter.ts';
import { requesterKey } from '../services/requester.ts';

/**
 * POST /api/reports fetches the page while the visitor waits (services/report-intake.ts), so an
 * unreachable page is answered at once with its catalogue code.
 */
export const reportRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/reports', async (request, reply) => {
    const body = (request.body ?? {}) as { url?: unknown };
    const created = await submitReport(app, {
      url: body.url,
      requesterKey: requesterKey(request),
      userId: request.userId,
    });
    return reply.code(201).send({
      ok: true,
      accessToken: created.accessToken,
      ...(created.rateLimitSoft ? { rate_limit_soft: true } : {}),
    });
  });

  app.get<{ Params: { token: string } }>('/api/reports/:token', async (request) => {
    const lookup = await app.reports.findByToken(request.params.token);
    switch (lookup.kind) {
      case 'not_found':
        throw new ApiError('report_not_found');
      case 'deleted':
        throw new ApiError('report_deleted');
      case 'expired':
        throw new ApiError('report_expired');
      case 'found':
        return {
          ok: true,
          report: presentReport(lookup.report, lookup.url, request.userId !== null),
        };
    }
  });
};
