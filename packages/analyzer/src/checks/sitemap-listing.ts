import { metaValues } from '../page/metadata.ts';
import type { Check, CheckOutcome } from './check.ts';
import { elementText, withFix } from './fix-snippets.ts';

/**
 * `sitemap-listing` (crawlability), per origin: a sitemap tells search engines which pages a site
 * wants indexed and when they change. The site's sitemaps (robots.txt's `Sitemap:` lines, else
 * /sitemap.xml) are read once per origin with the site check's reader and rules on a small budget
 * (gather/sitemap-listing.ts); the page is looked up by its crawl key. No sitemap, or a sitemap
 * read to the end without the page, warns; a page found only under the address that redirects to
 * it warns too (a sitemap should list final addresses). A sitemap cut short by the budget, or one
 * that could not be fetched, says so and costs nothing. Pages that should not be listed (not 2xx,
 * noindex) are not judged.
 */

const NOINDEX = /(^|[\s,])(noindex|none)($|[\s,])/i;

function sitemapXml(url: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    `  <url><loc>${elementText(url)}</loc></url>`,
    '</urlset>',
  ].join('\n');
}

export const sitemapListing: Check = {
  meta: {
    id: 'sitemap-listing',
    title: 'Listed in the sitemap',
    why: 'A sitemap lists the pages a site wants found, so search engines discover new and changed pages sooner and know which address of each page is the one to index. A page missing from it is found only through links, later or never.',
    howToFix:
      'List the page (its final https:// address) in the sitemap, and name the sitemap in robots.txt with a Sitemap: line.',
    fixSnippet:
      'the <url> entry for the page, or, when the site has no sitemap, a minimal sitemap.xml with the page and the robots.txt line that names it.',
    rule: `The sitemaps robots.txt names (same origin), else /sitemap.xml, are read once per origin with the site check's reader (indexes and gzip followed; at most 10 documents, 10 MB, 50,000 addresses, 5 s) and the page's final address is looked up by its crawl key (fragment, default port, host case, tracking parameters left out). No sitemap (none named and /sitemap.xml answering 4xx or not a sitemap) warns; a sitemap read to the end without the page warns, as does one that lists only the address that redirects to the page. A sitemap cut short by those limits, or that could not be fetched (5xx, timeout, network), is not judged; neither is a page that is not 2xx or carries noindex.`,
    sources: [
      {
        title: 'Google Search Central: Build and submit a sitemap',
        url: 'https://developers.google.com/search/docs/crawling-indexing/sitemaps/build-sitemap',
      },
      { title: 'sitemaps.org protocol', url: 'https://www.sitemaps.org/protocol.html' },
    ],
  },
  run(page): CheckOutcome {
    const listing = page.artifacts.sitemapListing;
    const { status: httpStatus, headers, finalUrl } = page.artifacts.fetch;
    const details = {
      status: listing?.status ?? null,
      foundVia: listing?.foundVia ?? null,
      sitemaps: listing?.sitemaps ?? [],
      entries: listing?.entries ?? null,
      truncated: listing?.truncated ?? false,
      listed: listing?.listed ?? null,
    };
    const robots = [
      ...metaValues(page.document, 'robots'),
      ...metaValues(page.document, 'googlebot'),
      headers['x-robots-tag'] ?? '',
    ];
    if (httpStatus < 200 || httpStatus >= 300 || robots.some((value) => NOINDEX.test(value))) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'The page is not meant to be indexed',
        why: 'A sitemap should list only pages that answer 200 and may be indexed; this one does not need to be there.',
        details,
      };
    }
    if (listing === undefined || listing.status === 'unreachable') {
      const reason = listing?.detail
        ? `the sitemap could not be read (${listing.detail})`
        : 'the sitemap was not read';
      return {
        severity: 'success',
        outcome: 'skipped',
        message: 'Sitemap listing not checked',
        why: `Whether the page is in the sitemap is unknown: ${reason}.`,
        details,
      };
    }
    const origin = page.url.origin;
    if (listing.status === 'none') {
      const snippet = `${sitemapXml(finalUrl)}\n\n# robots.txt\nSitemap: ${origin}/sitemap.xml`;
      return withFix(
        {
          severity: 'warning',
          message: 'The site has no sitemap',
          why: `robots.txt names no sitemap and ${origin}/sitemap.xml is not one${listing.detail ? ` (${listing.detail})` : ''}, so search engines find the site's pages only through links.`,
          details,
        },
        {
          howToFix: `Publish a sitemap at ${origin}/sitemap.xml listing the pages to index (most site generators and CMSs write one), and name it in robots.txt:\n${snippet}`,
          fixSnippet: snippet,
        },
      );
    }
    if (listing.listed) {
      return {
        severity: 'success',
        message: 'The page is in the sitemap',
        why: `Found among the ${listing.entries ?? 0} addresses of ${listing.sitemaps?.length ?? 0} sitemap document(s) read via ${listing.foundVia}.`,
        details,
      };
    }
    if (listing.truncated) {
      return {
        severity: 'success',
        outcome: 'skipped',
        message: `Not in the first ${listing.entries ?? 0} sitemap addresses read`,
        why: 'The sitemap is larger than the part read for a single page, so the page may be listed further on. A site check reads all of it.',
        details,
      };
    }
    const entry = `<url><loc>${elementText(finalUrl)}</loc></url>`;
    if (listing.requestedListed) {
      const requested = page.artifacts.fetch.requestedUrl;
      return withFix(
        {
          severity: 'warning',
          message: 'The sitemap lists the address that redirects here',
          why: `The sitemap lists ${requested}, which redirects to ${finalUrl}. Search engines expect the final address in a sitemap; a redirecting entry costs a request and sends a mixed signal about which address to index.`,
          details: { ...details, requestedListed: true },
        },
        {
          howToFix: `Replace ${requested} with the final address in the sitemap:\n${entry}`,
          fixSnippet: entry,
        },
      );
    }
    return withFix(
      {
        severity: 'warning',
        message: 'The page is not in the sitemap',
        why: `The ${listing.entries ?? 0} addresses of the site's sitemap (${listing.sitemaps?.[0] ?? origin}${(listing.sitemaps?.length ?? 0) > 1 ? ` and ${listing.sitemaps!.length - 1} more` : ''}) do not include ${finalUrl}, so search engines learn of it only through links.`,
        details,
      },
      {
        howToFix: `Add the page to the sitemap (inside <urlset>):\n${entry}`,
        fixSnippet: entry,
      },
    );
  },
};
