import { LEAD_SUCCESS, leadSchema, UTM_KEYS } from '@crawlwise/shared/forms';
import { FORM_SUBMISSIONS_PER_HOUR } from '@crawlwise/shared/limits';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import {
  BODY_ERRORS,
  errorResponses,
  htmlResponse,
  okMessageResponse,
} from '../plugins/openapi.ts';
import { authBaseUrl } from '../services/auth.ts';
import { LeadService } from '../services/lead-service.ts';
import { unsubscribeUrl, welcomeMail } from '../services/newsletter-mail.ts';
import { formPolicy, throwIfRefused } from '../services/rate-limit.ts';
import { requesterKey } from '../services/requester.ts';
import { sendPlainPage } from './html-page.ts';

/**
 * The newsletter sign-up from the report screen, and the unsubscribe link. The modal's rule is
 * only "contains @" (spec point 5); the server also requires a well-formed address, since one
 * we can never write to is useless.
 */

const deliverableEmail = z.email();

export const leadRoutes: FastifyPluginAsync = async (app) => {
  const leads = new LeadService(app.database);

  app.post(
    '/api/leads',
    {
      schema: {
        tags: ['forms'],
        summary: 'Subscribe to the newsletter',
        description:
          'A filled `honeypot` is answered like a success and not stored. `urlId` and ' +
          '`reportId` link the sign-up to a report; unknown ids are stored as null. An address ' +
          'that unsubscribed is subscribed again. At most ' +
          `${FORM_SUBMISSIONS_PER_HOUR} sign-ups per requester per hour (\`too_many_requests\`, ` +
          '429 with `Retry-After`).',
        body: z.toJSONSchema(leadSchema, { io: 'input', target: 'openapi-3.0' }),
        response: {
          200: okMessageResponse('Subscribed'),
          ...errorResponses(
            'invalid_email',
            'duplicate_email',
            'invalid_request',
            'too_many_requests',
            ...BODY_ERRORS,
          ),
        },
      },
    },
    async (request) => {
      const parsed = leadSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        throw new ApiError(
          issue?.path[0] === 'email' ? 'invalid_email' : 'invalid_request',
          issue?.message,
        );
      }
      const lead = parsed.data;
      if (!deliverableEmail.safeParse(lead.email).success) throw new ApiError('invalid_email');
      // Counted before the honeypot: a bot is throttled like anyone else.
      throwIfRefused(
        await app.limits.reserve(app.database.db, formPolicy('newsletter'), requesterKey(request)),
      );
      if (lead.honeypot) {
        // Answered like a success so the bot learns nothing; logged to see how often it happens.
        request.log.info('newsletter sign-up with a filled honeypot dropped');
        return { ok: true, message: LEAD_SUCCESS.description };
      }
      const outcome = await leads.subscribe({
        email: lead.email,
        urlId: lead.urlId,
        reportId: lead.reportId,
        utm: Object.fromEntries(UTM_KEYS.map((key) => [key, lead[key]])),
      });
      if (outcome.kind === 'already_subscribed') throw new ApiError('duplicate_email');
      // Not awaited: the visitor's answer does not wait for the mail server.
      void app.mailer.deliver(
        welcomeMail(lead.email, unsubscribeUrl(authBaseUrl(app.config), outcome.unsubscribeToken)),
      );
      return { ok: true, message: LEAD_SUCCESS.description };
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    '/api/leads/unsubscribe',
    {
      schema: {
        tags: ['forms'],
        summary: 'Unsubscribe (the link in a newsletter mail)',
        querystring: {
          type: 'object',
          properties: {
            token: { type: 'string', description: 'The unsubscribe token of the address' },
          },
        },
        response: {
          200: htmlResponse('Confirmation page'),
          404: htmlResponse('The link is invalid'),
        },
      },
    },
    async (request, reply) => {
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const outcome = await leads.unsubscribe(token);
      if (outcome === 'not_found') {
        return sendPlainPage(reply, 404, {
          title: 'This link is invalid',
          paragraphs: [
            'This unsubscribe link is invalid or incomplete. Copy the whole link from the email, or reply to the email and we will unsubscribe you.',
          ],
          link: { href: '/', label: 'Go to Crawlwise' },
        });
      }
      return sendPlainPage(reply, 200, {
        title: 'You are unsubscribed',
        paragraphs: ['You will not receive any more newsletter emails from Crawlwise.'],
        link: { href: '/', label: 'Go to Crawlwise' },
      });
    },
  );
};
