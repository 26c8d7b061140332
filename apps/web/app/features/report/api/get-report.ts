import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import { apiRequest } from '../../../lib/api-client.ts';

export type ReportStatus = 'queued' | 'analyzing' | 'completed' | 'failed' | (string & {});

/** A finding as the server sends it (CHECKS.md): message is the title, why the description. */
export interface FullIssue {
  id?: string | number;
  message?: string;
  why?: string;
  severity: string;
  category?: string;
  locked?: false;
}

/** What anonymous readers get instead of an issue they may not see. */
export interface LockedIssue {
  locked: true;
  severity: string;
  category?: string;
}

export type ReportIssue = FullIssue | LockedIssue;

export interface Report {
  id: string | number;
  url: string;
  url_id?: string | number | null;
  status: ReportStatus;
  score: number | null;
  error_message?: string | null;
  error_code?: string | null;
  meta_json?: unknown;
  issues?: ReportIssue[] | null;
}

export type GetReportResult = { ok: true; report: Report } | { ok: false; code: ErrorCode };

/** GET /api/reports/:accessToken. An answer without a report means the report is not found. */
export async function getReport(
  accessToken: string,
  signal?: AbortSignal,
): Promise<GetReportResult> {
  const result = await apiRequest<{ ok: true; report?: unknown }>(
    `/api/reports/${encodeURIComponent(accessToken)}`,
    { signal },
  );
  if (!result.ok) return { ok: false, code: result.code };
  const report = result.data.report;
  if (!report || typeof report !== 'object') return { ok: false, code: 'report_not_found' };
  return { ok: true, report: report as Report };
}
