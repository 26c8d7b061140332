import type {
  SiteCheck,
  SiteReportResponse,
  StartSiteCheckBody,
} from '@crawlwise/shared/api/site-checks';
import { isSiteCheckUnderWay } from '@crawlwise/shared/site-check';
import { apiRequest } from '../../../lib/api-client.ts';

/** The site-check API (server: routes/site-checks.ts; contract: shared/src/api/site-checks.ts). */

export type { SiteCheck, SiteReport, SiteReportPage } from '@crawlwise/shared/api/site-checks';

export function startSiteCheck(input: StartSiteCheckBody) {
  return apiRequest<{ ok: true; siteCheck: SiteCheck }>('/api/site-checks', {
    method: 'POST',
    body: input,
  });
}

export function fetchSiteReport(id: string, signal?: AbortSignal) {
  return apiRequest<SiteReportResponse>(
    `/api/site-checks/${encodeURIComponent(id)}/report`,
    signal ? { signal } : {},
  );
}

/** POST /api/site-checks/:id/cancel: waiting pages are dropped and given back to the allowance. */
export function cancelSiteCheck(id: string) {
  return apiRequest<{ ok: true; siteCheck: SiteCheck }>(
    `/api/site-checks/${encodeURIComponent(id)}/cancel`,
    { method: 'POST' },
  );
}

export function fetchSiteChecks(signal?: AbortSignal) {
  return apiRequest<{ ok: true; siteChecks: SiteCheck[] }>(
    '/api/site-checks',
    signal ? { signal } : {},
  );
}

export const siteReportCsvUrl = (id: string) =>
  `/api/site-checks/${encodeURIComponent(id)}/export.csv`;

/**
 * A site check's pages may still change: it is under way, or cancelled with pages still being
 * analysed (the screens keep asking until those end too).
 */
export function pagesStillChanging(check: Pick<SiteCheck, 'status' | 'counts'>): boolean {
  return isSiteCheckUnderWay(check.status) || check.counts.analyzing > 0;
}

export function statusLabel(check: SiteCheck): string {
  switch (check.status) {
    case 'discovering':
      return 'Reading sitemaps';
    case 'running':
      return 'Checking pages';
    case 'completed':
      return 'Completed';
    case 'failed':
      // The error-rate stop (docs/site-checks.md › Politeness): the check itself did not break.
      return check.errorCode === 'site_check_error_rate' ? 'Stopped' : 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}
