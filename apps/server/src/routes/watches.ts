import { okSchema } from '@crawlwise/shared/api/contract';
import {
  createWatchBodySchema,
  stopFormSchema,
  stopQuerySchema,
  watchIdParamsSchema,
  watchListResponseSchema,
  watchResponseSchema,
} from '@crawlwise/shared/api/watches';
import { PATHS } from '@crawlwise/shared/routes';
import { MAX_CRAWL_PAGES, parseSiteAddress } from '@crawlwise/shared/site-check';
import { parseServerUrl } from '@crawlwise/shared/url-input';
import {
  MAX_WATCHES_PER_ACCOUNT,
  WATCH_CREATIONS_PER_HOUR,
  type WatchKind,
} from '@crawlwise/shared/watches';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../errors.ts';
import type { WatchService } from '../monitoring/watch-service.ts';
import { BODY_ERRORS, errorResponses, htmlResponse, type ZodApp } from '../plugins/openapi.ts';
import { crawlAllowance } from '../services/crawl-allowance.ts';
import { type ThrottlePolicy, throwIfRefused } from '../services/rate-limit.ts';
import { requireWorkspace, workspaceRequester } from '../services/workspace.ts';
import { sendPlainPage } from './html-page.ts';
import { signedIn } from './require-user.ts';

/**
 * Monitoring (docs/monitoring.md): the owner's watches (create, list, remove; signed-in only)
 * and the one-click stop link of the regression mail (GET confirms, POST stops; mail clients
 * POST `List-Unsubscribe=One-Click` to it, RFC 8058).
 */

const WATCH_CREATE_POLICY: ThrottlePolicy = {
  kind: 'watch_create',
  rules: [{ windowSeconds: 60 * 60, limit: WATCH_CREATIONS_PER_HOUR, code: 'too_many_requests' }],
};

const SIGNED_IN_ERRORS = [['invalid_request', 401], 'team_not_found'] as const;

export const watchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { watches } = app.services;
  await watchCrudRoutes(app, watches);

  await app.register(async (stopRoutes) =>
    stopLinkRoutes(stopRoutes.withTypeProvider<ZodTypeProvider>(), watches),
  );
};

/** The mail's stop link, in its own scope: only these two routes accept a urlencoded body. */
async function stopLinkRoutes(app: ZodApp, watches: WatchService) {
  // The one-click stop is a urlencoded POST (a mail client's, or the confirmation page's form).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(
    '/api/watches/stop',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'The stop link of a watch mail: a page confirming the stop (changes nothing)',
        description:
          'Mail scanners open links: the GET only asks, its button POSTs to the same address.',
        querystring: stopQuerySchema,
        response: {
          200: htmlResponse('Confirmation page'),
          404: htmlResponse('The link is invalid or the watch was already removed'),
        },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const found = await watches.findByStopToken(token);
      if (!found) return sendInvalidLink(reply);
      return sendPlainPage(reply, 200, {
        title: `Stop watching this ${watchedThing(found.kind)}?`,
        paragraphs: [`Crawlwise will stop checking ${found.url} and will not mail you about it.`],
        form: {
          action: `/api/watches/stop?${new URLSearchParams({ token }).toString()}`,
          fields: { 'List-Unsubscribe': 'One-Click' },
          submitLabel: 'Stop watching',
        },
        link: { href: PATHS.profile, label: 'Manage your watches' },
      });
    },
  );

  app.post(
    '/api/watches/stop',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'One-click stop (RFC 8058): removes the watch the mail was about',
        description:
          'Token in the query (the List-Unsubscribe address) or in the form field `token`; ' +
          'body `List-Unsubscribe=One-Click` (urlencoded) as mail clients send it.',
        querystring: stopQuerySchema,
        body: stopFormSchema,
        response: {
          200: htmlResponse('The watch is removed'),
          404: htmlResponse('The link is invalid or the watch was already removed'),
        },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? request.body?.token ?? '';
      const stopped = await watches.stopByToken(token);
      if (!stopped) return sendInvalidLink(reply);
      return sendPlainPage(reply, 200, {
        title: `You stopped watching this ${watchedThing(stopped.kind)}`,
        paragraphs: [`Crawlwise will not check ${stopped.url} for you any more.`],
        link: { href: PATHS.profile, label: 'Manage your watches' },
      });
    },
  );
}

const watchCrudRoutes = async (app: ZodApp, watches: WatchService) => {
  app.get(
    '/api/watches',
    {
      preValidation: signedIn,
      schema: {
        tags: ['monitoring'],
        summary: 'Your watches, oldest first',
        response: {
          200: watchListResponseSchema,
          ...errorResponses(...SIGNED_IN_ERRORS),
        },
      },
    },
    async (request) => ({
      ok: true as const,
      watches: await watches.list(requireWorkspace(request)),
    }),
  );

  app.post(
    '/api/watches',
    {
      preValidation: signedIn,
      schema: {
        tags: ['monitoring'],
        summary:
          'Watch a page or a site: re-check it daily or weekly and mail you when it gets worse',
        description:
          'The first check runs one period after the watch is made; each check is a normal ' +
          'report of yours (not counted against the daily report limit). A mail goes out when ' +
          'the score drops by `threshold` points or more, or a check newly fails as critical. ' +
          '`reportToken` (a finished report of yours of the same address) is the first baseline. ' +
          '`kind: "site"` watches the site of `url` (its root address): each check is a ' +
          'whole-site check of its sitemap, counted against the daily site-page allowance and ' +
          'skipped to the next slot while another site check of yours runs; the mail compares ' +
          'the average score and new critical failures per page with the previous check ' +
          '(`siteCheckId`, a completed site check of yours of the same site, is the first). ' +
          '`kind: "crawl"` crawls the site again each time with `crawl` (the settings of a crawl; ' +
          'without them those of the `siteCheckId` crawl, else the defaults; over 500 pages the ' +
          'site must be verified) and the mail also names new broken internal links and pages ' +
          'that became non-indexable since the previous crawl. ' +
          `At most ${MAX_WATCHES_PER_ACCOUNT} watches per account (\`watch_limit_reached\`) and ` +
          `${WATCH_CREATIONS_PER_HOUR} creations per hour (\`too_many_requests\`).`,
        body: createWatchBodySchema,
        response: {
          201: watchResponseSchema.describe('Watch created'),
          ...errorResponses(
            ...SIGNED_IN_ERRORS,
            'missing_url',
            'invalid_url',
            'url_too_long',
            'unsupported_protocol',
            'private_ip',
            'watch_exists',
            'watch_limit_reached',
            'too_many_requests',
            'site_not_verified',
            'site_verification_lost',
            'crawl_over_page_cap',
            ...BODY_ERRORS,
          ),
        },
      },
    },
    async (request, reply) => {
      const workspace = requireWorkspace(request);
      const input = request.body;
      const address =
        input.kind === 'page' ? parseServerUrl(input.url) : parseSiteAddress(input.url);
      if (!address.ok) throw new ApiError(address.code, address.message);
      const url = 'site' in address ? address.site.href : address.url.href;
      throwIfRefused(
        await app.limits.reserve(
          app.database.db,
          WATCH_CREATE_POLICY,
          workspaceRequester(workspace),
        ),
      );
      // A crawl watch past the unverified page cap needs the site verified, as a crawl does
      // (each run checks again: docs/monitoring.md › Crawl watches).
      if (input.kind === 'crawl' && input.crawl && input.crawl.maxPages > MAX_CRAWL_PAGES) {
        await crawlAllowance(
          app.services.siteVerifications,
          workspace,
          new URL(url),
          input.crawl.maxPages,
          app.config.SITE_CRAWL_MAX_PAGES,
        );
      }
      const watch = await watches.create({
        userId: workspace.userId,
        teamId: workspace.teamId,
        url,
        kind: input.kind,
        frequency: input.frequency,
        threshold: input.threshold,
        reportToken: input.reportToken,
        siteCheckId: input.siteCheckId,
        crawl: input.kind === 'crawl' ? input.crawl : undefined,
      });
      if (workspace.teamId !== null) {
        await app.services.teams.record({
          teamId: workspace.teamId,
          actorId: workspace.userId,
          action: 'watch.created',
          subject: watch.url,
        });
      }
      return reply.code(201).send({ ok: true as const, watch });
    },
  );

  app.delete(
    '/api/watches/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['monitoring'],
        summary: 'Stop watching: remove one of your watches',
        params: watchIdParamsSchema,
        response: {
          200: okSchema,
          ...errorResponses(...SIGNED_IN_ERRORS, 'watch_not_found', ['invalid_request', 403]),
        },
      },
    },
    async (request) => {
      const workspace = requireWorkspace(request);
      const url = await watches.remove(workspace, request.params.id);
      if (workspace.teamId !== null) {
        await app.services.teams.record({
          teamId: workspace.teamId,
          actorId: workspace.userId,
          action: 'watch.deleted',
          subject: url,
        });
      }
      return { ok: true as const };
    },
  );
};

function sendInvalidLink(reply: Parameters<typeof sendPlainPage>[0]) {
  return sendPlainPage(reply, 404, {
    title: 'This link is invalid',
    paragraphs: [
      'This stop link is incomplete, or the watch was already removed. You can see and remove your watches on your profile.',
    ],
    link: { href: PATHS.profile, label: 'Go to your profile' },
  });
}

/** What the stop page names: a page, or a site (a crawl watch watches a site too). */
function watchedThing(kind: WatchKind): 'page' | 'site' {
  return kind === 'page' ? 'page' : 'site';
}
