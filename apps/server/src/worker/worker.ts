import { randomUUID } from 'node:crypto';
import { isAnalysisError } from '@crawlwise/analyzer/analysis-error';
import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { type ClaimedJob, type JobQueue, MAX_ATTEMPTS } from '../services/job-queue.ts';

export interface WorkerOptions {
  database: Database;
  queue: JobQueue;
  engine: AnalysisEngine;
  logger: FastifyBaseLogger;
  concurrency: number;
  /** Fallback poll for delayed retries and expired leases; notifications cover new jobs. */
  pollIntervalMs?: number;
  sweepIntervalMs?: number;
}

const RETRY_BASE_DELAY_MS = 2000;

/**
 * Claims reports and analyses them, up to `concurrency` at a time. It wakes on the database's
 * job notification (new work is picked up within milliseconds) and polls as a fallback.
 */
export class Worker {
  readonly id = `worker-${randomUUID()}`;
  private readonly inFlight = new Map<string, Promise<void>>();
  private stopping = false;
  private pumping = false;
  private pumpAgain = false;
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly options: WorkerOptions) {}

  async start(): Promise<void> {
    const { database, queue, logger } = this.options;
    this.unlisten = await database.listenJobs(() => void this.pump());
    this.timers.push(setInterval(() => void this.pump(), this.options.pollIntervalMs ?? 1000));
    this.timers.push(
      setInterval(() => {
        queue.sweep().then(
          (count) => count > 0 && logger.warn({ count }, 'failed stuck reports'),
          (error) => logger.error({ err: error }, 'sweep failed'),
        );
      }, this.options.sweepIntervalMs ?? 30_000),
    );
    logger.info({ workerId: this.id, concurrency: this.options.concurrency }, 'worker started');
    void this.pump();
  }

  /** Stops claiming; waits for in-flight analyses up to `graceMs`, then gives them back. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.unlisten?.();
    const pending = [...this.inFlight.values()];
    const finished = await Promise.race([
      Promise.allSettled(pending).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
    ]);
    if (!finished) {
      for (const id of this.inFlight.keys()) {
        await this.options.queue.release(id, this.id).catch(() => {});
      }
    }
  }

  get activeJobs(): number {
    return this.inFlight.size;
  }

  private async pump(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        while (!this.stopping && this.inFlight.size < this.options.concurrency) {
          const job = await this.options.queue.claim(this.id);
          if (!job) break;
          const run = this.run(job).finally(() => {
            this.inFlight.delete(job.id);
            void this.pump();
          });
          this.inFlight.set(job.id, run);
        }
      } while (this.pumpAgain && !this.stopping);
    } catch (error) {
      this.options.logger.error({ err: error }, 'claiming a job failed');
    } finally {
      this.pumping = false;
    }
  }

  private async run(job: ClaimedJob): Promise<void> {
    const { queue, engine, logger } = this.options;
    const log = logger.child({ reportId: job.id, attempt: job.attempts });
    const heartbeat = setInterval(
      () => void queue.extendLease(job.id, this.id).catch(() => {}),
      (queue.leaseSeconds * 1000) / 3,
    );
    const started = performance.now();
    try {
      const document = job.fetchArtifact ?? (await engine.fetchDocument(job.url));
      const result = await engine.analyze(document);
      const accepted = await queue.complete(job.id, this.id, result);
      log.info(
        { score: result.score, ms: Math.round(performance.now() - started), accepted },
        'report completed',
      );
    } catch (error) {
      if (isAnalysisError(error)) {
        log.info({ code: error.code }, 'report failed');
        await queue.fail(job.id, this.id, error.code, error.message);
      } else if (job.attempts < MAX_ATTEMPTS) {
        const delay = RETRY_BASE_DELAY_MS * 2 ** (job.attempts - 1);
        log.warn({ err: error, delay }, 'analysis fault, will retry');
        await queue.retryLater(job.id, this.id, delay);
      } else {
        log.error({ err: error }, 'analysis failed after retries');
        await queue.fail(
          job.id,
          this.id,
          'analysis_failed',
          'The analysis failed repeatedly. Please try again later.',
        );
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}
