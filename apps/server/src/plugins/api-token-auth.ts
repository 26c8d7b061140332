import fp from 'fastify-plugin';
import { ApiError } from '../errors.ts';
import type { TokenIdentity } from '../services/api-tokens.ts';
import { throttleMessage } from '../services/attempt-throttle.ts';
import { tokenMayCall } from '../services/token-policy.ts';

/**
 * `Authorization: Bearer <secret>` on the REST API and /mcp (docs/api.md › Tokens): the request
 * acts as the token's account, within the token's scope (services/token-policy.ts), and each
 * token has its own request rate. A bearer request never carries a session: the token decides,
 * whatever cookie comes with it. Registered after plugins/auth.ts, so its hook runs later.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token the request came with (null for a browser session or an anonymous one). */
    apiToken: TokenIdentity | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export const apiTokenAuthPlugin = fp(
  async (app) => {
    const { tokens, attempts } = app.services;
    app.decorateRequest('apiToken', null);

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (header === undefined) return;
      const secret = BEARER.exec(header)?.[1];
      const identity = secret ? await tokens.authenticate(secret) : null;
      if (!identity) {
        throw new ApiError('invalid_token', undefined, {
          headers: { 'www-authenticate': 'Bearer' },
        });
      }
      request.userId = identity.userId;
      // A token acts in its account's Personal workspace, whatever session came along (docs/teams.md).
      request.teamId = null;
      request.teamRole = null;
      request.teamGone = false;
      request.apiToken = identity;
      const route = request.routeOptions.url ?? '';
      if (!tokenMayCall(identity.scope, request.method, route)) throw new ApiError('token_scope');
      const turn = attempts.reserve('apiRequest', identity.tokenId);
      if (!turn.allowed) {
        throw new ApiError('too_many_requests', throttleMessage(turn.retryAfterSeconds), {
          headers: { 'retry-after': String(turn.retryAfterSeconds) },
        });
      }
    });
  },
  { name: 'api-token-auth', dependencies: ['auth'] },
);
