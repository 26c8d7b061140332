import {
  AUTH_MESSAGES,
  changePasswordSchema,
  displayNameSchema,
  firstMessage,
  signInSchema,
  signUpSchema,
} from '@crawlwise/shared/accounts';
import { safeEmailLanding } from '@crawlwise/shared/routes';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { z } from 'zod';

/**
 * The spec's account rules on Better Auth's own routes, before its handlers run: the same shared
 * schemas the /auth and /profile forms use, with the same first message. Better Auth alone would
 * accept a 1-character name, keep other sessions alive after a password change and let a
 * sign-up set any picture address.
 */

type Body = Record<string, unknown>;

function refuse(message: string, status: 'BAD_REQUEST' | 'UNPROCESSABLE_ENTITY' = 'BAD_REQUEST') {
  return new APIError(status, { message, code: 'VALIDATION_ERROR' });
}

function parseOrRefuse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw refuse(firstMessage(parsed.error));
  return parsed.data;
}

const asBody = (body: unknown): Body =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {};

export const accountRulesHook = createAuthMiddleware(async (ctx) => {
  const body = asBody(ctx.body);
  switch (ctx.path) {
    case '/sign-up/email': {
      const { name, email, password } = parseOrRefuse(signUpSchema, body);
      // The spec's message for a taken address, in both modes (Better Auth answers a generic
      // success when confirmation is required; the sign-up throttle bounds what this reveals).
      if (await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase())) {
        throw refuse(AUTH_MESSAGES.emailTaken, 'UNPROCESSABLE_ENTITY');
      }
      // The confirmation link returns to the page the visitor signed up from when it is one of
      // ours (safeEmailLanding), else to the root. (Hooks merge into the body and cannot drop a
      // field: a sign-up's `image` is cleared by the user-create hook in services/auth.ts.)
      const callbackURL = safeEmailLanding(body.callbackURL);
      return { context: { body: { name, email, password, callbackURL } } };
    }
    case '/sign-in/email': {
      const { email, password } = parseOrRefuse(signInSchema, body);
      // A sign-in of an unconfirmed account mails a new link; it lands where a sign-up's would.
      const landing =
        body.callbackURL === undefined ? {} : { callbackURL: safeEmailLanding(body.callbackURL) };
      return { context: { body: { ...body, email, password, ...landing } } };
    }
    case '/update-user': {
      if (body.image !== undefined) {
        throw refuse('Upload a picture from your profile page instead.');
      }
      if (body.name === undefined) return;
      return { context: { body: { ...body, name: parseOrRefuse(displayNameSchema, body.name) } } };
    }
    case '/change-password': {
      const { currentPassword, newPassword } = parseOrRefuse(changePasswordSchema, body);
      // Whoever else holds a session (a stolen cookie) is signed out by the change (issue 7).
      return { context: { body: { currentPassword, newPassword, revokeOtherSessions: true } } };
    }
    default:
      return;
  }
});
