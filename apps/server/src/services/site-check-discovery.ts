import { isAnalysisError } from '@crawlwise/analyzer/analysis-error';
import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import type { SkippedAddresses } from '@crawlwise/shared/api/site-checks';
import { type CrawlSettings, MAX_SITE_CHECK_PAGES } from '@crawlwise/shared/site-check';
import { normalizeUrlForStorage } from '@crawlwise/shared/url-input';
import { type Database, inTransaction } from '../db/database.ts';
import {
  type ClaimedDiscovery,
  claimDiscovery,
  extendDiscoveryLease,
  failSiteCheck,
  failStalledDiscoveries,
  isDiscovering,
  lockHeldDiscovery,
  releaseDiscovery,
  startSiteCheckRun,
} from '../db/tables/site-checks.ts';
import { seedCrawlFromSitemap } from './crawl-frontier.ts';
import { MAX_ATTEMPTS } from './job-queue.ts';
import { type RateLimiter, SITE_PAGE_POLICY } from './rate-limit.ts';
import { insertPages } from './site-checks.ts';

/**
 * The discovery job of a sitemap site check, and of a crawl (which is seeded with the sitemap's
 * pages besides its start page; a crawl of a site without a sitemap just follows links). It is claimed like a report (lease, attempts,
 * `FOR UPDATE SKIP LOCKED`), so a worker dying mid-discovery only delays it: the lease runs out
 * and another worker claims it again. Its pages are inserted, and the daily allowance counted,
 * in the same transaction that ends the job, and only from the lease holder: a discovery
 * finished twice inserts its pages once.
 */

/** Sitemap addresses read per page a check may hold: enough to keep them after filtering. */
const SITEMAP_URLS_PER_PAGE = 5;

/**
 * Sitemap addresses read at most: 1,000 for a sitemap check (200 pages); for a crawl, five per
 * page of its limit, so a verified crawl of 10,000 pages reads a sitemap of 50,000 — the
 * sitemap findings judge entries the crawl never read as absent otherwise (bench:crawl found it).
 */
export function sitemapUrlBudget(crawl: Pick<CrawlSettings, 'maxPages'> | null): number {
  return (
    (crawl ? Math.max(crawl.maxPages, MAX_SITE_CHECK_PAGES) : MAX_SITE_CHECK_PAGES) *
    SITEMAP_URLS_PER_PAGE
  );
}

/** A discovery a worker holds (its check's columns, db/tables/site-checks.ts). */
export type DiscoveryJob = ClaimedDiscovery;

/** How often a running discovery looks whether its check was cancelled. */
const CANCEL_POLL_MS = 500;

export class SiteCheckDiscovery {
  constructor(
    private readonly database: Database,
    private readonly limits: RateLimiter,
    readonly leaseSeconds: number,
    /** The whole discovery's deadline (SITE_DISCOVERY_TIMEOUT_SECONDS). */
    private readonly deadlineMs = 60_000,
  ) {}

  claim(workerId: string): Promise<DiscoveryJob | null> {
    return claimDiscovery(this.database.db, workerId, this.leaseSeconds, MAX_ATTEMPTS);
  }

  extendLease(id: string, workerId: string): Promise<void> {
    return extendDiscoveryLease(this.database.db, id, workerId, this.leaseSeconds);
  }

  /**
   * Reads the sitemaps and queues the pages; never rejects (the outcome is written). A cancel
   * of the check stops the reading at once, freeing the worker's slot.
   */
  async run(job: DiscoveryJob, workerId: string, engine: AnalysisEngine): Promise<void> {
    const cancelled = new AbortController();
    const watch = setInterval(() => {
      void isDiscovering(this.database.db, job.id).then(
        (still) => {
          if (!still) cancelled.abort();
        },
        () => {},
      );
    }, CANCEL_POLL_MS);
    try {
      await this.discover(job, workerId, engine, cancelled.signal);
    } finally {
      clearInterval(watch);
    }
  }

  private async discover(
    job: DiscoveryJob,
    workerId: string,
    engine: AnalysisEngine,
    signal: AbortSignal,
  ): Promise<void> {
    let discovered: Awaited<ReturnType<AnalysisEngine['discoverSitemaps']>>;
    try {
      discovered = await engine.discoverSitemaps(job.siteUrl, {
        maxUrls: sitemapUrlBudget(job.crawl),
        signal,
        deadlineMs: this.deadlineMs,
      });
    } catch (error) {
      // Cancelled: the cancel already ended the check; nothing to write.
      if (signal.aborted) return;
      // A crawl needs no sitemap: without one it follows links from its start page alone.
      if (job.crawl && isAnalysisError(error)) {
        await this.startCrawl(job, workerId, [], { sitemapRead: false, failure: error.code });
        return;
      }
      if (isAnalysisError(error)) {
        await this.fail(job, workerId, error.code, error.message);
      } else if (job.attempts >= MAX_ATTEMPTS) {
        await this.fail(
          job,
          workerId,
          'analysis_failed',
          'Reading the sitemaps failed repeatedly. Please try again later.',
        );
      } else {
        // An unexpected fault: given back for another attempt.
        await this.release(job.id, workerId, false);
      }
      return;
    }
    if (job.crawl) {
      await this.startCrawl(job, workerId, discovered.urls, {
        sitemapRead: true,
        foundVia: discovered.foundVia,
        sitemaps: discovered.sitemaps,
        failures: discovered.failures,
        truncated: discovered.truncated,
      });
      return;
    }
    // The site's own origin (scheme, host and port), not only its host name (issue 25).
    const site = new URL(job.siteUrl);
    const skipped: SkippedAddresses = {
      offSite: 0,
      invalid: discovered.invalidEntries,
      duplicates: 0,
      overCap: 0,
      overDailyLimit: 0,
    };
    const pages: string[] = [];
    const seen = new Set<string>();
    for (const url of discovered.urls) {
      if (new URL(url).origin !== site.origin) {
        skipped.offSite += 1;
        continue;
      }
      const key = normalizeUrlForStorage(url);
      if (seen.has(key)) {
        skipped.duplicates += 1;
        continue;
      }
      seen.add(key);
      if (pages.length >= MAX_SITE_CHECK_PAGES) skipped.overCap += 1;
      else pages.push(url);
    }
    const discovery = {
      foundVia: discovered.foundVia,
      sitemaps: discovered.sitemaps,
      failures: discovered.failures,
      truncated: discovered.truncated,
    };
    if (pages.length === 0) {
      await this.fail(
        job,
        workerId,
        'site_check_no_pages',
        'The sitemaps list no page on this site.',
        discovery,
      );
      return;
    }
    await inTransaction(this.database.db, async (tx) => {
      if (!(await lockHeldDiscovery(tx, job.id, workerId))) return;
      const granted = await this.limits.admitMany(
        tx,
        SITE_PAGE_POLICY,
        job.requesterKey,
        pages.length,
        true,
      );
      skipped.overDailyLimit = pages.length - granted;
      if (granted === 0) {
        await failSiteCheck(tx, job.id, {
          code: 'site_check_page_limit',
          message:
            'The daily page allowance of site checks was used up before the pages could be queued.',
          discovery,
        });
        return;
      }
      await insertPages(tx, job.id, job.ownerId, job.requesterKey, pages.slice(0, granted));
      await startSiteCheckRun(tx, job.id, { pageCount: granted, skipped, discovery });
    });
    await this.database.notifyJobs();
  }

  /** Seeds a crawl with the sitemap's pages (none without a sitemap) and lets it run. */
  private async startCrawl(
    job: DiscoveryJob,
    workerId: string,
    sitemapUrls: readonly string[],
    discovery: Record<string, unknown>,
  ): Promise<void> {
    await inTransaction(this.database.db, async (tx) => {
      if (!(await lockHeldDiscovery(tx, job.id, workerId))) return;
      const seeded = await seedCrawlFromSitemap(tx, this.limits, {
        siteCheckId: job.id,
        siteUrl: job.siteUrl,
        ownerId: job.ownerId,
        requesterKey: job.requesterKey,
        settings: job.crawl!,
        sitemapUrls,
      });
      await startSiteCheckRun(tx, job.id, { discovery: { ...discovery, seeded } });
    });
    await this.database.notifyJobs();
  }

  /**
   * Ends a discovery that found nothing to check. It costs one page of the account's daily
   * site-page allowance: a discovery is work for the server, and one that fails for free could
   * be repeated forever (issue 25).
   */
  private async fail(
    job: DiscoveryJob,
    workerId: string,
    code: string,
    message: string,
    discovery: unknown = null,
  ): Promise<void> {
    await inTransaction(this.database.db, async (tx) => {
      if (!(await lockHeldDiscovery(tx, job.id, workerId))) return;
      await this.limits.admitMany(tx, SITE_PAGE_POLICY, job.requesterKey, 1, true);
      await failSiteCheck(tx, job.id, { code, message, discovery });
    });
  }

  /** Gives the job back (at shutdown the attempt does not count). */
  release(id: string, workerId: string, uncount = true): Promise<void> {
    return releaseDiscovery(this.database.db, id, workerId, uncount);
  }

  /** Fails discoveries that stopped unexpectedly on every attempt. */
  sweep(): Promise<number> {
    return failStalledDiscoveries(
      this.database.db,
      MAX_ATTEMPTS,
      'Reading the sitemaps stopped unexpectedly several times.',
    );
  }
}
