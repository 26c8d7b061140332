/**
 * The report requests of this process that are waiting for a check's stored report, so that the
 * build storing it (site-audit-build.ts) wakes them at once instead of at their next look, and —
 * when they run in the same process as the build — lets them read the report and answer before
 * it goes on. The report and CSV routes register each request from its arrival to its answer
 * (plugins/report-build-hold.ts), so one still signing in or reading its check when the report
 * is stored is let through too; awaitStoredSiteReport is woken by the request's registration.
 *
 * That matters on the embedded database: the web server and the worker share one process, one
 * event loop and PGlite's one connection, and after storing an ended check's report the build
 * analyses the audit snapshot (~1 s of this event loop at 10,000 pages) and writes its rows in
 * one transaction (~3 s of holding the connection). A request could neither read the stored
 * report nor answer until both were done: after a 10,000-page crawl the report's request that
 * arrived while it was built answered 3.3 s after it was stored (bench/results). With PostgreSQL
 * the worker is another process: it has no waiters here, and the build goes on at once.
 */

interface Waiter {
  wake(): void;
  /** Resolves once the request has read the report (or stopped waiting). */
  done: Promise<void>;
}

const waiting = new Map<string, Set<Waiter>>();

export interface ReportWait {
  /** Resolves when a build of this process has stored the check's report. */
  stored: Promise<void>;
  /** Stops waiting: call once the report is read, whatever the outcome. */
  release(): void;
}

/** Registers a request waiting for the check's stored report (see the module comment). */
export function waitForStoredReport(siteCheckId: string): ReportWait {
  let wake = () => {};
  let finish = () => {};
  const stored = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const waiter: Waiter = { wake, done };
  const set = waiting.get(siteCheckId) ?? new Set<Waiter>();
  set.add(waiter);
  waiting.set(siteCheckId, set);
  return {
    stored,
    release() {
      set.delete(waiter);
      if (set.size === 0 && waiting.get(siteCheckId) === set) waiting.delete(siteCheckId);
      finish();
    },
  };
}

/**
 * Tells this process's waiting requests that the check's report is stored, and resolves once
 * each has read it (or after `holdMs`, whichever is first; at once when none waits), and the
 * event loop has turned once more so their answers are written out: how many there were, and
 * how long that took.
 */
export async function reportStored(
  siteCheckId: string,
  holdMs: number,
): Promise<{ waiters: number; heldMs: number }> {
  const set = waiting.get(siteCheckId);
  if (!set || set.size === 0) return { waiters: 0, heldMs: 0 };
  const started = performance.now();
  const waiters = [...set];
  for (const waiter of waiters) waiter.wake();
  let timer: NodeJS.Timeout | undefined;
  const held = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, holdMs);
  });
  try {
    await Promise.race([Promise.all(waiters.map((waiter) => waiter.done)), held]);
  } finally {
    clearTimeout(timer);
  }
  // A released request answers in the promise jobs that follow its read: a macrotask later they
  // have run.
  await new Promise<void>((resolve) => setImmediate(resolve));
  return { waiters: waiters.length, heldMs: Math.round(performance.now() - started) };
}
