import {
  crawlDelayMs,
  effectiveInterval,
  INITIAL_PACE,
  nextPace,
  type PaceSignal,
  type PaceState,
} from '@crawlwise/shared/crawl-pace';

/**
 * The CLI crawl's pace per host, with the server's rules (shared/crawl-pace.ts): the least gap
 * between the starts of two page fetches on a host is the largest of --per-host-delay (the
 * floor), the site's robots.txt Crawl-delay (capped) and the adaptive interval, which grows after
 * a 429 / 503 or a much slower answer and shrinks slowly after healthy ones. A 429 / 503 also
 * holds the host off for its Retry-After. In memory: one small record per host.
 */

/** `host:port` of a crawl key, without parsing it (keys are absolute http(s) addresses). */
export function hostOf(key: string): string {
  const start = key.indexOf('//') + 2;
  const end = key.indexOf('/', start);
  return end === -1 ? key.slice(start) : key.slice(start, end);
}

interface HostState {
  pace: PaceState;
  crawlDelayMs: number;
  /** When the host may next be asked (performance.now() time). */
  readyAt: number;
}

export interface HostPacer {
  /** Milliseconds until the host may be asked (0: now). */
  waitFor(host: string, now?: number): number;
  /** A fetch to the host starts now: the next one waits the gap. */
  started(host: string, now?: number): void;
  /** The fetch never left (robots.txt blocked the page): the host's turn is given back. */
  notRequested(host: string, previousReadyAt: number): void;
  readyAt(host: string): number;
  /** The Crawl-delay (seconds, as robots.txt wrote it) of the group that applies to us. */
  noteCrawlDelay(host: string, seconds: number | null): void;
  /** What the host's answer said about its health. */
  answered(host: string, signal: PaceSignal): void;
  /** The host asked us to wait (429 / 503 with or without Retry-After). */
  holdOff(host: string, ms: number, now?: number): void;
}

export function createHostPacer(floorMs: number): HostPacer {
  const hosts = new Map<string, HostState>();
  const state = (host: string): HostState => {
    let found = hosts.get(host);
    if (!found) {
      found = { pace: INITIAL_PACE, crawlDelayMs: 0, readyAt: 0 };
      hosts.set(host, found);
    }
    return found;
  };
  const gap = (host: HostState) =>
    effectiveInterval(host.pace, { floorMs, crawlDelayMs: host.crawlDelayMs });
  return {
    waitFor: (host, now = performance.now()) => Math.max(0, state(host).readyAt - now),
    started(host, now = performance.now()) {
      const entry = state(host);
      entry.readyAt = now + gap(entry);
    },
    notRequested(host, previousReadyAt) {
      state(host).readyAt = previousReadyAt;
    },
    readyAt: (host) => state(host).readyAt,
    noteCrawlDelay(host, seconds) {
      const entry = state(host);
      const delay = crawlDelayMs(seconds);
      // Learnt after this fetch's turn was set: the next turn starts from it.
      if (delay > entry.crawlDelayMs) entry.readyAt += delay - entry.crawlDelayMs;
      entry.crawlDelayMs = delay;
    },
    answered(host, signal) {
      const entry = state(host);
      entry.pace = nextPace(entry.pace, signal, { floorMs, crawlDelayMs: entry.crawlDelayMs });
    },
    holdOff(host, ms, now = performance.now()) {
      const entry = state(host);
      entry.readyAt = Math.max(entry.readyAt, now + ms);
    },
  };
}
