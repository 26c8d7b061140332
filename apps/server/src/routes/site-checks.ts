import {
  crawlOptionsSchema,
  type SiteCheck,
  type SiteReport,
  siteCheckIdParamsSchema,
  siteCheckListResponseSchema,
  siteCheckResponseSchema,
  siteCheckSchema,
  siteReportResponseSchema,
  startSiteCheckBodySchema,
} from '@crawlwise/shared/api/site-checks';
import { PATHS } from '@crawlwise/shared/routes';
import {
  DAILY_SITE_CHECK_PAGE_LIMIT,
  isSiteCheckUnderWay,
  MAX_SITE_CHECK_LIST_CHARS,
  MAX_SITE_CHECK_PAGES,
} from '@crawlwise/shared/site-check';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../errors.ts';
import { contractJson } from '../plugins/contract-json.ts';
import { BODY_ERRORS, errorResponses, fileResponse } from '../plugins/openapi.ts';
import {
  HOLDS_REPORT_BUILD,
  reportWaitOf,
  STATUS_HOLDS_REPORT_BUILD,
} from '../plugins/report-build-hold.ts';
import { crawlAllowance } from '../services/crawl-allowance.ts';
import { crawlSettingsOf } from '../services/crawl-frontier.ts';
import { acceptsGzip, gzipAround, inflateFragment } from '../services/gzip-splice.ts';
import { publicOrigin } from '../services/public-origin.ts';
import {
  cancelSiteCheck,
  getSiteCheck,
  listSiteChecks,
  type StartSiteCheckInput,
  startSiteCheck,
} from '../services/site-checks.ts';
import { siteReportCsv } from '../services/site-report-csv.ts';
import { awaitStoredSiteReport, loadSiteReport } from '../services/site-report-source.ts';
import type { StoredSnapshot } from '../services/site-report-store.ts';
import { requireWorkspace, type Workspace } from '../services/workspace.ts';
import { signedIn } from './require-user.ts';

/**
 * Whole-site checks (docs/site-checks.md): start one, follow its progress, read its site report,
 * download it as CSV. Signed-in only, for the active workspace (docs/teams.md): another
 * workspace's site check answers `site_check_not_found`, as a missing one does.
 */

const SIGNED_OUT = ['invalid_request', 401] as const;

/** The check's part of an answer written ahead of the serializer (the stored report's route). */
let writeSiteCheck: ((siteCheck: unknown) => string) | undefined;

export const siteCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownCheck = async (workspace: Workspace, id: string) => {
    const check = await getSiteCheck(app.database.db, workspace, id);
    if (!check) throw new ApiError('site_check_not_found');
    return check;
  };
  /**
   * An ended check's stored report (compressed), waiting a moment for the worker's final build
   * when the check has just ended (services/site-report-source.ts); null for a running check or
   * none.
   */
  const storedReport = (
    siteCheck: SiteCheck,
    request: FastifyRequest,
  ): Promise<StoredSnapshot | null> =>
    isSiteCheckUnderWay(siteCheck.status)
      ? Promise.resolve(null)
      : awaitStoredSiteReport(
          app.database.db,
          siteCheck.id,
          app.config.SITE_REPORT_AWAIT_BUILD_MS,
          reportWaitOf(request)?.stored,
        );

  app.post(
    '/api/site-checks',
    {
      preValidation: signedIn,
      schema: {
        tags: ['site checks'],
        summary: 'Start a whole-site check',
        description:
          `Signed-in only. \`source: "sitemap"\` reads the site's sitemaps (robots.txt \`Sitemap:\` ` +
          'lines, else /sitemap.xml; indexes and gzip followed) in a worker; `source: "list"` ' +
          'takes the pasted `list` (one address per line, or CSV). Only addresses on the ' +
          `site's host are kept, at most ${MAX_SITE_CHECK_PAGES} pages. Every queued page counts ` +
          `against the daily allowance of ${DAILY_SITE_CHECK_PAGE_LIMIT} site-check pages per ` +
          'account (`site_check_page_limit`); one site check at a time (`site_check_in_progress`). ' +
          '`source: "crawl"` follows links: at most 500 pages and one page a second on a site ' +
          'you have not verified (`site_not_verified`); on a verified site, whose proof is read ' +
          'again first (`site_verification_lost`), up to SITE_CRAWL_MAX_PAGES (`crawl_over_page_cap`) ' +
          'at a 100 ms floor.',
        body: startSiteCheckBodySchema,
        response: {
          201: siteCheckResponseSchema.describe('Site check started'),
          ...errorResponses(
            SIGNED_OUT,
            'missing_url',
            'invalid_url',
            'url_too_long',
            'unsupported_protocol',
            'site_check_no_pages',
            'site_check_in_progress',
            'site_check_page_limit',
            'site_not_verified',
            'site_verification_lost',
            'crawl_over_page_cap',
            ...BODY_ERRORS,
          ),
        },
      },
      // The list can be long: 200 addresses of up to 2048 characters.
      bodyLimit: MAX_SITE_CHECK_LIST_CHARS * 2,
    },
    async (request, reply) => {
      const workspace = requireWorkspace(request);
      const { siteUrl, source, list, crawl } = request.body;
      let input: StartSiteCheckInput;
      if (source === 'crawl') {
        const settings = crawlSettingsOf(crawl ?? crawlOptionsSchema.parse({}));
        // A verified site's proof is read again first (network I/O, before any transaction).
        const { verified } = await crawlAllowance(
          app.services.siteVerifications,
          // Site verifications stay the maker's own (docs/teams.md).
          workspace,
          siteUrl,
          settings.maxPages,
          app.config.SITE_CRAWL_MAX_PAGES,
        );
        input = { site: siteUrl, source, crawl: settings, verified };
      } else {
        input =
          source === 'list'
            ? { site: siteUrl, source, list: list ?? '' }
            : { site: siteUrl, source };
      }
      const siteCheck = await startSiteCheck(app, workspace, input);
      if (workspace.teamId !== null) {
        await app.services.teams.record({
          teamId: workspace.teamId,
          actorId: workspace.userId,
          action: 'site-check.created',
          subject: siteCheck.siteUrl,
          href: PATHS.siteCheckFor(siteCheck.id),
        });
      }
      return reply.code(201).send({ ok: true as const, siteCheck });
    },
  );

  app.get(
    '/api/site-checks',
    {
      preValidation: signedIn,
      schema: {
        tags: ['site checks'],
        summary: 'Your site checks, newest first (the latest 20)',
        response: {
          200: siteCheckListResponseSchema,
          ...errorResponses(SIGNED_OUT, 'team_not_found'),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      return { ok: true as const, siteChecks: await listSiteChecks(app.database.db, workspace) };
    },
  );

  app.get(
    '/api/site-checks/:id',
    {
      config: STATUS_HOLDS_REPORT_BUILD,
      preValidation: signedIn,
      schema: {
        tags: ['site checks'],
        summary: 'A site check and its progress (poll until completed or failed)',
        params: siteCheckIdParamsSchema,
        response: {
          200: siteCheckResponseSchema,
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      return { ok: true as const, siteCheck: await ownCheck(workspace, request.params.id) };
    },
  );

  app.post(
    '/api/site-checks/:id/cancel',
    {
      preValidation: signedIn,
      schema: {
        tags: ['site checks'],
        summary: 'Cancel a site check that is still running',
        description:
          'Pages still waiting are not analysed (they become `cancelled` in the site report; as ' +
          'reports they answer failed with `site_check_cancelled`) and go ' +
          'back to the daily allowance; pages being analysed finish, and every analysed page ' +
          'stays in the site report. Cancelling a cancelled check answers it again; a finished ' +
          'one answers `site_check_not_active`.',
        params: siteCheckIdParamsSchema,
        response: {
          200: siteCheckResponseSchema,
          ...errorResponses(
            SIGNED_OUT,
            'team_not_found',
            'site_check_not_found',
            'site_check_not_active',
          ),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      return {
        ok: true as const,
        siteCheck: await cancelSiteCheck(app, workspace, request.params.id),
      };
    },
  );

  app.get(
    '/api/site-checks/:id/report',
    {
      config: HOLDS_REPORT_BUILD,
      preValidation: signedIn,
      schema: {
        tags: ['site checks'],
        summary: 'The site report: pages by score and what shows only across pages',
        description:
          'Available while the check runs (pending pages are listed as such): duplicate titles ' +
          'and descriptions, canonicals naming another address, pages robots.txt blocks, and ' +
          'listed addresses (sitemap entries) that redirect or fail.',
        params: siteCheckIdParamsSchema,
        response: {
          200: siteReportResponseSchema,
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request, reply) => {
      const workspace = requireWorkspace(request);
      const siteCheck = await ownCheck(workspace, request.params.id);
      // A running check's report is the shared recent build (services/running-site-reports.ts);
      // once the check has ended that build is dropped, stored report or not.
      if (isSiteCheckUnderWay(siteCheck.status)) {
        const report = await app.services.runningSiteReports.get(siteCheck);
        return { ok: true as const, siteCheck, report };
      }
      app.services.runningSiteReports.forget(siteCheck.id);
      // An ended check's stored report is already the contract's JSON, compressed: sent inside a
      // gzip answer as it is stored, with the check written as every answer is
      // (docs/site-checks.md "Stored site report"; services/gzip-splice.ts). A client that does
      // not take gzip gets it inflated (and compressed on the fly as it accepts).
      const stored = await storedReport(siteCheck, request);
      if (stored !== null) {
        writeSiteCheck ??= contractJson(siteCheckSchema);
        const before = `{"ok":true,"siteCheck":${writeSiteCheck(siteCheck)},"report":`;
        reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
        // A body already written (a Buffer, or a string with a JSON type) is sent as is: fastify
        // skips the serializer, and the typed `send` expects the answer's object, hence the casts.
        if (acceptsGzip(request.headers['accept-encoding'])) {
          return reply
            .header('content-encoding', 'gzip')
            .send(gzipAround(before, stored, '}') as never);
        }
        return reply.send(`${before}${inflateFragment(stored)}}` as never);
      }
      const report = await loadSiteReport(app.database.db, siteCheck);
      return { ok: true as const, siteCheck, report };
    },
  );

  app.get(
    '/api/site-checks/:id/export.csv',
    {
      config: HOLDS_REPORT_BUILD,
      preValidation: signedIn,
      schema: {
        tags: ['site checks'],
        summary: 'The site report as CSV, one row per page',
        params: siteCheckIdParamsSchema,
        response: {
          200: fileResponse('A download named crawlwise-site-<host>-<date>.csv', 'text/csv'),
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request, reply) => {
      const workspace = requireWorkspace(request);
      const siteCheck = await ownCheck(workspace, request.params.id);
      const stored = await storedReport(siteCheck, request);
      const report =
        stored === null
          ? await loadSiteReport(app.database.db, siteCheck)
          : (JSON.parse(inflateFragment(stored)) as SiteReport);
      const origin = publicOrigin(app.config);
      const csv = siteReportCsv(
        report,
        (token) => `${origin}/report?token=${encodeURIComponent(token)}`,
      );
      const host = new URL(siteCheck.siteUrl).hostname.replace(/[^a-z0-9.-]/gi, '_');
      const day = siteCheck.createdAt.slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="crawlwise-site-${host}-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
