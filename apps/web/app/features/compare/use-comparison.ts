import { type ApiQueryState, useApiQuery } from '../../lib/use-api-query.ts';
import { getComparison, type ReportComparison } from './api/get-comparison.ts';

export type ComparisonState = ApiQueryState<ReportComparison>;

/**
 * The comparison of the reports `a` and `b`. It waits until the session is known (`sessionKey`
 * null) and is fetched again when it changes, since a signed-in reader sees the findings an
 * anonymous one gets locked; the server itself reads the session from the cookie.
 */
export function useComparison(a: string, b: string, sessionKey: string | null): ComparisonState {
  return useApiQuery(
    async (signal) => {
      const result = await getComparison(a, b, signal);
      return result.ok ? { ...result, data: result.data.comparison } : result;
    },
    [a, b, sessionKey],
    { enabled: sessionKey !== null },
  );
}
