import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from './api-client.ts';

/**
 * The one way a screen loads, polls and fails (issue 24, item 6). Every screen used to keep its
 * own loading flag, abort controller and timer, in as many state shapes; this hook owns all three
 * so a screen only says what to load and when to ask again, and reads one state.
 */

export type ApiQueryStatus = 'idle' | 'loading' | 'success' | 'error';

/**
 * idle: not enabled yet; loading: nothing to show for this key yet; success: `data` is the last
 * answer; error: `error` is the catalogue code (with the server's own wording in `message`, when
 * it sent one) and `data` the last answer for this key, if any, so a screen may still show it.
 */
export type ApiQueryResult<T> =
  | { status: 'idle' | 'loading'; data: undefined; error: null; message: undefined }
  | { status: 'success'; data: T; error: null; message: undefined }
  | { status: 'error'; data: T | undefined; error: ErrorCode; message: string | undefined };

export type ApiQueryState<T> = ApiQueryResult<T> & {
  /** Asks again now (after a create, delete or cancel), without going back to 'loading'. */
  refetch: () => void;
};

export interface ApiQueryOptions<T> {
  /** While false nothing is requested (e.g. until the session is known). Default true. */
  enabled?: boolean;
  /** Ask again this many ms after each answer; a function decides per answer, false stops. */
  refetchInterval?: number | false | ((data: T) => number | false);
  /**
   * Once data is on screen, a transient failure (TRANSIENT_ERRORS) keeps the data and the polling
   * instead of turning the screen into an error: a blip should not replace a running analysis.
   */
  keepDataOnTransientError?: boolean;
  /** Shown on the first render for the key, before any request (a report embedded in the page). */
  initialData?: T;
  /** Each failure, including the ones ridden out (`riddenOut`), e.g. to raise a toast. */
  onError?: (code: ErrorCode, context: { riddenOut: boolean; message?: string }) => void;
}

/**
 * Failures that say nothing about the thing asked for, only about the way there; anything else
 * (not found, deleted, expired, signed out) is final.
 */
export const TRANSIENT_ERRORS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'network_error',
  'service_unavailable',
  'database_error',
  'database_connection',
  'function_timeout',
  'internal_error',
  'too_many_requests',
]);

/** A result and the key (JSON of it) it belongs to, so a new key never shows old data. */
type Snapshot<T> = ApiQueryResult<T> & { keyId: string };

const NOTHING = { data: undefined, error: null, message: undefined } as const;

export function useApiQuery<T>(
  loader: (signal: AbortSignal) => Promise<ApiResult<T>>,
  key: readonly unknown[],
  options: ApiQueryOptions<T> = {},
): ApiQueryState<T> {
  const { enabled = true, keepDataOnTransientError = false } = options;
  // Deps are compared by value: callers pass addresses, tokens and ids, never objects.
  const keyId = JSON.stringify(key);

  // The loader and callbacks are read when a request ends, not when it starts: a screen passing
  // inline functions must not restart its request on every render.
  const latest = useRef({ loader, options });
  latest.current = { loader, options };

  const [version, setVersion] = useState(0);
  const [snapshot, setSnapshot] = useState<Snapshot<T>>(() =>
    options.initialData !== undefined
      ? { keyId, status: 'success', ...NOTHING, data: options.initialData }
      : { keyId, status: enabled ? 'loading' : 'idle', ...NOTHING },
  );
  // The data on screen for the current key, as the running request sees it (rides out errors).
  const shown = useRef(snapshot);
  shown.current = snapshot;

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyId stands for `key`; a new version is a refetch
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hasData = shown.current.keyId === keyId && shown.current.data !== undefined;
    let lastData = hasData ? (shown.current.data as T) : undefined;

    const schedule = (data: T) => {
      const interval = latest.current.options.refetchInterval;
      const wait = typeof interval === 'function' ? interval(data) : interval;
      if (typeof wait === 'number') timer = setTimeout(() => void run(), wait);
    };

    const run = async () => {
      let result: ApiResult<T>;
      try {
        result = await latest.current.loader(controller.signal);
      } catch {
        // Aborted: the key changed or the screen went away; nothing may be set any more.
        if (controller.signal.aborted) return;
        // A loader that throws for another reason is a bug, but the screen must not spin forever.
        result = { ok: false, status: 0, code: 'unknown_error' };
      }
      if (controller.signal.aborted) return;
      const { onError } = latest.current.options;
      if (result.ok) {
        hasData = true;
        lastData = result.data;
        setSnapshot({ keyId, status: 'success', ...NOTHING, data: result.data });
        schedule(result.data);
        return;
      }
      if (hasData && keepDataOnTransientError && TRANSIENT_ERRORS.has(result.code)) {
        onError?.(result.code, { riddenOut: true, message: result.message });
        schedule(lastData as T);
        return;
      }
      setSnapshot({
        keyId,
        status: 'error',
        data: lastData,
        error: result.code,
        message: result.message,
      });
      onError?.(result.code, { riddenOut: false, message: result.message });
    };

    if (!hasData) {
      setSnapshot((current) =>
        current.keyId === keyId && current.status === 'loading'
          ? current
          : { keyId, status: 'loading', ...NOTHING },
      );
    }
    void run();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [keyId, enabled, version, keepDataOnTransientError]);

  const refetch = useCallback(() => setVersion((value) => value + 1), []);

  // A render with a new key shows that key's loading state at once, not the last key's data.
  if (snapshot.keyId !== keyId) {
    return { status: enabled ? 'loading' : 'idle', ...NOTHING, refetch };
  }
  const { keyId: _, ...result } = snapshot;
  if (!enabled && result.status === 'loading') return { ...result, status: 'idle', refetch };
  return { ...result, refetch };
}
