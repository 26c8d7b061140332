import { Readable } from 'node:stream';
import {
  auditCompareParamsSchema,
  auditCompareResponseSchema,
  auditDiffQuerySchema,
  auditDiffResponseSchema,
  auditDuplicatesResponseSchema,
  auditIssueItemsResponseSchema,
  auditIssueParamsSchema,
  auditIssuesResponseSchema,
  auditLinksQuerySchema,
  auditLinksResponseSchema,
  auditOverviewResponseSchema,
  auditPagesQuerySchema,
  auditPagesResponseSchema,
  auditPagingQuerySchema,
  auditStructureResponseSchema,
} from '@crawlwise/shared/api/site-audit';
import { type SiteCheck, siteCheckIdParamsSchema } from '@crawlwise/shared/api/site-checks';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../errors.ts';
import { errorResponses, fileResponse } from '../plugins/openapi.ts';
import { publicOrigin } from '../services/public-origin.ts';
import { compareAudits, comparedPair } from '../services/site-audit-compare.ts';
import {
  auditDuplicatesCsv,
  auditIssueItemsCsv,
  auditIssuesCsv,
  auditLinksCsv,
  auditPagesCsv,
} from '../services/site-audit-csv.ts';
import {
  auditDiff,
  listAuditDuplicateMembers,
  listAuditDuplicates,
} from '../services/site-audit-duplicates.ts';
import { auditOverview } from '../services/site-audit-overview.ts';
import {
  auditBuiltAt,
  auditLinkSections,
  auditLinkStatuses,
  auditStructure,
  everyRow,
  listAuditIssueItems,
  listAuditIssues,
  listAuditLinks,
  listAuditPages,
} from '../services/site-audit-query.ts';
import { getSiteCheck } from '../services/site-checks.ts';
import { requireWorkspace, type Workspace } from '../services/workspace.ts';
import { signedIn } from './require-user.ts';

/**
 * The site audit workspace's API (issue 20; contract: packages/shared/src/api/site-audit.ts;
 * docs/site-checks.md "Audit workspace"). Every answer reads the check's audit snapshot, which the
 * worker builds (services/site-audit-build.ts); `builtAt: null` means it is being prepared.
 * Signed-in owners only; another account's check answers `site_check_not_found`.
 */

const SIGNED_OUT = ['invalid_request', 401] as const;
const TAGS = ['site audit'];

export const siteAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const ownCheck = async (workspace: Workspace, id: string) => {
    const check = await getSiteCheck(db, workspace, id);
    if (!check) throw new ApiError('site_check_not_found');
    return check;
  };
  const reportLink = () => {
    const origin = publicOrigin(app.config);
    return (token: string) => `${origin}/report?token=${encodeURIComponent(token)}`;
  };
  /** Sends CSV lines as they are produced, named like the site report's export. */
  const sendCsv = (
    reply: FastifyReply,
    siteCheck: SiteCheck,
    name: string,
    lines: AsyncIterable<string> | Iterable<string>,
  ) => {
    const host = new URL(siteCheck.siteUrl).hostname.replace(/[^a-z0-9.-]/gi, '_');
    const day = siteCheck.createdAt.slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="crawlwise-site-${host}-${day}-${name}.csv"`,
      )
      .header('cache-control', 'private, no-store')
      .send(Readable.from(lines));
  };

  app.get(
    '/api/site-checks/:id/audit/pages',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The audit: every address of the check, sorted, filtered and paged',
        description:
          '`q` searches the address and the title; `issue` keeps the pages a site finding or a ' +
          'page check affects. Sorts put empty values last and break ties by address.',
        params: siteCheckIdParamsSchema,
        querystring: auditPagesQuerySchema,
        response: {
          200: auditPagesResponseSchema,
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      const { id } = request.params;
      await ownCheck(workspace, id);
      const { page, pageSize, ...filter } = request.query;
      const builtAt = await auditBuiltAt(db, id);
      const { total, rows } = await listAuditPages(db, id, filter, { page, pageSize });
      return { ok: true as const, total, page, pageSize, builtAt, rows };
    },
  );

  app.get(
    '/api/site-checks/:id/audit/pages.csv',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The audit pages list as CSV: the full result of the same query',
        params: siteCheckIdParamsSchema,
        querystring: auditPagesQuerySchema,
        response: {
          200: fileResponse('crawlwise-site-<host>-<date>-pages.csv', 'text/csv'),
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request, reply) => {
      const workspace = requireWorkspace(request);
      const { id } = request.params;
      const siteCheck = await ownCheck(workspace, id);
      const { page: _page, pageSize: _pageSize, ...filter } = request.query;
      const rows = everyRow((paging) => listAuditPages(db, id, filter, paging));
      return sendCsv(reply, siteCheck, 'pages', auditPagesCsv(rows, reportLink()));
    },
  );

  app.get(
    '/api/site-checks/:id/audit/issues',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The audit: site findings and failing page checks, by what fixing them is worth',
        params: siteCheckIdParamsSchema,
        response: {
          200: auditIssuesResponseSchema,
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      const { id } = request.params;
      await ownCheck(workspace, id);
      const builtAt = await auditBuiltAt(db, id);
      return { ok: true as const, builtAt, issues: await listAuditIssues(db, id) };
    },
  );

  app.get(
    '/api/site-checks/:id/audit/issues.csv',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The audit issues as CSV',
        params: siteCheckIdParamsSchema,
        response: {
          200: fileResponse('crawlwise-site-<host>-<date>-issues.csv', 'text/csv'),
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request, reply) => {
      const workspace = requireWorkspace(request);
      const { id } = request.params;
      const siteCheck = await ownCheck(workspace, id);
      return sendCsv(reply, siteCheck, 'issues', auditIssuesCsv(await listAuditIssues(db, id)));
    },
  );

  app.get(
    '/api/site-checks/:id/audit/issues/:issueId/items',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "An issue's affected pages, targets or cluster members, paged",
        description:
          "In the finding's order. A site finding's item names up to 10 linking pages " +
          '(`sourceCount`: all of them). An issue the snapshot does not hold has no items.',
        params: auditIssueParamsSchema,
        querystring: auditPagingQuerySchema,
        response: {
          200: auditIssueItemsResponseSchema,
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      const { id, issueId } = request.params;
      await ownCheck(workspace, id);
      const { page, pageSize } = request.query;
      const builtAt = await auditBuiltAt(db, id);
      const { total, rows } = await listAuditIssueItems(db, id, issueId, { page, pageSize });
      return { ok: true as const, total, page, pageSize, builtAt, rows };
    },
  );

  app.get(
    '/api/site-checks/:id/audit/issues/:issueId/items.csv',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "An issue's affected items as CSV (all of them)",
        params: auditIssueParamsSchema,
        response: {
          200: fileResponse('crawlwise-site-<host>-<date>-<issue>.csv', 'text/csv'),
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request, reply) => {
      const workspace = requireWorkspace(request);
      const { id, issueId } = request.params;
      const siteCheck = await ownCheck(workspace, id);
      const rows = everyRow((paging) => listAuditIssueItems(db, id, issueId, paging));
      const name = issueId.replace(/[^a-z0-9-]/gi, '_');
      return sendCsv(reply, siteCheck, name, auditIssueItemsCsv(rows, reportLink()));
    },
  );

  app.get(
    '/api/site-checks/:id/audit/overview',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The audit overview: site score and ledger, pages by state, top issues, progress',
        description:
          '`progress` is live (read from the pages as they finish); the rest is the snapshot of ' +
          '`builtAt`. `previous` is the last completed check of the same site and source by the ' +
          'same account, with the issues new and fixed since.',
        params: siteCheckIdParamsSchema,
        response: {
          200: auditOverviewResponseSchema,
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      const siteCheck = await ownCheck(workspace, request.params.id);
      const builtAt = await auditBuiltAt(db, siteCheck.id);
      const overview = await auditOverview(db, workspace, siteCheck);
      return { ok: true as const, siteCheck, builtAt, overview };
    },
  );

  app.get(
    '/api/site-checks/:id/audit/links',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'Broken or redirected internal links, source → target, paged',
        description:
          "One row per linking page and target (the first link's anchor text). `section` keeps " +
          'sources whose first path segment it is; `sections` lists them for the filter. ' +
          '`status` keeps links whose target answered it (`none`: targets that never answered); ' +
          '`statuses` lists those present for the filter.',
        params: siteCheckIdParamsSchema,
        querystring: auditLinksQuerySchema,
        response: {
          200: auditLinksResponseSchema,
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      const { id } = request.params;
      await ownCheck(workspace, id);
      const { page, pageSize, ...filter } = request.query;
      const builtAt = await auditBuiltAt(db, id);
      const { total, rows } = await listAuditLinks(db, id, filter, { page, pageSize });
      const sections = await auditLinkSections(db, id, filter.kind);
      const statuses = await auditLinkStatuses(db, id, filter.kind);
      return { ok: true as const, total, page, pageSize, builtAt, rows, sections, statuses };
    },
  );

  app.get(
    '/api/site-checks/:id/audit/links.csv',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The links list as CSV: the full result of the same query',
        params: siteCheckIdParamsSchema,
        querystring: auditLinksQuerySchema,
        response: {
          200: fileResponse('crawlwise-site-<host>-<date>-links-<kind>.csv', 'text/csv'),
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request, reply) => {
      const workspace = requireWorkspace(request);
      const { id } = request.params;
      const siteCheck = await ownCheck(workspace, id);
      const { page: _page, pageSize: _pageSize, ...filter } = request.query;
      const rows = everyRow((paging) => listAuditLinks(db, id, filter, paging));
      return sendCsv(reply, siteCheck, `links-${filter.kind}`, auditLinksCsv(rows));
    },
  );

  app.get(
    '/api/site-checks/:id/audit/structure',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'The audit structure: click-depth histogram, orphans, most and least linked pages',
        params: siteCheckIdParamsSchema,
        response: {
          200: auditStructureResponseSchema,
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      const { id } = request.params;
      await ownCheck(workspace, id);
      const builtAt = await auditBuiltAt(db, id);
      return { ok: true as const, builtAt, ...(await auditStructure(db, id)) };
    },
  );

  app.get(
    '/api/site-checks/:id/audit/duplicates',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'Near-duplicate clusters, largest first, paged (up to 20 members each)',
        params: siteCheckIdParamsSchema,
        querystring: auditPagingQuerySchema,
        response: {
          200: auditDuplicatesResponseSchema,
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      const { id } = request.params;
      await ownCheck(workspace, id);
      const { page, pageSize } = request.query;
      const builtAt = await auditBuiltAt(db, id);
      const { total, rows } = await listAuditDuplicates(db, id, { page, pageSize });
      return { ok: true as const, total, page, pageSize, builtAt, rows };
    },
  );

  app.get(
    '/api/site-checks/:id/audit/duplicates.csv',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'Every member of every near-duplicate cluster as CSV',
        params: siteCheckIdParamsSchema,
        response: {
          200: fileResponse('crawlwise-site-<host>-<date>-duplicates.csv', 'text/csv'),
          ...errorResponses(SIGNED_OUT, 'team_not_found', 'site_check_not_found'),
        },
      },
    },
    async (request, reply) => {
      const workspace = requireWorkspace(request);
      const { id } = request.params;
      const siteCheck = await ownCheck(workspace, id);
      const rows = everyRow((paging) => listAuditDuplicateMembers(db, id, paging));
      return sendCsv(reply, siteCheck, 'duplicates', auditDuplicatesCsv(rows));
    },
  );

  app.get(
    '/api/site-checks/:id/audit/duplicates/diff',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Two pages' main text side by side, blocks marked shared or not",
        description:
          'Read from a bounded excerpt of each page (8 KB of main-text blocks, stored when the ' +
          'page was crawled; `truncated` says when the page has more). Both addresses must be ' +
          'pages of this check (`site_audit_page_not_found`).',
        params: siteCheckIdParamsSchema,
        querystring: auditDiffQuerySchema,
        response: {
          200: auditDiffResponseSchema,
          ...errorResponses(
            SIGNED_OUT,
            'team_not_found',
            'site_check_not_found',
            'site_audit_page_not_found',
          ),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      const { id } = request.params;
      await ownCheck(workspace, id);
      const { a, b } = request.query;
      return { ok: true as const, ...(await auditDiff(db, id, a, b)) };
    },
  );

  app.get(
    '/api/site-checks/:id/audit/compare/:otherId',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary:
          'Two crawls of the same site compared: issues new and fixed, pages added and removed',
        description:
          'Both must be your crawls of the same site (`site_check_compare_mismatch`); the earlier ' +
          'is the baseline. Addresses and score changes list at most 100 (totals count all).',
        params: auditCompareParamsSchema,
        response: {
          200: auditCompareResponseSchema,
          ...errorResponses(
            SIGNED_OUT,
            'team_not_found',
            'site_check_not_found',
            'site_check_compare_mismatch',
          ),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      const one = await ownCheck(workspace, request.params.id);
      const other = await ownCheck(workspace, request.params.otherId);
      const [before, after] = comparedPair(one, other);
      return { ok: true as const, ...(await compareAudits(db, before, after)) };
    },
  );
};
