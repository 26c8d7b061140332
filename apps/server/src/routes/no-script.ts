import { ERROR_CATALOGUE } from '@crawlwise/shared/error-catalogue';
import { PATHS } from '@crawlwise/shared/routes';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors.ts';
import { errorPages, htmlResponse } from '../plugins/openapi.ts';
import { REPORT_CREATION_ERRORS, submitReport } from '../services/report-intake.ts';
import { requesterKey } from '../services/requester.ts';
import { sendPlainPage } from './html-page.ts';

/**
 * The no-script fallback (spec: /run-a-test mentions /report?url=): a plain GET form creates the
 * report exactly as POST /api/reports does, then redirects to the report screen. Without a
 * `url` (or with a `token`) /report is the client-rendered report screen, answered by the web
 * app's fallback as before.
 *
 * The route only matches when there is something to create (a router constraint on the query),
 * so every other /report request stays unmatched and reaches the web app's not-found handler
 * in its own plugin context, where its file-serving decorators live: calling callNotFound()
 * from here would run that handler without them.
 */

const CONSTRAINT = 'reportQuery';

/** `create` when the query asks for a report (a `url` and no `token`), `view` otherwise. */
function reportQueryKind(rawUrl: string | undefined): 'create' | 'view' {
  const queryStart = rawUrl?.indexOf('?') ?? -1;
  if (!rawUrl || queryStart < 0) return 'view';
  const query = new URLSearchParams(rawUrl.slice(queryStart + 1));
  return query.has('url') && !query.has('token') ? 'create' : 'view';
}

export const noScriptRoutes: FastifyPluginAsync = async (app) => {
  app.addConstraintStrategy({
    name: CONSTRAINT,
    // Only `create` has a route; `view` finds none and falls through to the not-found handler.
    storage() {
      let createRoute: unknown = null;
      return {
        get: (value: string) => (value === 'create' ? createRoute : null),
        set: (value: string, store: unknown) => {
          if (value === 'create') createRoute = store;
        },
      };
    },
    deriveConstraint: (request) => reportQueryKind(request.url),
    mustMatchWhenDerived: false,
  } as Parameters<typeof app.addConstraintStrategy>[0]);

  app.get<{ Querystring: { url?: unknown; token?: unknown } }>(
    '/report',
    {
      constraints: { [CONSTRAINT]: 'create' },
      // HEAD (link checkers, prefetch) must not create reports: only GET reaches the handler's work.
      exposeHeadRoute: false,
      schema: {
        tags: ['pages'],
        summary: 'Create a report without script (the form on /run-a-test)',
        description:
          'With `url`: validates, fetches and creates the report like POST /api/reports ' +
          '(same limits), then redirects 303 to `/report?token=…`; a failure is a plain HTML ' +
          'page with the error title and description, under the status listed. Without `url`, ' +
          'or with `token`: the report screen of the web app.',
        querystring: {
          type: 'object',
          properties: {
            url: { type: 'string', description: 'The page to analyse' },
            token: { type: 'string', description: 'A report access token (report screen)' },
          },
        },
        response: {
          200: htmlResponse('The report screen (with `token`, or without `url`)'),
          303: { description: 'Report created: Location is /report?token=…', type: 'null' },
          ...errorPages(REPORT_CREATION_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const { url } = request.query;
      try {
        const created = await submitReport(app, {
          url: Array.isArray(url) ? url[0] : url,
          requesterKey: requesterKey(request),
          userId: request.userId,
        });
        return reply.redirect(PATHS.reportFor(created.accessToken), 303);
      } catch (error) {
        const known = error instanceof ApiError;
        if (!known) request.log.error({ err: error }, 'no-script report creation failed');
        const code = known ? error.code : 'internal_error';
        if (known) reply.headers(error.headers);
        const entry = ERROR_CATALOGUE[code];
        return sendPlainPage(reply, known ? error.statusCode : 500, {
          title: entry.title,
          paragraphs:
            'action' in entry && entry.action
              ? [entry.description, entry.action]
              : [entry.description],
          link: { href: PATHS.runATest, label: 'Try another address' },
        });
      }
    },
  );
};
