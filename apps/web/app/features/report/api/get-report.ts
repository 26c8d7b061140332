import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import type { Report } from '@crawlwise/shared/report';
import { apiRequest } from '../../../lib/api-client.ts';

/** The report as the server sends it: the shared report contract (packages/shared/src/report.ts). */
export type {
  LockedIssue,
  Report,
  ReportIssue,
  ReportStatus,
  ScoredFinding,
} from '@crawlwise/shared/report';

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
