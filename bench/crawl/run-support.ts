import type { ChildProcess } from 'node:child_process';
import type { ExpectedSite } from '../site-generator/manifest.ts';

/**
 * What every run of the crawl benchmark needs: a guard that kills every process group it
 * started (at the end, on failure and on the overall timeout), and the request check against
 * the manifest.
 */

export interface RunGuard {
  /** Remembers a child started with `detached: true` (its own process group). */
  track(child: ChildProcess): void;
  /** SIGTERM to every tracked group still alive, SIGKILL after `graceMs`. */
  killAll(graceMs?: number): Promise<void>;
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export function createRunGuard(): RunGuard {
  const children = new Set<ChildProcess>();
  const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is gone already.
    }
  };
  return {
    track(child) {
      // Kept after it exits: the group may outlive its leader (a browser), killed all the same.
      children.add(child);
    },
    async killAll(graceMs = 5000) {
      const live = [...children].filter(alive);
      for (const child of live) signalGroup(child, 'SIGTERM');
      const deadline = Date.now() + graceMs;
      while (Date.now() < deadline && live.some(alive)) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Every group gets a SIGKILL: a leader that exited may have left children behind.
      for (const child of children) signalGroup(child, 'SIGKILL');
      children.clear();
    },
  };
}

/**
 * Which addresses the manifest says a crawl requests were never requested, and which blocked
 * ones were (robots.txt disallows them). `requests` counts by path (and query), as the site
 * server keeps them.
 */
export function runRequests(
  expected: Pick<ExpectedSite, 'crawl'>,
  requests: Readonly<Record<string, number>>,
): { missing: string[]; blockedFetched: string[] } {
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };
  return {
    missing: expected.crawl.requested.filter((url) => !requests[pathOf(url)]),
    blockedFetched: expected.crawl.blocked.filter((url) => requests[pathOf(url)]),
  };
}

/**
 * The addresses a complete crawl of the site holds: every requested one and every blocked one
 * (recorded, not fetched, but an address of the crawl all the same, counted by its page cap).
 */
export function crawlAddresses(expected: Pick<ExpectedSite, 'crawl'>): number {
  return expected.crawl.requested.length + expected.crawl.blocked.length;
}
