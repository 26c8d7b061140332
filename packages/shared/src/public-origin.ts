/**
 * The web app is prerendered before the installation's public address (PUBLIC_URL) is known, yet
 * canonical, Open Graph, robots.txt and sitemap addresses must be absolute. The build therefore
 * writes this placeholder origin wherever the public origin belongs, and the server replaces it
 * with its PUBLIC_URL when it serves the HTML. The root layout also carries the origin in a meta
 * tag (PUBLIC_ORIGIN_META), so the browser renders the same addresses the server sent.
 */
export const PUBLIC_ORIGIN_PLACEHOLDER = 'https://public-origin.crawlwise.invalid';

/** `<meta name=... content=origin>` in every page's head: where the browser reads the origin. */
export const PUBLIC_ORIGIN_META = 'crawlwise-public-origin';

/** The sharing image (1200×630 PNG in apps/web/public), for og:image and twitter:image. */
export const SHARE_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Crawlwise: see your page the way a search crawler does',
} as const;

/** An origin without its trailing slashes ("https://a.example/" → "https://a.example"). */
export function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, '');
}
