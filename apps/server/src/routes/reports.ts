import { okSchema } from '@crawlwise/shared/api/contract';
import {
  createReportBodySchema,
  createReportResponseSchema,
  reportResponseSchema,
  reportTokenParamsSchema,
} from '@crawlwise/shared/api/reports';
import { FREE_TOP_ISSUES } from '@crawlwise/shared/report';
import { PATHS } from '@crawlwise/shared/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../errors.ts';
import { BODY_ERRORS, errorResponses } from '../plugins/openapi.ts';
import { REPORT_CREATION_ERRORS, submitReport } from '../services/report-intake.ts';
import { presentReport } from '../services/report-presenter.ts';
import { submissionOwner } from '../services/workspace.ts';

/**
 * POST /api/reports fetches the page while the visitor waits (services/report-intake.ts), so an
 * unreachable page is answered at once with its catalogue code.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Fetch a page and queue its analysis',
        description:
          'Limits per requester (signed-in account, else client address; IPv6 by /64), counting ' +
          'every submission that fetches a page, also when the fetch fails: 100 ' +
          'per rolling 24 hours (`rate_limit_exceeded`) and 10 per minute ' +
          '(`too_many_requests`), both 429 with `Retry-After` in seconds. From the 80th report ' +
          'of the day the answer carries `rate_limit_soft: true`.',
        body: createReportBodySchema,
        response: {
          201: createReportResponseSchema.describe('Report queued'),
          ...errorResponses(
            ...REPORT_CREATION_ERRORS,
            ...BODY_ERRORS,
            // The account was deleted while its page was being fetched.
            ['invalid_request', 401],
          ),
        },
      },
    },
    async (request, reply) => {
      const { teamId, requesterKey } = submissionOwner(request);
      const created = await submitReport(app, {
        url: request.body.url,
        requesterKey,
        userId: request.userId,
        teamId,
      });
      if (teamId !== null) {
        await app.services.teams.record({
          teamId,
          actorId: request.userId,
          action: 'report.created',
          subject: request.body.url.href,
          href: PATHS.reportFor(created.accessToken),
        });
      }
      return reply.code(201).send({
        ok: true,
        accessToken: created.accessToken,
        ...(created.rateLimitSoft ? { rate_limit_soft: true as const } : {}),
      });
    },
  );

  app.get(
    '/api/reports/:token',
    {
      schema: {
        tags: ['reports'],
        summary: 'Read a report by its access token',
        params: reportTokenParamsSchema,
        response: {
          200: reportResponseSchema.describe(
            'The report (poll until status is completed or failed). A report still queued or ' +
              'analysing REPORT_STUCK_AFTER_SECONDS (default 300) after creation is answered ' +
              'failed with `function_timeout`. After the first ' +
              `${FREE_TOP_ISSUES} top issues (critical and warning findings), anonymous readers ` +
              'get `{id, severity, category, locked}` instead.',
          ),
          ...errorResponses('report_not_found', 'report_deleted', 'report_expired'),
        },
      },
    },
    async (request) => {
      let lookup = await app.reports.findByToken(request.params.token);
      // Past the stuck threshold the server gives up on a pending report as it is read, so the
      // screen shows function_timeout on time even when no worker is alive to sweep.
      if (lookup.kind === 'found' && app.queue.isOverdue(lookup.report)) {
        await app.queue.timeOut(lookup.report.id);
        lookup = await app.reports.findByToken(request.params.token);
      }
      switch (lookup.kind) {
        case 'not_found':
          throw new ApiError('report_not_found');
        case 'deleted':
          throw new ApiError('report_deleted');
        case 'expired':
          throw new ApiError('report_expired');
        case 'found':
          return {
            ok: true as const,
            report: presentReport(lookup.report, lookup.url, request.userId !== null),
          };
      }
    },
  );

  app.delete(
    '/api/reports/:token',
    {
      schema: {
        tags: ['reports'],
        summary: 'Delete one of your reports',
        description:
          'Owner only: the report must belong to the active workspace (your Personal reports, ' +
          'or any report of the active team). Later reads answer ' +
          '`report_deleted` (410). Without a session: 401 `invalid_request`.',
        params: reportTokenParamsSchema,
        response: {
          200: okSchema.describe('Deleted'),
          ...errorResponses(
            ['invalid_request', 401],
            ['invalid_request', 403],
            'report_not_found',
            'team_not_found',
          ),
        },
      },
    },
    async (request) => {
      // The owner is whoever the session cookie names (request.userId, set by plugins/auth.ts).
      if (request.userId === null) {
        throw new ApiError('invalid_request', 'Sign in to delete your reports.', {
          statusCode: 401,
        });
      }
      if (request.teamGone) throw new ApiError('team_not_found');
      const owner = { userId: request.userId, teamId: request.teamId };
      const outcome = await app.reports.deleteOwned(request.params.token, owner);
      if (outcome === 'not_found') throw new ApiError('report_not_found');
      if (outcome === 'forbidden') {
        throw new ApiError('invalid_request', 'You can only delete your own reports.', {
          statusCode: 403,
        });
      }
      return { ok: true as const };
    },
  );
};
