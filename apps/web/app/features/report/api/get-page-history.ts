import type { PageHistoryResponse } from '@crawlwise/shared/page-history';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/me/history?url=: the signed-in reader's own reports of the page, to offer its history
 * and the comparison with the previous report from a report they own.
 */
export function getOwnPageHistory(url: string, signal?: AbortSignal) {
  return apiRequest<PageHistoryResponse>(`/api/me/history?url=${encodeURIComponent(url)}`, {
    signal,
  });
}
