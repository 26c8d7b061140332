import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import { REPORT_POLL_INTERVAL_MS } from '@crawlwise/shared/limits';
import { useRef, useState } from 'react';
import type { ApiResult } from '../../lib/api-client.ts';
import { notifyCatalogue } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { readEmbeddedReport, takeEmbeddedReport } from './api/embedded-report.ts';
import { getReport, type Report } from './api/get-report.ts';

/** Statuses after which a report never changes again ('error' is the profile list's failure). */
export const isFinished = (status: string) =>
  status === 'completed' || status === 'failed' || status === 'error';

export interface ReportPolling {
  report: Report | null;
  error: ErrorCode | null;
  loading: boolean;
}

const finishedOrNull = (report: Report | null) =>
  report && isFinished(report.status) ? report : null;

/**
 * The report, or the finished one the server embedded in the page (report-embed.ts), which needs
 * no request; taken once, so a later token (after Rerun) asks the API.
 */
async function loadReport(accessToken: string, signal: AbortSignal): Promise<ApiResult<Report>> {
  const embedded = finishedOrNull(takeEmbeddedReport(accessToken));
  if (embedded) return { ok: true, status: 200, data: embedded };
  const result = await getReport(accessToken, signal);
  return result.ok
    ? { ok: true, status: 200, data: result.report }
    : { ok: false, status: 0, code: result.code };
}

/**
 * Fetches the report on load (or takes the finished one the server embedded in the page), then
 * every 2 s until it is completed or failed. Once a report is on screen, a transient failure is
 * ridden out (a blip should not replace a running analysis with an error page) and toasted once
 * per report; any other failure is final.
 */
export function useReportPolling(accessToken: string | null): ReportPolling {
  // The first render already shows a finished report the server embedded: no loading frame.
  const [embedded] = useState(() =>
    accessToken ? (finishedOrNull(readEmbeddedReport(accessToken)) ?? undefined) : undefined,
  );
  const warnedFor = useRef<string | null>(null);
  const query = useApiQuery((signal) => loadReport(accessToken ?? '', signal), [accessToken], {
    enabled: Boolean(accessToken),
    initialData: embedded,
    refetchInterval: (report) => (isFinished(report.status) ? false : REPORT_POLL_INTERVAL_MS),
    keepDataOnTransientError: true,
    onError: (code, { riddenOut }) => {
      if (riddenOut) {
        if (warnedFor.current === accessToken) return;
        warnedFor.current = accessToken;
      }
      notifyCatalogue(code);
    },
  });
  return {
    report: query.data ?? null,
    error: query.error,
    loading: query.status === 'loading',
  };
}
