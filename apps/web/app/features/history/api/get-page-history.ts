import type { PageHistoryResponse } from '@crawlwise/shared/page-history';
import { apiRequest } from '../../../lib/api-client.ts';

export type { PageHistoryEntry, PageHistoryResponse } from '@crawlwise/shared/page-history';

/** GET /api/me/history?url=: the signed-in owner's reports of one page, newest first. */
export function getPageHistory(url: string, signal?: AbortSignal) {
  return apiRequest<PageHistoryResponse>(`/api/me/history?url=${encodeURIComponent(url)}`, {
    signal,
  });
}
