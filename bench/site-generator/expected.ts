import type { CrawlModel } from './crawl-model.ts';
import {
  canonicalFindings,
  findingContext,
  graphFindings,
  hreflangFindings,
  isIndexable,
  listingFindings,
  statusFindings,
} from './expected-findings.ts';
import type { ExpectedSite, FindingId, SiteFindings } from './manifest.ts';
import type { PlannedPage, SitePlan } from './plan.ts';

/**
 * The expected manifest, read from the plan and from the crawl the plan implies (crawl-model.ts):
 * which page is noindex, canonicalised, in the sitemap, which links it has and where redirects
 * go are all decisions the generator made, so nothing here parses HTML or runs an analyzer.
 * The near-duplicate clusters are the ones content planting made (SimHash is not computed here:
 * the tests check the clusters against it).
 */

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sortBy = <T>(items: T[], key: (item: T) => string): T[] =>
  items.sort((a, b) => byText(key(a), key(b)));

export function buildExpected(
  site: SitePlan,
  crawl: CrawlModel,
  sitemapEntries: readonly string[],
  sitemapFiles: readonly string[],
  nearDuplicates: readonly PlannedPage[][],
): ExpectedSite {
  const context = findingContext(site, crawl, sitemapEntries);
  const { url } = context;
  const findings: SiteFindings = {
    ...statusFindings(context),
    ...graphFindings(context),
    ...canonicalFindings(context),
    ...hreflangFindings(context),
    'near-duplicates': nearDuplicates.map((cluster) => cluster.map((page) => url(page.path))),
    ...listingFindings(context),
  };
  sortFindings(findings);
  return {
    startUrl: url('/'),
    robotsTxt: url('/robots.txt'),
    sitemaps: sitemapFiles.map(url),
    crawl: {
      requested: crawl.requested.map(url).sort(byText),
      blocked: crawl.blocked.map(url).sort(byText),
      redirectHopsOnly: crawl.redirectHopsOnly.map(url).sort(byText),
    },
    pages: sortBy(
      crawl.requested.map((path) => {
        const page = context.page(path);
        return {
          url: url(path),
          status: page.status,
          indexable: isIndexable(page, site),
          inSitemap: context.inSitemap.has(path),
          depth: crawl.depth.get(path) ?? null,
          inbound: crawl.inbound.get(path)?.size ?? 0,
        };
      }),
      (page) => page.url,
    ),
    affected: affectedUrls(findings),
    findings,
  };
}

function sortFindings(f: SiteFindings): void {
  const pair = (p: { source: string; target: string }) => `${p.target} ${p.source}`;
  for (const target of sortBy(f['broken-internal-links'], (x) => x.url)) {
    sortBy(target.sources, (s) => s.url);
  }
  for (const target of sortBy(f['redirected-internal-links'], (x) => x.url))
    target.sources.sort(byText);
  sortBy(f['redirect-chains'], (x) => x.url);
  f['orphan-pages'].sort(byText);
  sortBy(f['deep-pages'], (x) => x.url);
  sortBy(f['single-inbound-link'], (x) => x.url);
  sortBy(f['links-to-noindex'], pair);
  sortBy(f['links-to-canonicalised'], pair);
  sortBy(f['nofollow-internal-links'], pair);
  sortBy(f['canonical-chains'], (x) => x.url);
  sortBy(f['canonical-to-error'], (x) => x.url);
  sortBy(f['hreflang-missing-return'], (x) => `${x.source} ${x.alternate}`);
  f['hreflang-missing-x-default'].sort(byText);
  sortBy(f['hreflang-to-error'], (x) => `${x.alternate} ${x.source}`);
  for (const cluster of f['near-duplicates']) cluster.sort(byText);
  sortBy(f['near-duplicates'], (x) => x[0]!);
  for (const group of [...f['duplicate-titles'], ...f['duplicate-descriptions']])
    group.urls.sort(byText);
  sortBy(f['duplicate-titles'], (x) => x.urls[0]!);
  sortBy(f['duplicate-descriptions'], (x) => x.urls[0]!);
  sortBy(f['sitemap-not-indexable'], (x) => x.url);
  f['indexable-not-in-sitemap'].sort(byText);
}

/** Per finding, the addresses it is about (see README.md, "The manifest"). */
function affectedUrls(f: SiteFindings): Record<FindingId, string[]> {
  const unique = (urls: string[]) => [...new Set(urls)].sort(byText);
  return {
    'broken-internal-links': unique(f['broken-internal-links'].map((x) => x.url)),
    'redirected-internal-links': unique(f['redirected-internal-links'].map((x) => x.url)),
    'redirect-chains': unique(f['redirect-chains'].map((x) => x.url)),
    'orphan-pages': unique(f['orphan-pages']),
    'deep-pages': unique(f['deep-pages'].map((x) => x.url)),
    'single-inbound-link': unique(f['single-inbound-link'].map((x) => x.url)),
    'links-to-noindex': unique(f['links-to-noindex'].map((x) => x.target)),
    'links-to-canonicalised': unique(f['links-to-canonicalised'].map((x) => x.target)),
    'nofollow-internal-links': unique(f['nofollow-internal-links'].map((x) => x.target)),
    'canonical-chains': unique(f['canonical-chains'].map((x) => x.url)),
    'canonical-to-error': unique(f['canonical-to-error'].map((x) => x.url)),
    'hreflang-missing-return': unique(f['hreflang-missing-return'].map((x) => x.source)),
    'hreflang-missing-x-default': unique(f['hreflang-missing-x-default']),
    'hreflang-to-error': unique(f['hreflang-to-error'].map((x) => x.alternate)),
    'near-duplicates': unique(f['near-duplicates'].flat()),
    'duplicate-titles': unique(f['duplicate-titles'].flatMap((x) => x.urls)),
    'duplicate-descriptions': unique(f['duplicate-descriptions'].flatMap((x) => x.urls)),
    'sitemap-not-indexable': unique(f['sitemap-not-indexable'].map((x) => x.url)),
    'indexable-not-in-sitemap': unique(f['indexable-not-in-sitemap']),
  };
}
