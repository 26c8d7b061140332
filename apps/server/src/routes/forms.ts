import {
  contactBodySchema,
  formAnswerSchema,
  partnerBodySchema,
} from '@crawlwise/shared/api/forms';
import { CONTACT_SUCCESS, PARTNER_SUCCESS } from '@crawlwise/shared/forms';
import { FORM_SUBMISSIONS_PER_HOUR } from '@crawlwise/shared/limits';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../errors.ts';
import { BODY_ERRORS, errorResponses } from '../plugins/openapi.ts';
import { isBlockedEmail } from '../services/email-policy.ts';
import { formPolicy, throwIfRefused } from '../services/rate-limit.ts';
import { requesterKey } from '../services/requester.ts';
import { storeOrFail } from '../services/store-or-fail.ts';

/** The contact form and the partner waitlist (spec points 5 and 8). */

const formErrors = errorResponses('invalid_request', 'too_many_requests', ...BODY_ERRORS);

const THROTTLE_NOTE = ` At most ${FORM_SUBMISSIONS_PER_HOUR} per requester per hour (\`too_many_requests\`, 429 with \`Retry-After\`).`;

export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const { forms } = app.services;
  /** Counts a valid submission against the form's hourly limit, or refuses it with 429. */
  const throttle = async (form: 'contact' | 'partner', request: FastifyRequest) =>
    throwIfRefused(
      await app.limits.reserve(app.database.db, formPolicy(form), requesterKey(request)),
    );

  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['forms'],
        summary: 'Send a message to the team',
        description:
          'Stored, then mailed to SUPPORT_EMAIL when SMTP_URL is set (written to the server log ' +
          'otherwise). A validation failure answers `invalid_request` with the form message.' +
          THROTTLE_NOTE,
        body: contactBodySchema,
        response: { 200: formAnswerSchema.describe('Message stored'), ...formErrors },
      },
    },
    async (request) => {
      await throttle('contact', request);
      await forms.saveContactMessage(request.body);
      return { ok: true as const, message: CONTACT_SUCCESS.description };
    },
  );

  app.post(
    '/api/partner-waitlist',
    {
      schema: {
        tags: ['forms'],
        summary: 'Join the partner programme waitlist',
        description: `Idempotent: an address already on the list is answered the same way. A disposable or reserved address is refused with \`email_blocked\`.${THROTTLE_NOTE}`,
        body: partnerBodySchema,
        response: {
          200: formAnswerSchema.describe('On the waitlist'),
          ...errorResponses(
            'invalid_request',
            'email_blocked',
            'too_many_requests',
            'submission_failed',
            ...BODY_ERRORS,
          ),
        },
      },
    },
    async (request) => {
      if (isBlockedEmail(request.body.email)) throw new ApiError('email_blocked');
      await throttle('partner', request);
      await storeOrFail(() => forms.joinPartnerWaitlist(request.body));
      return { ok: true as const, message: PARTNER_SUCCESS.description };
    },
  );
};
