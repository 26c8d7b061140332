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
import { auditApiPath } from '@crawlwise/shared/api/site-audit-basics';
import { type ApiResult, apiRequest } from '../../../lib/api-client.ts';

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

const base = auditApiPath;

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

/**
 * Overviews asked for before the workspace mounted (prefetchAuditOverview), by check id: the
 * first fetch of that check's overview soon after takes the answer instead of asking again.
 */
const prefetched = new Map<
  string,
  { at: number; answer: Promise<ApiResult<AuditOverviewResponse>> }
>();
/** A prefetched answer older than this is not used (the screen asks again). */
const PREFETCH_FRESH_MS = 10_000;

/**
 * Asks for a check's overview now, as the app starts on the workspace's address (its route
 * module), so the request runs while the app renders and the session is checked instead of
 * after them: the Overview is the screen's content (issue 20.6).
 */
export function prefetchAuditOverview(id: string): void {
  if (prefetched.has(id)) return;
  prefetched.set(id, {
    at: Date.now(),
    answer: get<AuditOverviewResponse>(`${base(id)}/overview`),
  });
}

export function fetchAuditOverview(
  id: string,
  signal?: AbortSignal,
): Promise<ApiResult<AuditOverviewResponse>> {
  const early = prefetched.get(id);
  prefetched.delete(id);
  const ask = () => get<AuditOverviewResponse>(`${base(id)}/overview`, signal);
  if (!early || Date.now() - early.at > PREFETCH_FRESH_MS) return ask();
  // A failure (signed out then, a blip) is not kept: the screen's own request decides.
  return early.answer.then((answer) => (answer.ok ? answer : ask()));
}

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
