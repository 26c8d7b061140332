import {
  DAILY_SITE_CHECK_PAGE_LIMIT,
  MAX_SITE_CHECK_LIST_CHARS,
  MAX_SITE_CHECK_PAGES,
  SITE_CHECK_STATUSES,
} from '@crawlwise/shared/site-check';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors.ts';
import { BODY_ERRORS, errorResponses } from '../plugins/openapi.ts';
import { publicOrigin } from '../services/public-origin.ts';
import {
  cancelSiteCheck,
  getSiteCheck,
  listSiteChecks,
  listSitePages,
  startSiteCheck,
} from '../services/site-checks.ts';
import { buildSiteReport } from '../services/site-report.ts';
import { siteReportCsv } from '../services/site-report-csv.ts';
import { requireUser } from './require-user.ts';

/**
 * Whole-site checks (docs/site-checks.md): start one, follow its progress, read its site report,
 * download it as CSV. Signed-in owners only; another account's site check answers
 * `site_check_not_found`, as a missing one does.
 */

const counts = {
  type: 'object',
  properties: {
    total: { type: 'integer' },
    queued: { type: 'integer' },
    analyzing: { type: 'integer' },
    completed: { type: 'integer' },
    failed: { type: 'integer', description: 'Tried and could not be analysed' },
    cancelled: { type: 'integer', description: 'Dropped by a cancel before being tried' },
  },
};

const siteCheckSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    siteUrl: { type: 'string' },
    source: { type: 'string', enum: ['sitemap', 'list'] },
    status: { type: 'string', enum: [...SITE_CHECK_STATUSES] },
    counts,
    skipped: {
      type: 'object',
      nullable: true,
      description: 'Addresses found but not queued',
      properties: {
        offSite: { type: 'integer' },
        invalid: { type: 'integer' },
        duplicates: { type: 'integer' },
        overCap: { type: 'integer' },
        overDailyLimit: { type: 'integer' },
      },
    },
    discovery: {
      type: 'object',
      nullable: true,
      description: 'Sitemaps read (foundVia, sitemaps, failures, truncated)',
      additionalProperties: true,
    },
    errorCode: { type: 'string', nullable: true },
    errorMessage: { type: 'string', nullable: true },
    createdAt: { type: 'string', format: 'date-time' },
    completedAt: { type: 'string', format: 'date-time', nullable: true },
  },
};

const group = {
  type: 'object',
  properties: { value: { type: 'string' }, urls: { type: 'array', items: { type: 'string' } } },
};

const siteReportSchema = {
  type: 'object',
  properties: {
    pagesAnalysed: { type: 'integer' },
    pagesFailed: { type: 'integer' },
    pagesCancelled: { type: 'integer' },
    pagesPending: { type: 'integer' },
    averageScore: { type: 'integer', nullable: true },
    pages: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          url: { type: 'string' },
          finalUrl: { type: 'string', nullable: true },
          status: { type: 'string' },
          score: { type: 'integer', nullable: true },
          title: { type: 'string', nullable: true },
          accessToken: { type: 'string' },
          errorCode: { type: 'string', nullable: true },
          errorMessage: { type: 'string', nullable: true },
        },
      },
    },
    duplicateTitles: { type: 'array', items: group },
    duplicateDescriptions: { type: 'array', items: group },
    canonicalElsewhere: {
      type: 'array',
      items: {
        type: 'object',
        properties: { url: { type: 'string' }, canonical: { type: 'string' } },
      },
    },
    robotsBlocked: {
      type: 'array',
      items: {
        type: 'object',
        properties: { url: { type: 'string' }, rule: { type: 'string', nullable: true } },
      },
    },
    entryProblems: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          url: { type: 'string' },
          kind: { type: 'string', enum: ['redirect', 'failed'] },
          finalUrl: { type: 'string', nullable: true },
          code: { type: 'string', nullable: true },
          message: { type: 'string', nullable: true },
        },
      },
    },
  },
};

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'The site check id' } },
};

const SIGNED_OUT = ['invalid_request', 401] as const;

export const siteCheckRoutes: FastifyPluginAsync = async (app) => {
  const ownCheck = async (userId: string, id: string) => {
    const check = await getSiteCheck(app.database.db, userId, id);
    if (!check) throw new ApiError('site_check_not_found');
    return check;
  };

  app.post(
    '/api/site-checks',
    {
      schema: {
        tags: ['site checks'],
        summary: 'Start a whole-site check',
        description:
          `Signed-in only. \`source: "sitemap"\` reads the site's sitemaps (robots.txt \`Sitemap:\` ` +
          'lines, else /sitemap.xml; indexes and gzip followed) in a worker; `source: "list"` ' +
          'takes the pasted `list` (one address per line, or CSV). Only addresses on the ' +
          `site's host are kept, at most ${MAX_SITE_CHECK_PAGES} pages. Every queued page counts ` +
          `against the daily allowance of ${DAILY_SITE_CHECK_PAGE_LIMIT} site-check pages per ` +
          'account (`site_check_page_limit`); one site check at a time (`site_check_in_progress`).',
        body: {
          type: 'object',
          required: ['siteUrl', 'source'],
          properties: {
            siteUrl: { type: 'string', maxLength: 2048 },
            source: { type: 'string', enum: ['sitemap', 'list'] },
            list: { type: 'string', maxLength: MAX_SITE_CHECK_LIST_CHARS },
          },
        },
        response: {
          201: {
            description: 'Site check started',
            type: 'object',
            properties: { ok: { type: 'boolean', enum: [true] }, siteCheck: siteCheckSchema },
          },
          ...errorResponses(
            SIGNED_OUT,
            'missing_url',
            'invalid_url',
            'url_too_long',
            'unsupported_protocol',
            'site_check_no_pages',
            'site_check_in_progress',
            'site_check_page_limit',
            ...BODY_ERRORS,
          ),
        },
      },
      // The list can be long: 200 addresses of up to 2048 characters.
      bodyLimit: MAX_SITE_CHECK_LIST_CHARS * 2,
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const body = (request.body ?? {}) as { siteUrl?: unknown; source?: unknown; list?: unknown };
      const siteCheck = await startSiteCheck(app, userId, body);
      return reply.code(201).send({ ok: true, siteCheck });
    },
  );

  app.get(
    '/api/site-checks',
    {
      schema: {
        tags: ['site checks'],
        summary: 'Your site checks, newest first (the latest 20)',
        response: {
          200: {
            type: 'object',
            properties: {
              ok: { type: 'boolean', enum: [true] },
              siteChecks: { type: 'array', items: siteCheckSchema },
            },
          },
          ...errorResponses(SIGNED_OUT),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      return { ok: true, siteChecks: await listSiteChecks(app.database.db, userId) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/site-checks/:id',
    {
      schema: {
        tags: ['site checks'],
        summary: 'A site check and its progress (poll until completed or failed)',
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: { ok: { type: 'boolean', enum: [true] }, siteCheck: siteCheckSchema },
          },
          ...errorResponses(SIGNED_OUT, 'site_check_not_found'),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      return { ok: true, siteCheck: await ownCheck(userId, request.params.id) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/site-checks/:id/cancel',
    {
      schema: {
        tags: ['site checks'],
        summary: 'Cancel a site check that is still running',
        description:
          'Pages still waiting are not analysed (they fail with `site_check_cancelled`) and go ' +
          'back to the daily allowance; pages being analysed finish, and every analysed page ' +
          'stays in the site report. Cancelling a cancelled check answers it again; a finished ' +
          'one answers `site_check_not_active`.',
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: { ok: { type: 'boolean', enum: [true] }, siteCheck: siteCheckSchema },
          },
          ...errorResponses(SIGNED_OUT, 'site_check_not_found', 'site_check_not_active'),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      return { ok: true, siteCheck: await cancelSiteCheck(app, userId, request.params.id) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/site-checks/:id/report',
    {
      schema: {
        tags: ['site checks'],
        summary: 'The site report: pages by score and what shows only across pages',
        description:
          'Available while the check runs (pending pages are listed as such): duplicate titles ' +
          'and descriptions, canonicals naming another address, pages robots.txt blocks, and ' +
          'listed addresses (sitemap entries) that redirect or fail.',
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              ok: { type: 'boolean', enum: [true] },
              siteCheck: siteCheckSchema,
              report: siteReportSchema,
            },
          },
          ...errorResponses(SIGNED_OUT, 'site_check_not_found'),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const siteCheck = await ownCheck(userId, request.params.id);
      const report = buildSiteReport(await listSitePages(app.database.db, siteCheck.id));
      return { ok: true, siteCheck, report };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/site-checks/:id/export.csv',
    {
      schema: {
        tags: ['site checks'],
        summary: 'The site report as CSV, one row per page',
        params: idParams,
        response: {
          200: {
            description: 'text/csv; a download named crawlwise-site-<host>-<date>.csv',
            type: 'string',
          },
          ...errorResponses(SIGNED_OUT, 'site_check_not_found'),
        },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const siteCheck = await ownCheck(userId, request.params.id);
      const report = buildSiteReport(await listSitePages(app.database.db, siteCheck.id));
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
