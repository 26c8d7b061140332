import type {
  SiteCheckCounts,
  SiteCheckSource,
  SiteCheckStatus,
} from '@crawlwise/shared/site-check';
import { apiRequest } from '../../lib/api-client.ts';

/** The site-check API (server: routes/site-checks.ts; docs/site-checks.md). */

export interface SiteCheck {
  id: string;
  siteUrl: string;
  source: SiteCheckSource;
  status: SiteCheckStatus;
  counts: SiteCheckCounts;
  skipped: {
    offSite: number;
    invalid: number;
    duplicates: number;
    overCap: number;
    overDailyLimit: number;
  } | null;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: string;
  completedAt: string | null;
}

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

export interface SiteReport {
  pagesAnalysed: number;
  pagesFailed: number;
  pagesCancelled: number;
  pagesPending: number;
  averageScore: number | null;
  pages: SiteReportPage[];
  duplicateTitles: Array<{ value: string; urls: string[] }>;
  duplicateDescriptions: Array<{ value: string; urls: string[] }>;
  canonicalElsewhere: Array<{ url: string; canonical: string }>;
  robotsBlocked: Array<{ url: string; rule: string | null }>;
  entryProblems: Array<{
    url: string;
    kind: 'redirect' | 'failed';
    finalUrl: string | null;
    code: string | null;
    message: string | null;
  }>;
}

export function startSiteCheck(input: { siteUrl: string; source: SiteCheckSource; list?: string }) {
  return apiRequest<{ ok: true; siteCheck: SiteCheck }>('/api/site-checks', {
    method: 'POST',
    body: input,
  });
}

export function fetchSiteReport(id: string, signal?: AbortSignal) {
  return apiRequest<{ ok: true; siteCheck: SiteCheck; report: SiteReport }>(
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

export function fetchSiteChecks() {
  return apiRequest<{ ok: true; siteChecks: SiteCheck[] }>('/api/site-checks');
}

export const siteReportCsvUrl = (id: string) =>
  `/api/site-checks/${encodeURIComponent(id)}/export.csv`;

/** A site check still has work to do (the progress view keeps asking). */
export const isActive = (status: SiteCheckStatus) =>
  status === 'discovering' || status === 'running';

export function statusLabel(check: SiteCheck): string {
  switch (check.status) {
    case 'discovering':
      return 'Reading sitemaps';
    case 'running':
      return 'Checking pages';
    case 'completed':
      return 'Completed';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** The badge colour of a site check's status (the report statuses' colours). */
export function statusToneOf(check: SiteCheck): string {
  return {
    discovering: 'queued',
    running: 'analyzing',
    completed: 'completed',
    failed: 'error',
    cancelled: 'queued',
  }[check.status];
}
