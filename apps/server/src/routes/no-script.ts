import { ERROR_CATALOGUE, type ErrorCode } from '@crawlwise/shared/error-catalogue';
import { PATHS } from '@crawlwise/shared/routes';
import { parseServerUrl } from '@crawlwise/shared/url-input';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isDatabaseConnectionError } from '../db/connection-error.ts';
import { ApiError } from '../errors.ts';
import { errorPages, htmlResponse } from '../plugins/openapi.ts';
import { REPORT_CREATION_ERRORS, submitReport } from '../services/report-intake.ts';
import { submissionOwner } from '../services/workspace.ts';
import { sendPlainPage } from './html-page.ts';

/**
 * The no-script fallback (spec: /run-a-test mentions /report?url=). The site's own forms POST
 * the address to /report, which creates the report exactly as POST /api/reports does and
 * redirects to the report screen. A GET of /report?url= changes nothing: a link from any site
 * would otherwise create a report in the visitor's name (their session cookie, their limits,
 * their address fetching a page of the linker's choosing). It answers a confirmation page whose
 * button makes that POST. Cross-site POSTs are refused (plugins/security.ts: Origin and
 * Sec-Fetch-Site), and the page cannot be framed (CSP frame-ancestors 'none').
 *
 * Without a `url` (or with a `token`) GET /report is the client-rendered report screen,
 * answered by the web app's fallback as before. The GET route only matches when the query asks
 * for a report (a router constraint), so every other /report request stays unmatched and
 * reaches the web app's not-found handler in its own plugin context, where its file-serving
 * decorators live: calling callNotFound() from here would run that handler without them.
 */

const CONSTRAINT = 'reportQuery';

/** The form bodies here are one short address; anything longer is not from our form. */
const FORM_BODY_LIMIT_BYTES = 8 * 1024;

/** `confirm` when the query asks for a report (a `url` and no `token`), `view` otherwise. */
function reportQueryKind(rawUrl: string | undefined): 'confirm' | 'view' {
  const queryStart = rawUrl?.indexOf('?') ?? -1;
  if (!rawUrl || queryStart < 0) return 'view';
  const query = new URLSearchParams(rawUrl.slice(queryStart + 1));
  return query.has('url') && !query.has('token') ? 'confirm' : 'view';
}

const firstValue = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

export const noScriptRoutes: FastifyPluginAsync = async (app) => {
  app.addConstraintStrategy({
    name: CONSTRAINT,
    // Only `confirm` has a route; `view` finds none and falls through to the not-found handler.
    storage() {
      let confirmRoute: unknown = null;
      return {
        get: (value: string) => (value === 'confirm' ? confirmRoute : null),
        set: (value: string, store: unknown) => {
          if (value === 'confirm') confirmRoute = store;
        },
      };
    },
    deriveConstraint: (request) => reportQueryKind(request.url),
    mustMatchWhenDerived: false,
  } as Parameters<typeof app.addConstraintStrategy>[0]);

  // A plain HTML form posts urlencoded; only this plugin's routes accept it (the API is JSON).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get<{ Querystring: { url?: unknown; token?: unknown } }>(
    PATHS.report,
    {
      constraints: { [CONSTRAINT]: 'confirm' },
      exposeHeadRoute: false,
      schema: {
        tags: ['pages'],
        summary: 'Confirm a report without script (a link to /report?url=)',
        description:
          'With `url`: a page asking to confirm, whose button POSTs the address to /report. ' +
          'Nothing is fetched or created by the GET. An address that is not valid gets its ' +
          'error page at once. Without `url`, or with `token`: the report screen of the web app.',
        // Read by the route itself: a refused address is answered as an HTML error page.
        querystring: z.object({
          url: z.unknown().optional().meta({ type: 'string', description: 'The page to analyse' }),
          token: z
            .unknown()
            .optional()
            .meta({ type: 'string', description: 'A report access token' }),
        }),
        response: {
          200: htmlResponse('The confirmation page (or the report screen)'),
          ...errorPages(['missing_url', 'invalid_url', 'url_too_long', 'unsupported_protocol']),
        },
      },
    },
    async (request, reply) => {
      const parsed = parseServerUrl(firstValue(request.query.url));
      if (!parsed.ok) return sendErrorPage(reply, parsed.code, 400);
      return sendPlainPage(reply, 200, {
        title: 'Analyse this page?',
        paragraphs: [
          `Crawlwise will fetch ${parsed.url.href} the way a search crawler does and show you its score and top fixes.`,
        ],
        form: {
          action: PATHS.report,
          fields: { url: parsed.url.href },
          submitLabel: 'Run free check',
        },
        link: { href: PATHS.runATest, label: 'Analyse another address' },
      });
    },
  );

  app.post<{ Body: { url?: unknown } | undefined }>(
    PATHS.report,
    {
      schema: {
        tags: ['pages'],
        summary: 'Create a report without script (the site’s own forms)',
        description:
          'Form field `url` (urlencoded): validates, fetches and creates the report like ' +
          'POST /api/reports (same limits), then redirects 303 to `/report?token=…`; a failure ' +
          'is a plain HTML page with the error title and description, under the status listed. ' +
          'Refused (403) from another site.',
        response: {
          303: z.null().describe('Report created: Location is /report?token=…'),
          ...errorPages(REPORT_CREATION_ERRORS),
        },
      },
    },
    async (request, reply) => createFromForm(request, reply),
  );

  async function createFromForm(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as { url?: unknown };
    try {
      const address = parseServerUrl(firstValue(body.url));
      if (!address.ok) throw new ApiError(address.code, address.message);
      const { teamId, requesterKey } = submissionOwner(request);
      const created = await submitReport(app, {
        url: address.url,
        requesterKey,
        userId: request.userId,
        teamId,
      });
      if (teamId !== null) {
        await app.services.teams.record({
          teamId,
          actorId: request.userId,
          action: 'report.created',
          subject: address.url.href,
          href: PATHS.reportFor(created.accessToken),
        });
      }
      return reply.redirect(PATHS.reportFor(created.accessToken), 303);
    } catch (error) {
      if (error instanceof ApiError) {
        reply.headers(error.headers);
        return sendErrorPage(reply, error.code, error.statusCode);
      }
      request.log.error({ err: error }, 'no-script report creation failed');
      const code = isDatabaseConnectionError(error) ? 'database_connection' : 'internal_error';
      return sendErrorPage(reply, code, ERROR_CATALOGUE[code].httpStatus);
    }
  }
};

function sendErrorPage(reply: FastifyReply, code: ErrorCode, status: number) {
  const entry: { description: string; title: string; action?: string } = ERROR_CATALOGUE[code];
  return sendPlainPage(reply, status, {
    title: entry.title,
    paragraphs: entry.action ? [entry.description, entry.action] : [entry.description],
    link: { href: PATHS.runATest, label: 'Try another address' },
  });
}
