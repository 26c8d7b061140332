import { setImmediate as turnOfTheLoop } from 'node:timers/promises';

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
 * analyses the audit snapshot (~1-1.5 s of this event loop at 10,000 pages) and writes its rows
 * (~3 s; until stop 58 in one transaction that held the connection throughout, now in short ones
 * that let requests through: db/tables/site-audit.ts). A request could neither read the stored
 * report nor answer until both were done: after a 10,000-page crawl the report's request that
 * arrived while it was built answered 3.3 s after it was stored (bench/results). With PostgreSQL
 * the worker is another process: it has no waiters here, and the build goes on at once.
 *
 * A client of the API polls the check (GET /api/site-checks/:id, "poll until completed") and asks
 * for the report once it reads the end. When the crawl ends, that poll is answered late — the
 * build holds the event loop and the connection — and the report's request arrives just after the
 * report was stored, with no waiter to let through: it waited for the whole snapshot (the report
 * answered 8 s after a 10,000-page crawl's end, stored at 3.5 s). So the status route registers
 * too (`status`): the build lets a status request under way answer, then waits FOLLOW_UP_MS for
 * the report's request it leads to, and lets that one through as well, all within the hold.
 */

/** What a registered request is: one reading the report, or a status poll that leads to one. */
export type WaiterKind = 'report' | 'status';

/**
 * How long after a status request answered a build waits for the report request the client then
 * sends (a round trip on the same connection: a few ms on loopback, tens across a network).
 */
export const FOLLOW_UP_MS = 200;

interface Waiter {
  kind: WaiterKind;
  wake(): void;
  /** Resolves once the request has read the report (or stopped waiting). */
  done: Promise<void>;
}

const waiting = new Map<string, Set<Waiter>>();
/** Builds holding for a follow-up request of the check: told of each registration. */
const arrivals = new Map<string, Set<() => void>>();

export interface ReportWait {
  /** Resolves when a build of this process has stored the check's report. */
  stored: Promise<void>;
  /** Stops waiting: call once the report is read, whatever the outcome. */
  release(): void;
}

/** Registers a request waiting for the check's stored report (see the module comment). */
export function waitForStoredReport(siteCheckId: string, kind: WaiterKind = 'report'): ReportWait {
  let wake = () => {};
  let finish = () => {};
  const stored = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const waiter: Waiter = { kind, wake, done };
  const set = waiting.get(siteCheckId) ?? new Set<Waiter>();
  set.add(waiter);
  waiting.set(siteCheckId, set);
  for (const arrived of arrivals.get(siteCheckId) ?? []) arrived();
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
 * each has read it — and, when a status request was among them, once the report request it led
 * to arrived within FOLLOW_UP_MS and read it too — or after `holdMs` in all, whichever is first
 * (after one poll for I/O when none waits), and the event loop has turned once more so their
 * answers are written out: how many requests there were, and how long that took.
 */
export async function reportStored(
  siteCheckId: string,
  holdMs: number,
): Promise<{ waiters: number; heldMs: number }> {
  const started = performance.now();
  const left = () => started + holdMs - performance.now();
  const seen = new Set<Waiter>();
  let followUp = false;
  /** Wakes the check's waiters not woken yet, and returns them. */
  const wakeFresh = (): Waiter[] => {
    const fresh = [...(waiting.get(siteCheckId) ?? [])].filter((waiter) => !seen.has(waiter));
    for (const waiter of fresh) {
      seen.add(waiter);
      waiter.wake();
      if (waiter.kind === 'status') followUp = true;
    }
    return fresh;
  };
  // The ones registered are woken first (they go on reading during the turn below).
  let fresh = wakeFresh();
  // The build held the event loop (its analysis, ~1 s at 10,000 pages) and, on the embedded
  // database, stored the report without a turn of it: a request that arrived meanwhile is still
  // unread on its socket, not registered. One turn through the loop's I/O poll reads it
  // (bench/results: without it that request waited for the whole snapshot).
  await ioTurn();
  fresh.push(...wakeFresh());
  for (;;) {
    if (fresh.length > 0) {
      if (!(await settledWithin(fresh, left()))) break;
    } else {
      if (!followUp || left() <= 0) break;
      followUp = false;
      if (!(await registeredWithin(siteCheckId, Math.min(FOLLOW_UP_MS, left())))) break;
    }
    fresh = wakeFresh();
  }
  if (seen.size === 0) return { waiters: 0, heldMs: 0 };
  // A released request answers in the promise jobs that follow its read: a macrotask later they
  // have run.
  await turnOfTheLoop();
  return { waiters: seen.size, heldMs: Math.round(performance.now() - started) };
}

/**
 * Resolves after the event loop has polled for I/O once: a first setImmediate runs in this turn's
 * check phase (maybe before any poll), the second only after the next turn's poll.
 */
async function ioTurn(): Promise<void> {
  await turnOfTheLoop();
  await turnOfTheLoop();
}

/** Whether every one of `waiters` is done within `ms`. */
async function settledWithin(waiters: readonly Waiter[], ms: number): Promise<boolean> {
  if (ms <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      Promise.all(waiters.map((waiter) => waiter.done)).then(() => true),
      timeUp,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a request of the check registers within `ms`. */
async function registeredWithin(siteCheckId: string, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  let arrived = () => {};
  const listeners = arrivals.get(siteCheckId) ?? new Set<() => void>();
  arrivals.set(siteCheckId, listeners);
  try {
    return await new Promise<boolean>((resolve) => {
      arrived = () => resolve(true);
      listeners.add(arrived);
      timer = setTimeout(() => resolve(false), ms);
    });
  } finally {
    clearTimeout(timer);
    listeners.delete(arrived);
    if (listeners.size === 0 && arrivals.get(siteCheckId) === listeners) {
      arrivals.delete(siteCheckId);
    }
  }
}
