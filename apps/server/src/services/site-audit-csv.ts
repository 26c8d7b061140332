import type {
  AuditIssue,
  AuditIssueItem,
  AuditLinkRow,
  AuditPageRow,
} from '@crawlwise/shared/api/site-audit';
import type { DuplicateMemberRow } from './site-audit-duplicates.ts';
import { csvCell } from './site-report-csv.ts';

/**
 * The audit workspace's lists as CSV (RFC 4180, every cell quoted and formula-safe as in
 * site-report-csv.ts): a header line, then one line per row of the full result of the same query
 * the JSON list pages through. Lines are produced one at a time so a long list streams.
 */

type Cell = string | number | boolean | null;
const line = (cells: readonly Cell[]) =>
  `${cells.map((cell) => csvCell(typeof cell === 'boolean' ? (cell ? 'yes' : 'no') : cell)).join(',')}\r\n`;

export type ReportLink = (token: string) => string;

export const AUDIT_PAGES_CSV_COLUMNS = [
  'url',
  'final_url',
  'state',
  'http_status',
  'indexable',
  'non_indexable_reason',
  'score',
  'depth',
  'inbound_links',
  'link_score',
  'title',
  'words',
  'in_sitemap',
  'report_link',
] as const;

export async function* auditPagesCsv(
  rows: AsyncIterable<AuditPageRow>,
  reportLink: ReportLink,
): AsyncGenerator<string> {
  yield line(AUDIT_PAGES_CSV_COLUMNS);
  for await (const row of rows) {
    yield line([
      row.url,
      row.finalUrl,
      row.state,
      row.httpStatus,
      row.indexable,
      row.nonIndexableReason,
      row.score,
      row.depth,
      row.inbound,
      row.linkScore,
      row.title,
      row.words,
      row.inSitemap,
      row.accessToken === null ? null : reportLink(row.accessToken),
    ]);
  }
}

export const AUDIT_ISSUES_CSV_COLUMNS = [
  'kind',
  'id',
  'title',
  'severity',
  'count',
  'worth',
  'why',
  'how_to_fix',
] as const;

export function* auditIssuesCsv(issues: readonly AuditIssue[]): Generator<string> {
  yield line(AUDIT_ISSUES_CSV_COLUMNS);
  for (const issue of issues) {
    yield line([
      issue.kind,
      issue.id,
      issue.title,
      issue.severity,
      issue.count,
      issue.worth,
      issue.why,
      issue.howToFix,
    ]);
  }
}

export const AUDIT_ISSUE_ITEMS_CSV_COLUMNS = [
  'url',
  'detail',
  'source_count',
  'sources',
  'report_link',
] as const;

/** Sources as `address (anchor)`, `;`-separated (the first MAX_FINDING_SOURCES). */
export async function* auditIssueItemsCsv(
  rows: AsyncIterable<AuditIssueItem>,
  reportLink: ReportLink,
): AsyncGenerator<string> {
  yield line(AUDIT_ISSUE_ITEMS_CSV_COLUMNS);
  for await (const row of rows) {
    yield line([
      row.url,
      row.detail,
      row.sourceCount,
      row.sources
        .map((source) => (source.anchor ? `${source.url} (${source.anchor})` : source.url))
        .join('; ') || null,
      row.accessToken === null ? null : reportLink(row.accessToken),
    ]);
  }
}

export const AUDIT_LINKS_CSV_COLUMNS = [
  'source',
  'target',
  'anchor',
  'target_status',
  'target_error',
  'final_url',
  'nofollow',
  'rendered_only',
] as const;

export async function* auditLinksCsv(rows: AsyncIterable<AuditLinkRow>): AsyncGenerator<string> {
  yield line(AUDIT_LINKS_CSV_COLUMNS);
  for await (const row of rows) {
    yield line([
      row.source,
      row.target,
      row.anchor,
      row.targetStatus,
      row.targetError,
      row.finalUrl,
      row.nofollow,
      row.renderedOnly,
    ]);
  }
}

export const AUDIT_DUPLICATES_CSV_COLUMNS = [
  'cluster',
  'size',
  'similarity',
  'url',
  'title',
  'words',
] as const;

export async function* auditDuplicatesCsv(
  rows: AsyncIterable<DuplicateMemberRow>,
): AsyncGenerator<string> {
  yield line(AUDIT_DUPLICATES_CSV_COLUMNS);
  for await (const row of rows) {
    yield line([row.cluster, row.size, row.similarity, row.url, row.title, row.words]);
  }
}
