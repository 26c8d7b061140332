import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AttemptThrottle } from '../services/attempt-throttle.ts';
import { type Auth, authBaseUrl } from '../services/auth.ts';
import { presentAuthError, throttledAnswer } from '../services/auth-errors.ts';

/**
 * Better Auth at /api/auth/* (sign-up, sign-in, sign-out, session, ...), and the session behind
 * `request.userId` everywhere else.
 *
 * Better Auth speaks Fetch (Request in, Response out): the Fastify request is turned into a
 * Request and the Response, every Set-Cookie included, is sent back as it is. Bodies are JSON
 * only (plugins/security.ts), already parsed by Fastify, so they are serialised again.
 */

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** Sign-in, sign-up, password and avatar throttles (services/attempt-throttle.ts). */
    attempts: AttemptThrottle;
  }
}

const AUTH_PREFIX = '/api/auth/';

interface Throttled {
  name: 'signIn' | 'signUp' | 'passwordCheck' | 'verificationRequest';
  key: string;
  /** Count every call, or only refused ones (a right password never fills the window). */
  count: 'all' | 'failures';
}

export const authPlugin = fp(
  async (app) => {
    const { config, auth, attempts, authSecretGenerated, teams } = app.services;
    if (authSecretGenerated && config.NODE_ENV === 'production') {
      app.log.warn(
        'AUTH_SECRET is not set: using a random one, so every session ends when the server restarts',
      );
    }
    app.decorate('auth', auth);
    app.decorate('attempts', attempts);
    const sessionCookie = `${(await auth.$context).authCookies.sessionToken.name}=`;
    const baseUrl = authBaseUrl(config);

    app.route({
      method: ['GET', 'POST'],
      url: `${AUTH_PREFIX}*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        const throttle = await throttleFor(request);
        // Counted before the work, so parallel attempts cannot all pass one check (issue 25).
        const reservation = throttle ? attempts.reserve(throttle.name, throttle.key) : null;
        if (reservation && !reservation.allowed) {
          return throttledAnswer(reply, reservation.retryAfterSeconds);
        }
        const response = await auth.handler(toFetchRequest(request, baseUrl));
        if (reservation?.allowed && throttle?.count === 'failures' && response.status < 400) {
          reservation.release();
        }
        return sendFetchResponse(reply, response);
      },
    });

    /**
     * Which throttle a Better Auth call counts against: guesses per client address (sign-in
     * failures, sign-ups) or per account (the password checks of a password change or an
     * account deletion, so a stolen session cannot guess the password either).
     */
    async function throttleFor(request: FastifyRequest): Promise<Throttled | null> {
      if (request.method !== 'POST') return null;
      const path = new URL(request.url, baseUrl).pathname.slice(AUTH_PREFIX.length - 1);
      if (path === '/sign-in/email') return { name: 'signIn', key: request.ip, count: 'failures' };
      if (path === '/sign-up/email') return { name: 'signUp', key: request.ip, count: 'all' };
      if (path === '/send-verification-email') {
        return { name: 'verificationRequest', key: request.ip, count: 'all' };
      }
      if (path === '/change-password' || path === '/delete-user') {
        const session = await auth.api.getSession({ headers: fetchHeaders(request) });
        const key = session ? `user:${session.user.id}` : `ip:${request.ip}`;
        return { name: 'passwordCheck', key, count: 'failures' };
      }
      return null;
    }

    // Only a request that carries the session cookie costs a session lookup: anonymous traffic
    // (most report reads) and Better Auth's own routes pay nothing.
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.headers.cookie;
      if (!cookie?.includes(sessionCookie) || request.url.startsWith(AUTH_PREFIX)) return;
      const { headers, response } = await auth.api.getSession({
        headers: fetchHeaders(request),
        returnHeaders: true,
      });
      request.userId = response?.user.id ?? null;
      // The active workspace, looked up with its membership on every request: a member removed
      // a moment ago is refused at once (services/workspace.ts), not at the next sign-in.
      const activeTeam = response?.session.activeOrganizationId ?? null;
      if (response && activeTeam) {
        const role = await teams.roleOf(activeTeam, response.user.id);
        if (role) {
          request.teamId = activeTeam;
          request.teamRole = role;
        } else {
          request.teamGone = true;
        }
      }
      // A session past its refresh age is extended; the renewed cookie goes back with the answer.
      const setCookies = headers.getSetCookie();
      if (setCookies.length > 0) reply.header('set-cookie', setCookies);
    });
  },
  { name: 'auth', dependencies: ['security'] },
);

/** The request's own origin (what plugins/security.ts compared Origin with), else PUBLIC_URL. */
function requestOrigin(request: FastifyRequest, baseUrl: string): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return baseUrl;
  }
}

function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  // Better Auth reads the client address from here (rate limits, the session's ip_address):
  // give it the one Fastify resolved, which believes X-Forwarded-For only from trusted proxies.
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

function toFetchRequest(request: FastifyRequest, baseUrl: string): Request {
  const headers = fetchHeaders(request);
  // The body is serialised again below, so the original length no longer applies.
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, requestOrigin(request, baseUrl)), {
    method: request.method,
    headers,
    ...(hasBody && request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
  });
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length > 0) reply.header('set-cookie', setCookies);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  if (response.status >= 400 && isJson && body) {
    return reply.send(presentAuthError(response.status, body));
  }
  return reply.send(body);
}
