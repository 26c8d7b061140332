import type { CreateWatchBody, WatchListResponse, WatchView } from '@crawlwise/shared/api/watches';
import { authRequest } from '../../../lib/auth-request.ts';

/** The watch API (apps/server routes/watches.ts), for the signed-in owner. */

export function listWatches(signal?: AbortSignal) {
  return authRequest<WatchListResponse>('/api/watches', signal ? { signal } : {});
}

/** `reportToken` / `siteCheckId`: the first baseline (the report or site check it is made from). */
export function createWatch(input: CreateWatchBody) {
  return authRequest<{ watch: WatchView }>('/api/watches', { body: input });
}

export function removeWatch(id: string) {
  return authRequest<{ ok: true }>(`/api/watches/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}
