/**
 * One deadline for a whole fetch (DNS, every redirect hop, headers and body). Per-phase timeouts
 * let a server that trickles one byte a second, or redirects slowly ten times, keep a worker busy
 * far beyond the limit; a single abort signal armed once cannot be stretched.
 */
export class DeadlineExceeded extends Error {
  override readonly name = 'DeadlineExceeded';
  constructor(readonly timeoutMs: number) {
    super(`Deadline of ${timeoutMs} ms exceeded`);
  }
}

export interface Deadline {
  /** Aborts when the deadline passes or the caller's signal aborts. */
  readonly signal: AbortSignal;
  /** True once the deadline itself (not the caller) aborted. */
  readonly timedOut: boolean;
  /** Milliseconds left, at least 1 so it can be handed to APIs that reject 0. */
  remaining(): number;
  /** Rejects with the abort reason as soon as the signal aborts, for steps that take no signal. */
  race<T>(promise: Promise<T>): Promise<T>;
  dispose(): void;
}

export function createDeadline(timeoutMs: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  const endsAt = performance.now() + timeoutMs;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DeadlineExceeded(timeoutMs));
  }, timeoutMs);
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });

  const { signal } = controller;
  return {
    signal,
    get timedOut() {
      return timedOut;
    },
    remaining: () => Math.max(1, Math.ceil(endsAt - performance.now())),
    race<T>(promise: Promise<T>): Promise<T> {
      if (signal.aborted) return Promise.reject(signal.reason);
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        promise.then(
          (value) => {
            signal.removeEventListener('abort', onAbort);
            resolve(value);
          },
          (error: unknown) => {
            signal.removeEventListener('abort', onAbort);
            reject(error);
          },
        );
      });
    },
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}
