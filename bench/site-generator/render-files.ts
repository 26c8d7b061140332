import type { Rng } from '../corpus/prng.ts';
import { esc } from '../corpus/text.ts';
import type { SitePlan } from './plan.ts';

/**
 * robots.txt and the sitemap. Past SITEMAP_CHUNK entries the sitemap is an index of child
 * sitemaps of at most that many entries each, as large sites split theirs.
 */

export const SITEMAP_CHUNK = 1_000;
export const SITEMAP_PATH = '/sitemap.xml';

export function robotsTxt(site: SitePlan): string {
  return [
    `# robots.txt for ${site.siteName}`,
    'User-agent: *',
    ...site.disallowed.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${site.origin}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function lastmod(rng: Rng): string {
  return `2026-${String(rng.int(1, 10)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
}

/** Every sitemap file by path: `/sitemap.xml` first, then its children when it is an index. */
export function sitemapFiles(
  site: SitePlan,
  entries: readonly string[],
  rng: Rng,
  chunk = SITEMAP_CHUNK,
): Map<string, string> {
  const urlset = (paths: readonly string[]) =>
    [
      XML_HEAD,
      `<urlset xmlns="${NS}">`,
      ...paths.map(
        (path) =>
          `<url><loc>${esc(`${site.origin}${path}`)}</loc><lastmod>${lastmod(rng)}</lastmod></url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
  const files = new Map<string, string>();
  if (entries.length <= chunk) {
    files.set(SITEMAP_PATH, urlset(entries));
    return files;
  }
  const children: string[] = [];
  for (let start = 0; start < entries.length; start += chunk) {
    children.push(`/sitemaps/pages-${children.length + 1}.xml`);
  }
  files.set(
    SITEMAP_PATH,
    [
      XML_HEAD,
      `<sitemapindex xmlns="${NS}">`,
      ...children.map((path) => `<sitemap><loc>${esc(`${site.origin}${path}`)}</loc></sitemap>`),
      '</sitemapindex>',
      '',
    ].join('\n'),
  );
  children.forEach((path, index) => {
    files.set(path, urlset(entries.slice(index * chunk, (index + 1) * chunk)));
  });
  return files;
}
