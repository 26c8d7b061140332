import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { accounts, sessions, users, verifications } from '../db/schema.ts';

/**
 * Accounts: Better Auth on the app's own database (Drizzle adapter, tables in db/schema.ts).
 * Email + password only for now; sessions live in the database and are named by an httpOnly
 * cookie. Email confirmation is not required yet (docs/decisions.md).
 */

/** The spec's minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;

export function createAuth(
  config: Config,
  database: Database,
  secret: string,
  log: FastifyBaseLogger,
) {
  const baseURL = authBaseUrl(config);
  return betterAuth({
    appName: 'Crawlwise',
    baseURL,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      autoSignIn: true,
      requireEmailVerification: false,
    },
    // Per process, in memory, like the report limits; off with them (benchmarks, tests).
    rateLimit: { enabled: config.RATE_LIMITS === 'on', storage: 'memory' },
    // plugins/security.ts already refuses cross-origin writes; the request's own origin (and
    // PUBLIC_URL's, which is baseURL) is what Better Auth's origin check must accept too.
    trustedOrigins: (request) => (request ? [new URL(request.url).origin] : []),
    advanced: {
      // plugins/auth.ts puts the client address Fastify resolved (trusted proxies only) here.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    telemetry: { enabled: false },
    // Into the app's structured log rather than Better Auth's own console output.
    logger: {
      log: (level, message, ...args) => {
        log[level]({ auth: args.length ? args : undefined }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Where the app is reached: PUBLIC_URL, else http://localhost:PORT. */
export function authBaseUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** AUTH_SECRET, or a random one for this process (sessions then end at restart). */
export function authSecret(config: Config): { secret: string; generated: boolean } {
  if (config.AUTH_SECRET) return { secret: config.AUTH_SECRET, generated: false };
  return { secret: randomBytes(32).toString('base64url'), generated: true };
}
