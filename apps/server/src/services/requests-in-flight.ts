/**
 * The HTTP requests this process is answering, for the embedded worker's audit snapshot build:
 * it shares this process's event loop and the embedded database's one connection with them, and
 * writes a big snapshot in short transactions (db/tables/site-audit.ts). Between two of its
 * inserts it lets the requests under way finish (`requestsAnswered`) instead of taking turns with
 * their statements one by one: a report request of five statements otherwise waited behind five
 * inserts, 0.4-1 s after a 10,000-page crawl (bench/results/crawl-*-stop58.md). Bounded by the
 * caller, so a stream of requests never stops a build. A worker process has no requests: its
 * builds never wait.
 */

let count = 0;
/** Callers waiting for the count to reach zero. */
const waiting = new Set<() => void>();

/** Counts a request from its arrival; call the returned function once it is answered (once). */
export function requestArrived(): () => void {
  count += 1;
  let answered = false;
  return () => {
    if (answered) return;
    answered = true;
    count -= 1;
    if (count === 0) for (const wake of [...waiting]) wake();
  };
}

/** The requests under way now. */
export function requestsInFlight(): number {
  return count;
}

/**
 * Resolves once no request is under way, or after `maxMs`, whichever is first (at once when
 * none is); with how long it waited.
 */
export async function requestsAnswered(maxMs: number): Promise<number> {
  if (count === 0 || maxMs <= 0) return 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    waiting.add(done);
  });
  return performance.now() - started;
}
