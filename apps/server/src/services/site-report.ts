import type { BatchPage } from '@crawlwise/analyzer/batch/run-batch';
import { buildSiteView } from '@crawlwise/analyzer/batch/site-view';
import {
  analyseSite,
  describeFindings,
  type SiteAnalysis,
} from '@crawlwise/analyzer/site/site-findings';
import type {
  ExternalLinkCheck,
  SiteGraphLink,
  SiteGraphPage,
} from '@crawlwise/analyzer/site/site-graph';
import type { AnalysisReport } from '@crawlwise/analyzer/types';
import type {
  CrawlSummary,
  EntryProblem,
  SiteReport,
  SiteReportPage,
} from '@crawlwise/shared/api/site-checks';
import { wasBlockedPage } from '@crawlwise/shared/site-check';
import { MAX_FINDING_ITEMS, MAX_FINDING_SOURCES } from '@crawlwise/shared/site-findings';
import { decodeStoredFindings } from '../db/stored-findings.ts';
import type { SitePageRow } from './site-checks.ts';

/**
 * The site report of a whole-site check, computed from its page reports (pure: nothing is read
 * or fetched). The cross-page findings (duplicate titles and descriptions, canonicals naming
 * another address, robots.txt blocks) are the analyzer's batch site view, so the CLI's batch
 * summary and the web's site report agree. Added here: pages by score, and the listed addresses
 * (sitemap entries or pasted ones) that redirect or fail, which a sitemap should not contain.
 * A listed address that redirects is counted as a redirect only (issue 27): its analysis is of
 * another page, so it is neither a page of the report nor a duplicate of its target. A page the
 * site's robots.txt blocks for Crawlwise was never requested: it is listed as blocked.
 */

interface StoredMeta {
  title?: { value?: string | null };
  metaDescription?: { value?: string | null };
}

function storedMeta(row: SitePageRow): StoredMeta {
  return (row.metaJson ?? {}) as StoredMeta;
}

/**
 * A stored page as the site view reads a batch page: it uses only the final address, the title
 * and description values and the findings, which the reports table keeps as they were.
 */
function asBatchPage(row: SitePageRow, index: number): BatchPage | null {
  if (row.status !== 'completed') return null;
  const meta = storedMeta(row);
  const report = {
    url: row.url,
    finalUrl: row.finalUrl ?? row.url,
    score: row.score ?? 0,
    issues: viewIssuesOf(row),
    meta_json: {
      title: { value: meta.title?.value ?? null },
      metaDescription: { value: meta.metaDescription?.value ?? null },
    },
  } as unknown as AnalysisReport;
  return { index, url: row.url, status: 'ok', durationMs: 0, report };
}

/**
 * The findings the cross-page view reads of a stored page. It reads only their ids and details
 * (buildSiteView, through detailsOf), so the page's stored view findings (viewFindingsOf in
 * site-page-findings.ts: id, outcome, severity and those details) are given as they are:
 * upgrading each to a whole finding first (decodeStoredFindings: its why, outcome and how-to-fix,
 * which the view never reads) was a fifth of a 10,000-page report's build. A page without them
 * reads its stored findings.
 */
function viewIssuesOf(row: SitePageRow): AnalysisReport['issues'] {
  if (row.viewFindings === undefined || row.viewFindings === null) {
    return decodeStoredFindings(row.issues);
  }
  const view: unknown =
    typeof row.viewFindings === 'string' ? JSON.parse(row.viewFindings) : row.viewFindings;
  return Array.isArray(view) ? (view as AnalysisReport['issues']) : [];
}

/** Same address but for a trailing slash or the default port: not a redirect worth listing. */
function sameTarget(a: string, b: string): boolean {
  // Most pages answer at their own address: no parse (asked for every page of each build).
  if (a === b) return true;
  try {
    const left = new URL(a);
    const right = new URL(b);
    const path = (url: URL) => url.pathname.replace(/\/+$/, '') || '/';
    return (
      left.origin === right.origin && path(left) === path(right) && left.search === right.search
    );
  } catch {
    return a === b;
  }
}

const rank = (page: SiteReportPage) =>
  page.status === 'completed' ? 0 : page.status === 'failed' || page.status === 'cancelled' ? 1 : 2;

/** What a crawl's site report reads besides its pages: the link graph and the sitemap. */
export interface CrawlGraph {
  startKey: string;
  links: readonly SiteGraphLink[];
  /** The crawl keys the sitemap lists. */
  sitemap: ReadonlySet<string>;
  sitemapRead: boolean;
  /** The external targets answered so far, when the crawl checks them (its option). */
  external?: readonly ExternalLinkCheck[];
  /** How far the external-link check is; null or absent when the crawl does not check them. */
  externalProgress?: { total: number; checked: number } | null;
}

function graphPage(row: SitePageRow, sitemap: ReadonlySet<string>): SiteGraphPage {
  const meta = storedMeta(row);
  const state: SiteGraphPage['state'] = wasBlockedPage(row)
    ? 'blocked'
    : row.status === 'queued' || row.status === 'analyzing'
      ? 'pending'
      : row.status;
  return {
    key: row.url,
    state,
    errorCode: row.errorCode,
    signals: row.status === 'completed' ? row.pageSignals : null,
    title: meta.title?.value ?? null,
    description: meta.metaDescription?.value ?? null,
    inSitemap: sitemap.has(row.url),
    score: row.status === 'completed' ? row.score : null,
  };
}

/** The site findings as the report carries them: items and sources clipped, points attached. */
function crawlSummary(analysis: SiteAnalysis, crawl: CrawlGraph): CrawlSummary {
  return {
    score: analysis.score.value,
    base: analysis.score.base,
    sitemapRead: crawl.sitemapRead,
    externalLinks: crawl.externalProgress ?? null,
    findings: describeFindings(analysis).map((finding) => ({
      ...finding,
      items: finding.items.slice(0, MAX_FINDING_ITEMS).map((item) => ({
        url: item.url,
        detail: item.detail,
        sources: item.sources.slice(0, MAX_FINDING_SOURCES),
        sourceCount: item.sources.length,
      })),
    })),
  };
}

/** The site findings of a crawl's pages and graph (null for a sitemap or list check). */
export function analyseCrawl(
  rows: readonly SitePageRow[],
  crawl: CrawlGraph | null,
): SiteAnalysis | null {
  return crawl
    ? analyseSite({
        startKey: crawl.startKey,
        pages: rows.map((row) => graphPage(row, crawl.sitemap)),
        links: crawl.links,
        sitemapRead: crawl.sitemapRead,
        ...(crawl.external ? { external: crawl.external } : {}),
      })
    : null;
}

/** A listed address that was answered by another page: counted as a redirect, not a page. */
export const isRedirectedRow = (row: Pick<SitePageRow, 'status' | 'url' | 'finalUrl'>) =>
  row.status === 'completed' && row.finalUrl !== null && !sameTarget(row.url, row.finalUrl);

export function buildSiteReport(
  rows: readonly SitePageRow[],
  crawl: CrawlGraph | null = null,
  /** The crawl's analysis when the caller already ran it on these rows (the snapshot build). */
  analysis: SiteAnalysis | null = analyseCrawl(rows, crawl),
): SiteReport {
  const redirected = isRedirectedRow;
  const pageRows = rows.filter((row) => !redirected(row) && !wasBlockedPage(row));
  const batchPages = pageRows.flatMap((row, index) => asBatchPage(row, index) ?? []);
  const view = buildSiteView(batchPages);
  const pages: SiteReportPage[] = pageRows.map((row) => ({
    url: row.url,
    finalUrl: row.finalUrl,
    status: row.status,
    score: row.status === 'completed' ? row.score : null,
    title: storedMeta(row).title?.value ?? null,
    accessToken: row.accessToken,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    ...pageFacts(analysis, row.url),
  }));
  pages.sort((a, b) => rank(a) - rank(b) || (a.score ?? 0) - (b.score ?? 0));
  const scores = pages.flatMap((page) => (page.score === null ? [] : [page.score]));
  const entryProblems: EntryProblem[] = [];
  for (const row of rows) {
    // Never tried (cancelled) or never requested (blocked, listed apart): not a failing address.
    if (row.status === 'cancelled' || wasBlockedPage(row)) continue;
    if (row.status === 'failed') {
      entryProblems.push({
        url: row.url,
        kind: 'failed',
        finalUrl: null,
        code: row.errorCode,
        message: row.errorMessage,
      });
    } else if (redirected(row)) {
      entryProblems.push({
        url: row.url,
        kind: 'redirect',
        finalUrl: row.finalUrl,
        code: null,
        message: null,
      });
    }
  }
  const blocked = rows.filter(wasBlockedPage).map((row) => ({
    url: row.url,
    rule: robotsRuleOf(row.errorMessage),
  }));
  return {
    pagesAnalysed: view.pagesAnalysed,
    pagesFailed: rows.filter((row) => row.status === 'failed' && !wasBlockedPage(row)).length,
    pagesCancelled: rows.filter((row) => row.status === 'cancelled').length,
    pagesBlocked: blocked.length,
    pagesRedirected: rows.filter(redirected).length,
    pagesPending: rows.filter((row) => row.status === 'queued' || row.status === 'analyzing')
      .length,
    averageScore:
      scores.length === 0
        ? null
        : Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length),
    pages,
    duplicateTitles: view.duplicateTitles,
    duplicateDescriptions: view.duplicateDescriptions,
    canonicalElsewhere: view.canonicalElsewhere,
    robotsBlocked: [...blocked, ...view.robotsBlocked],
    entryProblems,
    crawl: analysis && crawl ? crawlSummary(analysis, crawl) : null,
  };
}

function pageFacts(
  analysis: SiteAnalysis | null,
  key: string,
): Pick<SiteReportPage, 'depth' | 'inbound' | 'linkScore'> {
  const facts = analysis?.pages.get(key);
  return {
    depth: facts?.depth ?? null,
    inbound: facts ? facts.inbound : null,
    linkScore: facts?.linkScore ?? null,
  };
}

/** The robots.txt line quoted in a blocked page's message (engine.crawlPermission's reason). */
function robotsRuleOf(message: string | null): string | null {
  return message?.match(/\("([^"]+)"\)/)?.[1] ?? null;
}
