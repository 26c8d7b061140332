import type { PageFacts, SiteFindings, SitemapProblem } from '../manifest.ts';
import type { ObservedPage, ObservedSite } from './observe-site.ts';
import { hammingDistance, SHINGLE_HASHES, simhash } from './simhash.ts';

/**
 * The site findings of issue 19 computed from what observe-site.ts read out of the served
 * responses, written straight from the definitions and independently of the generator's
 * expected.ts: when the two agree, the manifest describes the HTML. Sorted like the manifest.
 */

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sorted = <T>(items: T[], key: (item: T) => string) =>
  items.sort((a, b) => byText(key(a), key(b)));

/** Distinct requested 200 pages linking to each address (self-links left out). */
export function inboundOf(site: ObservedSite): Map<string, Set<string>> {
  const inbound = new Map<string, Set<string>>();
  for (const page of site.pages.values()) {
    if (page.status !== 200) continue;
    for (const link of page.links) {
      if (link.key === page.url) continue;
      if (!inbound.has(link.key)) inbound.set(link.key, new Set());
      inbound.get(link.key)!.add(page.url);
    }
  }
  return inbound;
}

/** Click depth over the links of requested 200 pages; `followedOnly` leaves nofollow links out. */
export function depthsOf(site: ObservedSite, followedOnly = false): Map<string, number> {
  const depth = new Map([[site.start, 0]]);
  const queue = [site.start];
  for (const url of queue) {
    const page = site.pages.get(url)!;
    if (page.status !== 200) continue;
    for (const link of page.links) {
      if ((followedOnly && link.nofollow) || depth.has(link.key) || !site.pages.has(link.key))
        continue;
      depth.set(link.key, depth.get(url)! + 1);
      queue.push(link.key);
    }
  }
  return depth;
}

const canonicalElsewhere = (page: ObservedPage) =>
  page.canonical !== null && page.canonical !== page.url;
const indexable = (page: ObservedPage) =>
  page.status === 200 && !page.noindex && !canonicalElsewhere(page);

export function observedPageFacts(site: ObservedSite): PageFacts[] {
  const inbound = inboundOf(site);
  const depth = depthsOf(site);
  const sitemap = new Set(site.sitemapEntries);
  return sorted(
    site.requested.map((url) => {
      const page = site.pages.get(url)!;
      return {
        url,
        status: page.status,
        indexable: indexable(page),
        inSitemap: sitemap.has(url),
        depth: depth.get(url) ?? null,
        inbound: inbound.get(url)?.size ?? 0,
      };
    }),
    (facts) => facts.url,
  );
}

function groupsBy(pages: ObservedPage[], value: (page: ObservedPage) => string | null) {
  const groups = new Map<string, { value: string; urls: string[] }>();
  for (const page of pages) {
    const text = value(page);
    const key = text?.replace(/\s+/g, ' ').trim().toLowerCase();
    if (!text || !key) continue;
    if (!groups.has(key)) groups.set(key, { value: text, urls: [] });
    groups.get(key)!.urls.push(page.url);
  }
  return sorted(
    [...groups.values()]
      .filter((g) => g.urls.length > 1)
      .map((g) => ({ ...g, urls: g.urls.sort(byText) })),
    (g) => g.urls[0]!,
  );
}

/**
 * Clusters of indexable pages (50+ words) within 3 bits under any of the test hashes, so a
 * pair that is near under one hash only still shows. Pairs are found by bands: two 64-bit
 * values 3 bits apart agree on at least one of their four 16-bit quarters.
 */
function nearDuplicates(pages: ObservedPage[]): string[][] {
  const candidates = pages.filter((page) => indexable(page) && page.words.length >= 50);
  const hashes = candidates.map((page) => SHINGLE_HASHES.map((hash) => simhash(page.words, hash)));
  const parent = candidates.map((_, index) => index);
  const root = (i: number): number => {
    if (parent[i] !== i) parent[i] = root(parent[i]!);
    return parent[i]!;
  };
  const buckets = new Map<string, number[]>();
  hashes.forEach((values, index) => {
    values.forEach((value, h) => {
      for (let band = 0; band < 4; band++) {
        const key = `${h}:${band}:${(value >> BigInt(16 * band)) & 0xffffn}`;
        buckets.set(key, [...(buckets.get(key) ?? []), index]);
      }
    });
  });
  for (const [key, members] of buckets) {
    const h = Number(key.split(':')[0]);
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const [a, b] = [members[i]!, members[j]!];
        if (hammingDistance(hashes[a]![h]!, hashes[b]![h]!) <= 3) parent[root(a)] = root(b);
      }
    }
  }
  const clusters = new Map<number, string[]>();
  candidates.forEach((page, index) => {
    clusters.set(root(index), [...(clusters.get(root(index)) ?? []), page.url]);
  });
  return sorted(
    [...clusters.values()].filter((c) => c.length > 1).map((c) => c.sort(byText)),
    (c) => c[0]!,
  );
}

/**
 * `groupable` picks the pages duplicate titles and descriptions are grouped over: indexable
 * ones by the definition; a test passes every page to show the other reading agrees.
 */
export function observedFindings(
  site: ObservedSite,
  groupable: (page: ObservedPage) => boolean = indexable,
): SiteFindings {
  const inbound = inboundOf(site);
  const depth = depthsOf(site);
  const sitemap = new Set(site.sitemapEntries);
  const pages = site.requested.map((url) => site.pages.get(url)!);
  const ok = pages.filter((page) => page.status === 200);
  const get = (url: string) => site.pages.get(url);
  const sources = (url: string) => [...(inbound.get(url) ?? [])].sort(byText);
  const linksTo = (accept: (page: ObservedPage) => boolean) =>
    ok
      .filter(accept)
      .flatMap((target) => sources(target.url).map((source) => ({ source, target: target.url })));
  const pairKey = (p: { source: string; target: string }) => `${p.target} ${p.source}`;
  const broken = pages.filter(
    (p) => (p.status >= 400 || site.redirects.get(p.url)!.final === null) && inbound.has(p.url),
  );
  const redirected = pages.filter(
    (p) => p.status >= 300 && p.status < 400 && site.redirects.get(p.url)!.final !== null,
  );

  const chains: SiteFindings['canonical-chains'] = [];
  const toError: SiteFindings['canonical-to-error'] = [];
  for (const page of ok.filter(canonicalElsewhere)) {
    const named = get(page.canonical!);
    if (!named) continue;
    if (named.status !== 200)
      toError.push({ url: page.url, canonical: named.url, status: named.status });
    else if (canonicalElsewhere(named)) {
      const chain = [page.url];
      let current: ObservedPage | undefined = page;
      while (current && canonicalElsewhere(current) && !chain.slice(0, -1).includes(current.url)) {
        chain.push(current.canonical!);
        current = get(current.canonical!);
      }
      chains.push({ url: page.url, chain, loop: chain.indexOf(chain.at(-1)!) < chain.length - 1 });
    }
  }

  const hreflangReturn: SiteFindings['hreflang-missing-return'] = [];
  const hreflangError: SiteFindings['hreflang-to-error'] = [];
  for (const page of ok) {
    for (const alternate of page.hreflang) {
      const other = get(alternate.url);
      if (alternate.url === page.url || !other) continue;
      if (other.status !== 200)
        hreflangError.push({ source: page.url, alternate: other.url, status: other.status });
      else if (!other.hreflang.some((back) => back.url === page.url)) {
        hreflangReturn.push({ source: page.url, alternate: other.url });
      }
    }
  }

  const sitemapProblem = (url: string): SitemapProblem | null => {
    const page = get(url);
    if (!page) return 'blocked';
    if (page.status >= 300 && page.status < 400) {
      return site.redirects.get(url)!.final === null ? 'redirect-loop' : 'redirect';
    }
    if (page.status === 404) return 'not-found';
    if (page.status >= 500) return 'server-error';
    if (page.noindex) return 'noindex';
    return canonicalElsewhere(page) ? 'canonicalised' : null;
  };

  return {
    'broken-internal-links': sorted(
      broken.map((target) => ({
        url: target.url,
        status: target.status,
        sources: sources(target.url).map((url) => ({
          url,
          anchor: get(url)!.links.find((link) => link.key === target.url)!.anchor,
        })),
      })),
      (x) => x.url,
    ),
    'redirected-internal-links': sorted(
      redirected
        .filter((p) => inbound.has(p.url))
        .map((p) => ({
          url: p.url,
          finalUrl: site.redirects.get(p.url)!.final!,
          sources: sources(p.url),
        })),
      (x) => x.url,
    ),
    'redirect-chains': sorted(
      pages.flatMap((p) => {
        const { hops, final } = site.redirects.get(p.url)!;
        return hops.length >= 2 || (hops.length > 0 && final === null)
          ? [{ url: p.url, hops, finalUrl: final, loop: final === null }]
          : [];
      }),
      (x) => x.url,
    ),
    'orphan-pages': ok
      .filter((p) => sitemap.has(p.url) && !inbound.has(p.url) && p.url !== site.start)
      .map((p) => p.url)
      .sort(byText),
    'deep-pages': sorted(
      ok.flatMap((p) =>
        (depth.get(p.url) ?? 0) > 3 ? [{ url: p.url, depth: depth.get(p.url)! }] : [],
      ),
      (x) => x.url,
    ),
    'single-inbound-link': sorted(
      ok
        .filter((p) => p.url !== site.start && inbound.get(p.url)?.size === 1)
        .map((p) => ({ url: p.url, source: sources(p.url)[0]! })),
      (x) => x.url,
    ),
    'links-to-noindex': sorted(
      linksTo((p) => p.noindex),
      pairKey,
    ),
    'links-to-canonicalised': sorted(
      linksTo(canonicalElsewhere).map((pair) => ({
        ...pair,
        canonical: get(pair.target)!.canonical!,
      })),
      pairKey,
    ),
    'nofollow-internal-links': sorted(
      ok.flatMap((p) =>
        p.links.filter((l) => l.nofollow).map((l) => ({ source: p.url, target: l.key })),
      ),
      pairKey,
    ),
    'canonical-chains': sorted(chains, (x) => x.url),
    'canonical-to-error': sorted(toError, (x) => x.url),
    'hreflang-missing-return': sorted(hreflangReturn, (x) => `${x.source} ${x.alternate}`),
    'hreflang-missing-x-default': ok
      .filter((p) => p.hreflang.length > 0 && !p.hreflang.some((a) => a.lang === 'x-default'))
      .map((p) => p.url)
      .sort(byText),
    'hreflang-to-error': sorted(hreflangError, (x) => `${x.alternate} ${x.source}`),
    'near-duplicates': nearDuplicates(ok),
    'duplicate-titles': groupsBy(pages.filter(groupable), (p) => p.title),
    'duplicate-descriptions': groupsBy(pages.filter(groupable), (p) => p.description),
    'sitemap-not-indexable': sorted(
      site.sitemapEntries.flatMap((url) => {
        const problem = sitemapProblem(url);
        return problem ? [{ url, problem }] : [];
      }),
      (x) => x.url,
    ),
    'indexable-not-in-sitemap': ok
      .filter((p) => indexable(p) && !sitemap.has(p.url))
      .map((p) => p.url)
      .sort(byText),
  };
}
