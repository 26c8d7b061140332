import { CLIENT_ONLY_ROUTES, PRERENDERED_ROUTES } from '@crawlwise/shared/routes';

/**
 * robots.txt and sitemap.xml, built from the route map so they list exactly the marketing pages,
 * with absolute addresses on this installation's public origin. The client-only screens (a
 * report behind its access token, sign-in, profile) and the API are kept out of crawlers' way.
 */

export function robotsTxt(origin: string): string {
  const disallowed = ['/api/', ...CLIENT_ONLY_ROUTES];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((route) => `Disallow: ${route}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(origin: string): string {
  const urls = PRERENDERED_ROUTES.map(
    (route) => `  <url><loc>${escapeXml(`${origin}${route}`)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
