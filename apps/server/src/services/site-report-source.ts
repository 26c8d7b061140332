import { setTimeout } from 'node:timers/promises';
import type { SiteGraphLink } from '@crawlwise/analyzer/site/site-graph';
import { createStringPool } from '@crawlwise/analyzer/site/string-pool';
import type { SiteCheck, SiteReport } from '@crawlwise/shared/api/site-checks';
import { sql } from 'drizzle-orm';
import { type Db, listParam, queryRows } from '../db/database.ts';
import { siteLinks, siteSitemapEntries } from '../db/schema.ts';
import { finalAuditBuildPending, siteCheckCrawl } from '../db/tables/site-checks.ts';
import { type StoredSnapshot, snapshotBuiltAt } from '../db/tables/site-report-snapshots.ts';
import { crawlStartKey } from './crawl-frontier.ts';
import { externalProgress, loadExternalChecks } from './external-link-checks.ts';
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
 * Source pages per query when reading a crawl's links (~20,000 links, some 2 MB of JSON), and
 * how many batches are asked for ahead of the one being converted (so at most that many and one
 * more are held).
 */
const LINK_READ_PAGES = 1000;
const LINK_READS_AHEAD = 3;

/**
 * One batch of a crawl's links as columns: each a JSON array, position i of every array being
 * the same link. The aggregates of one query level see the same rows in the same order (one pass
 * over the scan; json_agg has no parallel form), so the positions line up. Reading the rows
 * themselves cost this process ~3 µs a link in the driver (an object and six strings a row: two
 * thirds of the read of a 10,000-page graph); a column is one string that JSON.parse splits much
 * faster, and PostgreSQL builds it for about what it costs to send the rows.
 */
interface LinkColumns {
  ids: string | null;
  sources: string | null;
  targets: string | null;
  anchors: string | null;
  flags: string | null;
}

/** A link's flags in one small integer: nofollow, rendered only. */
const NOFOLLOW = 1;
const RENDERED_ONLY = 2;

function readLinkColumns(db: Db, sources: readonly string[]): Promise<LinkColumns[]> {
  const link = siteLinks;
  return queryRows<LinkColumns>(
    db,
    // By source alone: the sources are this check's pages. With the check's id too, PostgreSQL
    // ANDed the check's index (every link of the check, on each batch) with the source's.
    // One array parameter per batch: a list of n SQL fragments per query cost the builder more
    // than the query. `::text`: parsed here, the same way on either driver.
    sql`select json_agg(${link.id})::text as ids,
          json_agg(${link.sourceReportId})::text as sources,
          json_agg(${link.targetUrl})::text as targets,
          json_agg(${link.anchor})::text as anchors,
          json_agg(${link.nofollow}::int * ${NOFOLLOW} + ${link.renderedOnly}::int * ${RENDERED_ONLY})::text as flags
        from ${link}
        where ${link.sourceReportId} = any(${listParam(sources)}::uuid[])`,
  );
}

/** A JSON array column of a batch; null (no row matched) is empty. */
const column = <T>(text: string | null): T[] => (text === null ? [] : (JSON.parse(text) as T[]));

/**
 * A crawl's link graph and sitemap entries (null for a check that is not a crawl), for the
 * check's `pages` as listSitePages read them: only the links of those pages, in the order they
 * were stored. The graph of 10,000 pages has about 200,000 links, so it is read compactly: by
 * batches of source pages as columns (readLinkColumns), each address held once (a link's source
 * is its page's key, a target naming a page is that page's key, and equal targets and anchors
 * are one string).
 */
export async function loadCrawlGraph(
  db: Db,
  siteCheck: Pick<SiteCheck, 'id' | 'siteUrl'>,
  pages: readonly Pick<SitePageRow, 'reportId' | 'url'>[],
  /** Source pages per query (tests read many small batches). */
  batchPages = LINK_READ_PAGES,
): Promise<CrawlGraph | null> {
  const { settings, sitemapRead } = await siteCheckCrawl(db, siteCheck.id);
  if (!settings) return null;
  const intern = createStringPool();
  const sourceOf = new Map(pages.map((page) => [page.reportId, intern(page.url)]));
  const links: SiteGraphLink[] = [];
  const linkIds: number[] = [];
  const ids = [...sourceOf.keys()];
  const batchCount = Math.ceil(ids.length / batchPages);
  const batches = new Map<number, Promise<LinkColumns[]>>();
  const askFor = (index: number) => {
    if (index >= batchCount) return;
    const start = index * batchPages;
    const batch = readLinkColumns(db, ids.slice(start, start + batchPages));
    // Awaited in its turn; a failure of an earlier batch must not leave this one unhandled.
    batch.catch(() => {});
    batches.set(index, batch);
  };
  // Batches are asked for ahead of the one being converted: the database reads them (on
  // PostgreSQL, on a connection each, in parallel) while this process converts.
  for (let index = 0; index < LINK_READS_AHEAD; index += 1) askFor(index);
  for (let index = 0; index < batchCount; index += 1) {
    const [batch] = await batches.get(index)!;
    batches.delete(index);
    askFor(index + LINK_READS_AHEAD);
    if (!batch) continue;
    const batchIds = column<number>(batch.ids);
    const sources = column<string>(batch.sources);
    const targets = column<string>(batch.targets);
    const anchors = column<string>(batch.anchors);
    const flags = column<number>(batch.flags);
    for (let at = 0; at < batchIds.length; at += 1) {
      linkIds.push(batchIds[at]!);
      links.push({
        source: sourceOf.get(sources[at]!)!,
        target: intern(targets[at]!),
        anchor: intern(anchors[at]!),
        nofollow: (flags[at]! & NOFOLLOW) !== 0,
        renderedOnly: (flags[at]! & RENDERED_ONLY) !== 0,
      });
    }
  }
  // Back in the order they were stored: positions sorted by id in a typed array (no comparator
  // call per pair over ~200,000 links; ids are unique, so the order is exact).
  const order = storedOrder(linkIds);
  const sitemap = await queryRows(
    db,
    sql`select ${siteSitemapEntries.url} as url from ${siteSitemapEntries}
        where ${siteSitemapEntries.siteCheckId} = ${siteCheck.id}`,
  );
  return {
    startKey: crawlStartKey(new URL(siteCheck.siteUrl), settings),
    links: Array.from(order, (position) => links[position]!),
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

/**
 * The positions of `ids` in ascending order of id. Ids are bigserials below 2^53: a pair (id,
 * position) is sorted as one Float64Array of id * 2^21 + position when that stays exact, else by
 * a comparator.
 */
export function storedOrder(ids: readonly number[]): Uint32Array {
  const count = ids.length;
  const order = new Uint32Array(count);
  const shift = 2 ** 21;
  let max = 0;
  for (const id of ids) if (id > max) max = id;
  if (count < shift && max * shift < Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(count);
    for (let index = 0; index < count; index += 1) keys[index] = ids[index]! * shift + index;
    keys.sort();
    for (let index = 0; index < count; index += 1) order[index] = keys[index]! % shift;
    return order;
  }
  for (let index = 0; index < count; index += 1) order[index] = index;
  return order.sort((a, b) => ids[a]! - ids[b]!);
}
