/**
 * The expected manifest: what a crawl of the generated site (no page limit, default settings:
 * robots.txt obeyed, nofollow not followed, same host) must request, and exactly what each site
 * finding of issue 19 must report. Every address is absolute and a crawl key (as
 * `crawlKey` in packages/shared/src/crawl-url.ts writes it); every list is sorted, so two
 * manifests compare with a deep equality. See README.md for how each problem is planted.
 */

export interface LinkPair {
  source: string;
  target: string;
}

export interface PageFacts {
  url: string;
  /** First response's status (301 for a redirect, whatever it leads to). */
  status: number;
  /** 200, not noindex, canonical to itself (or none). */
  indexable: boolean;
  inSitemap: boolean;
  /** Click depth from the start page; null when no chain of links reaches the page. */
  depth: number | null;
  /** Distinct crawled pages linking to it (itself left out). */
  inbound: number;
}

export type SitemapProblem =
  | 'noindex'
  | 'canonicalised'
  | 'redirect'
  | 'redirect-loop'
  | 'not-found'
  | 'server-error'
  | 'blocked';

export interface SiteFindings {
  /** Targets answering 4xx/5xx (or failing) that crawled pages link to. */
  'broken-internal-links': Array<{
    url: string;
    status: number;
    sources: Array<{ url: string; anchor: string }>;
  }>;
  /** Linked targets answering 3xx (loops excepted: they fail, see broken links). */
  'redirected-internal-links': Array<{ url: string; finalUrl: string; sources: string[] }>;
  /** Crawled addresses needing 2+ hops, or looping (finalUrl null). */
  'redirect-chains': Array<{ url: string; hops: string[]; finalUrl: string | null; loop: boolean }>;
  'orphan-pages': string[];
  'deep-pages': Array<{ url: string; depth: number }>;
  'single-inbound-link': Array<{ url: string; source: string }>;
  'links-to-noindex': LinkPair[];
  'links-to-canonicalised': Array<LinkPair & { canonical: string }>;
  'nofollow-internal-links': LinkPair[];
  /** The page whose canonical starts the chain, and the chain (repeating its start when it loops). */
  'canonical-chains': Array<{ url: string; chain: string[]; loop: boolean }>;
  'canonical-to-error': Array<{ url: string; canonical: string; status: number }>;
  /** `source` lists `alternate`, which answers 200 and does not list `source`. */
  'hreflang-missing-return': Array<{ source: string; alternate: string }>;
  'hreflang-missing-x-default': string[];
  'hreflang-to-error': Array<{ source: string; alternate: string; status: number }>;
  'near-duplicates': string[][];
  'duplicate-titles': Array<{ value: string; urls: string[] }>;
  'duplicate-descriptions': Array<{ value: string; urls: string[] }>;
  'sitemap-not-indexable': Array<{ url: string; problem: SitemapProblem }>;
  'indexable-not-in-sitemap': string[];
}

export type FindingId = keyof SiteFindings;

export interface ExpectedSite {
  startUrl: string;
  robotsTxt: string;
  /** The sitemap files: the index first when there is one. */
  sitemaps: string[];
  crawl: {
    /** Every address requested as a page: the start page, what followed links reach, the sitemap's entries. */
    requested: string[];
    /** Addresses linked or listed that robots.txt disallows: recorded, never requested. */
    blocked: string[];
    /** Addresses fetched only while following a redirect of a requested address. */
    redirectHopsOnly: string[];
  };
  /** Facts about every requested address. */
  pages: PageFacts[];
  /** For every finding id, the affected addresses (sorted) — the set a test compares. */
  affected: Record<FindingId, string[]>;
  findings: SiteFindings;
}
