import { type CrawlModel, followRedirects, isNoindex, planned } from './crawl-model.ts';
import type { ExpectedSite, FindingId, SiteFindings, SitemapProblem } from './manifest.ts';
import { comparable } from './names.ts';
import { isBlocked, type PlannedPage, type SitePlan } from './plan.ts';

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

export function canonicalElsewhere(page: PlannedPage): boolean {
  return page.canonical !== undefined && page.canonical !== page.path;
}

export function isIndexable(page: PlannedPage, site: SitePlan): boolean {
  return (
    page.status === 200 &&
    !isBlocked(page.path, site) &&
    !isNoindex(page) &&
    !canonicalElsewhere(page)
  );
}

function sitemapProblem(page: PlannedPage, site: SitePlan): SitemapProblem | null {
  if (isBlocked(page.path, site)) return 'blocked';
  if (page.status === 301) {
    return followRedirects(site, page.path).final === null ? 'redirect-loop' : 'redirect';
  }
  if (page.status === 404) return 'not-found';
  if (page.status === 500) return 'server-error';
  if (isNoindex(page)) return 'noindex';
  if (canonicalElsewhere(page)) return 'canonicalised';
  return null;
}

function duplicateGroups(pages: PlannedPage[], value: (page: PlannedPage) => string) {
  const groups = new Map<string, PlannedPage[]>();
  for (const page of pages) {
    const key = comparable(value(page));
    if (key === '') continue;
    groups.set(key, [...(groups.get(key) ?? []), page]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

export function buildExpected(
  site: SitePlan,
  crawl: CrawlModel,
  sitemapEntries: readonly string[],
  sitemapFiles: readonly string[],
  nearDuplicates: readonly PlannedPage[][],
): ExpectedSite {
  const url = (path: string) => `${site.origin}${path}`;
  const page = (path: string) => planned(site, path);
  const requested = new Set(crawl.requested);
  const crawled200 = crawl.requested.map(page).filter((p) => p.status === 200);
  const inSitemap = new Set(sitemapEntries);
  const sourcesOf = (path: string) => [...(crawl.inbound.get(path) ?? [])].map(url).sort(byText);
  const pairsTo = (accept: (target: PlannedPage) => boolean) =>
    crawled200
      .filter(accept)
      .flatMap((target) =>
        sourcesOf(target.path).map((source) => ({ source, target: url(target.path) })),
      );

  const findings: SiteFindings = {
    'broken-internal-links': [],
    'redirected-internal-links': [],
    'redirect-chains': [],
    'orphan-pages': [],
    'deep-pages': [],
    'single-inbound-link': [],
    'links-to-noindex': pairsTo(isNoindex),
    'links-to-canonicalised': pairsTo(canonicalElsewhere).map((pair) => ({
      ...pair,
      canonical: url(page(pair.target.slice(site.origin.length)).canonical!),
    })),
    'nofollow-internal-links': [...crawl.links].flatMap(([source, links]) =>
      links.filter((l) => l.nofollow).map((l) => ({ source: url(source), target: url(l.target) })),
    ),
    'canonical-chains': [],
    'canonical-to-error': [],
    'hreflang-missing-return': [],
    'hreflang-missing-x-default': [],
    'hreflang-to-error': [],
    'near-duplicates': nearDuplicates.map((cluster) =>
      cluster.map((p) => url(p.path)).sort(byText),
    ),
    'duplicate-titles': [],
    'duplicate-descriptions': [],
    'sitemap-not-indexable': [],
    'indexable-not-in-sitemap': [],
  };

  for (const path of crawl.requested) {
    const target = page(path);
    if (target.status === 200) continue;
    const redirect = followRedirects(site, path);
    const linked = crawl.inbound.has(path);
    if (target.status === 301 && redirect.final !== null) {
      if (linked) {
        findings['redirected-internal-links'].push({
          url: url(path),
          finalUrl: url(redirect.final),
          sources: sourcesOf(path),
        });
      }
      if (redirect.hops.length >= 2) {
        findings['redirect-chains'].push({
          url: url(path),
          hops: redirect.hops.map(url),
          finalUrl: url(redirect.final),
          loop: false,
        });
      }
      continue;
    }
    if (target.status === 301) {
      findings['redirect-chains'].push({
        url: url(path),
        hops: redirect.hops.map(url),
        finalUrl: null,
        loop: true,
      });
    }
    if (linked) {
      findings['broken-internal-links'].push({
        url: url(path),
        status: target.status,
        sources: [...crawl.inbound.get(path)!].map((source) => ({
          url: url(source),
          anchor: crawl.links.get(source)!.find((link) => link.target === path)!.anchor,
        })),
      });
    }
  }

  for (const p of crawled200) {
    const inbound = crawl.inbound.get(p.path)?.size ?? 0;
    const depth = crawl.depth.get(p.path);
    if (inSitemap.has(p.path) && inbound === 0 && p.path !== '/')
      findings['orphan-pages'].push(url(p.path));
    if (depth !== undefined && depth > 3) findings['deep-pages'].push({ url: url(p.path), depth });
    if (inbound === 1 && p.path !== '/') {
      findings['single-inbound-link'].push({ url: url(p.path), source: sourcesOf(p.path)[0]! });
    }
    if (canonicalElsewhere(p) && requested.has(p.canonical!)) {
      const named = page(p.canonical!);
      if (named.status !== 200) {
        findings['canonical-to-error'].push({
          url: url(p.path),
          canonical: url(named.path),
          status: named.status,
        });
      } else if (canonicalElsewhere(named)) {
        const chain = [p.path, named.path];
        for (
          let next = named;
          canonicalElsewhere(next) && !chain.slice(0, -1).includes(next.path);
        ) {
          next = page(next.canonical!);
          chain.push(next.path);
        }
        const loop = chain.indexOf(chain[chain.length - 1]!) < chain.length - 1;
        findings['canonical-chains'].push({ url: url(p.path), chain: chain.map(url), loop });
      }
    }
    const alternates = p.hreflang ?? [];
    if (alternates.length > 0 && !alternates.some((a) => a.lang === 'x-default')) {
      findings['hreflang-missing-x-default'].push(url(p.path));
    }
    for (const alternate of alternates) {
      if (alternate.path === p.path || !requested.has(alternate.path)) continue;
      const other = page(alternate.path);
      if (other.status !== 200) {
        findings['hreflang-to-error'].push({
          source: url(p.path),
          alternate: url(other.path),
          status: other.status,
        });
      } else if (!(other.hreflang ?? []).some((back) => back.path === p.path)) {
        findings['hreflang-missing-return'].push({
          source: url(p.path),
          alternate: url(other.path),
        });
      }
    }
    if (isIndexable(p, site) && !inSitemap.has(p.path))
      findings['indexable-not-in-sitemap'].push(url(p.path));
  }

  const indexable = crawled200.filter((p) => isIndexable(p, site));
  findings['duplicate-titles'] = duplicateGroups(indexable, (p) => p.title).map((group) => ({
    value: group[0]!.title,
    urls: group.map((p) => url(p.path)).sort(byText),
  }));
  findings['duplicate-descriptions'] = duplicateGroups(indexable, (p) => p.description).map(
    (group) => ({
      value: group[0]!.description,
      urls: group.map((p) => url(p.path)).sort(byText),
    }),
  );
  for (const path of sitemapEntries) {
    const problem = sitemapProblem(page(path), site);
    if (problem) findings['sitemap-not-indexable'].push({ url: url(path), problem });
  }

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
        const p = page(path);
        return {
          url: url(path),
          status: p.status,
          indexable: isIndexable(p, site),
          inSitemap: inSitemap.has(path),
          depth: crawl.depth.get(path) ?? null,
          inbound: crawl.inbound.get(path)?.size ?? 0,
        };
      }),
      (p) => p.url,
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
  sortBy(f['redirected-internal-links'], (x) => x.url);
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
  sortBy(f['near-duplicates'], (x) => x[0]!);
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
