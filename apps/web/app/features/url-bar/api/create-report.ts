import type { CreateReportResponse } from '@crawlwise/shared/api/reports';
import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import { apiRequest } from '../../../lib/api-client.ts';

export type CreateReportResult =
  | { ok: true; accessToken: string; rateLimitSoft: boolean }
  | { ok: false; code: ErrorCode; message?: string };

/** POST /api/reports: starts an analysis of an already-normalized address. */
export async function createReport(url: string): Promise<CreateReportResult> {
  try {
    const result = await apiRequest<CreateReportResponse>('/api/reports', {
      method: 'POST',
      body: { url },
    });
    if (!result.ok) {
      return {
        ok: false,
        code: result.code,
        ...(result.message ? { message: result.message } : {}),
      };
    }
    const { accessToken, rate_limit_soft } = result.data;
    if (typeof accessToken !== 'string' || !accessToken)
      return { ok: false, code: 'internal_error' };
    return { ok: true, accessToken, rateLimitSoft: rate_limit_soft === true };
  } catch {
    // The spec: a call that throws shows internal_error.
    return { ok: false, code: 'internal_error' };
  }
}
