import {
  PAGE_HISTORY_MAX_REPORTS,
  pageHistoryResponseSchema,
} from '@crawlwise/shared/page-history';
import { comparisonResponseSchema } from '@crawlwise/shared/report-compare';
import { normalizeUrlForStorage, parseServerUrl } from '@crawlwise/shared/url-input';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { errorResponses } from '../plugins/openapi.ts';
import { listPageHistory } from '../services/page-history.ts';
import { compareByTokens } from '../services/report-comparison.ts';
import { requireUser } from './require-user.ts';

/**
 * A page's history (the signed-in owner's reports of one address) and the comparison of two
 * reports of one page (docs/history-and-compare.md). The comparison is read by the two access
 * tokens, like a report, so its link can be shared.
 */

const openApi = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'output', target: 'openapi-3.0' });

const historyResponse = openApi(pageHistoryResponseSchema);
const comparisonResponse = openApi(comparisonResponseSchema);

export const historyCompareRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { url?: string } }>(
    '/api/me/history',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The history of one page: your reports of its address, newest first',
        description:
          'The address is normalised as reports store it (lower-case scheme and host, no ' +
          `fragment). At most the newest ${PAGE_HISTORY_MAX_REPORTS} reports are sent; \`total\` ` +
          'counts them all. Deleted and expired reports are left out; pending and failed ones ' +
          'are listed with a null score.',
        querystring: {
          type: 'object',
          required: ['url'],
          properties: { url: { type: 'string', maxLength: 2048, description: 'The page address' } },
        },
        response: {
          200: historyResponse,
          ...errorResponses('missing_url', 'invalid_url', 'url_too_long', 'unsupported_protocol', [
            'invalid_request',
            401,
          ]),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const parsed = parseServerUrl(request.query.url);
      if (!parsed.ok) throw new ApiError(parsed.code, parsed.message);
      const url = normalizeUrlForStorage(parsed.url);
      return { ok: true, url, ...(await listPageHistory(app.database.db, userId, url)) };
    },
  );

  app.get<{ Querystring: { a?: string; b?: string } }>(
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
        querystring: {
          type: 'object',
          required: ['a', 'b'],
          properties: {
            a: { type: 'string', description: 'Access token of the older report' },
            b: { type: 'string', description: 'Access token of the newer report' },
          },
        },
        response: {
          200: comparisonResponse,
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
      const { a, b } = request.query;
      if (typeof a !== 'string' || typeof b !== 'string' || !a || !b) {
        throw new ApiError('invalid_request', 'Give the two reports’ access tokens as a and b.');
      }
      if (a === b) throw new ApiError('invalid_request', 'Pick two different reports to compare.');
      const comparison = await compareByTokens(app.reports, { a, b }, request.userId !== null);
      return { ok: true, comparison };
    },
  );
};
