import {
  AUDIT_TABS,
  type AuditTab,
  auditLinksQuerySchema,
  auditPagesQuerySchema,
  auditPagingQuerySchema,
} from '@crawlwise/shared/api/site-audit';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { LinksQuery, PagesQuery } from '../api/site-audit-api.ts';

/**
 * The workspace's address is its state: `/site-check?id=…&tab=…` plus the view's filters, sort,
 * search and page, so a view can be shared, Back steps through what was looked at, and a reload
 * keeps it. Values are read through the contract's own query schemas, so an edited address with
 * a value the server would refuse falls back to the view's defaults instead of an error.
 */

export const auditTab = (params: URLSearchParams): AuditTab => {
  const tab = params.get('tab');
  return (AUDIT_TABS as readonly string[]).includes(tab ?? '') ? (tab as AuditTab) : 'overview';
};

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

/** Values the server takes as its default are left out of the address. */
const DEFAULTS: Record<string, string> = {
  page: '1',
  ipage: '1',
  pageSize: '50',
};

export type AddressPatch = Record<string, string | number | undefined | null>;

/**
 * The address of the workspace with `patch` applied: null/undefined/'' removes a key. With
 * `view` the patch starts from the workspace's id only (a new tab starts with its defaults).
 */
export function auditHref(
  current: URLSearchParams,
  patch: AddressPatch,
  { fresh = false }: { fresh?: boolean } = {},
): string {
  const next = new URLSearchParams();
  const id = current.get('id');
  if (id) next.set('id', id);
  if (!fresh) {
    for (const [key, value] of current) if (key !== 'id') next.set(key, value);
  }
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  for (const [key, value] of Object.entries(DEFAULTS)) {
    if (next.get(key) === value) next.delete(key);
  }
  if (next.get('tab') === 'overview') next.delete('tab');
  return `?${next.toString()}`;
}

/**
 * Reads and writes the workspace address. `update` pushes a history entry (Back undoes a filter);
 * `replace` is for typing, where one entry per keystroke would make Back useless.
 */
export function useAuditAddress() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: AddressPatch, { replace = false }: { replace?: boolean } = {}) => {
      setParams((current) => new URLSearchParams(auditHref(current, patch)), {
        replace,
        preventScrollReset: true,
      });
    },
    [setParams],
  );
  return { params, update, tab: auditTab(params), compare: params.get('compare') };
}
