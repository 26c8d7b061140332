import {
  compareQuerySchema,
  comparisonResponseSchema,
  pageHistoryQuerySchema,
  pageHistoryResponseSchema,
} from '@crawlwise/shared/api/history';
import { PAGE_HISTORY_MAX_REPORTS } from '@crawlwise/shared/page-history';
import { normalizeUrlForStorage } from '@crawlwise/shared/url-input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../plugins/openapi.ts';
import { listPageHistory } from '../services/page-history.ts';
import { compareByTokens } from '../services/report-comparison.ts';
import { requireWorkspace } from '../services/workspace.ts';
import { signedIn } from './require-user.ts';

/**
 * A page's history (the signed-in owner's reports of one address) and the comparison of two
 * reports of one page (docs/history-and-compare.md). The comparison is read by the two access
 * tokens, like a report, so its link can be shared.
 */
export const historyCompareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/history',
    {
      preValidation: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'The history of one page: your reports of its address, newest first',
        description:
          'The address is normalised as reports store it (lower-case scheme and host, no ' +
          `fragment). At most the newest ${PAGE_HISTORY_MAX_REPORTS} reports are sent; \`total\` ` +
          'counts them all. Deleted and expired reports are left out; pending and failed ones ' +
          'are listed with a null score.',
        querystring: pageHistoryQuerySchema,
        response: {
          200: pageHistoryResponseSchema,
          ...errorResponses(
            'missing_url',
            'invalid_url',
            'url_too_long',
            'unsupported_protocol',
            ['invalid_request', 401],
            'team_not_found',
          ),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      const url = normalizeUrlForStorage(request.query.url);
      return {
        ok: true as const,
        url,
        ...(await listPageHistory(app.database.db, workspace, url)),
      };
    },
  );

  app.get(
    '/api/compare',
    {
      schema: {
        tags: ['reports'],
        summary: 'Compare two reports of the same page',
        description:
          'Read by the two access tokens (`a` the older report, `b` the newer; given the other ' +
          'way round they are put in date order). Both must be completed reports of the same ' +
          'normalised address. Each report is presented as `GET /api/reports/{token}` presents ' +
          'it to this reader, so an anonymous reader’s comparison keeps the locked findings ' +
          'locked (`access: anonymous`).',
        querystring: compareQuerySchema,
        response: {
          200: comparisonResponseSchema,
          ...errorResponses(
            ['invalid_request', 400],
            'report_not_found',
            'report_deleted',
            'report_expired',
            'compare_not_ready',
            'compare_different_pages',
          ),
        },
      },
    },
    async (request) => {
      const comparison = await compareByTokens(app.reports, request.query, request.userId !== null);
      return { ok: true as const, comparison };
    },
  );
};
