import { useAnalysisProgress } from './use-analysis-progress.ts';
import { useReportPolling } from './use-report-polling.ts';

/**
 * Everything the report screen shows, from the access token in the address. `fresh`: the visitor
 * has just asked for this report, so its whole run is played (lib/report-navigation.ts).
 */
export function useReportScreen(accessToken: string | null, fresh = false) {
  const polling = useReportPolling(accessToken);
  const progress = useAnalysisProgress({
    status: polling.error ? undefined : polling.report?.status,
    fresh,
    createdAt: polling.report?.created_at,
  });
  return { accessToken, ...polling, ...progress };
}

export type ReportScreenState = ReturnType<typeof useReportScreen>;
