import { okSchema } from '@crawlwise/shared/api/contract';
import {
  siteVerificationIdParamsSchema,
  siteVerificationListResponseSchema,
  siteVerificationResponseSchema,
  startSiteVerificationBodySchema,
} from '@crawlwise/shared/api/site-verifications';
import { MAX_CRAWL_PAGES } from '@crawlwise/shared/site-check';
import {
  MAX_SITE_VERIFICATIONS_PER_ACCOUNT,
  VERIFICATION_CHECKS_PER_DAY,
  VERIFICATION_CHECKS_PER_MINUTE,
  VERIFICATION_FILE_PATH,
  VERIFICATION_META_NAME,
  VERIFIED_PAGE_INTERVAL_MS,
} from '@crawlwise/shared/site-verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_ERRORS, errorResponses } from '../plugins/openapi.ts';
import { type ThrottlePolicy, throwIfRefused } from '../services/rate-limit.ts';
import { requireUser, signedIn } from './require-user.ts';

/**
 * Site ownership verification (docs/site-checks.md › Site ownership verification): start one
 * (a token for the account and the site), check it (the server reads both proofs), list them,
 * remove one. Signed-in owners only; another account's verification answers
 * `site_verification_not_found`, as a missing one does.
 */

const SIGNED_OUT = ['invalid_request', 401] as const;

/** A check makes the server fetch two addresses of the site: counted like other fetches. */
export const VERIFICATION_CHECK_POLICY: ThrottlePolicy = {
  kind: 'site_verification_check',
  rules: [
    {
      windowSeconds: 24 * 60 * 60,
      limit: VERIFICATION_CHECKS_PER_DAY,
      code: 'rate_limit_exceeded',
    },
    { windowSeconds: 60, limit: VERIFICATION_CHECKS_PER_MINUTE, code: 'too_many_requests' },
  ],
};

export const siteVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { siteVerifications } = app.services;
  const verifiedLimits = {
    maxPages: app.config.SITE_CRAWL_MAX_PAGES,
    pageIntervalMs: Math.min(VERIFIED_PAGE_INTERVAL_MS, app.config.SITE_CHECK_PAGE_INTERVAL_MS),
  };

  app.post(
    '/api/site-verifications',
    {
      preValidation: signedIn,
      schema: {
        tags: ['site checks'],
        summary: 'Start verifying a site you own (or get the verification you have)',
        description:
          'Answers a token and the two ways to prove ownership: a ' +
          `\`<meta name="${VERIFICATION_META_NAME}" content="TOKEN">\` in the head of the home ` +
          `page, or a file at \`${VERIFICATION_FILE_PATH}\` whose body is the token. A verified ` +
          `site may be crawled beyond ${MAX_CRAWL_PAGES} pages and faster. At most ` +
          `${MAX_SITE_VERIFICATIONS_PER_ACCOUNT} per account (\`site_verification_limit\`).`,
        body: startSiteVerificationBodySchema,
        response: {
          200: siteVerificationResponseSchema.describe('Verification (new or existing)'),
          ...errorResponses(
            SIGNED_OUT,
            'missing_url',
            'invalid_url',
            'url_too_long',
            'unsupported_protocol',
            'site_verification_limit',
            ...BODY_ERRORS,
          ),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const verification = await siteVerifications.start(userId, request.body.siteUrl);
      return { ok: true as const, verification };
    },
  );

  app.get(
    '/api/site-verifications',
    {
      preValidation: signedIn,
      schema: {
        tags: ['site checks'],
        summary: 'Your site verifications, oldest first, and the limits of a verified crawl',
        response: {
          200: siteVerificationListResponseSchema,
          ...errorResponses(SIGNED_OUT),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      return {
        ok: true as const,
        verifications: await siteVerifications.list(userId),
        verifiedLimits,
      };
    },
  );

  app.post(
    '/api/site-verifications/:id/check',
    {
      preValidation: signedIn,
      schema: {
        tags: ['site checks'],
        summary: 'Look for the proof on the site now',
        description:
          'Reads the home page and the verification file (the address guard, size and time ' +
          'bounds of any page fetch). Found: `verifiedAt` is set. Not found: ' +
          '`site_verification_failed` says what each proof showed, and the verification is ' +
          `unverified. At most ${VERIFICATION_CHECKS_PER_MINUTE} checks a minute and ` +
          `${VERIFICATION_CHECKS_PER_DAY} a day per account.`,
        params: siteVerificationIdParamsSchema,
        response: {
          200: siteVerificationResponseSchema,
          ...errorResponses(
            SIGNED_OUT,
            'site_verification_not_found',
            'site_verification_failed',
            'too_many_requests',
            'rate_limit_exceeded',
          ),
        },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      throwIfRefused(
        await app.limits.reserve(app.database.db, VERIFICATION_CHECK_POLICY, `user:${userId}`),
      );
      const verification = await siteVerifications.check(userId, request.params.id);
      return { ok: true as const, verification };
    },
  );

  app.delete(
    '/api/site-verifications/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['site checks'],
        summary: 'Remove a site verification',
        params: siteVerificationIdParamsSchema,
        response: {
          200: okSchema,
          ...errorResponses(SIGNED_OUT, 'site_verification_not_found'),
        },
      },
    },
    async (request) => {
      await siteVerifications.remove(requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );
};
