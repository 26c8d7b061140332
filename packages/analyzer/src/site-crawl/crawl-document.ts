import {
  brokenExternalLabel,
  type DescribedSiteFinding,
  describeFindings,
  type RawFindingItem,
  type SiteAnalysis,
} from '../site/site-findings.ts';
import type { SitePageState } from '../site/site-graph.ts';
import type { CrawlResult, CrawlSitemap } from './run-crawl.ts';

/**
 * The result of `crawlwise crawl` as one document: what `--format json` prints and what every
 * other format is rendered from. Its shape is documented in the README ("Crawling a whole
 * site"); findings carry every item and every source (the text formats clip them).
 */

export type CrawlFindingItem = RawFindingItem;

export type CrawlFinding = DescribedSiteFinding;

export interface CrawlPage {
  url: string;
  status: SitePageState;
  /** The final answer's HTTP status (an analysed page only). */
  httpStatus: number | null;
  /** Where the address's redirects ended, when it is not the address itself. */
  finalUrl: string | null;
  errorCode: string | null;
  title: string | null;
  /** The page's own score (0-100), null unless analysed. */
  score: number | null;
  /** Shortest click depth from the start page; null when no followed link reaches it. */
  depth: number | null;
  /** Distinct pages linking to it. */
  inbound: number;
  /** Internal link score, 0-100 (PageRank, log scale); null when it is not a page. */
  linkScore: number | null;
  indexable: boolean;
  inSitemap: boolean;
}

export interface CrawlDocument {
  tool: { name: 'crawlwise'; version: string };
  startUrl: string;
  startKey: string;
  /** Null when no page was analysed. */
  siteScore: number | null;
  /** The average page score the site score starts from. */
  base: number | null;
  settings: {
    maxPages: number;
    maxDepth: number;
    include: readonly string[];
    exclude: readonly string[];
    includeSubdomains: boolean;
    followNofollow: boolean;
    render: boolean;
    concurrency: number;
    perHostDelayMs: number;
    /** External targets checked at most (--check-external), null when they were not checked. */
    checkExternal: number | null;
  };
  /** The external-link check (--check-external); null when it was off or the crawl stopped early. */
  external: {
    /** Distinct external targets asked. */
    checked: number;
    /** Of them, broken (the broken-external-links finding's items). */
    broken: number;
    /** Not requested: their site's robots.txt disallows it. */
    disallowed: number;
    /** Links to further targets, over the maximum, not checked. */
    omittedLinks: number;
  } | null;
  totals: {
    addresses: number;
    analysed: number;
    failed: number;
    blocked: number;
    cancelled: number;
    /** Internal links recorded (one per source page and target). */
    links: number;
    /** Addresses were left out because maxPages was reached. */
    limitReached: boolean;
    /** Why the crawl stopped early (too many server errors), or null. */
    stopReason: string | null;
    /** Stopped by Ctrl-C. */
    interrupted: boolean;
    startedAt: string;
    durationMs: number;
    pagesPerSecond: number;
  };
  sitemap: CrawlSitemap;
  findings: CrawlFinding[];
  /** Every address the crawl knows, by address. */
  pages: CrawlPage[];
}

export function buildCrawlDocument(
  result: CrawlResult,
  analysis: SiteAnalysis,
  context: { toolVersion: string; render: boolean },
): CrawlDocument {
  const count = (state: SitePageState) =>
    result.pages.filter((page) => page.state === state).length;
  const finished = result.pages.filter(
    (page) => page.state !== 'pending' && page.state !== 'cancelled',
  ).length;
  const seconds = result.durationMs / 1000;
  const { settings } = result;
  return {
    tool: { name: 'crawlwise', version: context.toolVersion },
    startUrl: result.startUrl,
    startKey: result.startKey,
    siteScore: analysis.score.value,
    base: analysis.score.base,
    settings: {
      maxPages: settings.maxPages,
      maxDepth: settings.maxDepth,
      include: settings.rules.include,
      exclude: settings.rules.exclude,
      includeSubdomains: settings.rules.includeSubdomains,
      followNofollow: settings.followNofollow,
      render: context.render,
      concurrency: settings.concurrency,
      perHostDelayMs: settings.perHostDelayMs,
      checkExternal: settings.externalLinks?.max ?? null,
    },
    external: result.external
      ? {
          checked: result.external.length,
          broken: result.external.filter((check) => brokenExternalLabel(check) !== null).length,
          disallowed: result.external.filter((check) => check.error === 'blocked_by_robots').length,
          omittedLinks: result.externalOmitted,
        }
      : null,
    totals: {
      addresses: result.pages.length,
      analysed: count('completed'),
      failed: count('failed'),
      blocked: count('blocked'),
      cancelled: count('cancelled'),
      links: result.links.length,
      limitReached: result.limitReached,
      stopReason: result.stopReason,
      interrupted: result.cancelled,
      startedAt: result.startedAt,
      durationMs: result.durationMs,
      pagesPerSecond: seconds > 0 ? Math.round((finished / seconds) * 10) / 10 : 0,
    },
    sitemap: result.sitemap,
    findings: describeFindings(analysis),
    pages: result.pages
      .map((page): CrawlPage => {
        const facts = analysis.pages.get(page.key);
        const finalKey = page.signals?.finalKey ?? null;
        return {
          url: page.key,
          status: page.state,
          httpStatus: page.signals?.status ?? null,
          finalUrl: finalKey !== null && finalKey !== page.key ? finalKey : null,
          errorCode: page.errorCode,
          title: page.title,
          score: page.score,
          depth: facts?.depth ?? null,
          inbound: facts?.inbound ?? 0,
          linkScore: facts?.linkScore ?? null,
          indexable: facts?.indexable ?? false,
          inSitemap: page.inSitemap,
        };
      })
      .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)),
  };
}
