import type { PageHistoryResponse } from '@crawlwise/shared/page-history';
import { apiRequest } from '../../../lib/api-client.ts';

export type { PageHistoryEntry, PageHistoryResponse } from '@crawlwise/shared/page-history';

/**
 * GET /api/me/history?url=: the signed-in owner's reports of one page, newest first. The history
 * screen shows them; a report its reader owns asks for them to link its history and the
 * comparison with the previous report (the one module for this request, through index.ts).
 */
export function getPageHistory(url: string, signal?: AbortSignal) {
  return apiRequest<PageHistoryResponse>(`/api/me/history?url=${encodeURIComponent(url)}`, {
    signal,
  });
}
