/**
 * Polls `check` until it answers a value other than undefined (or true), and resolves with it;
 * fails with `what` after `timeoutMs`. The one polling loop of the test suites (server, worker
 * processes, adversarial), so each waits the same way and says what it waited for.
 */
export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** What was awaited, for the failure message. */
  what?: string;
}

export async function waitUntil<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 10_000, intervalMs = 25, what = 'a condition' }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    last = value;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
