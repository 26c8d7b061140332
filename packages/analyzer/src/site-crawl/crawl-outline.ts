import type { SiteFindingSeverity } from '@crawlwise/shared/site-findings';
import type { CrawlDocument, CrawlFinding, CrawlPage } from './crawl-document.ts';

/**
 * What the readable formats of a crawl show (summary, Markdown, HTML), chosen once so they agree:
 * the site score, the totals, each finding with its first affected pages and their first
 * sources, and the worst pages. The JSON and SARIF documents carry everything.
 */

/** Affected items shown per finding; the rest are counted. */
export const ITEMS_SHOWN = 20;
/** Linking pages shown per item. */
export const SOURCES_SHOWN = 3;
/** Pages listed under "Worst pages". */
export const WORST_PAGES_SHOWN = 10;

export const SEVERITY_MARK: Record<SiteFindingSeverity, string> = {
  critical: '✖',
  warning: '▲',
  notice: '●',
};

export function scoreLine(doc: CrawlDocument): string {
  if (doc.siteScore === null) return 'Site score: none (no page could be analysed)';
  const taken = doc.findings.reduce((sum, finding) => sum + finding.points, 0);
  return `Site score: ${doc.siteScore}/100 (average page score ${doc.base}, less ${taken} for the site findings)`;
}

export function totalsLine(doc: CrawlDocument): string {
  const t = doc.totals;
  const parts = [
    `${t.addresses} addresses: ${t.analysed} analysed, ${t.failed} failed, ${t.blocked} blocked by robots.txt`,
  ];
  if (t.cancelled > 0) parts.push(`${t.cancelled} not crawled`);
  return `${parts.join(', ')}; ${t.links} internal links; ${(t.durationMs / 1000).toFixed(1)} s (${t.pagesPerSecond} pages/s).`;
}

export function sitemapLine(doc: CrawlDocument): string {
  const s = doc.sitemap;
  if (!s.read) {
    return `Sitemap: none read${s.error ? ` (${s.error.code})` : ''}; the sitemap findings do not apply.`;
  }
  const failures = s.failures.length > 0 ? `, ${s.failures.length} not readable` : '';
  return `Sitemap: ${s.sitemaps.length} read (found via ${s.foundVia}), ${s.entries} addresses of the site${failures}${s.truncated ? ', truncated' : ''}.`;
}

/** What the external-link check did, or null when it was not asked for. */
export function externalLine(doc: CrawlDocument): string | null {
  const e = doc.external;
  if (doc.settings.checkExternal === null) return null;
  if (e === null) return 'External links: not checked (the crawl stopped early).';
  const parts = [`${e.checked} targets checked`, `${e.broken} broken`];
  if (e.disallowed > 0) parts.push(`${e.disallowed} not checked (their robots.txt disallows it)`);
  if (e.omittedLinks > 0) {
    parts.push(`${e.omittedLinks} links to further targets over --max-external not checked`);
  }
  return `External links: ${parts.join(', ')}.`;
}

/** Sentences about where the crawl stopped short, if it did. */
export function limitNotes(doc: CrawlDocument): string[] {
  const notes: string[] = [];
  if (doc.totals.limitReached) {
    notes.push(
      `The crawl reached --max-pages ${doc.settings.maxPages}: more addresses were found than crawled, so the findings cover part of the site.`,
    );
  }
  if (doc.totals.stopReason) notes.push(doc.totals.stopReason);
  if (doc.totals.interrupted) notes.push('Interrupted: the findings cover the pages done so far.');
  return notes;
}

export function findingCost(finding: CrawlFinding): string {
  return finding.points > 0 ? ` (−${finding.points})` : '';
}

/** The lowest scores first; only analysed pages. */
export function worstPages(doc: CrawlDocument, count = WORST_PAGES_SHOWN): CrawlPage[] {
  return doc.pages
    .filter((page) => page.status === 'completed' && page.score !== null)
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0) || (a.url < b.url ? -1 : 1))
    .slice(0, count);
}

export function more(total: number, shown: number, what: string): string | null {
  return total > shown ? `…and ${total - shown} more ${what}` : null;
}
