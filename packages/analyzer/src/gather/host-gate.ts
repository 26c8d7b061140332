/**
 * Per-host pacing of the requests the checks make besides the page (issue 26: the og:image, the
 * images' heads, favicon.ico, the https / www redirects, the sitemap, the unknown path): at most
 * `maxInFlight` of them open on a host at once, and at least `minIntervalMs` between the starts of
 * two of them on that host, whatever page or origin asked. The crawl's host pacer
 * (site-crawl/host-pacer.ts) paces page fetches of one CLI crawl; this gate sits in the engine,
 * so the server's workers, the CLI and a crawl all pace these probes alike. The answers are
 * cached per address or origin on top (origin-cache.ts), so the gate bounds what is left: the
 * first page of a site, and distinct images.
 *
 * guardedFetch enters the gate for each hop (a redirect to another host waits for that host) and
 * leaves it when the hop's response is done; the wait counts against the fetch's own deadline,
 * so a probe queued behind many others times out like a slow one instead of waiting for ever.
 * FIFO per host. The clock is injectable for tests.
 */

/**
 * A browser's share of a host: it opens at most 6 connections per host and starts them without
 * a floor. All the engine's pages together ask a host no more than one visitor's browser would;
 * a floor between starts is paid by every page's first analysis (docs/decisions.md).
 */
export const PROBE_HOST_MAX_IN_FLIGHT = 6;
export const PROBE_HOST_INTERVAL_MS = 0;
/** Idle host records kept at most; beyond, those whose interval has passed are dropped. */
export const HOST_GATE_MAX_HOSTS = 1000;

export interface GateClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: GateClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface HostGateOptions {
  maxInFlight?: number;
  minIntervalMs?: number;
  maxHosts?: number;
  clock?: GateClock;
}

export interface HostGate {
  /**
   * Waits for the host's turn (its `host:port`), then counts a request in flight until the
   * returned function is called (once). Rejects with the signal's reason if it aborts first.
   */
  enter(url: URL, signal?: AbortSignal): Promise<() => void>;
  /** Requests in flight and waiting, per host: for tests and diagnostics. */
  load(host: string): { inFlight: number; waiting: number };
  /** Hosts remembered (bounded by maxHosts once their interval has passed). */
  readonly size: number;
}

interface Waiter {
  grant(release: () => void): void;
}

interface HostState {
  inFlight: number;
  lastStart: number;
  queue: Waiter[];
  timer: unknown;
}

export function createHostGate(options: HostGateOptions = {}): HostGate {
  const maxInFlight = options.maxInFlight ?? PROBE_HOST_MAX_IN_FLIGHT;
  const minIntervalMs = options.minIntervalMs ?? PROBE_HOST_INTERVAL_MS;
  const maxHosts = options.maxHosts ?? HOST_GATE_MAX_HOSTS;
  const clock = options.clock ?? realClock;
  if (!Number.isInteger(maxInFlight) || maxInFlight < 1) {
    throw new RangeError(`maxInFlight must be a positive integer, got ${maxInFlight}`);
  }
  const hosts = new Map<string, HostState>();

  /** Makes room for one more host: drops idle ones whose interval has passed, oldest first. */
  const prune = () => {
    const now = clock.now();
    for (const [host, state] of hosts) {
      if (hosts.size < maxHosts) return;
      const idle = state.inFlight === 0 && state.queue.length === 0;
      if (idle && now - state.lastStart >= minIntervalMs) hosts.delete(host);
    }
  };

  /** Grants turns while the host has room; arms a timer when only the interval holds. */
  const pump = (host: string, state: HostState) => {
    while (state.queue.length > 0 && state.inFlight < maxInFlight) {
      const now = clock.now();
      const wait = state.lastStart + minIntervalMs - now;
      if (wait > 0) {
        if (state.timer === null) {
          state.timer = clock.setTimeout(() => {
            state.timer = null;
            pump(host, state);
          }, wait);
        }
        return;
      }
      const waiter = state.queue.shift()!;
      state.inFlight += 1;
      state.lastStart = now;
      let released = false;
      waiter.grant(() => {
        if (released) return;
        released = true;
        state.inFlight -= 1;
        pump(host, state);
      });
    }
  };

  return {
    enter(url, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const host = url.host.toLowerCase();
      let state = hosts.get(host);
      if (!state) {
        prune();
        state = { inFlight: 0, lastStart: Number.NEGATIVE_INFINITY, queue: [], timer: null };
        hosts.set(host, state);
      }
      const entry = state;
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          const at = entry.queue.indexOf(waiter);
          if (at !== -1) entry.queue.splice(at, 1);
          reject(signal?.reason);
        };
        const waiter: Waiter = {
          grant(release) {
            signal?.removeEventListener('abort', onAbort);
            resolve(release);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        entry.queue.push(waiter);
        pump(host, entry);
      });
    },
    load(host) {
      const state = hosts.get(host.toLowerCase());
      return { inFlight: state?.inFlight ?? 0, waiting: state?.queue.length ?? 0 };
    },
    get size() {
      return hosts.size;
    },
  };
}
