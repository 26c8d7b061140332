import { isAnalysisError } from '@crawlwise/analyzer/analysis-error';
import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import { MAX_THROTTLED_RETRIES, throttleDelayMs } from '@crawlwise/shared/crawl-pace';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseConnectionError } from '../db/connection-error.ts';
import type { Db } from '../db/database.ts';
import { expandCrawl } from '../services/crawl-frontier.ts';
import { type ClaimedJob, type JobQueue, MAX_ATTEMPTS } from '../services/job-queue.ts';
import type { RateLimiter } from '../services/rate-limit.ts';
import { recordSitePageOutcome } from '../services/site-check-error-rate.ts';
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
  const { pace } = job;
  let outcome: () => Promise<boolean>;
  try {
    // A site check's page is requested only if the site's robots.txt allows our crawler.
    if (job.siteCheckId !== null && job.fetchArtifact === null) {
      const permission = await engine.crawlPermission(job.url);
      if (pace) {
        await bestEffort(log, 'recording the Crawl-delay', () =>
          queue.hostPace.noteCrawlDelay(pace.host, permission.crawlDelaySeconds, pace.crawlDelayMs),
        );
      }
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
    if (pace && job.fetchArtifact === null) {
      await bestEffort(log, 'pacing the host', () =>
        queue.hostPace.observe(pace.host, { kind: 'answered', ttfbMs: document.ttfbMs }),
      );
    }
    const { crawl, siteCheckId } = job;
    const result = await engine.analyze(
      document,
      crawl ? { crawl: { site: crawl.siteUrl, rules: crawl.settings.rules } } : {},
    );
    // A crawl's page queues the pages it links to in the transaction that completes it.
    const { links } = result;
    const expand =
      crawl && siteCheckId !== null && links
        ? (tx: Db) => expandCrawl(tx, deps.limits, { reportId: job.id, siteCheckId, crawl }, links)
        : undefined;
    outcome = async () => {
      const accepted = await queue.complete(
        job.id,
        workerId,
        result,
        withinSitePageEnd(deps, job, null, expand),
      );
      log.info(
        { score: result.score, ms: Math.round(performance.now() - started), accepted },
        'report completed',
      );
      return accepted;
    };
  } catch (error) {
    outcome = await failureOutcome(deps, job, workerId, error, log);
  }
  await record(deps, outcome, log);
}

/**
 * What the transaction that writes a site page's outcome also does: the check's error-rate
 * window (which may stop the check), then, for a crawl's analysed page, its links. Undefined for
 * a single report.
 */
function withinSitePageEnd(
  deps: AnalysisJobDeps,
  job: ClaimedJob,
  errorCode: string | null,
  expand?: (tx: Db) => Promise<unknown>,
): ((tx: Db) => Promise<unknown>) | undefined {
  const { siteCheckId } = job;
  if (siteCheckId === null) return expand;
  return async (tx) => {
    await recordSitePageOutcome(tx, deps.limits, siteCheckId, errorCode);
    await expand?.(tx);
  };
}

/** How a failed analysis is written: a final failure, or a retry with backoff. */
async function failureOutcome(
  deps: AnalysisJobDeps,
  job: ClaimedJob,
  workerId: string,
  error: unknown,
  log: FastifyBaseLogger,
): Promise<() => Promise<boolean>> {
  const { queue } = deps;
  const retryDelay = (deps.retryBaseDelayMs ?? RETRY_BASE_DELAY_MS) * 2 ** (job.attempts - 1);
  if (isAnalysisError(error)) {
    const { pace } = job;
    // A site page answered 429 / 503: the site asked us to slow down, so the page waits (its
    // Retry-After, capped) and so does every other page of the host; it fails only after
    // MAX_THROTTLED_RETRIES such answers.
    if (error.code === 'http_error_503' && pace) {
      const waitMs = throttleDelayMs(error.retryAfterMs, retryDelay);
      await bestEffort(log, 'slowing the host down', () =>
        queue.hostPace.throttled(pace.host, waitMs),
      );
      if (job.attempts <= MAX_THROTTLED_RETRIES) {
        log.info(
          { waitMs, retryAfterMs: error.retryAfterMs },
          'site asked to slow down, will retry',
        );
        return () => queue.retryLater(job.id, workerId, waitMs);
      }
    }
    log.info({ code: error.code }, 'report failed');
    return () =>
      queue.fail(
        job.id,
        workerId,
        error.code,
        error.message,
        withinSitePageEnd(deps, job, error.code),
      );
  }
  if (job.attempts < MAX_ATTEMPTS) {
    log.warn({ err: error, delay: retryDelay }, 'analysis fault, will retry');
    return () => queue.retryLater(job.id, workerId, retryDelay);
  }
  log.error({ err: error }, 'analysis failed after retries');
  return () =>
    queue.fail(
      job.id,
      workerId,
      'analysis_failed',
      'The analysis failed repeatedly. Please try again later.',
      withinSitePageEnd(deps, job, 'analysis_failed'),
    );
}

/**
 * Runs a write that only steers the pace (the turn was already taken at the claim): if the
 * database refuses it, the page's own outcome still gets written, and the next answer of the
 * host steers again.
 */
async function bestEffort(
  log: FastifyBaseLogger,
  what: string,
  write: () => Promise<void>,
): Promise<void> {
  try {
    await write();
  } catch (error) {
    log.warn({ err: error }, `${what} failed; the pace keeps its last state`);
  }
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
