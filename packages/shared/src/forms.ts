import { z } from 'zod';
import { NEWSLETTER_EMAIL_INVALID } from './lead-fields.ts';

export * from './lead-fields.ts';

/**
 * Form schemas (product spec, point 5) shared by the web forms and the API routes that receive
 * them, so a rule or a message changes in one place.
 */

export const CONTACT_LIMITS = { name: 100, email: 255, message: 1000 } as const;

/** An optional field: blank input means "not given", so the server never stores an empty string. */
const blankToUndefined = (value: string | undefined) => (value ? value : undefined);

export const contactSchema = z.object({
  // A missing field gets the same message as an empty one (the error option of z.string).
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(CONTACT_LIMITS.name, 'Name must be less than 100 characters'),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(CONTACT_LIMITS.email, 'Email must be less than 255 characters')
    .pipe(z.email('Invalid email address')),
  website: z
    .string({ error: 'Must be a valid URL' })
    .trim()
    .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Must be a valid URL' })]))
    .optional()
    .transform(blankToUndefined),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_LIMITS.message, 'Message must be less than 1000 characters'),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

/** Toast wording of the partner waitlist's only rule (spec point 5): a title and a description. */
export const PARTNER_EMAIL_REQUIRED = {
  title: 'Email required',
  description: 'Please enter your email address.',
} as const;

export const PARTNER_EMAIL_INVALID = {
  title: 'Invalid Email',
  description: 'Please enter a valid email address.',
} as const;

export const partnerSchema = z.object({
  email: z
    .string({ error: PARTNER_EMAIL_REQUIRED.description })
    .trim()
    .min(1, PARTNER_EMAIL_REQUIRED.description)
    .max(CONTACT_LIMITS.email, 'Email must be less than 255 characters')
    // The spec only requires a value; a stored address we can never write to is useless, so the
    // address must also be well formed.
    .pipe(z.email(PARTNER_EMAIL_INVALID.description)),
});

export type PartnerSignup = z.output<typeof partnerSchema>;

/**
 * UTM values come from whatever link brought the visitor; a strange one must not cost the
 * sign-up, so it is cut to length, and a value that is not text is dropped.
 */
const UTM_MAX_LENGTH = 200;
const utmValue = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value.slice(0, UTM_MAX_LENGTH) : undefined))
  .catch(undefined);

/**
 * Report ids come from the server; accept the string or number form it may serialize them in.
 * Anything else is dropped rather than refused: the link is a nicety, the sign-up is not.
 */
const idValue = z
  .union([z.string().trim().min(1).max(64), z.number().int().nonnegative()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? undefined : String(value)))
  .catch(undefined);

/**
 * Newsletter lead from the report screen. The rule is the spec's (non-empty and contains "@"), not
 * a full address check, so the server accepts exactly what the modal accepts.
 */
export const leadSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_EMAIL_INVALID.description })
    .trim()
    .min(1, NEWSLETTER_EMAIL_INVALID.description)
    .max(CONTACT_LIMITS.email, 'Email must be less than 255 characters')
    .refine((value) => value.includes('@'), NEWSLETTER_EMAIL_INVALID.description),
  urlId: idValue,
  reportId: idValue,
  /**
   * A field hidden from people: humans leave it empty. The schema accepts any value so the server
   * can quietly drop bot submissions instead of telling the bot what gave it away.
   */
  honeypot: z.string().max(1000).optional().default(''),
  utm_source: utmValue,
  utm_medium: utmValue,
  utm_campaign: utmValue,
  utm_term: utmValue,
  utm_content: utmValue,
});

export type LeadInput = z.input<typeof leadSchema>;
export type Lead = z.output<typeof leadSchema>;

/** Success toasts of the three forms (spec point 8); the API answers with the description. */
export const LEAD_SUCCESS = {
  title: 'Success!',
  description: "You're subscribed! Stay tuned for SEO tips and updates.",
} as const;

export const CONTACT_SUCCESS = {
  title: 'Message sent!',
  description: "We'll get back to you within 24 hours.",
} as const;

export const PARTNER_SUCCESS = {
  title: 'Thanks for your interest!',
  description: "We'll reach out when the partner program launches.",
} as const;

/** The first message of a failed parse, per field, for showing next to each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
