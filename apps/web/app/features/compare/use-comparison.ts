import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import { useEffect, useState } from 'react';
import { getComparison, type ReportComparison } from './api/get-comparison.ts';

export type ComparisonState =
  | { kind: 'loading' }
  | { kind: 'error'; code: ErrorCode; message?: string }
  | { kind: 'loaded'; comparison: ReportComparison };

/**
 * The comparison of the reports `a` and `b`. It waits until the session is known (`sessionKey`
 * null) and is fetched again when it changes, since a signed-in reader sees the findings an
 * anonymous one gets locked; the server itself reads the session from the cookie.
 */
export function useComparison(a: string, b: string, sessionKey: string | null): ComparisonState {
  const [state, setState] = useState<ComparisonState>({ kind: 'loading' });
  useEffect(() => {
    if (sessionKey === null) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    getComparison(a, b, controller.signal)
      .then((result) => {
        setState(
          result.ok
            ? { kind: 'loaded', comparison: result.data.comparison }
            : { kind: 'error', code: result.code, message: result.message },
        );
      })
      .catch(() => {
        // Aborted: other tokens or another session replaced this fetch.
      });
    return () => controller.abort();
  }, [a, b, sessionKey]);
  return state;
}
