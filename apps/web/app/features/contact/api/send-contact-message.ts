import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import type { ContactMessage } from '@crawlwise/shared/forms';
import { apiRequest } from '../../../lib/api-client.ts';

export type SendResult = { ok: true } | { ok: false; code: ErrorCode };

/** POST /api/contact with the validated form. */
export async function sendContactMessage(message: ContactMessage): Promise<SendResult> {
  const result = await apiRequest('/api/contact', { method: 'POST', body: message });
  return result.ok ? { ok: true } : { ok: false, code: result.code };
}
