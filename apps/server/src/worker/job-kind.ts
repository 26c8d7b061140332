/**
 * One shape for every kind of leased job the worker runs (issue 24): a report's analysis, a
 * site-check page's analysis, a sitemap discovery — and next, a crawl's pages. Each kind's rows
 * live in their own table, but all are claimed the same way (`FOR UPDATE SKIP LOCKED`, a lease
 * with attempts, completion accepted only from the lease holder), so the worker needs to know
 * nothing about a kind beyond this.
 */
export interface LeasedJob {
  /** The row's id, unique within its kind. */
  readonly id: string;
}

export interface JobKind<J extends LeasedJob = LeasedJob> {
  /** For logs and in-flight bookkeeping. */
  readonly name: string;
  /**
   * Site work never takes a worker's last slot, so one account's site check cannot starve
   * everyone's single reports (issue 25).
   */
  readonly siteWork: boolean;
  /**
   * When a claim that found nothing is worth repeating (the worker skips the kind until then):
   *  - `notice`: jobs of this kind are announced on the jobs channel when made (database.ts,
   *    notifyJobs) or come due with time (a retry), so the next notification or poll;
   *  - `turn`: also when a host's turn ends (the kind waits for its host's pace);
   *  - `always`: at every chance (a crawl's page ends queue pages unannounced).
   */
  readonly retryEmptyClaim: 'notice' | 'turn' | 'always';
  /** Takes one due job, leased to `workerId`, or null when there is none. */
  claim(workerId: string): Promise<J | null>;
  /** Keeps a long job from being re-claimed while its worker is alive. */
  extendLease(id: string, workerId: string): Promise<unknown>;
  /** Gives a job back untouched at shutdown (the attempt does not count). */
  release(id: string, workerId: string): Promise<void>;
  /** Does the job and writes its outcome; never rejects. */
  run(job: J, workerId: string): Promise<void>;
  /** How long a lease holds, in seconds (the heartbeat renews it three times per lease). */
  readonly leaseSeconds: number;
}

/**
 * Runs a claimed job with a heartbeat that renews its lease a third of the way through each
 * lease, so a slow job is never re-claimed while its worker lives.
 */
export async function runLeased<J extends LeasedJob>(
  kind: JobKind<J>,
  job: J,
  workerId: string,
): Promise<void> {
  const heartbeat = setInterval(
    () => void kind.extendLease(job.id, workerId).catch(() => {}),
    (kind.leaseSeconds * 1000) / 3,
  );
  try {
    await kind.run(job, workerId);
  } finally {
    clearInterval(heartbeat);
  }
}
