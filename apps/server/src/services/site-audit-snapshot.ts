import { signatureSimilarity } from '@crawlwise/analyzer/crawl/minhash';
import { nearDuplicateClusters } from '@crawlwise/analyzer/site/near-duplicates';
import {
  describeFindings,
  type FindingSource,
  type SiteAnalysis,
} from '@crawlwise/analyzer/site/site-findings';
import { canonicalElsewhere, inboundSources } from '@crawlwise/analyzer/site/site-graph';
import type {
  AuditLinkKind,
  AuditPageState,
  NonIndexableReason,
} from '@crawlwise/shared/api/site-audit';
import { wasBlockedPage } from '@crawlwise/shared/site-check';
import { MAX_FINDING_SOURCES, type SiteFindingSeverity } from '@crawlwise/shared/site-findings';
import { decodeStoredFindings } from '../db/stored-findings.ts';
import type { SitePageRow } from './site-checks.ts';
import { analyseCrawl, type CrawlGraph, isRedirectedRow } from './site-report.ts';

/**
 * The audit snapshot of a site check as rows (pure: nothing is read or written here). The
 * worker reads the check's pages, links and sitemap once (site-report-source.ts), this turns them
 * into the rows of the site_audit_* tables (site-audit-build.ts writes them), and every list of
 * the audit workspace is then a SQL query over those rows.
 *
 * A sitemap or list check gets pages and page-check issues; only a crawl has a link graph, so
 * only a crawl has site findings, depth, inbound links, link scores, links and duplicates.
 */

export interface AuditPageRecord {
  url: string;
  reportId: string;
  finalUrl: string | null;
  state: AuditPageState;
  httpStatus: number | null;
  indexable: boolean;
  nonIndexableReason: NonIndexableReason | null;
  score: number | null;
  depth: number | null;
  inbound: number | null;
  linkScore: number | null;
  title: string | null;
  words: number | null;
  inSitemap: boolean;
  accessToken: string | null;
  finishedAt: string | null;
}

export interface AuditIssueRecord {
  kind: 'site' | 'page';
  issueId: string;
  severity: SiteFindingSeverity;
  count: number;
  worth: number;
}

export interface AuditItemRecord {
  issueId: string;
  position: number;
  url: string;
  detail: string | null;
  sources: FindingSource[];
  sourceCount: number;
}

export interface AuditLinkRecord {
  kind: AuditLinkKind;
  position: number;
  source: string;
  section: string;
  target: string;
  anchor: string;
  nofollow: boolean;
  renderedOnly: boolean;
  targetStatus: number | null;
  targetError: string | null;
  finalUrl: string | null;
}

export interface AuditDuplicateRecord {
  cluster: number;
  member: number;
  url: string;
  size: number;
  similarity: number;
}

export interface AuditSnapshot {
  /** A crawl's site score and its base (average page score); null for other checks. */
  score: { value: number | null; base: number | null } | null;
  pages: AuditPageRecord[];
  issues: AuditIssueRecord[];
  items: AuditItemRecord[];
  links: AuditLinkRecord[];
  duplicates: AuditDuplicateRecord[];
}

interface StoredMeta {
  title?: { value?: string | null };
  wordCount?: { count?: number };
}

/** `http_error_404` → 404; other codes (dns_error, fetch_timeout, …) have no status. */
export function statusOfErrorCode(code: string | null): number | null {
  const match = code?.match(/^http_error_(\d{3})$/);
  return match ? Number(match[1]) : null;
}

/** First path segment of an address (`/blog`), or `/` for a page at the root. */
export function sectionOf(url: string): string {
  try {
    const segment = new URL(url).pathname.split('/')[1] ?? '';
    return segment === '' ? '/' : `/${segment}`;
  } catch {
    return '/';
  }
}

function stateOf(row: SitePageRow): AuditPageState {
  if (wasBlockedPage(row)) return 'blocked';
  if (row.status === 'queued' || row.status === 'analyzing') return 'pending';
  if (isRedirectedRow(row)) return 'redirected';
  return row.status;
}

function indexability(
  row: SitePageRow,
  state: AuditPageState,
  analysis: SiteAnalysis | null,
): { indexable: boolean; reason: NonIndexableReason | null } {
  const no = (reason: NonIndexableReason) => ({ indexable: false, reason });
  if (state === 'pending' || state === 'cancelled') return no('not-analysed');
  if (state === 'blocked') return no('blocked');
  if (state === 'failed') return no('error');
  if (state === 'redirected') return no('redirect');
  const signals = row.pageSignals;
  if (signals?.noindex) return no('noindex');
  const node = analysis?.graph.nodes.get(row.url);
  if (node?.kind === 'redirect') return no('redirect');
  if (signals && canonicalElsewhere(signals) !== null) return no('canonicalised');
  return { indexable: true, reason: null };
}

function pageRecord(
  row: SitePageRow,
  analysis: SiteAnalysis | null,
  sitemap: ReadonlySet<string>,
): AuditPageRecord {
  const state = stateOf(row);
  const meta = (row.metaJson ?? {}) as StoredMeta;
  const analysed = state === 'completed' || state === 'redirected';
  const { indexable, reason } = indexability(row, state, analysis);
  const facts = analysis?.pages.get(row.url);
  return {
    url: row.url,
    reportId: row.reportId,
    finalUrl: row.finalUrl,
    state,
    httpStatus: analysed
      ? (row.pageSignals?.status ?? 200)
      : state === 'failed'
        ? statusOfErrorCode(row.errorCode)
        : null,
    indexable,
    nonIndexableReason: reason,
    score: state === 'completed' ? row.score : null,
    depth: facts?.depth ?? null,
    inbound: facts ? facts.inbound : null,
    linkScore: facts?.linkScore ?? null,
    title: analysed ? (meta.title?.value ?? null) : null,
    words: analysed ? (row.pageSignals?.words ?? meta.wordCount?.count ?? null) : null,
    inSitemap: sitemap.has(row.url),
    accessToken: state === 'pending' || state === 'cancelled' ? null : row.accessToken,
    finishedAt: row.completedAt,
  };
}

/** Site findings as issues: every item kept, sources clipped (their count kept). */
function siteIssues(analysis: SiteAnalysis): {
  issues: AuditIssueRecord[];
  items: AuditItemRecord[];
} {
  const issues: AuditIssueRecord[] = [];
  const items: AuditItemRecord[] = [];
  for (const finding of describeFindings(analysis)) {
    issues.push({
      kind: 'site',
      issueId: finding.id,
      severity: finding.severity,
      count: finding.count,
      worth: finding.points,
    });
    finding.items.forEach((item, position) => {
      items.push({
        issueId: finding.id,
        position,
        url: item.url,
        detail: item.detail,
        sources: item.sources.slice(0, MAX_FINDING_SOURCES),
        sourceCount: item.sources.length,
      });
    });
  }
  return { issues, items };
}

/**
 * Page checks as issues: each check failing (critical or warning) on some analysed pages, from
 * the stored findings (decodeStoredFindings, the one reader). Worth: the points it costs summed
 * over those pages, divided by the analysed pages — what fixing it adds to the average score.
 * Redirected addresses are left out: their analysis is of another page, counted under its own.
 */
function pageIssues(rows: readonly SitePageRow[]): {
  issues: AuditIssueRecord[];
  items: AuditItemRecord[];
} {
  const byCheck = new Map<
    string,
    { critical: boolean; points: number; items: Array<{ url: string; detail: string }> }
  >();
  let analysed = 0;
  for (const row of rows) {
    if (row.status !== 'completed' || isRedirectedRow(row)) continue;
    analysed += 1;
    for (const finding of decodeStoredFindings(row.issues)) {
      if (finding.outcome !== 'failed') continue;
      if (finding.severity !== 'critical' && finding.severity !== 'warning') continue;
      const entry = byCheck.get(finding.id) ?? { critical: false, points: 0, items: [] };
      entry.critical ||= finding.severity === 'critical';
      entry.points += finding.points;
      entry.items.push({ url: row.url, detail: finding.message });
      byCheck.set(finding.id, entry);
    }
  }
  const issues: AuditIssueRecord[] = [];
  const items: AuditItemRecord[] = [];
  for (const [issueId, entry] of byCheck) {
    issues.push({
      kind: 'page',
      issueId,
      severity: entry.critical ? 'critical' : 'warning',
      count: entry.items.length,
      worth: analysed === 0 ? 0 : entry.points / analysed,
    });
    entry.items.forEach((item, position) => {
      items.push({
        issueId,
        position,
        url: item.url,
        detail: item.detail,
        sources: [],
        sourceCount: 0,
      });
    });
  }
  return { issues, items };
}

/**
 * Every internal link into a broken or redirecting address, as the Links view lists them: one
 * row per linking page and target, read from the graph the findings came from (so a link stored
 * under a redirecting address is its final page's, as in the findings).
 */
function linkRecords(analysis: SiteAnalysis): AuditLinkRecord[] {
  const { graph } = analysis;
  const records: AuditLinkRecord[] = [];
  const position = { broken: 0, redirected: 0 };
  for (const node of graph.nodes.values()) {
    if (node.kind !== 'broken' && node.kind !== 'redirect') continue;
    const kind: AuditLinkKind = node.kind === 'broken' ? 'broken' : 'redirected';
    const signals = node.page.signals;
    const httpStatus = statusOfErrorCode(node.page.errorCode);
    for (const link of inboundSources(graph, node.page.key)) {
      records.push({
        kind,
        position: position[kind]++,
        source: link.source,
        section: sectionOf(link.source),
        target: node.page.key,
        anchor: link.anchor,
        nofollow: link.nofollow,
        renderedOnly: link.renderedOnly,
        targetStatus: kind === 'redirected' ? (signals?.redirects[0]?.status ?? null) : httpStatus,
        targetError: kind === 'broken' && httpStatus === null ? node.label : null,
        finalUrl: kind === 'redirected' ? (signals?.finalKey ?? null) : null,
      });
    }
  }
  return records;
}

/** Largest member-to-member similarity compared within a cluster (first 50 members). */
const MAX_SIMILARITY_MEMBERS = 50;

function duplicateRecords(
  rows: readonly SitePageRow[],
  analysis: SiteAnalysis,
): AuditDuplicateRecord[] {
  const fingerprints = new Map<string, string>();
  for (const row of rows) {
    const fingerprint = row.pageSignals?.fingerprint;
    if (row.status === 'completed' && fingerprint && analysis.pages.get(row.url)?.indexable) {
      fingerprints.set(row.url, fingerprint);
    }
  }
  // Largest clusters first; a cluster's members in address order.
  const clusters = nearDuplicateClusters(
    [...fingerprints].map(([key, fingerprint]) => ({ key, fingerprint })),
  )
    .map((cluster) => [...cluster].sort())
    .sort((a, b) => b.length - a.length || (a[0]! < b[0]! ? -1 : 1));
  return clusters.flatMap((cluster, index) => {
    const compared = cluster.slice(0, MAX_SIMILARITY_MEMBERS);
    let similarity = 0;
    for (let a = 0; a < compared.length; a += 1) {
      for (let b = a + 1; b < compared.length; b += 1) {
        similarity = Math.max(
          similarity,
          signatureSimilarity(fingerprints.get(compared[a]!)!, fingerprints.get(compared[b]!)!),
        );
      }
    }
    return cluster.map((url, member) => ({
      cluster: index + 1,
      member,
      url,
      size: cluster.length,
      similarity,
    }));
  });
}

const rankIssues = (a: AuditIssueRecord, b: AuditIssueRecord) =>
  b.worth - a.worth || a.issueId.localeCompare(b.issueId);

export function buildAuditSnapshot(
  rows: readonly SitePageRow[],
  crawl: CrawlGraph | null,
  analysis: SiteAnalysis | null = analyseCrawl(rows, crawl),
): AuditSnapshot {
  const sitemap = crawl?.sitemap ?? new Set<string>();
  const site = analysis ? siteIssues(analysis) : { issues: [], items: [] };
  const page = pageIssues(rows);
  return {
    score: analysis ? { value: analysis.score.value, base: analysis.score.base } : null,
    pages: rows.map((row) => pageRecord(row, analysis, sitemap)),
    issues: [...site.issues, ...page.issues].sort(rankIssues),
    items: [...site.items, ...page.items],
    links: analysis ? linkRecords(analysis) : [],
    duplicates: analysis ? duplicateRecords(rows, analysis) : [],
  };
}
