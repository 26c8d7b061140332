import {
  formAnswerSchema,
  leadBodySchema,
  unsubscribeQuerySchema,
} from '@crawlwise/shared/api/forms';
import { LEAD_SUCCESS, UTM_KEYS } from '@crawlwise/shared/forms';
import { FORM_SUBMISSIONS_PER_HOUR } from '@crawlwise/shared/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../errors.ts';
import { BODY_ERRORS, errorResponses, htmlResponse } from '../plugins/openapi.ts';
import { authBaseUrl } from '../services/auth.ts';
import { isBlockedEmail } from '../services/email-policy.ts';
import { unsubscribeUrl, welcomeMail } from '../services/newsletter-mail.ts';
import { formPolicy, throwIfRefused } from '../services/rate-limit.ts';
import { requesterKey } from '../services/requester.ts';
import { storeOrFail } from '../services/store-or-fail.ts';
import { sendPlainPage } from './html-page.ts';

/**
 * The newsletter sign-up from the report screen (its address rules: the shared lead schema), and
 * the unsubscribe link.
 */

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { leads } = app.services;

  app.post(
    '/api/leads',
    {
      schema: {
        tags: ['forms'],
        summary: 'Subscribe to the newsletter',
        description:
          'A filled `honeypot` is refused with `suspicious_activity` and not stored; a ' +
          'disposable or reserved address with `email_blocked`. `urlId` and ' +
          '`reportId` link the sign-up to a report; unknown ids are stored as null. An address ' +
          'that unsubscribed is subscribed again. At most ' +
          `${FORM_SUBMISSIONS_PER_HOUR} sign-ups per requester per hour (\`too_many_requests\`, ` +
          '429 with `Retry-After`).',
        body: leadBodySchema,
        response: {
          200: formAnswerSchema.describe('Subscribed'),
          ...errorResponses(
            'invalid_email',
            'email_blocked',
            'duplicate_email',
            'invalid_request',
            'suspicious_activity',
            'too_many_requests',
            'submission_failed',
            ...BODY_ERRORS,
          ),
        },
      },
    },
    async (request) => {
      const lead = request.body;
      if (isBlockedEmail(lead.email)) throw new ApiError('email_blocked');
      // Counted before the honeypot: a bot is throttled like anyone else.
      throwIfRefused(
        await app.limits.reserve(app.database.db, formPolicy('newsletter'), requesterKey(request)),
      );
      if (lead.honeypot) {
        // A field people never see was filled: a bot. Refused for what it is (issue 27).
        request.log.info('newsletter sign-up with a filled honeypot refused');
        throw new ApiError('suspicious_activity');
      }
      const outcome = await storeOrFail(() =>
        leads.subscribe({
          email: lead.email,
          urlId: lead.urlId,
          reportId: lead.reportId,
          utm: Object.fromEntries(UTM_KEYS.map((key) => [key, lead[key]])),
        }),
      );
      if (outcome.kind === 'already_subscribed') throw new ApiError('duplicate_email');
      // Not awaited: the visitor's answer does not wait for the mail server.
      void app.mailer.deliver(
        welcomeMail(lead.email, unsubscribeUrl(authBaseUrl(app.config), outcome.unsubscribeToken)),
      );
      return { ok: true as const, message: LEAD_SUCCESS.description };
    },
  );

  app.get(
    '/api/leads/unsubscribe',
    {
      schema: {
        tags: ['forms'],
        summary: 'Unsubscribe (the link in a newsletter mail)',
        querystring: unsubscribeQuerySchema,
        response: {
          200: htmlResponse('Confirmation page'),
          404: htmlResponse('The link is invalid'),
        },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
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
