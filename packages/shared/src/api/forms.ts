import { z } from 'zod';
import { ERROR_CATALOGUE } from '../error-catalogue.ts';
import { contactSchema, leadSchema, partnerSchema } from '../forms.ts';
import { codedField, okMessageSchema } from './contract.ts';

/**
 * The public forms (spec points 5 and 8): the contact form and the partner waitlist answer a
 * refused field with `invalid_request` and the form's own message; the newsletter's address
 * with `invalid_email`.
 */
export const contactBodySchema = contactSchema;
export const partnerBodySchema = partnerSchema;

/**
 * The modal's rule is only "contains @" (spec point 5); the server also requires a well-formed
 * address, since one we can never write to is useless.
 */
export const leadBodySchema = leadSchema.extend({
  email: codedField(
    leadSchema.shape.email.pipe(z.email(ERROR_CATALOGUE.invalid_email.description)),
    'invalid_email',
  ),
});

export const formAnswerSchema = okMessageSchema;
export type FormAnswer = z.infer<typeof formAnswerSchema>;

/** `GET /api/leads/unsubscribe?token=` (the link in a newsletter mail). */
export const unsubscribeQuerySchema = z.object({
  token: z.string().optional().describe('The unsubscribe token of the address'),
});
