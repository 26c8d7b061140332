import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import type { LeadInput } from '@crawlwise/shared/forms';
import { apiRequest } from '../../../lib/api-client.ts';

export type SubmitLeadResult = { ok: true } | { ok: false; code: ErrorCode; message?: string };

/** POST /api/leads: the newsletter sign-up from the report screen. */
export async function submitLead(lead: LeadInput): Promise<SubmitLeadResult> {
  const result = await apiRequest<{ ok: true; message?: string }>('/api/leads', {
    method: 'POST',
    body: lead,
  });
  if (result.ok) return { ok: true };
  return { ok: false, code: result.code, ...(result.message ? { message: result.message } : {}) };
}
