import type { PageSignals } from '@crawlwise/shared/site-findings';

/**
 * A crawl as the site findings read it: every address the crawl knows (its report rows), each
 * page's signals, and the internal links between them. Built by the server from the database and
 * by the CLI from its own crawl; everything here is pure and proportional to the crawl's size.
 */

export type SitePageState = 'completed' | 'failed' | 'blocked' | 'pending' | 'cancelled';

export interface SiteGraphPage {
  /** The crawl key the crawl requested (shared/crawl-url.ts). */
  key: string;
  state: SitePageState;
  /** The error code of a failed page (the error catalogue's). */
  errorCode: string | null;
  /** Read from a completed page of a crawl; null for other states and older pages. */
  signals: PageSignals | null;
  title: string | null;
  description: string | null;
  /** The site's sitemap lists this address. */
  inSitemap: boolean;
  /** The page's own score, for the site score's base (null until completed). */
  score: number | null;
}

export interface SiteGraphLink {
  /** The linking page's crawl key (its report row's address). */
  source: string;
  target: string;
  anchor: string;
  nofollow: boolean;
  /** Only the rendered DOM has the link. */
  renderedOnly: boolean;
}

export interface SiteGraphInput {
  startKey: string;
  pages: readonly SiteGraphPage[];
  links: readonly SiteGraphLink[];
  /** A sitemap was read for this crawl (without one, sitemap findings do not apply). */
  sitemapRead: boolean;
  /** How the external targets answered, when the crawl checked them (its option). */
  external?: readonly ExternalLinkCheck[];
}

/** One external target the crawl asked (site-crawl/external-links.ts) and the pages linking to it. */
export interface ExternalLinkCheck {
  target: string;
  /** The final answer's status after redirects; null when nothing answered. */
  status: number | null;
  finalUrl: string | null;
  /** Why there was no answer (dns_error, fetch_timeout, blocked_by_robots…). */
  error: string | null;
  sources: ReadonlyArray<{ url: string; anchor: string }>;
}

/** What an address turned out to be when the crawl requested it. */
export type NodeKind = 'page' | 'redirect' | 'broken' | 'blocked' | 'other';

/** Failures that mean the link leads nowhere (not a PDF or an oversized file: those load). */
const BROKEN_LABELS: Record<string, string> = {
  http_error_403: '403 Forbidden',
  http_error_404: '404 Not Found',
  http_error_500: '5xx server error',
  http_error_503: '503 or 429, unavailable',
  dns_error: 'host not found',
  fetch_failed: 'failed to load',
  fetch_timeout: 'timed out',
  ssl_error: 'TLS error',
  redirect_loop: 'redirect loop',
};

export interface SiteNode {
  page: SiteGraphPage;
  kind: NodeKind;
  /** How the address answered, in a few words ("404 Not Found", "301 → https://…"). */
  label: string;
}

/** The slashes `samePage` drops: the first run that ends the path (before the query or the end). */
const TRAILING_SLASHES = /\/+(?=$|\?)/;

/**
 * Same address but for a trailing slash: the canonical check's notion of the same page. Asked
 * for every link of a crawl (200,000 at 10,000 pages): an address without such slashes is
 * compared as it is, with no new string.
 */
export function samePage(a: string, b: string): boolean {
  if (a === b) return true;
  const bareA = a.endsWith('/') || a.includes('/?');
  const bareB = b.endsWith('/') || b.includes('/?');
  if (!bareA && !bareB) return false;
  return (
    (bareA ? a.replace(TRAILING_SLASHES, '') : a) === (bareB ? b.replace(TRAILING_SLASHES, '') : b)
  );
}

/** The page names another address as its canonical (not itself, nor itself without its query). */
export function canonicalElsewhere(signals: PageSignals): string | null {
  const { canonical, finalKey } = signals;
  if (canonical === null || samePage(canonical, finalKey)) return null;
  const withoutQuery = finalKey.replace(/\?.*$/, '');
  return samePage(canonical, withoutQuery) ? null : canonical;
}

function classify(page: SiteGraphPage): SiteNode {
  if (page.state === 'blocked') return { page, kind: 'blocked', label: 'blocked by robots.txt' };
  if (page.state === 'failed') {
    const broken = page.errorCode === null ? undefined : BROKEN_LABELS[page.errorCode];
    return broken === undefined
      ? { page, kind: 'other', label: page.errorCode ?? 'failed' }
      : { page, kind: 'broken', label: broken };
  }
  if (page.state !== 'completed') return { page, kind: 'other', label: page.state };
  const signals = page.signals;
  if (signals && signals.redirects.length > 0 && !samePage(signals.finalKey, page.key)) {
    return {
      page,
      kind: 'redirect',
      label: `${signals.redirects[0]!.status} → ${signals.finalKey}`,
    };
  }
  return { page, kind: 'page', label: String(signals?.status ?? 200) };
}

export interface SiteGraph {
  input: SiteGraphInput;
  nodes: Map<string, SiteNode>;
  /** Links into each target from other pages (self-links left out), in input order. */
  inbound: Map<string, SiteGraphLink[]>;
  /** Shortest click depth from the start page (redirects followed); absent: not reached. */
  depth: Map<string, number>;
}

export function buildSiteGraph(input: SiteGraphInput): SiteGraph {
  const nodes = new Map<string, SiteNode>();
  for (const page of input.pages) nodes.set(page.key, classify(page));

  // A redirect leads on to its final address at no extra click, as following a link to it does.
  const redirectTo = new Map<string, string>();
  for (const node of nodes.values()) {
    if (node.kind === 'redirect') redirectTo.set(node.page.key, node.page.signals!.finalKey);
  }

  const inbound = new Map<string, SiteGraphLink[]>();
  const outbound = new Map<string, string[]>();
  for (const stored of input.links) {
    // A redirecting address's analysis is of its final page: its links are that page's.
    const final = redirectTo.get(stored.source);
    const link = final === undefined ? stored : { ...stored, source: final };
    if (samePage(link.source, link.target)) continue;
    const into = inbound.get(link.target);
    if (into) into.push(link);
    else inbound.set(link.target, [link]);
    const out = outbound.get(link.source);
    if (out) out.push(link.target);
    else outbound.set(link.source, [link.target]);
  }

  const depth = new Map<string, number>();
  let frontier: string[] = [];
  const reach = (key: string, level: number) => {
    let current: string | undefined = key;
    while (current !== undefined && !depth.has(current)) {
      depth.set(current, level);
      frontier.push(current);
      current = redirectTo.get(current);
    }
  };
  reach(input.startKey, 0);
  for (let level = 1; frontier.length > 0; level += 1) {
    const current = frontier;
    frontier = [];
    for (const key of current) {
      for (const target of outbound.get(key) ?? []) reach(target, level);
    }
  }
  return { input, nodes, inbound, depth };
}

/**
 * Each graph's answers of inboundSources, by key (findings and page facts ask 2-3 times a page),
 * and the stamp of the last key each source was seen linking to while working one out.
 */
interface InboundSourcesCache {
  answers: Map<string, readonly SiteGraphLink[]>;
  lastSeen: Map<string, number>;
  stamp: number;
}
const inboundSourcesOf = new WeakMap<SiteGraph, InboundSourcesCache>();

/**
 * Distinct pages linking to a key (self-links are never stored in `inbound`): the first link of
 * each, in input order. Worked out once per graph and key; the answer is shared, not to be changed.
 * One map of sources for the whole graph, stamped per key, instead of a set per key: half the
 * time over the ~200,000 links of a 10,000-page site.
 */
export function inboundSources(graph: SiteGraph, key: string): readonly SiteGraphLink[] {
  let cache = inboundSourcesOf.get(graph);
  if (!cache) {
    cache = { answers: new Map(), lastSeen: new Map(), stamp: 0 };
    inboundSourcesOf.set(graph, cache);
  }
  const found = cache.answers.get(key);
  if (found) return found;
  const links = graph.inbound.get(key) ?? [];
  let sources: readonly SiteGraphLink[] = links;
  if (links.length > 1) {
    cache.stamp += 1;
    const { lastSeen, stamp } = cache;
    /** Null while every link so far has a source of its own (the answer is then `links`). */
    let distinct: SiteGraphLink[] | null = null;
    for (let index = 0; index < links.length; index += 1) {
      const link = links[index]!;
      if (lastSeen.get(link.source) === stamp) {
        distinct ??= links.slice(0, index);
        continue;
      }
      lastSeen.set(link.source, stamp);
      distinct?.push(link);
    }
    sources = distinct ?? links;
  }
  cache.answers.set(key, sources);
  return sources;
}
