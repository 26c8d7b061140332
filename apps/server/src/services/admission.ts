import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/database.ts';
import { reports } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/**
 * Load shedding for report creation. Under overload the API answers 503 service_unavailable
 * with Retry-After instead of letting latency grow without bound or the queue swell past what
 * the workers can drain: a bounded number of crawl fetches in flight in this process, and a
 * bounded backlog of queued reports across all processes (read at most once a second).
 */
export interface AdmissionOptions {
  maxInFlight: number;
  maxQueued: number;
  /** How long a backlog count may be reused. */
  queueCountTtlMs?: number;
  /** The time, in ms (tests move it instead of waiting out the count's second). */
  now?: () => number;
}

const RETRY_AFTER_SECONDS = 5;

export class AdmissionControl {
  private inFlight = 0;
  private queued = 0;
  private queuedReadAt = 0;
  private queuedRead: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly options: AdmissionOptions,
  ) {}

  /** Runs `work` if there is room, else throws service_unavailable with Retry-After. */
  async admit<T>(work: () => Promise<T>): Promise<T> {
    if (this.inFlight >= this.options.maxInFlight) throw overloaded();
    this.inFlight += 1;
    try {
      await this.refreshQueued();
      if (this.queued >= this.options.maxQueued) throw overloaded();
      return await work();
    } finally {
      this.inFlight -= 1;
    }
  }

  private async refreshQueued(): Promise<void> {
    const now = this.options.now ?? Date.now;
    if (now() - this.queuedReadAt < (this.options.queueCountTtlMs ?? 1000)) return;
    // One count at a time, shared by every request that arrives meanwhile.
    this.queuedRead ??= (async () => {
      try {
        const [row] = await queryRows<{ n: number }>(
          this.database.db,
          sql`select count(*)::int as n from ${reports}
              where ${reports.status} = 'queued' and ${reports.siteCheckId} is null`,
        );
        this.queued = Number(row?.n ?? 0);
        this.queuedReadAt = now();
      } finally {
        this.queuedRead = null;
      }
    })();
    await this.queuedRead;
  }
}

function overloaded(): ApiError {
  return new ApiError(
    'service_unavailable',
    'Crawlwise is under heavy load right now. Please try again in a few seconds.',
    { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
  );
}
