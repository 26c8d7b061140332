import {
  CONTACT_SUCCESS,
  contactSchema,
  PARTNER_SUCCESS,
  partnerSchema,
} from '@crawlwise/shared/forms';
import { FORM_SUBMISSIONS_PER_HOUR } from '@crawlwise/shared/limits';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type ZodType, z } from 'zod';
import { ApiError } from '../errors.ts';
import { BODY_ERRORS, errorResponses, okMessageResponse } from '../plugins/openapi.ts';
import { FormService } from '../services/form-service.ts';
import { formPolicy, throwIfRefused } from '../services/rate-limit.ts';
import { requesterKey } from '../services/requester.ts';

/** The contact form and the partner waitlist (spec points 5 and 8). */

/** The shared form schema's result, or invalid_request with its first message (as the form shows). */
function parseForm<T>(schema: ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  throw new ApiError('invalid_request', parsed.error.issues[0]?.message);
}

const formErrors = errorResponses('invalid_request', 'too_many_requests', ...BODY_ERRORS);

const THROTTLE_NOTE = ` At most ${FORM_SUBMISSIONS_PER_HOUR} per requester per hour (\`too_many_requests\`, 429 with \`Retry-After\`).`;

export const formRoutes: FastifyPluginAsync = async (app) => {
  const forms = new FormService(app.database, app.mailer, app.config.SUPPORT_EMAIL);
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
        body: z.toJSONSchema(contactSchema, { io: 'input', target: 'openapi-3.0' }),
        response: { 200: okMessageResponse('Message stored'), ...formErrors },
      },
    },
    async (request) => {
      const message = parseForm(contactSchema, request.body);
      await throttle('contact', request);
      await forms.saveContactMessage(message);
      return { ok: true, message: CONTACT_SUCCESS.description };
    },
  );

  app.post(
    '/api/partner-waitlist',
    {
      schema: {
        tags: ['forms'],
        summary: 'Join the partner programme waitlist',
        description: `Idempotent: an address already on the list is answered the same way.${THROTTLE_NOTE}`,
        body: z.toJSONSchema(partnerSchema, { io: 'input', target: 'openapi-3.0' }),
        response: { 200: okMessageResponse('On the waitlist'), ...formErrors },
      },
    },
    async (request) => {
      const signup = parseForm(partnerSchema, request.body);
      await throttle('partner', request);
      await forms.joinPartnerWaitlist(signup);
      return { ok: true, message: PARTNER_SUCCESS.description };
    },
  );
};
