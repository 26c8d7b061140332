import type { PageHistoryResponse } from '@crawlwise/shared/page-history';
import { type ApiQueryState, useApiQuery } from '../../lib/use-api-query.ts';
import { getPageHistory } from './api/get-page-history.ts';

/** The history of `url`, fetched once per address; a newer address cancels the older fetch. */
export function usePageHistory(url: string): ApiQueryState<PageHistoryResponse> {
  return useApiQuery((signal) => getPageHistory(url, signal), [url]);
}
