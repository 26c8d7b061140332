import {
  auditLinksQuerySchema,
  auditPagesQuerySchema,
  auditPagingQuerySchema,
} from '@crawlwise/shared/api/site-audit';
import type { LinksQuery, PagesQuery } from '../api/site-audit-api.ts';

/**
 * A view's filters, sort and page from the workspace's address (audit-address.ts), read through
 * the contract's own query schemas, so an edited address with a value the server would refuse
 * falls back to the view's defaults instead of an error. Apart from audit-address.ts because the
 * schemas bring the validation library, which the Overview does not load (issue 20.6).
 */

const entries = (params: URLSearchParams, keys: readonly string[]) =>
  Object.fromEntries(keys.flatMap((key) => (params.has(key) ? [[key, params.get(key)]] : [])));

const PAGE_KEYS = ['page', 'pageSize', 'sort', 'dir', 'q', 'state', 'indexable', 'issue'] as const;
const LINK_KEYS = ['page', 'pageSize', 'kind', 'section', 'status', 'sort', 'dir'] as const;

export function pagesQuery(
  params: URLSearchParams,
): Required<Pick<PagesQuery, 'page' | 'sort'>> & PagesQuery {
  const parsed = auditPagesQuerySchema.safeParse(entries(params, PAGE_KEYS));
  return parsed.success ? parsed.data : auditPagesQuerySchema.parse({});
}

export function linksQuery(
  params: URLSearchParams,
): Required<Pick<LinksQuery, 'page' | 'kind'>> & LinksQuery {
  const parsed = auditLinksQuerySchema.safeParse(entries(params, LINK_KEYS));
  return parsed.success ? parsed.data : auditLinksQuerySchema.parse({});
}

/** A 1-based page number from `key` (the items use `ipage`, beside the list's own). */
export function pageNumber(params: URLSearchParams, key = 'page'): number {
  const parsed = auditPagingQuerySchema.shape.page.safeParse(params.get(key) ?? undefined);
  return parsed.success ? parsed.data : 1;
}
