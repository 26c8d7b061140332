import { PATHS } from '@crawlwise/shared/routes';
import { parseSiteAddress } from '@crawlwise/shared/site-check';
import { parseServerUrl } from '@crawlwise/shared/url-input';
import {
  DEFAULT_WATCH_THRESHOLD,
  MAX_WATCH_THRESHOLD,
  MAX_WATCHES_PER_ACCOUNT,
  MIN_WATCH_THRESHOLD,
  WATCH_CREATIONS_PER_HOUR,
  WATCH_FREQUENCIES,
  watchInputSchema,
} from '@crawlwise/shared/watches';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { WatchService } from '../monitoring/watch-service.ts';
import { BODY_ERRORS, errorResponses, htmlResponse } from '../plugins/openapi.ts';
import { type ThrottlePolicy, throwIfRefused } from '../services/rate-limit.ts';
import { sendPlainPage } from './html-page.ts';
import { requireUser } from './require-user.ts';

/**
 * Monitoring (docs/monitoring.md): the owner's watches (create, list, remove; signed-in only)
 * and the one-click stop link of the regression mail (GET confirms, POST stops; mail clients
 * POST `List-Unsubscribe=One-Click` to it, RFC 8058).
 */

const WATCH_CREATE_POLICY: ThrottlePolicy = {
  kind: 'watch_create',
  rules: [{ windowSeconds: 60 * 60, limit: WATCH_CREATIONS_PER_HOUR, code: 'too_many_requests' }],
};

const watchSchema = {
  type: 'object',
  required: ['id', 'url', 'kind', 'frequency', 'threshold', 'next_run_at', 'created_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    url: { type: 'string', description: 'The watched address, normalised' },
    kind: { type: 'string', enum: ['page', 'site'] },
    frequency: { type: 'string', enum: [...WATCH_FREQUENCIES] },
    threshold: { type: 'integer', description: 'Score drop (points) that triggers a mail' },
    next_run_at: { type: 'string', format: 'date-time' },
    last_score: { type: 'integer', nullable: true, description: 'Score of the latest check' },
    last_checked_at: { type: 'string', format: 'date-time', nullable: true },
    created_at: { type: 'string', format: 'date-time' },
  },
};

const stopQuery = {
  type: 'object',
  properties: { token: { type: 'string', description: 'The stop token from the mail' } },
};

const SIGNED_IN_ERRORS = [['invalid_request', 401]] as const;

export const watchRoutes: FastifyPluginAsync = async (app) => {
  const watches = new WatchService(app.database);
  await watchCrudRoutes(app, watches);

  await app.register(async (stopRoutes) => stopLinkRoutes(stopRoutes, watches));
};

/** The mail's stop link, in its own scope: only these two routes accept a urlencoded body. */
async function stopLinkRoutes(app: FastifyInstance, watches: WatchService) {
  // The one-click stop is a urlencoded POST (a mail client's, or the confirmation page's form).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    '/api/watches/stop',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'The stop link of a watch mail: a page confirming the stop (changes nothing)',
        description:
          'Mail scanners open links: the GET only asks, its button POSTs to the same address.',
        querystring: stopQuery,
        response: {
          200: htmlResponse('Confirmation page'),
          404: htmlResponse('The link is invalid or the watch was already removed'),
        },
      },
    },
    async (request, reply) => {
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const found = await watches.findByStopToken(token);
      if (!found) return sendInvalidLink(reply);
      return sendPlainPage(reply, 200, {
        title: `Stop watching this ${found.kind}?`,
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

  app.post<{ Querystring: { token?: string }; Body: Record<string, string> | undefined }>(
    '/api/watches/stop',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'One-click stop (RFC 8058): removes the watch the mail was about',
        description:
          'Token in the query (the List-Unsubscribe address) or in the form field `token`; ' +
          'body `List-Unsubscribe=One-Click` (urlencoded) as mail clients send it.',
        querystring: stopQuery,
        response: {
          200: htmlResponse('The watch is removed'),
          404: htmlResponse('The link is invalid or the watch was already removed'),
        },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? request.body?.token ?? '';
      const stopped = await watches.stopByToken(String(token));
      if (!stopped) return sendInvalidLink(reply);
      return sendPlainPage(reply, 200, {
        title: `You stopped watching this ${stopped.kind}`,
        paragraphs: [`Crawlwise will not check ${stopped.url} for you any more.`],
        link: { href: PATHS.profile, label: 'Manage your watches' },
      });
    },
  );
}

const watchCrudRoutes = async (app: FastifyInstance, watches: WatchService) => {
  app.get(
    '/api/watches',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'Your watches, oldest first',
        response: {
          200: {
            type: 'object',
            properties: {
              ok: { type: 'boolean', enum: [true] },
              watches: { type: 'array', items: watchSchema },
            },
          },
          ...errorResponses(...SIGNED_IN_ERRORS),
        },
      },
    },
    async (request) => ({ ok: true, watches: await watches.list(requireUser(request)) }),
  );

  app.post(
    '/api/watches',
    {
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
          `At most ${MAX_WATCHES_PER_ACCOUNT} watches per account (\`watch_limit_reached\`) and ` +
          `${WATCH_CREATIONS_PER_HOUR} creations per hour (\`too_many_requests\`).`,
        body: {
          type: 'object',
          required: ['url'],
          properties: {
            url: { type: 'string', maxLength: 2048 },
            kind: { type: 'string', enum: ['page', 'site'], default: 'page' },
            frequency: { type: 'string', enum: [...WATCH_FREQUENCIES], default: 'daily' },
            threshold: {
              type: 'integer',
              minimum: MIN_WATCH_THRESHOLD,
              maximum: MAX_WATCH_THRESHOLD,
              default: DEFAULT_WATCH_THRESHOLD,
            },
            reportToken: { type: 'string', maxLength: 64 },
            siteCheckId: { type: 'string', maxLength: 64 },
          },
        },
        response: {
          201: {
            description: 'Watch created',
            type: 'object',
            properties: { ok: { type: 'boolean', enum: [true] }, watch: watchSchema },
          },
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
            ...BODY_ERRORS,
          ),
        },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const parsed = watchInputSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        throw new ApiError('invalid_request', z.prettifyError(parsed.error));
      }
      const input = parsed.data;
      const address =
        input.kind === 'site' ? parseSiteAddress(input.url) : parseServerUrl(input.url);
      if (!address.ok) throw new ApiError(address.code, address.message);
      const url = 'site' in address ? address.site.href : address.url.href;
      throwIfRefused(
        await app.limits.reserve(app.database.db, WATCH_CREATE_POLICY, `user:${userId}`),
      );
      const watch = await watches.create({
        userId,
        url,
        kind: input.kind,
        frequency: input.frequency,
        threshold: input.threshold,
        reportToken: input.reportToken,
        siteCheckId: input.siteCheckId,
      });
      return reply.code(201).send({ ok: true, watch });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/watches/:id',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'Stop watching: remove one of your watches',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', description: 'The watch id' } },
        },
        response: {
          200: { type: 'object', properties: { ok: { type: 'boolean', enum: [true] } } },
          ...errorResponses(...SIGNED_IN_ERRORS, 'watch_not_found', ['invalid_request', 403]),
        },
      },
    },
    async (request) => {
      await watches.remove(requireUser(request), request.params.id);
      return { ok: true };
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
