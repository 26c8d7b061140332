import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import { REPORT_POLL_INTERVAL_MS } from '@crawlwise/shared/limits';
import { useEffect, useState } from 'react';
import { notifyCatalogue } from '../../lib/notify.ts';
import { readEmbeddedReport, takeEmbeddedReport } from './api/embedded-report.ts';
import { getReport, type Report } from './api/get-report.ts';

/** Statuses after which a report never changes again ('error' is the profile list's failure). */
export const isFinished = (status: string) =>
  status === 'completed' || status === 'failed' || status === 'error';

/**
 * Failures worth riding out once a report is on screen: a blip while polling should not replace
 * a running analysis with an error page. Anything else (not found, deleted, expired) is final.
 */
const TRANSIENT: ReadonlySet<ErrorCode> = new Set([
  'network_error',
  'service_unavailable',
  'database_error',
  'database_connection',
  'function_timeout',
  'internal_error',
  'too_many_requests',
]);

export interface ReportPolling {
  report: Report | null;
  error: ErrorCode | null;
  loading: boolean;
}

const finishedOrNull = (report: Report | null) =>
  report && isFinished(report.status) ? report : null;

/**
 * Fetches the report on load (or takes the finished one the server embedded in the page), then
 * every 2 s until it is completed or failed.
 */
export function useReportPolling(accessToken: string | null): ReportPolling {
  // The first render already shows a finished report the server embedded: no loading frame.
  const [embedded] = useState(() =>
    accessToken ? finishedOrNull(readEmbeddedReport(accessToken)) : null,
  );
  const [report, setReport] = useState<Report | null>(embedded);
  const [error, setError] = useState<ErrorCode | null>(null);
  const [loading, setLoading] = useState(Boolean(accessToken) && embedded === null);

  useEffect(() => {
    if (!accessToken) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let haveReport = false;
    let warned = false;

    const poll = async () => {
      let result: Awaited<ReturnType<typeof getReport>>;
      try {
        result = await getReport(accessToken, controller.signal);
      } catch {
        return; // aborted: the screen went away
      }
      if (controller.signal.aborted) return;
      if (result.ok) {
        haveReport = true;
        setReport(result.report);
        setLoading(false);
        if (!isFinished(result.report.status)) timer = setTimeout(poll, REPORT_POLL_INTERVAL_MS);
        return;
      }
      if (haveReport && TRANSIENT.has(result.code)) {
        if (!warned) notifyCatalogue(result.code);
        warned = true;
        timer = setTimeout(poll, REPORT_POLL_INTERVAL_MS);
        return;
      }
      notifyCatalogue(result.code);
      setError(result.code);
      setLoading(false);
    };

    // A finished report the server put into the page needs no request (report-embed.ts).
    const embedded = finishedOrNull(takeEmbeddedReport(accessToken));
    if (embedded) {
      setReport(embedded);
      setError(null);
      setLoading(false);
      return () => controller.abort();
    }
    setReport(null);
    setError(null);
    setLoading(true);
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [accessToken]);

  return { report, error, loading };
}
