import {
  CONTACT_SUCCESS,
  contactSchema,
  PARTNER_SUCCESS,
  partnerSchema,
} from '@crawlwise/shared/forms';
import type { FastifyPluginAsync } from 'fastify';
import { type ZodType, z } from 'zod';
import { ApiError } from '../errors.ts';
import { BODY_ERRORS, errorResponses, okMessageResponse } from '../plugins/openapi.ts';
import { FormService } from '../services/form-service.ts';

/** The contact form and the partner waitlist (spec points 5 and 8). */

/** The shared form schema's result, or invalid_request with its first message (as the form shows). */
function parseForm<T>(schema: ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  throw new ApiError('invalid_request', parsed.error.issues[0]?.message);
}

const formErrors = errorResponses('invalid_request', ...BODY_ERRORS);

export const formRoutes: FastifyPluginAsync = async (app) => {
  const forms = new FormService(app.database, app.mailer, app.config.SUPPORT_EMAIL);

  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['forms'],
        summary: 'Send a message to the team',
        description:
          'Stored, then mailed to SUPPORT_EMAIL when SMTP_URL is set (written to the server log ' +
          'otherwise). A validation failure answers `invalid_request` with the form message.',
        body: z.toJSONSchema(contactSchema, { io: 'input', target: 'openapi-3.0' }),
        response: { 200: okMessageResponse('Message stored'), ...formErrors },
      },
    },
    async (request) => {
      await forms.saveContactMessage(parseForm(contactSchema, request.body));
      return { ok: true, message: CONTACT_SUCCESS.description };
    },
  );

  app.post(
    '/api/partner-waitlist',
    {
      schema: {
        tags: ['forms'],
        summary: 'Join the partner programme waitlist',
        description: 'Idempotent: an address already on the list is answered the same way.',
        body: z.toJSONSchema(partnerSchema, { io: 'input', target: 'openapi-3.0' }),
        response: { 200: okMessageResponse('On the waitlist'), ...formErrors },
      },
    },
    async (request) => {
      await forms.joinPartnerWaitlist(parseForm(partnerSchema, request.body));
      return { ok: true, message: PARTNER_SUCCESS.description };
    },
  );
};
