import { setTimeout } from 'node:timers/promises';
import type { SiteGraphLink } from '@crawlwise/analyzer/site/site-graph';
import { createStringPool } from '@crawlwise/analyzer/site/string-pool';
import type { SiteCheck, SiteReport } from '@crawlwise/shared/api/site-checks';
import { sql } from 'drizzle-orm';
import { type Db, listParam, queryRows } from '../db/database.ts';
import { reports, siteSitemapEntries } from '../db/schema.ts';
import { finalAuditBuildPending, siteCheckCrawl } from '../db/tables/site-checks.ts';
import { type StoredSnapshot, snapshotBuiltAt } from '../db/tables/site-report-snapshots.ts';
import { crawlStartKey } from './crawl-frontier.ts';
import { externalProgress, loadExternalChecks } from './external-link-checks.ts';
import { appendPageLinks } from './page-links.ts';
import { listSitePages, type SitePageRow } from './site-checks.ts';
import { buildSiteReport, type CrawlGraph } from './site-report.ts';
import { storedSiteReport, storedSiteReportFragment } from './site-report-store.ts';

/**
 * The check's site report: the stored one while it is current (site-report-store.ts: an ended
 * check the worker's snapshot build has stored since its last change), else built here from what
 * a site report is built from: the check's pages and, for a crawl, its link graph and sitemap
 * entries (three queries, each proportional to the crawl's size), and its answered external
 * targets when it checks them.
 */
export async function loadSiteReport(db: Db, siteCheck: SiteCheck): Promise<SiteReport> {
  const stored = await storedSiteReport(db, siteCheck.id);
  if (stored) return stored;
  const rows = await listSitePages(db, siteCheck.id);
  const crawl = siteCheck.source === 'crawl' ? await loadCrawlGraph(db, siteCheck, rows) : null;
  return buildSiteReport(rows, crawl);
}

/** How recently a check must have ended for a report request to wait for the worker's build. */
export const AWAIT_FINAL_BUILD_RECENT_SECONDS = 120;
/**
 * How often a waiting request looks whether a report was stored (one primary-key read): the
 * report's first request after a big crawl waits on the order of half this for nothing.
 */
const AWAIT_FINAL_BUILD_POLL_MS = 25;
/**
 * How often it also reads the report again (its change key is an aggregate over the check's
 * pages) and asks whether the build is still to come.
 */
const AWAIT_FINAL_BUILD_PENDING_MS = 500;

/**
 * An ended check's stored report (compressed, as the route sends it), waiting up to `waitMs`
 * when the check ended in the last two minutes and the worker's final audit build, which stores
 * it, has not run yet; null when there is none to serve, so the caller builds it. Without the
 * wait, the screen's polls right after a big crawl ended each built the whole report in the web
 * process, which the worker was building and storing at that moment anyway: 250 ms and ~150 MB
 * of the web process's heap per request at 10,000 pages (docs/site-checks.md "Stored site
 * report"). While it waits it only looks for a newly written row (the current report is read
 * again, with its change key, once one is there), often, so the answer leaves soon after the
 * worker stored it; a build in this process (the embedded worker) wakes it at once.
 */
export async function awaitStoredSiteReport(
  db: Db,
  siteCheckId: string,
  waitMs: number,
  /**
   * Resolves when a build of this process has stored the check's report (the request's
   * registration, site-report-waiters.ts): the wait is woken at once, and that build lets the
   * request read and answer before it writes the snapshot's rows.
   */
  storedHere?: Promise<void>,
): Promise<StoredSnapshot | null> {
  const deadline = performance.now() + waitMs;
  // Only the first store wakes it: a later one (a page erased meanwhile) is found by looking.
  let wake: Promise<'stored'> | null = storedHere?.then(() => 'stored' as const) ?? null;
  for (;;) {
    // Read first: a row written while the report is read below counts as new.
    const written = await snapshotBuiltAt(db, siteCheckId);
    const stored = await storedSiteReportFragment(db, siteCheckId);
    if (stored !== null || performance.now() >= deadline) return stored;
    if (!(await finalAuditBuildPending(db, siteCheckId, AWAIT_FINAL_BUILD_RECENT_SECONDS))) {
      return null;
    }
    const until = Math.min(deadline, performance.now() + AWAIT_FINAL_BUILD_PENDING_MS);
    while (performance.now() < until) {
      const pause = setTimeout(Math.min(AWAIT_FINAL_BUILD_POLL_MS, until - performance.now()));
      if ((await (wake ? Promise.race([pause, wake]) : pause)) === 'stored') {
        wake = null;
        break;
      }
      if ((await snapshotBuiltAt(db, siteCheckId)) !== written) break;
    }
  }
}

/**
 * Pages per query when reading a crawl's links (~1.3 MB of stored link text a thousand pages),
 * and how many batches are asked for ahead of the one being converted (so at most that many and
 * one more are held).
 */
const LINK_READ_PAGES = 1000;
const LINK_READS_AHEAD = 3;

/** One page's stored links (services/page-links.ts), or null when it has none. */
interface StoredLinks {
  id: string;
  links: string | null;
}

function readPageLinks(db: Db, ids: readonly string[]): Promise<StoredLinks[]> {
  // By the rows' own ids (the primary key): they are this check's pages as listSitePages read
  // them. One array parameter per batch: a list of n SQL fragments per query cost the builder
  // more than the query.
  return queryRows<StoredLinks>(
    db,
    sql`select ${reports.id} as id, ${reports.links} as links from ${reports}
        where ${reports.id} = any(${listParam(ids)}::uuid[])`,
  );
}

/**
 * A crawl's link graph and sitemap entries (null for a check that is not a crawl), for the
 * check's `pages` as listSitePages read them: only the links of those pages, page by page in
 * that order, each page's in the order it has them. The graph of 10,000 pages has about 200,000
 * links: read by batches of pages, each page's links one stored value (services/page-links.ts),
 * each address held once (a link's source is its page's key, a target naming a page is that
 * page's key, and equal targets and anchors are one string).
 */
export async function loadCrawlGraph(
  db: Db,
  siteCheck: Pick<SiteCheck, 'id' | 'siteUrl'>,
  pages: readonly Pick<SitePageRow, 'reportId' | 'url'>[],
  /** Pages per query (tests read many small batches). */
  batchPages = LINK_READ_PAGES,
): Promise<CrawlGraph | null> {
  const { settings, sitemapRead } = await siteCheckCrawl(db, siteCheck.id);
  if (!settings) return null;
  const intern = createStringPool();
  const links: SiteGraphLink[] = [];
  const batchCount = Math.ceil(pages.length / batchPages);
  const batches = new Map<number, Promise<StoredLinks[]>>();
  const askFor = (index: number) => {
    if (index >= batchCount) return;
    const start = index * batchPages;
    const batch = readPageLinks(
      db,
      pages.slice(start, start + batchPages).map((page) => page.reportId),
    );
    // Awaited in its turn; a failure of an earlier batch must not leave this one unhandled.
    batch.catch(() => {});
    batches.set(index, batch);
  };
  // Batches are asked for ahead of the one being converted: the database reads them (on
  // PostgreSQL, on a connection each, in parallel) while this process converts.
  for (let index = 0; index < LINK_READS_AHEAD; index += 1) askFor(index);
  for (let index = 0; index < batchCount; index += 1) {
    const rows = await batches.get(index)!;
    batches.delete(index);
    askFor(index + LINK_READS_AHEAD);
    const stored = new Map(rows.map((row) => [row.id, row.links]));
    // In the pages' order, each page's links in the order it has them.
    const start = index * batchPages;
    for (const page of pages.slice(start, start + batchPages)) {
      const text = stored.get(page.reportId);
      if (text) appendPageLinks(links, intern(page.url), text, intern);
    }
  }
  const sitemap = await queryRows(
    db,
    sql`select ${siteSitemapEntries.url} as url from ${siteSitemapEntries}
        where ${siteSitemapEntries.siteCheckId} = ${siteCheck.id}`,
  );
  return {
    startKey: crawlStartKey(new URL(siteCheck.siteUrl), settings),
    links,
    sitemap: new Set(sitemap.map((row) => intern(String(row.url)))),
    sitemapRead: sitemapRead === true,
    ...(settings.checkExternal
      ? {
          external: await loadExternalChecks(db, siteCheck.id),
          externalProgress: await externalProgress(db, siteCheck.id),
        }
      : {}),
  };
}
