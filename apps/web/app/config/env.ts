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

/** An optional https address (a social profile); an empty value means "not set". */
function httpsUrl(name: string, value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not an address: ${value}`);
  }
  if (url.protocol !== 'https:') throw new Error(`${name} must be an https:// address: ${value}`);
  return url.href;
}

export const env = {
  VITE_SUPPORT_EMAIL: supportEmail(import.meta.env.VITE_SUPPORT_EMAIL || undefined),
  VITE_SOCIAL_X_URL: httpsUrl('VITE_SOCIAL_X_URL', import.meta.env.VITE_SOCIAL_X_URL),
  VITE_SOCIAL_LINKEDIN_URL: httpsUrl(
    'VITE_SOCIAL_LINKEDIN_URL',
    import.meta.env.VITE_SOCIAL_LINKEDIN_URL,
  ),
} as const;
