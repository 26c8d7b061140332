import type {
  SiteVerification,
  SiteVerificationList,
} from '@crawlwise/shared/api/site-verifications';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The site ownership verification API (server: routes/site-verifications.ts; contract:
 * shared/src/api/site-verifications.ts).
 */

export type { SiteVerification, SiteVerificationList };

export function fetchSiteVerifications(signal?: AbortSignal) {
  return apiRequest<SiteVerificationList>('/api/site-verifications', signal ? { signal } : {});
}

/** Creates the verification of the site for this account, or answers the existing one. */
export function startSiteVerification(siteUrl: string) {
  return apiRequest<{ ok: true; verification: SiteVerification }>('/api/site-verifications', {
    method: 'POST',
    body: { siteUrl },
  });
}

/** Asks the server to look for either proof on the site now. */
export function checkSiteVerification(id: string) {
  return apiRequest<{ ok: true; verification: SiteVerification }>(
    `/api/site-verifications/${encodeURIComponent(id)}/check`,
    { method: 'POST' },
  );
}

/** Removes one of the account's verifications (its crawls go back to the unverified limits). */
export function removeSiteVerification(id: string) {
  return apiRequest<{ ok: true }>(`/api/site-verifications/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}
