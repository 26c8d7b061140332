import type {
  AuditCompareResponse,
  AuditDiffResponse,
  AuditDuplicatesResponse,
  AuditIssueItemsResponse,
  AuditIssuesResponse,
  AuditLinksQuery,
  AuditLinksResponse,
  AuditOverviewResponse,
  AuditPagesQuery,
  AuditPagesResponse,
  AuditStructureResponse,
} from '@crawlwise/shared/api/site-audit';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The site audit workspace's API (contract: shared/src/api/site-audit.ts): one function per
 * endpoint, and the CSV addresses, which take the same query as their JSON list and hold its
 * full result.
 */

export type {
  AuditIssue,
  AuditIssueItem,
  AuditLinkRow,
  AuditOverview,
  AuditPageRow,
  DuplicateCluster,
} from '@crawlwise/shared/api/site-audit';

type Query = Record<string, string | number | undefined>;
export type PagesQuery = Partial<AuditPagesQuery>;
export type LinksQuery = Partial<AuditLinksQuery>;
export interface PagingQuery {
  page?: number;
  pageSize?: number;
}

const base = (id: string) => `/api/site-checks/${encodeURIComponent(id)}/audit`;

/** `?a=1&b=x` from the set values only (an empty search is no search). */
export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const get = <T extends Record<string, unknown>>(path: string, signal?: AbortSignal) =>
  apiRequest<T>(path, signal ? { signal } : {});

export const fetchAuditOverview = (id: string, signal?: AbortSignal) =>
  get<AuditOverviewResponse>(`${base(id)}/overview`, signal);

export const fetchAuditPages = (id: string, query: PagesQuery, signal?: AbortSignal) =>
  get<AuditPagesResponse>(`${base(id)}/pages${queryString(query)}`, signal);

export const fetchAuditIssues = (id: string, signal?: AbortSignal) =>
  get<AuditIssuesResponse>(`${base(id)}/issues`, signal);

export const fetchAuditIssueItems = (
  id: string,
  issueId: string,
  query: PagingQuery,
  signal?: AbortSignal,
) =>
  get<AuditIssueItemsResponse>(
    `${base(id)}/issues/${encodeURIComponent(issueId)}/items${queryString({ ...query })}`,
    signal,
  );

export const fetchAuditLinks = (id: string, query: LinksQuery, signal?: AbortSignal) =>
  get<AuditLinksResponse>(`${base(id)}/links${queryString(query)}`, signal);

export const fetchAuditStructure = (id: string, signal?: AbortSignal) =>
  get<AuditStructureResponse>(`${base(id)}/structure`, signal);

export const fetchAuditDuplicates = (id: string, query: PagingQuery, signal?: AbortSignal) =>
  get<AuditDuplicatesResponse>(`${base(id)}/duplicates${queryString({ ...query })}`, signal);

export const fetchAuditDiff = (id: string, a: string, b: string, signal?: AbortSignal) =>
  get<AuditDiffResponse>(`${base(id)}/duplicates/diff${queryString({ a, b })}`, signal);

export const fetchAuditCompare = (id: string, otherId: string, signal?: AbortSignal) =>
  get<AuditCompareResponse>(`${base(id)}/compare/${encodeURIComponent(otherId)}`, signal);

/* CSV downloads: the list's filters and sort, without its paging (the file holds every row). */

const withoutPaging = ({ page: _page, pageSize: _size, ...rest }: Query): Query => rest;

export const auditPagesCsvUrl = (id: string, query: PagesQuery) =>
  `${base(id)}/pages.csv${queryString(withoutPaging(query))}`;
export const auditIssuesCsvUrl = (id: string) => `${base(id)}/issues.csv`;
export const auditIssueItemsCsvUrl = (id: string, issueId: string) =>
  `${base(id)}/issues/${encodeURIComponent(issueId)}/items.csv`;
export const auditLinksCsvUrl = (id: string, query: LinksQuery) =>
  `${base(id)}/links.csv${queryString(withoutPaging(query))}`;
export const auditDuplicatesCsvUrl = (id: string) => `${base(id)}/duplicates.csv`;
