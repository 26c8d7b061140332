import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import { useEffect, useState } from 'react';
import { getPageHistory, type PageHistoryResponse } from './api/get-page-history.ts';

export type PageHistoryState =
  | { kind: 'loading' }
  | { kind: 'error'; code: ErrorCode; message?: string }
  | { kind: 'loaded'; history: PageHistoryResponse };

/** The history of `url`, fetched once per address; a newer address cancels the older fetch. */
export function usePageHistory(url: string): PageHistoryState {
  const [state, setState] = useState<PageHistoryState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    getPageHistory(url, controller.signal)
      .then((result) => {
        setState(
          result.ok
            ? { kind: 'loaded', history: result.data }
            : { kind: 'error', code: result.code, message: result.message },
        );
      })
      .catch(() => {
        // Aborted: the screen has moved on to another address.
      });
    return () => controller.abort();
  }, [url]);
  return state;
}
