import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import type { PartnerSignup } from '@crawlwise/shared/forms';
import { apiRequest } from '../../../lib/api-client.ts';

export type JoinResult = { ok: true } | { ok: false; code: ErrorCode };

/** POST /api/partner-waitlist. */
export async function joinPartnerWaitlist(signup: PartnerSignup): Promise<JoinResult> {
  const result = await apiRequest('/api/partner-waitlist', { method: 'POST', body: signup });
  return result.ok ? { ok: true } : { ok: false, code: result.code };
}
