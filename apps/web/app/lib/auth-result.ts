import { isErrorCode } from '@crawlwise/shared/error-catalogue';
import type { ApiResult } from './api-client.ts';
import type { AuthResult } from './auth-request.ts';

// Apart from auth-request.ts: the account control, an island on every marketing page, imports
// that module, and this one would bring the error catalogue's chunk along with it.

/**
 * The same answer in the API client's shape, for screens that load through useApiQuery: a code
 * outside the catalogue (Better Auth's own) becomes unknown_error, no answer at all network_error.
 */
export function asApiResult<T>(result: AuthResult<T>): ApiResult<T> {
  // authRequest only says ok for a 2xx answer; which one does not matter to a screen.
  if (result.ok) return { ok: true, status: 200, data: result.data };
  const code =
    result.code !== undefined && isErrorCode(result.code)
      ? result.code
      : result.status === 0
        ? 'network_error'
        : 'unknown_error';
  return {
    ok: false,
    status: result.status,
    code,
    ...(result.message ? { message: result.message } : {}),
  };
}
