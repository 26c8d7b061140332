import { AUTH_MESSAGES } from '@crawlwise/shared/accounts';
import { ERROR_CATALOGUE, type ErrorCode } from '@crawlwise/shared/error-catalogue';
import type { FastifyReply } from 'fastify';
import { errorBody } from '../errors.ts';
import { throttleMessage } from './attempt-throttle.ts';

/**
 * Better Auth answers failures as `{code, message}`. Every error body of this API also carries
 * `ok: false` and a catalogue code (ARCHITECTURE.md), and some of Better Auth's messages have a
 * wording of their own in the spec; this adds the one and rewords the other, keeping Better
 * Auth's `code` for clients that know it.
 */

/** Better Auth codes whose message the spec (or the product) words differently. */
const SPEC_MESSAGES: Record<string, string> = {
  USER_ALREADY_EXISTS: AUTH_MESSAGES.emailTaken,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: AUTH_MESSAGES.emailTaken,
  INVALID_EMAIL_OR_PASSWORD: AUTH_MESSAGES.invalidCredentials,
  EMAIL_NOT_VERIFIED: AUTH_MESSAGES.emailNotConfirmed,
  INVALID_PASSWORD: 'Your current password is not correct',
  SESSION_EXPIRED: 'Please enter your password, or sign in again to continue',
};

function catalogueCode(status: number): ErrorCode {
  if (status === 429) return 'too_many_requests';
  if (status >= 500) return 'internal_error';
  return 'invalid_request';
}

export function presentAuthError(status: number, body: Buffer): Record<string, unknown> {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      parsed = value as Record<string, unknown>;
    }
  } catch {
    // Not JSON after all: answer with the catalogue's words alone.
  }
  const code = typeof parsed.code === 'string' ? parsed.code : undefined;
  const message =
    (code && SPEC_MESSAGES[code]) ||
    (typeof parsed.message === 'string' && parsed.message) ||
    AUTH_MESSAGES.unexpected;
  // Our own hooks refuse with a catalogue code (services/team-rules.ts, account_owns_team).
  const error = code && code in ERROR_CATALOGUE ? (code as ErrorCode) : catalogueCode(status);
  return { ...parsed, ...errorBody(error, message) };
}

/** 429 with the catalogue code, the wait in words and in Retry-After. */
export function throttledAnswer(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({
      ...errorBody('too_many_requests', throttleMessage(retryAfterSeconds)),
      code: 'TOO_MANY_REQUESTS',
    });
}
