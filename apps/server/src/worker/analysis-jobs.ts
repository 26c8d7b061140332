import { isAnalysisError } from '@crawlwise/analyzer/analysis-error';
import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import type { ErrorWindow } from '@crawlwise/shared/crawl-error-rate';
import { MAX_THROTTLED_RETRIES, throttleDelayMs } from '@crawlwise/shared/crawl-pace';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseConnectionError } from '../db/connection-error.ts';
import { type Db, queryRowsPrepared } from '../db/database.ts';
import { type LockedSiteCheck, pageEndCheckUpdate } from '../db/tables/site-checks.ts';
import { expandCrawl } from '../services/crawl-frontier.ts';
import type { HostPace, PaceTurn, TurnEnd } from '../services/host-pace.ts';
import {
  type ClaimedJob,
  type JobEndWrites,
  type JobQueue,
  MAX_ATTEMPTS,
  type WithinJobEnd,
} from '../services/job-queue.ts';
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
  return analysisKind(deps, 'report', false, 'notice', (workerId) =>
    deps.queue.claimSingleReport(workerId),
  );
}

export function sitePageAnalysisKind(deps: AnalysisJobDeps): JobKind<ClaimedJob> {
  return analysisKind(deps, 'site page', true, 'always', (workerId) =>
    deps.queue.claimSitePage(workerId),
  );
}

function analysisKind(
  deps: AnalysisJobDeps,
  name: string,
  siteWork: boolean,
  retryEmptyClaim: JobKind['retryEmptyClaim'],
  claim: (workerId: string) => Promise<ClaimedJob | null>,
): JobKind<ClaimedJob> {
  const { queue } = deps;
  return {
    name,
    siteWork,
    retryEmptyClaim,
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
  // A site page holds its host's turn from the claim until its answer is in.
  const turn = job.pace ? openTurn(queue.hostPace, job.pace, log) : null;
  let outcome: () => Promise<boolean>;
  try {
    // A site check's page is requested only if the site's robots.txt allows our crawler.
    if (job.siteCheckId !== null && job.fetchArtifact === null) {
      const permission = await engine.crawlPermission(job.url);
      await turn?.crawlDelay(permission.crawlDelaySeconds);
      if (!permission.allowed) {
        await turn?.end({ requested: false });
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
    await turn?.end({
      requested: true,
      signal: { kind: 'answered', ttfbMs: document.ttfbMs },
    });
    const { crawl, siteCheckId } = job;
    const result = await engine.analyze(
      document,
      crawl ? { crawl: { site: crawl.siteUrl, rules: crawl.settings.rules } } : {},
    );
    // A crawl's page queues the pages it links to in the transaction that completes it.
    const { links } = result;
    const expand: PageEndWrite | undefined =
      crawl && siteCheckId !== null && links
        ? (tx, check, window) =>
            expandCrawl(
              tx,
              deps.limits,
              { reportId: job.id, siteCheckId, crawl },
              links,
              check,
              window,
            )
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
    const throttled = throttledWait(deps, job, error);
    // The request failed (or, rarely, never left): the host's turn ends either way.
    await turn?.end(
      throttled === null
        ? { requested: true, signal: null }
        : { requested: true, signal: { kind: 'throttled' }, holdOffMs: throttled },
    );
    outcome = failureOutcome(deps, job, workerId, error, throttled, log);
  }
  await record(deps, outcome, log);
}

/** A site page's turn on its host, ended once (services/host-pace.ts). */
function openTurn(pace: HostPace, claimed: PaceTurn, log: FastifyBaseLogger) {
  let ended = false;
  return {
    crawlDelay: (seconds: number | null) =>
      bestEffort(log, 'recording the Crawl-delay', () => pace.noteCrawlDelay(claimed, seconds)),
    end: async (end: TurnEnd) => {
      if (ended) return;
      ended = true;
      await bestEffort(log, 'ending the host turn', () => pace.endTurn(claimed, end));
    },
  };
}

/**
 * For a site page the site answered 429 / 503: how long it and its host wait (the Retry-After,
 * else the retry backoff; capped). Null for any other failure.
 */
function throttledWait(deps: AnalysisJobDeps, job: ClaimedJob, error: unknown): number | null {
  if (job.pace === null || !isAnalysisError(error) || error.code !== 'http_error_503') return null;
  return throttleDelayMs(error.retryAfterMs, retryDelayMs(deps, job));
}

const retryDelayMs = (deps: AnalysisJobDeps, job: ClaimedJob) =>
  (deps.retryBaseDelayMs ?? RETRY_BASE_DELAY_MS) * 2 ** (job.attempts - 1);

/**
 * A crawl page's own write in its end's transaction, given its check as locked and the error-rate
 * window it writes to the check's row with its own statement.
 */
type PageEndWrite = (
  tx: Db,
  check: LockedSiteCheck,
  window: ErrorWindow | null,
) => Promise<JobEndWrites>;

const NOTHING_WRITTEN: JobEndWrites = { queued: 0, settled: false };

/**
 * What the transaction that writes a site page's outcome also does: the check's error-rate
 * window (which may stop the check) and its settle, then, for a crawl's analysed page of a check
 * that did not stop, its links — the window and the settle with the links' statement.
 * Undefined for a single report.
 */
function withinSitePageEnd(
  deps: AnalysisJobDeps,
  job: ClaimedJob,
  errorCode: string | null,
  expand?: PageEndWrite,
): WithinJobEnd | undefined {
  if (job.siteCheckId === null) return undefined;
  return async (tx, check) => {
    if (check === null) return NOTHING_WRITTEN;
    const outcome = await recordSitePageOutcome(tx, deps.limits, check, errorCode);
    if (outcome.stopped) return NOTHING_WRITTEN;
    if (expand) return expand(tx, check, outcome.window);
    await queryRowsPrepared(tx, pageEndCheckUpdate(check.id, outcome.window, null));
    return { queued: 0, settled: true };
  };
}

/**
 * How a failed analysis is written: a final failure, or a retry with backoff. A site page the
 * site answered 429 / 503 (`throttledMs` set) waits that long and is tried again, up to
 * MAX_THROTTLED_RETRIES times, before it fails with `http_error_503`.
 */
function failureOutcome(
  deps: AnalysisJobDeps,
  job: ClaimedJob,
  workerId: string,
  error: unknown,
  throttledMs: number | null,
  log: FastifyBaseLogger,
): () => Promise<boolean> {
  const { queue } = deps;
  if (throttledMs !== null && job.attempts <= MAX_THROTTLED_RETRIES) {
    log.info({ waitMs: throttledMs }, 'site asked to slow down, will retry');
    return () => queue.retryLater(job.id, workerId, throttledMs);
  }
  if (isAnalysisError(error)) {
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
    const delay = retryDelayMs(deps, job);
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
      withinSitePageEnd(deps, job, 'analysis_failed'),
    );
}

/**
 * Runs a write that only steers the pace: if the database refuses it, the page's own outcome
 * still gets written; the host's next answer steers again, and a turn left open runs out after
 * TURN_HOLD_SECONDS.
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
