import { isBlocked, isExternal, linksOf, type PlannedPage, type SitePlan } from './plan.ts';

/**
 * What a crawl of the planned site sees, read from the plan (no HTML is parsed): the crawl
 * starts at `/`, is seeded with the sitemap's entries, follows every link that is not nofollow
 * from each 200 page it requests, never requests what robots.txt disallows, and follows
 * redirects while fetching. The link graph it stores is every internal link of every 200 page
 * it requested, one per source and target (the first link's anchor; nofollow only when every
 * link to that target is, or the page's robots say nofollow).
 */

export interface StoredLink {
  target: string;
  anchor: string;
  nofollow: boolean;
}

export interface CrawlModel {
  /** Paths requested as pages, in the order a breadth-first crawl meets them. */
  requested: string[];
  /** Paths a link or the sitemap names that robots.txt disallows. */
  blocked: string[];
  /** Paths fetched only while following a redirect (later hops of chains and loops). */
  redirectHopsOnly: string[];
  /** Stored links of each requested 200 page. */
  links: Map<string, StoredLink[]>;
  /** Distinct requested 200 pages linking to each path, the path itself left out. */
  inbound: Map<string, Set<string>>;
  /** Shortest link hops from `/` over the stored links, for requested pages it reaches. */
  depth: Map<string, number>;
}

export interface RedirectPath {
  /** Every address after the first, in order; a loop ends with the address it returns to. */
  hops: string[];
  /** The page the redirects end on, or null when they loop. */
  final: string | null;
}

export function pageNofollow(page: PlannedPage): boolean {
  const directives = `${page.robots ?? ''},${page.xRobotsTag ?? ''}`.toLowerCase().split(/[\s,]+/);
  return directives.includes('nofollow') || directives.includes('none');
}

export function isNoindex(page: PlannedPage): boolean {
  const directives = `${page.robots ?? ''},${page.xRobotsTag ?? ''}`.toLowerCase().split(/[\s,]+/);
  return directives.includes('noindex') || directives.includes('none');
}

export function followRedirects(site: SitePlan, path: string): RedirectPath {
  const hops: string[] = [];
  const seen = new Set([path]);
  let page = planned(site, path);
  while (page.status === 301) {
    const next = page.location!;
    hops.push(next);
    if (seen.has(next)) return { hops, final: null };
    seen.add(next);
    page = planned(site, next);
  }
  return { hops, final: page.path };
}

export function planned(site: SitePlan, path: string): PlannedPage {
  const page = site.pages.get(path);
  if (!page)
    throw new Error(`site generator: a link or redirect names ${path}, which is not planned`);
  return page;
}

export function storedLinks(page: PlannedPage, site: SitePlan): StoredLink[] {
  const allNofollow = pageNofollow(page);
  const byTarget = new Map<string, StoredLink>();
  for (const link of linksOf(page, site)) {
    if (isExternal(link.target)) continue;
    const nofollow = allNofollow || link.nofollow === true;
    const known = byTarget.get(link.target);
    if (known) known.nofollow &&= nofollow;
    else byTarget.set(link.target, { target: link.target, anchor: link.anchor, nofollow });
  }
  return [...byTarget.values()];
}

export function crawlSite(site: SitePlan, sitemapEntries: readonly string[]): CrawlModel {
  const requested: string[] = [];
  const blocked: string[] = [];
  const links = new Map<string, StoredLink[]>();
  const seen = new Set<string>();
  const queue: string[] = [];
  const discover = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    queue.push(path);
  };
  discover('/');
  for (const path of sitemapEntries) discover(path);
  for (let next = 0; next < queue.length; next++) {
    const path = queue[next]!;
    if (isBlocked(path, site)) {
      blocked.push(path);
      continue;
    }
    requested.push(path);
    const page = planned(site, path);
    if (page.status !== 200) continue;
    const stored = storedLinks(page, site);
    links.set(path, stored);
    for (const link of stored) if (!link.nofollow) discover(link.target);
  }

  const asPage = new Set(requested);
  const hopsOnly = new Set<string>();
  for (const path of requested) {
    for (const hop of followRedirects(site, path).hops) if (!asPage.has(hop)) hopsOnly.add(hop);
  }

  const inbound = new Map<string, Set<string>>();
  for (const [source, stored] of links) {
    for (const { target } of stored) {
      if (target === source) continue;
      const sources = inbound.get(target) ?? new Set<string>();
      inbound.set(target, sources);
      sources.add(source);
    }
  }
  return {
    requested,
    blocked,
    redirectHopsOnly: [...hopsOnly],
    links,
    inbound,
    depth: clickDepths(links, asPage),
  };
}

/** Breadth-first from `/` over stored links (nofollow ones too), within requested pages. */
export function clickDepths(
  links: ReadonlyMap<string, readonly StoredLink[]>,
  requested: ReadonlySet<string>,
  follow: (link: StoredLink) => boolean = () => true,
): Map<string, number> {
  const depth = new Map<string, number>([['/', 0]]);
  const queue = ['/'];
  for (let next = 0; next < queue.length; next++) {
    const path = queue[next]!;
    for (const link of links.get(path) ?? []) {
      if (!follow(link) || depth.has(link.target) || !requested.has(link.target)) continue;
      depth.set(link.target, depth.get(path)! + 1);
      queue.push(link.target);
    }
  }
  return depth;
}
