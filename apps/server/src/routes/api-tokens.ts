import { okSchema } from '@crawlwise/shared/api/contract';
import {
  createTokenBodySchema,
  createTokenResponseSchema,
  MAX_API_TOKENS_PER_ACCOUNT,
  tokenIdParamsSchema,
  tokenListResponseSchema,
} from '@crawlwise/shared/api/tokens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_ERRORS, errorResponses } from '../plugins/openapi.ts';
import { requireUser, signedIn } from './require-user.ts';

/**
 * The signed-in account's API tokens (docs/api.md › Tokens): create (the secret is in this
 * answer only), list, revoke. A browser session only: a token cannot reach these routes
 * (services/token-policy.ts), so a leaked token cannot mint more or outlive its revocation.
 */

const SIGNED_IN_ERRORS = [['invalid_request', 401], 'token_scope', 'invalid_token'] as const;

export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tokens } = app.services;

  app.get(
    '/api/me/tokens',
    {
      preValidation: signedIn,
      schema: {
        tags: ['tokens'],
        summary: 'Your API tokens, oldest first (never their secrets)',
        response: { 200: tokenListResponseSchema, ...errorResponses(...SIGNED_IN_ERRORS) },
      },
    },
    async (request) => ({ ok: true as const, tokens: await tokens.list(requireUser(request)) }),
  );

  app.post(
    '/api/me/tokens',
    {
      preValidation: signedIn,
      schema: {
        tags: ['tokens'],
        summary: 'Create an API token; its secret is shown in this answer only',
        description:
          '`scope: "read"` reaches the GET routes of reports, history, comparisons, site checks ' +
          'and watches; `"write"` also creates reports, site checks and watches. Send it as ' +
          '`Authorization: Bearer <secret>`. No token reaches account management. ' +
          `At most ${MAX_API_TOKENS_PER_ACCOUNT} tokens per account (\`token_limit_reached\`).`,
        body: createTokenBodySchema,
        response: {
          201: createTokenResponseSchema.describe('Token created'),
          ...errorResponses(...SIGNED_IN_ERRORS, ...BODY_ERRORS, 'token_limit_reached'),
        },
      },
    },
    async (request, reply) => {
      const created = await tokens.create(requireUser(request), request.body);
      return reply.code(201).send({ ok: true as const, ...created });
    },
  );

  app.delete(
    '/api/me/tokens/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['tokens'],
        summary: 'Revoke an API token at once',
        params: tokenIdParamsSchema,
        response: {
          200: okSchema,
          ...errorResponses(...SIGNED_IN_ERRORS, 'token_not_found'),
        },
      },
    },
    async (request) => {
      await tokens.revoke(requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );
};
