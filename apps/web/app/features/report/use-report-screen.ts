import { useAnalysisProgress } from './use-analysis-progress.ts';
import { useReportPolling } from './use-report-polling.ts';

/** Everything the report screen shows, from the access token in the address. */
export function useReportScreen(accessToken: string | null) {
  const polling = useReportPolling(accessToken);
  const progress = useAnalysisProgress(polling.error ? undefined : polling.report?.status);
  return { accessToken, ...polling, ...progress };
}

export type ReportScreenState = ReturnType<typeof useReportScreen>;
