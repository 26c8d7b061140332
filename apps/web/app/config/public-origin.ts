import {
  PUBLIC_ORIGIN_META,
  PUBLIC_ORIGIN_PLACEHOLDER,
  trimOrigin,
} from '@crawlwise/shared/public-origin';

/**
 * The installation's public origin, for absolute canonical, Open Graph and Twitter addresses.
 * Prerendering (no document) writes the placeholder the server replaces with PUBLIC_URL when it
 * serves the page; the browser reads the origin the server wrote into the root layout's meta tag,
 * so hydration renders the same addresses, and falls back to its own origin when the page came
 * without one (the development server).
 */
let browserOrigin: string | undefined;

export function publicOrigin(): string {
  if (typeof document === 'undefined') return PUBLIC_ORIGIN_PLACEHOLDER;
  browserOrigin ??= trimOrigin(
    document.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_ORIGIN_META}"]`)?.content ||
      window.location.origin,
  );
  return browserOrigin;
}

/** `path` on the public origin. */
export function absoluteUrl(path: string): string {
  return `${publicOrigin()}${path}`;
}
