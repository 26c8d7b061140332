import { randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: unguessable, and short enough for a link. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

const ACCESS_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A malformed token cannot name a report: answer report_not_found without a query. */
export function isWellFormedAccessToken(token: string): boolean {
  return ACCESS_TOKEN_SHAPE.test(token);
}
