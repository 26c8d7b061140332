import { isAnalysisError } from '@crawlwise/analyzer/analysis-error';
import { parseServerUrl } from '@crawlwise/shared/url-input';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors.ts';
import { presentReport } from '../services/report-presenter.ts';

/**
 * POST /api/reports fetches the page while the visitor waits (10 s budget), so an unreachable
 * page is answered at once with its catalogue code; the fetched document is stored with the
 * queued report and the worker analyses it without fetching again.
 */
export const reportRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/reports', async (request, reply) => {
    const body = (request.body ?? {}) as { url?: unknown };
    const parsed = parseServerUrl(body.url);
    if (!parsed.ok) throw new ApiError(parsed.code, parsed.message);
    let document: Awaited<ReturnType<typeof app.engine.fetchDocument>>;
    try {
      document = await app.engine.fetchDocument(parsed.url.href);
    } catch (error) {
      if (isAnalysisError(error)) throw new ApiError(error.code, error.message);
      throw error;
    }
    const { accessToken } = await app.reports.create({
      url: parsed.url.href,
      fetchArtifact: document,
      requesterKey: request.ip,
    });
    return reply.code(201).send({ ok: true, accessToken });
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
        return { ok: true, report: presentReport(lookup.report, lookup.url, false) };
    }
  });
};
