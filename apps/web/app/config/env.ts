import { z } from 'zod';

/**
 * Build-time settings. Vite inlines VITE_* variables, so a bad value fails the build (prerendering
 * imports this module) instead of shipping a broken page.
 */
const envSchema = z.object({
  VITE_SUPPORT_EMAIL: z.email().default('support@crawlwise.app'),
  /** Public origin, e.g. https://crawlwise.example; enables absolute canonical and og:url. */
  VITE_SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export const env = envSchema.parse({
  VITE_SUPPORT_EMAIL: import.meta.env.VITE_SUPPORT_EMAIL || undefined,
  VITE_SITE_URL: import.meta.env.VITE_SITE_URL || undefined,
});
