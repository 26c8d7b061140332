import { AUTH_MESSAGES } from '@crawlwise/shared/account-messages';

/**
 * Calls to the account API (Better Auth's routes under /api/auth and the app's /api/me routes).
 * Failures come back with the server's message (the spec's wording: the server words its
 * answers with the same shared messages the forms use), or none when the server could not be
 * reached, so each screen picks its own fallback ('Failed to sign in', 'Upload failed', ...).
 */

export type AuthResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message?: string; code?: string };

export async function authRequest<T>(
  path: string,
  options: {
    method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    body?: unknown;
    form?: FormData;
    signal?: AbortSignal;
  } = {},
): Promise<AuthResult<T>> {
  const { method = options.body === undefined && !options.form ? 'GET' : 'POST' } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.form ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    // A cancelled request is the caller's decision, not a failure to show.
    if (options.signal?.aborted) throw error;
    return { ok: false, status: 0 };
  }
  let payload: unknown = null;
  try {
    const text = await response.text();
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  if (response.ok) return { ok: true, data: payload as T };
  const body = (payload ?? {}) as { message?: unknown; code?: unknown; error?: unknown };
  return {
    ok: false,
    status: response.status,
    ...(typeof body.message === 'string' ? { message: body.message } : {}),
    ...(typeof body.code === 'string'
      ? { code: body.code }
      : typeof body.error === 'string'
        ? { code: body.error }
        : {}),
  };
}

/** The message to show for a failure: the server's, else the fallback, else the generic one. */
export function failureMessage(result: { status: number; message?: string }, fallback: string) {
  if (result.status === 0) return AUTH_MESSAGES.unexpected;
  return result.message ?? fallback;
}
