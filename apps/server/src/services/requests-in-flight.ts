import { setImmediate as turnOfTheLoop } from 'node:timers/promises';

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
 * Resolves once no request is under way, or after `maxMs`, whichever is first; with how long it
 * waited. It first lets the event loop poll for I/O once: a caller that kept the loop busy (a
 * build's inserts run without a turn of it) would otherwise not count the requests that arrived
 * meanwhile, still unread on their sockets.
 */
export async function requestsAnswered(maxMs: number): Promise<number> {
  if (maxMs <= 0) return 0;
  const started = performance.now();
  await turnOfTheLoop();
  if (count === 0) return performance.now() - started;
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
