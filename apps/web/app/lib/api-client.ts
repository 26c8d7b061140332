import { type ErrorCode, isErrorCode } from '@crawlwise/shared/error-catalogue';
import { announceWorkspaceLost, losesWorkspace } from './workspace-lost.ts';

/**
 * The one way the app talks to its API. Every failure, including a dropped connection or an HTML
 * error page from a proxy, comes back as a catalogue code, so screens only ever render catalogue
 * entries.
 */

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code: ErrorCode; message?: string };

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Status codes a proxy or load balancer answers with when the API itself is not reachable. */
function codeForNonJson(status: number): ErrorCode {
  if (status === 429) return 'too_many_requests';
  if (status === 502 || status === 503) return 'service_unavailable';
  if (status === 504) return 'function_timeout';
  return 'internal_error';
}

export async function apiRequest<T extends JsonObject>(
  path: string,
  { method = 'GET', body, signal }: ApiRequestOptions = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    // A cancelled request is the caller's decision, not a failure to show.
    if (signal?.aborted) throw error;
    return { ok: false, status: 0, code: 'network_error' };
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return { ok: false, status: response.status, code: codeForNonJson(response.status) };
  }
  if (!isObject(payload)) return { ok: false, status: response.status, code: 'internal_error' };

  if (response.ok && payload.ok !== false) {
    return { ok: true, status: response.status, data: payload as T };
  }
  // The spec: a missing or unknown code falls back to unknown_error.
  const code = isErrorCode(payload.error) ? payload.error : 'unknown_error';
  const message = typeof payload.message === 'string' ? payload.message : undefined;
  if (losesWorkspace(path, code)) announceWorkspaceLost();
  return { ok: false, status: response.status, code, ...(message ? { message } : {}) };
}
