import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** Same-origin, as the web app sends it (inject's Host is localhost:80). */
export const ORIGIN = 'http://localhost:80';

export const TEST_PASSWORD = 'secret-password';

/** `name=value; …` from an answer's Set-Cookie headers, as a browser would send them back. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.map((cookie) => cookie.split(';')[0]).join('; ');
}

export interface TestAccount {
  userId: string;
  email: string;
  cookie: string;
}

/** A new account with a unique address, signed in (its session cookie). */
export async function signUp(
  app: FastifyInstance,
  options: { name?: string; email?: string; password?: string; remoteAddress?: string } = {},
): Promise<TestAccount> {
  const email = options.email ?? `user-${randomUUID()}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: { email, password: options.password ?? TEST_PASSWORD, name: options.name ?? 'Tester' },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  return {
    userId: response.json().user.id as string,
    email,
    cookie: cookieHeader(response.headers['set-cookie']),
  };
}

/** Signs in with email and password; the raw answer (status, cookie, body). */
export function signIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  extra: Partial<InjectOptions> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password },
    ...extra,
  });
}

/** The signed-in user of a cookie, or null. */
export async function sessionUser(
  app: FastifyInstance,
  cookie: string,
): Promise<Record<string, unknown> | null> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie },
  });
  const body = response.json() as { user?: Record<string, unknown> } | null;
  return body?.user ?? null;
}

/** A same-origin JSON call with an optional session cookie. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { cookie?: string; payload?: unknown; remoteAddress?: string } = {},
) {
  return app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}
