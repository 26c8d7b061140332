import { isAnalysisError } from '@crawlwise/analyzer/analysis-error';
import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseConnectionError } from '../db/connection-error.ts';
import type { Db } from '../db/database.ts';
import { expandCrawl } from '../services/crawl-frontier.ts';
import { type ClaimedJob, type JobQueue, MAX_ATTEMPTS } from '../services/job-queue.ts';
import type { RateLimiter } from '../services/rate-limit.ts';
import type { JobKind } from './job-kind.ts';

/**
 * The two analysis job kinds: a single report (someone is watching its screen) and a page of a
 * site check (paced per host, counted as site work). Both are rows of the reports table and are
 * analysed the same way; they differ in how they are claimed.
 */

export interface AnalysisJobDeps {
  queue: JobQueue;
  engine: AnalysisEngine;
  logger: FastifyBaseLogger;
  /** The daily page allowance a crawl's new pages count against. */
  limits: RateLimiter;
  /** First retry delay after a transient fault; doubled per attempt (tests shorten it). */
  retryBaseDelayMs?: number;
  /** Waits between attempts to write an outcome while the database is unreachable. */
  sleep?: (ms: number) => Promise<void>;
}

export const RETRY_BASE_DELAY_MS = 2000;
/** Backoff between attempts to reach an unreachable database (claims and result writes). */
export const MIN_DATABASE_BACKOFF_MS = 500;
export const MAX_DATABASE_BACKOFF_MS = 5000;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function reportAnalysisKind(deps: AnalysisJobDeps): JobKind<ClaimedJob> {
  return analysisKind(deps, 'report', false, (workerId) => deps.queue.claimSingleReport(workerId));
}

export function sitePageAnalysisKind(deps: AnalysisJobDeps): JobKind<ClaimedJob> {
  return analysisKind(deps, 'site page', true, (workerId) => deps.queue.claimSitePage(workerId));
}

function analysisKind(
  deps: AnalysisJobDeps,
  name: string,
  siteWork: boolean,
  claim: (workerId: string) => Promise<ClaimedJob | null>,
): JobKind<ClaimedJob> {
  const { queue } = deps;
  return {
    name,
    siteWork,
    leaseSeconds: queue.leaseSeconds,
    claim,
    extendLease: (id, workerId) => queue.extendLease(id, workerId),
    release: (id, workerId) => queue.release(id, workerId),
    run: (job, workerId) => analyse(deps, job, workerId),
  };
}

/** Analyses one claimed report and records the outcome; never rejects. */
async function analyse(deps: AnalysisJobDeps, job: ClaimedJob, workerId: string): Promise<void> {
  const { queue, engine } = deps;
  const log = deps.logger.child({ reportId: job.id, attempt: job.attempts });
  const started = performance.now();
  let outcome: () => Promise<boolean>;
  try {
    // A site check's page is requested only if the site's robots.txt allows our crawler.
    if (job.siteCheckId !== null && job.fetchArtifact === null) {
      const permission = await engine.crawlPermission(job.url);
      if (!permission.allowed) {
        log.info({ rule: permission.rule }, 'page blocked by robots.txt, not requested');
        await record(
          deps,
          () => queue.fail(job.id, workerId, 'blocked_by_robots', permission.reason),
          log,
        );
        return;
      }
    }
    const document = job.fetchArtifact ?? (await engine.fetchDocument(job.url));
    const { crawl, siteCheckId } = job;
    const result = await engine.analyze(
      document,
      crawl ? { crawl: { site: crawl.siteUrl, rules: crawl.settings.rules } } : {},
    );
    // A crawl's page queues the pages it links to in the transaction that completes it.
    const { links } = result;
    const expand =
      crawl && siteCheckId !== null && links
        ? (tx: Db) =>
            expandCrawl(
              tx,
              deps.limits,
              { reportId: job.id, siteCheckId, crawl },
              { links, signals: result.signals },
            )
        : undefined;
    outcome = async () => {
      const accepted = await queue.complete(job.id, workerId, result, expand);
      log.info(
        { score: result.score, ms: Math.round(performance.now() - started), accepted },
        'report completed',
      );
      return accepted;
    };
  } catch (error) {
    outcome = failureOutcome(deps, job, workerId, error, log);
  }
  await record(deps, outcome, log);
}

/** How a failed analysis is written: a final failure, or a retry with backoff. */
function failureOutcome(
  deps: AnalysisJobDeps,
  job: ClaimedJob,
  workerId: string,
  error: unknown,
  log: FastifyBaseLogger,
): () => Promise<boolean> {
  const { queue } = deps;
  if (isAnalysisError(error)) {
    log.info({ code: error.code }, 'report failed');
    return () => queue.fail(job.id, workerId, error.code, error.message);
  }
  if (job.attempts < MAX_ATTEMPTS) {
    const delay = (deps.retryBaseDelayMs ?? RETRY_BASE_DELAY_MS) * 2 ** (job.attempts - 1);
    log.warn({ err: error, delay }, 'analysis fault, will retry');
    return () => queue.retryLater(job.id, workerId, delay);
  }
  log.error({ err: error }, 'analysis failed after retries');
  return () =>
    queue.fail(
      job.id,
      workerId,
      'analysis_failed',
      'The analysis failed repeatedly. Please try again later.',
    );
}

/**
 * Writes an outcome. While the database is unreachable the write is retried with backoff for
 * about one lease: the result is kept and written once the database is back. Past that (or on
 * any other failure) it is given up and logged; the lease then expires and a worker re-claims
 * the report. Writes are accepted only from the lease holder, so either way the report is
 * completed exactly once.
 */
async function record(
  deps: AnalysisJobDeps,
  write: () => Promise<boolean>,
  log: FastifyBaseLogger,
): Promise<void> {
  const sleep = deps.sleep ?? realSleep;
  const deadline = Date.now() + deps.queue.leaseSeconds * 1000;
  let delayMs = MIN_DATABASE_BACKOFF_MS;
  for (;;) {
    try {
      await write();
      return;
    } catch (error) {
      if (!isDatabaseConnectionError(error) || Date.now() + delayMs > deadline) {
        log.error({ err: error }, 'could not record the outcome; the lease will expire');
        return;
      }
      log.warn({ err: error, retryInMs: delayMs }, 'database unavailable, will retry the write');
      await sleep(delayMs);
      delayMs = Math.min(MAX_DATABASE_BACKOFF_MS, delayMs * 2);
    }
  }
}
