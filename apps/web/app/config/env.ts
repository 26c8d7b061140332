/**
 * Build-time settings. Vite inlines VITE_* variables, so a bad value fails the build (prerendering
 * imports this module) instead of shipping a broken page. Checked by hand rather than with the
 * schema library: every page loads this module, and the library would double a marketing page's
 * script (the public origin is not a build setting: see config/public-origin.ts).
 */
const DEFAULT_SUPPORT_EMAIL = 'support@crawlwise.app';

function supportEmail(value: string | undefined): string {
  if (!value) return DEFAULT_SUPPORT_EMAIL;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw new Error(`VITE_SUPPORT_EMAIL is not an email address: ${value}`);
  }
  return value;
}

export const env = {
  VITE_SUPPORT_EMAIL: supportEmail(import.meta.env.VITE_SUPPORT_EMAIL || undefined),
} as const;
