/**
 * The newsletter form's wording and the campaign fields it passes on, without the schemas: the
 * report screen shows the newsletter prompt and stays free of the validation library (forms.ts
 * holds the lead schema and re-exports these).
 */

/** Toast wording of the newsletter modal's rule (spec point 5). */
export const NEWSLETTER_EMAIL_INVALID = {
  title: 'Invalid Email',
  description: 'Please enter a valid email address',
} as const;

export const UTM_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;

export type UtmKey = (typeof UTM_KEYS)[number];
