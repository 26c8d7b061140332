import { type CrawlModel, followRedirects, isNoindex, planned } from './crawl-model.ts';
import type { SiteFindings, SitemapProblem } from './manifest.ts';
import { comparable } from './names.ts';
import { isBlocked, type PlannedPage, type SitePlan } from './plan.ts';

/**
 * Each site finding of issue 19, by family, read from the plan and the crawl it implies
 * (crawl-model.ts), following the definitions word for word. Lists come out unsorted;
 * expected.ts sorts them.
 */

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

/** What every family reads: the plan, the crawl, and addresses made absolute. */
export interface FindingContext {
  site: SitePlan;
  crawl: CrawlModel;
  sitemapEntries: readonly string[];
  url(path: string): string;
  page(path: string): PlannedPage;
  requested: ReadonlySet<string>;
  /** Requested pages answering 200, in crawl order. */
  crawled200: readonly PlannedPage[];
  inSitemap: ReadonlySet<string>;
  /** Absolute addresses of the crawled pages linking to a path. */
  sourcesOf(path: string): string[];
}

export function findingContext(
  site: SitePlan,
  crawl: CrawlModel,
  sitemapEntries: readonly string[],
): FindingContext {
  const url = (path: string) => `${site.origin}${path}`;
  const page = (path: string) => planned(site, path);
  return {
    site,
    crawl,
    sitemapEntries,
    url,
    page,
    requested: new Set(crawl.requested),
    crawled200: crawl.requested.map(page).filter((p) => p.status === 200),
    inSitemap: new Set(sitemapEntries),
    sourcesOf: (path) => [...(crawl.inbound.get(path) ?? [])].map(url),
  };
}

type Findings<K extends keyof SiteFindings> = Pick<SiteFindings, K>;

/** Links to targets that do not answer 200, and redirects (chains and loops). */
export function statusFindings(
  c: FindingContext,
): Findings<'broken-internal-links' | 'redirected-internal-links' | 'redirect-chains'> {
  const found: ReturnType<typeof statusFindings> = {
    'broken-internal-links': [],
    'redirected-internal-links': [],
    'redirect-chains': [],
  };
  for (const path of c.crawl.requested) {
    const target = c.page(path);
    if (target.status === 200) continue;
    const { hops, final } = followRedirects(c.site, path);
    const linked = c.crawl.inbound.has(path);
    if (target.status === 301 && (hops.length >= 2 || final === null)) {
      found['redirect-chains'].push({
        url: c.url(path),
        hops: hops.map(c.url),
        finalUrl: final === null ? null : c.url(final),
        loop: final === null,
      });
    }
    if (!linked) continue;
    if (target.status === 301 && final !== null) {
      found['redirected-internal-links'].push({
        url: c.url(path),
        finalUrl: c.url(final),
        sources: c.sourcesOf(path),
      });
      continue;
    }
    // A 4xx, a 5xx, or a redirect that loops (it never loads).
    found['broken-internal-links'].push({
      url: c.url(path),
      status: target.status,
      sources: [...c.crawl.inbound.get(path)!].map((source) => ({
        url: c.url(source),
        anchor: c.crawl.links.get(source)!.find((link) => link.target === path)!.anchor,
      })),
    });
  }
  return found;
}

/** What the link graph says: orphans, depth, single inbound links, links' kinds of target. */
export function graphFindings(
  c: FindingContext,
): Findings<
  | 'orphan-pages'
  | 'deep-pages'
  | 'single-inbound-link'
  | 'links-to-noindex'
  | 'links-to-canonicalised'
  | 'nofollow-internal-links'
> {
  const linksTo = (target: PlannedPage) =>
    c.sourcesOf(target.path).map((source) => ({ source, target: c.url(target.path) }));
  const inbound = (page: PlannedPage) => c.crawl.inbound.get(page.path)?.size ?? 0;
  const notStart = c.crawled200.filter((page) => page.path !== '/');
  return {
    'orphan-pages': notStart
      .filter((page) => c.inSitemap.has(page.path) && inbound(page) === 0)
      .map((page) => c.url(page.path)),
    'deep-pages': c.crawled200.flatMap((page) => {
      const depth = c.crawl.depth.get(page.path);
      return depth !== undefined && depth > 3 ? [{ url: c.url(page.path), depth }] : [];
    }),
    'single-inbound-link': notStart
      .filter((page) => inbound(page) === 1)
      .map((page) => ({ url: c.url(page.path), source: c.sourcesOf(page.path)[0]! })),
    'links-to-noindex': c.crawled200.filter(isNoindex).flatMap(linksTo),
    'links-to-canonicalised': c.crawled200
      .filter(canonicalElsewhere)
      .flatMap((target) =>
        linksTo(target).map((pair) => ({ ...pair, canonical: c.url(target.canonical!) })),
      ),
    'nofollow-internal-links': [...c.crawl.links].flatMap(([source, links]) =>
      links
        .filter((link) => link.nofollow)
        .map((link) => ({ source: c.url(source), target: c.url(link.target) })),
    ),
  };
}

/** Canonicals naming a page whose canonical names yet another, or naming a non-200 address. */
export function canonicalFindings(
  c: FindingContext,
): Findings<'canonical-chains' | 'canonical-to-error'> {
  const found: ReturnType<typeof canonicalFindings> = {
    'canonical-chains': [],
    'canonical-to-error': [],
  };
  for (const page of c.crawled200) {
    if (!canonicalElsewhere(page) || !c.requested.has(page.canonical!)) continue;
    const named = c.page(page.canonical!);
    if (named.status !== 200) {
      found['canonical-to-error'].push({
        url: c.url(page.path),
        canonical: c.url(named.path),
        status: named.status,
      });
      continue;
    }
    if (!canonicalElsewhere(named)) continue;
    const chain = [page.path, named.path];
    let next = named;
    while (canonicalElsewhere(next) && !chain.slice(0, -1).includes(next.path)) {
      next = c.page(next.canonical!);
      chain.push(next.path);
    }
    const loop = chain.indexOf(chain[chain.length - 1]!) < chain.length - 1;
    found['canonical-chains'].push({ url: c.url(page.path), chain: chain.map(c.url), loop });
  }
  return found;
}

export function hreflangFindings(
  c: FindingContext,
): Findings<'hreflang-missing-return' | 'hreflang-missing-x-default' | 'hreflang-to-error'> {
  const found: ReturnType<typeof hreflangFindings> = {
    'hreflang-missing-return': [],
    'hreflang-missing-x-default': [],
    'hreflang-to-error': [],
  };
  for (const page of c.crawled200) {
    const alternates = page.hreflang ?? [];
    if (alternates.length > 0 && !alternates.some((a) => a.lang === 'x-default')) {
      found['hreflang-missing-x-default'].push(c.url(page.path));
    }
    for (const alternate of alternates) {
      if (alternate.path === page.path || !c.requested.has(alternate.path)) continue;
      const other = c.page(alternate.path);
      const pair = { source: c.url(page.path), alternate: c.url(other.path) };
      if (other.status !== 200) found['hreflang-to-error'].push({ ...pair, status: other.status });
      else if (!(other.hreflang ?? []).some((back) => back.path === page.path)) {
        found['hreflang-missing-return'].push(pair);
      }
    }
  }
  return found;
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

function duplicateGroups(
  c: FindingContext,
  pages: readonly PlannedPage[],
  value: (page: PlannedPage) => string,
) {
  const groups = new Map<string, PlannedPage[]>();
  for (const page of pages) {
    const key = comparable(value(page));
    if (key !== '') groups.set(key, [...(groups.get(key) ?? []), page]);
  }
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => ({ value: value(group[0]!), urls: group.map((p) => c.url(p.path)) }));
}

/** Shared titles and descriptions, and what the sitemap lists or leaves out. */
export function listingFindings(
  c: FindingContext,
): Findings<
  | 'duplicate-titles'
  | 'duplicate-descriptions'
  | 'sitemap-not-indexable'
  | 'indexable-not-in-sitemap'
> {
  const indexable = c.crawled200.filter((page) => isIndexable(page, c.site));
  return {
    'duplicate-titles': duplicateGroups(c, indexable, (page) => page.title),
    'duplicate-descriptions': duplicateGroups(c, indexable, (page) => page.description),
    'sitemap-not-indexable': c.sitemapEntries.flatMap((path) => {
      const problem = sitemapProblem(c.page(path), c.site);
      return problem ? [{ url: c.url(path), problem }] : [];
    }),
    'indexable-not-in-sitemap': indexable
      .filter((page) => !c.inSitemap.has(page.path))
      .map((page) => c.url(page.path)),
  };
}
