import type { WatchFrequency, WatchKind, WatchView } from '@crawlwise/shared/watches';
import { authRequest } from '../../auth/api/auth-request.ts';

/** The watch API (apps/server routes/watches.ts), for the signed-in owner. */

export function listWatches() {
  return authRequest<{ watches: WatchView[] }>('/api/watches');
}

export function createWatch(input: {
  url: string;
  kind: WatchKind;
  frequency: WatchFrequency;
  threshold: number;
  /** A page watch's first baseline: the report it is made from. */
  reportToken?: string;
  /** A site watch's first baseline: the site check it is made from. */
  siteCheckId?: string;
}) {
  return authRequest<{ watch: WatchView }>('/api/watches', { body: input });
}

export function removeWatch(id: string) {
  return authRequest<{ ok: true }>(`/api/watches/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}
