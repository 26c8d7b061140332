import type { BatchPage } from '@crawlwise/analyzer/batch/run-batch';
import { buildSiteView, type SiteView } from '@crawlwise/analyzer/batch/site-view';
import type { AnalysisReport } from '@crawlwise/analyzer/types';
import { wasCancelledPage } from '@crawlwise/shared/site-check';
import type { SitePageRow } from './site-checks.ts';

/**
 * The site report of a whole-site check, computed from its page reports (pure: nothing is read
 * or fetched). The cross-page findings (duplicate titles and descriptions, canonicals naming
 * another address, robots.txt blocks) are the analyzer's batch site view, so the CLI's batch
 * summary and the web's site report agree. Added here: pages by score, and the listed addresses
 * (sitemap entries or pasted ones) that redirect or fail, which a sitemap should not contain.
 */

export interface SiteReportPage {
  url: string;
  finalUrl: string | null;
  status: string;
  score: number | null;
  title: string | null;
  accessToken: string;
  errorCode: string | null;
  errorMessage: string | null;
}

export interface EntryProblem {
  url: string;
  kind: 'redirect' | 'failed';
  /** Where a redirecting entry ends. */
  finalUrl: string | null;
  code: string | null;
  message: string | null;
}

export interface SiteReport {
  pagesAnalysed: number;
  pagesFailed: number;
  /** Pages a cancel dropped before they were tried. */
  pagesCancelled: number;
  pagesPending: number;
  averageScore: number | null;
  /** Analysed pages from the lowest score up, then failed ones, then pending ones. */
  pages: SiteReportPage[];
  duplicateTitles: SiteView['duplicateTitles'];
  duplicateDescriptions: SiteView['duplicateDescriptions'];
  canonicalElsewhere: SiteView['canonicalElsewhere'];
  robotsBlocked: SiteView['robotsBlocked'];
  entryProblems: EntryProblem[];
}

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
    issues: Array.isArray(row.issues) ? row.issues : [],
    meta_json: {
      title: { value: meta.title?.value ?? null },
      metaDescription: { value: meta.metaDescription?.value ?? null },
    },
  } as unknown as AnalysisReport;
  return { index, url: row.url, status: 'ok', durationMs: 0, report };
}

/** Same address but for a trailing slash or the default port: not a redirect worth listing. */
function sameTarget(a: string, b: string): boolean {
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
  page.status === 'completed' ? 0 : page.status === 'failed' ? 1 : 2;

export function buildSiteReport(rows: readonly SitePageRow[]): SiteReport {
  const batchPages = rows.flatMap((row, index) => asBatchPage(row, index) ?? []);
  const view = buildSiteView(batchPages);
  const pages: SiteReportPage[] = rows.map((row) => ({
    url: row.url,
    finalUrl: row.finalUrl,
    status: row.status,
    score: row.status === 'completed' ? row.score : null,
    title: storedMeta(row).title?.value ?? null,
    accessToken: row.accessToken,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
  }));
  pages.sort((a, b) => rank(a) - rank(b) || (a.score ?? 0) - (b.score ?? 0));
  const scores = pages.flatMap((page) => (page.score === null ? [] : [page.score]));
  const entryProblems: EntryProblem[] = [];
  for (const row of rows) {
    if (wasCancelledPage(row)) continue; // never tried: not a problem of the address
    if (row.status === 'failed') {
      entryProblems.push({
        url: row.url,
        kind: 'failed',
        finalUrl: null,
        code: row.errorCode,
        message: row.errorMessage,
      });
    } else if (row.status === 'completed' && row.finalUrl && !sameTarget(row.url, row.finalUrl)) {
      entryProblems.push({
        url: row.url,
        kind: 'redirect',
        finalUrl: row.finalUrl,
        code: null,
        message: null,
      });
    }
  }
  return {
    pagesAnalysed: view.pagesAnalysed,
    pagesFailed: rows.filter((row) => row.status === 'failed' && !wasCancelledPage(row)).length,
    pagesCancelled: rows.filter(wasCancelledPage).length,
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
    robotsBlocked: view.robotsBlocked,
    entryProblems,
  };
}
