import type { SiteCheck, SiteReport } from '@crawlwise/shared/api/site-checks';

/** How long a running check's built report answers before it is built again, at the least. */
export const RUNNING_REPORT_MIN_AGE_MS = 1000;
/** A report is reused for this many times its own build time (so rebuilds take ≤ 1/3 of the time). */
export const RUNNING_REPORT_BUILD_FACTOR = 3;
/**
 * Builds that took longer than this are refreshed behind the answer (the last build is sent at
 * once); quicker ones are awaited, so a small crawl's report is never older than a poll.
 */
export const RUNNING_REPORT_AWAIT_BUILD_MS = 1000;

interface Entry {
  report: SiteReport;
  /** The check's erasure key when the build started (a page erased since → never sent again). */
  erasureKey: string;
  builtAt: number;
  buildMs: number;
  lastAskedAt: number;
}

export interface RunningSiteReportsOptions {
  now?: () => number;
  /** Checks kept at most (one active check per account; the oldest asked goes first). */
  maxEntries?: number;
  /** An entry nobody asked for in this long is dropped. */
  idleMs?: number;
}

/**
 * The site report of a running check, built at most every max(1 s, 3 × its last build) per web
 * process and shared by every request meanwhile (docs/site-checks.md "Site report while a crawl
 * runs"). At 10,000 pages a build takes seconds and each open screen polls every 2 s: building on
 * every request kept the web process busy building the same report over and over. An ended
 * check's report is stored by the worker and never comes here.
 */
export class RunningSiteReports {
  private readonly entries = new Map<string, Entry>();
  /** The build in flight per check, shared by every request that asks meanwhile. */
  private readonly building = new Map<string, { erasureKey: string; entry: Promise<Entry> }>();
  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly idleMs: number;

  constructor(
    private readonly source: {
      build: (siteCheck: SiteCheck) => Promise<SiteReport>;
      erasureKey: (siteCheckId: string) => Promise<string>;
    },
    options: RunningSiteReportsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? 32;
    this.idleMs = options.idleMs ?? 10 * 60_000;
  }

  async get(siteCheck: SiteCheck): Promise<SiteReport> {
    const now = this.now();
    this.dropIdle(now);
    const erasureKey = await this.source.erasureKey(siteCheck.id);
    let entry = this.entries.get(siteCheck.id);
    if (entry && entry.erasureKey !== erasureKey) {
      // A page of the check was erased since this build: it may name that page.
      this.entries.delete(siteCheck.id);
      entry = undefined;
    }
    if (entry) {
      entry.lastAskedAt = now;
      const freshFor = Math.max(
        RUNNING_REPORT_MIN_AGE_MS,
        RUNNING_REPORT_BUILD_FACTOR * entry.buildMs,
      );
      if (now - entry.builtAt < freshFor) return entry.report;
    }
    const inFlight = this.building.get(siteCheck.id);
    const next =
      inFlight && inFlight.erasureKey === erasureKey
        ? inFlight.entry
        : this.rebuild(siteCheck, erasureKey);
    if (!entry || entry.buildMs <= RUNNING_REPORT_AWAIT_BUILD_MS) return (await next).report;
    // A slow build refreshes behind the answer; if it fails, the next request builds again.
    next.catch(() => undefined);
    return entry.report;
  }

  /** Forgets a check (it ended or was erased): its next report is built afresh. */
  forget(siteCheckId: string): void {
    this.entries.delete(siteCheckId);
  }

  get size(): number {
    return this.entries.size;
  }

  private rebuild(siteCheck: SiteCheck, erasureKey: string): Promise<Entry> {
    const startedAt = this.now();
    const building = this.source
      .build(siteCheck)
      .then((report) => {
        const entry: Entry = {
          report,
          erasureKey,
          builtAt: startedAt,
          buildMs: this.now() - startedAt,
          lastAskedAt: this.entries.get(siteCheck.id)?.lastAskedAt ?? startedAt,
        };
        // A build that started before an erasure answers its own requests but is not kept.
        if (this.building.get(siteCheck.id)?.entry === building) this.store(siteCheck.id, entry);
        return entry;
      })
      .finally(() => {
        if (this.building.get(siteCheck.id)?.entry === building) this.building.delete(siteCheck.id);
      });
    this.building.set(siteCheck.id, { erasureKey, entry: building });
    return building;
  }

  private store(id: string, entry: Entry): void {
    this.entries.delete(id);
    while (this.entries.size >= this.maxEntries) {
      let oldest: string | null = null;
      let oldestAskedAt = Number.POSITIVE_INFINITY;
      for (const [key, each] of this.entries) {
        if (each.lastAskedAt < oldestAskedAt) {
          oldest = key;
          oldestAskedAt = each.lastAskedAt;
        }
      }
      if (oldest === null) break;
      this.entries.delete(oldest);
    }
    this.entries.set(id, entry);
  }

  private dropIdle(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.lastAskedAt > this.idleMs) this.entries.delete(key);
    }
  }
}
