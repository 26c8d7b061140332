import { AUDIT_TABS, type AuditTab } from '@crawlwise/shared/api/site-audit-basics';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The workspace's address is its state: `/site-check?id=…&tab=…` plus the view's filters, sort,
 * search and page, so a view can be shared, Back steps through what was looked at, and a reload
 * keeps it. The views read their filters with audit-query.ts.
 */

export const auditTab = (params: URLSearchParams): AuditTab => {
  const tab = params.get('tab');
  return (AUDIT_TABS as readonly string[]).includes(tab ?? '') ? (tab as AuditTab) : 'overview';
};

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
