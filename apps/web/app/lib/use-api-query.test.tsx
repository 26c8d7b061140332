import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from './api-client.ts';
import { useApiQuery } from './use-api-query.ts';

const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, status: 200, data });
const fail = (code: ErrorCode, message?: string): ApiResult<never> => ({
  ok: false,
  status: 500,
  code,
  ...(message ? { message } : {}),
});

/** A loader whose answers the test hands out one by one, recording each request's signal. */
function manualLoader<T>() {
  const pending: Array<{ signal: AbortSignal; answer: (result: ApiResult<T>) => void }> = [];
  const loader = vi.fn(
    (signal: AbortSignal) =>
      new Promise<ApiResult<T>>((resolve, reject) => {
        pending.push({ signal, answer: resolve });
        signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      }),
  );
  return { loader, pending };
}

/** Lets settled promises run their continuations, and timers up to `ms` fire, inside act. */
const advance = (ms = 0) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useApiQuery', () => {
  it('loads once per key and reports success', async () => {
    const loader = vi.fn(async (_signal: AbortSignal) => ok({ n: 1 }));
    const { result } = renderHook(() => useApiQuery(loader, ['a']));
    expect(result.current.status).toBe('loading');
    expect(result.current.data).toBeUndefined();
    await advance();
    expect(result.current).toMatchObject({ status: 'success', data: { n: 1 }, error: null });
    expect(loader).toHaveBeenCalledTimes(1);
    expect(loader.mock.calls[0]?.[0]).toBeInstanceOf(AbortSignal);
  });

  it('reports a failure as its catalogue code and the server message', async () => {
    const onError = vi.fn();
    const { result } = renderHook(() =>
      useApiQuery(async () => fail('report_not_found', 'Gone.'), ['a'], { onError }),
    );
    await advance();
    expect(result.current).toMatchObject({
      status: 'error',
      error: 'report_not_found',
      message: 'Gone.',
    });
    expect(onError).toHaveBeenCalledWith('report_not_found', {
      riddenOut: false,
      message: 'Gone.',
    });
  });

  it('asks nothing while disabled, and loads once enabled', async () => {
    const loader = vi.fn(async () => ok('x'));
    const { result, rerender } = renderHook(
      ({ enabled }) => useApiQuery(loader, ['a'], { enabled }),
      { initialProps: { enabled: false } },
    );
    await advance(10_000);
    expect(result.current.status).toBe('idle');
    expect(loader).not.toHaveBeenCalled();
    rerender({ enabled: true });
    expect(result.current.status).toBe('loading');
    await advance();
    expect(result.current).toMatchObject({ status: 'success', data: 'x' });
  });

  it('aborts the request of an old key and never shows its late answer', async () => {
    const { loader, pending } = manualLoader<string>();
    const { result, rerender } = renderHook(({ id }) => useApiQuery(loader, [id]), {
      initialProps: { id: 'a' },
    });
    rerender({ id: 'b' });
    // The new key shows its own loading state in the same render, not the old key's data.
    expect(result.current.status).toBe('loading');
    expect(pending).toHaveLength(2);
    expect(pending[0]?.signal.aborted).toBe(true);
    pending[0]?.answer(ok('from a'));
    await advance();
    expect(result.current.status).toBe('loading');
    pending[1]?.answer(ok('from b'));
    await advance();
    expect(result.current).toMatchObject({ status: 'success', data: 'from b' });
  });

  it('aborts on unmount and sets nothing afterwards', async () => {
    const { loader, pending } = manualLoader<string>();
    const onError = vi.fn();
    const { unmount } = renderHook(() =>
      useApiQuery(loader, ['a'], { onError, refetchInterval: 1000 }),
    );
    unmount();
    expect(pending[0]?.signal.aborted).toBe(true);
    pending[0]?.answer(fail('internal_error'));
    await advance(5000);
    expect(onError).not.toHaveBeenCalled();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('polls at the interval the answer asks for, and stops when it says false', async () => {
    const states = ['queued', 'analyzing', 'completed'];
    let call = 0;
    const loader = vi.fn(async () => ok({ status: states[Math.min(call++, states.length - 1)] }));
    const { result } = renderHook(() =>
      useApiQuery(loader, ['a'], {
        refetchInterval: (data) => (data.status === 'completed' ? false : 2000),
      }),
    );
    await advance();
    expect(result.current.data).toEqual({ status: 'queued' });
    await advance(1999);
    expect(loader).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(result.current.data).toEqual({ status: 'analyzing' });
    await advance(2000);
    expect(result.current.data).toEqual({ status: 'completed' });
    await advance(60_000);
    expect(loader).toHaveBeenCalledTimes(3);
  });

  it('rides out transient failures once data is on screen, and stops at a final one', async () => {
    const answers: ApiResult<string>[] = [
      ok('running'),
      fail('service_unavailable'),
      fail('network_error'),
      ok('still running'),
      fail('report_expired'),
    ];
    const loader = vi.fn(async () => answers.shift() ?? ok('unexpected'));
    const onError = vi.fn();
    const { result } = renderHook(() =>
      useApiQuery(loader, ['a'], {
        refetchInterval: 1000,
        keepDataOnTransientError: true,
        onError,
      }),
    );
    await advance();
    await advance(1000);
    expect(result.current).toMatchObject({ status: 'success', data: 'running', error: null });
    await advance(1000);
    expect(result.current).toMatchObject({ status: 'success', data: 'running' });
    await advance(1000);
    expect(result.current.data).toBe('still running');
    await advance(1000);
    expect(result.current).toMatchObject({
      status: 'error',
      error: 'report_expired',
      data: 'still running',
    });
    expect(onError.mock.calls.map(([code, context]) => [code, context.riddenOut])).toEqual([
      ['service_unavailable', true],
      ['network_error', true],
      ['report_expired', false],
    ]);
    await advance(10_000);
    expect(loader).toHaveBeenCalledTimes(5);
  });

  it('does not ride out a transient failure before anything is on screen', async () => {
    const { result } = renderHook(() =>
      useApiQuery(async () => fail('network_error'), ['a'], {
        refetchInterval: 1000,
        keepDataOnTransientError: true,
      }),
    );
    await advance();
    expect(result.current).toMatchObject({ status: 'error', error: 'network_error' });
  });

  it('does not ride out anything unless asked to', async () => {
    const answers: ApiResult<string>[] = [ok('running'), fail('network_error')];
    const { result } = renderHook(() =>
      useApiQuery(async () => answers.shift() ?? ok('unexpected'), ['a'], {
        refetchInterval: 1000,
      }),
    );
    await advance();
    await advance(1000);
    expect(result.current).toMatchObject({ status: 'error', error: 'network_error' });
  });

  it('refetch asks again at once without going back to loading', async () => {
    const { loader, pending } = manualLoader<string>();
    const { result } = renderHook(() => useApiQuery(loader, ['a']));
    pending[0]?.answer(ok('first'));
    await advance();
    act(() => result.current.refetch());
    expect(pending).toHaveLength(2);
    expect(result.current).toMatchObject({ status: 'success', data: 'first' });
    pending[1]?.answer(ok('second'));
    await advance();
    expect(result.current).toMatchObject({ status: 'success', data: 'second' });
  });

  it('shows initial data on the first render, without a loading frame', async () => {
    const seen: string[] = [];
    const { result } = renderHook(() => {
      const state = useApiQuery(async () => ok('fetched'), ['a'], { initialData: 'embedded' });
      seen.push(state.status);
      return state;
    });
    await advance();
    expect(result.current.data).toBe('fetched');
    expect(seen).not.toContain('loading');
  });
});
