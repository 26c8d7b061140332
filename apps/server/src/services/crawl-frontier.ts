import type { LinkRecord } from '@crawlwise/analyzer/page/outlinks';
import type { CrawlOptions } from '@crawlwise/shared/api/site-checks';
import type { ErrorWindow } from '@crawlwise/shared/crawl-error-rate';
import {
  crawlKey,
  crawlScope,
  DEFAULT_IGNORED_QUERY_PARAMETERS,
} from '@crawlwise/shared/crawl-url';
import type { CrawlSettings } from '@crawlwise/shared/site-check';
import { type SQL, sql } from 'drizzle-orm';
import { aliased, col, type Db, listParam, queryRows, queryRowsPrepared } from '../db/database.ts';
import { reports, siteChecks, siteSitemapEntries, urls } from '../db/schema.ts';
import { insertSitePages } from '../db/tables/reports.ts';
import { type LockedSiteCheck, pageEndCheckUpdate } from '../db/tables/site-checks.ts';
import { recordExternalLinks } from './external-link-checks.ts';
import type { JobEndWrites } from './job-queue.ts';
import { type RateLimiter, SITE_PAGE_POLICY } from './rate-limit.ts';

/**
 * The crawl's frontier lives in the database (issue 19): a crawl's pages are the check's
 * report rows, one per crawl key, each with its click depth, and its link graph is those rows'
 * `links` (services/page-links.ts). When a page's analysis is written, the update that completes
 * it stores its links, and the same transaction queues the targets not seen yet — under the
 * check's row lock, so two pages finishing at once cannot queue one target twice, and only from
 * the lease holder, so a page finished twice queues nothing twice. No process holds the site in
 * memory.
 */

/** A page's report row (`reports r`) and its address (`urls u`) in the frontier's statements. */
const r = aliased('r');
const u = aliased('u');

/**
 * The id of the address `key` names (null when it is not stored yet): one probe of the unique
 * index on urls.normalized_url. The frontier's statements take a page's targets this way, key
 * by key, and then the check's rows by (site_check_id, url_id), because a join let the planner
 * start from the check's rows: a crawl's rows grow faster than the statistics, which still
 * count a few, so each page end read every page of the check (and every address) once more —
 * quadratic in the crawl, the database's CPU per page rising with the site's size
 * (bench/results/crawl-*.md; the plans were read with auto_explain).
 */
const urlIdOf = (key: SQL) =>
  sql`(select ${u(urls.id)} from ${urls} u where ${u(urls.normalizedUrl)} = ${key})`;

/** The settings a crawl is stored with, from the request's options. */
export function crawlSettingsOf(options: CrawlOptions): CrawlSettings {
  return {
    maxPages: options.maxPages,
    maxDepth: options.maxDepth,
    followNofollow: options.followNofollow,
    checkExternal: options.checkExternal,
    maxExternal: options.maxExternal,
    rules: {
      ignoredQueryParameters: DEFAULT_IGNORED_QUERY_PARAMETERS,
      includeSubdomains: options.includeSubdomains,
      include: options.include,
      exclude: options.exclude,
    },
  };
}

/** The start page's key: the site address as the crawl names pages. */
export function crawlStartKey(site: URL, settings: CrawlSettings): string {
  return crawlKey(site.href, undefined, settings.rules) ?? site.href;
}

/** What a claimed crawl page carries: its check's settings and its own depth. */
export interface CrawlPage {
  siteUrl: string;
  settings: CrawlSettings;
  depth: number;
}

export interface FrontierPage {
  reportId: string;
  siteCheckId: string;
  crawl: CrawlPage;
}

/**
 * How a page end's statement with its list of targets is planned: on the embedded database a
 * plan of each page's lists ran it in 3.0 ms a page against 5.5 ms with the generic plan
 * PostgreSQL keeps after five runs (480-page crawls, each statement timed by
 * bench/crawl-profile.ts, with plan_cache_mode forced for the session one run and not the other;
 * stop 54, when the statement also inserted the page's links: bench/results/crawl-profile-2026-12-02-stop54.md).
 * PostgreSQL itself keeps the generic plan these statements were shaped for (targetsOfCheck).
 */
const LISTS_PLAN = { plan: 'custom' } as const;

/**
 * Queues the new targets of a finished page's links (inside the transaction that writes the
 * page's analysis — its signals, excerpt and links included: JobQueue.complete — after its
 * check's row was locked: the check as locked is `check`). A target still queued gets the shorter depth if this page found
 * a shorter path: a page's depth is read when it is claimed (its links' depth and the maximum
 * depth follow from it), and the report's click depths come from the link graph itself
 * (site-graph.ts), so a page already claimed keeps its row untouched — another page end may be
 * holding that row while it waits for the check's lock (JobQueue.endJob). The check's row gets
 * the page's error-rate `window` and, when nothing new is queued, its settle
 * (pageEndCheckUpdate), in the same statement as the links: a page end holds its check's lock
 * for as few round trips as it can.
 */
export async function expandCrawl(
  tx: Db,
  limits: RateLimiter,
  page: FrontierPage,
  record: LinkRecord,
  check: LockedSiteCheck,
  window: ErrorWindow | null = null,
): Promise<JobEndWrites> {
  // A cancelled check keeps what was analysed and queues nothing more.
  if (check.status !== 'running') return { queued: 0, settled: false };

  const { settings } = page.crawl;
  if (settings.checkExternal) {
    await recordExternalLinks(tx, page, record.served.external, settings.maxExternal);
  }
  const depth = page.crawl.depth + 1;
  const scope = crawlScope(page.crawl.siteUrl, settings.rules);
  const candidates =
    depth > settings.maxDepth
      ? []
      : [...record.served.internal, ...(record.renderedOnly ?? [])]
          .filter((link) => settings.followNofollow || !link.nofollow)
          .map((link) => link.key)
          .filter((key) => scope.isIncluded(key));
  if (candidates.length === 0) {
    await queryRowsPrepared(tx, pageEndCheckUpdate(page.siteCheckId, window, null));
    return { queued: 0, settled: true };
  }

  const fresh = await findNew(tx, page.siteCheckId, candidates, depth, window);
  if (fresh.length === 0) return { queued: 0, settled: true };
  const queued = await queueFresh(
    tx,
    limits,
    {
      siteCheckId: page.siteCheckId,
      ownerId: check.userId,
      requesterKey: check.requesterKey,
      maxPages: settings.maxPages,
      pageCount: check.pageCount,
    },
    fresh,
    depth,
  );
  return { queued, settled: false };
}

/**
 * One statement: the shorter depth for the page's targets already known, its check's window and
 * settle (unless a target is new); returns the targets the crawl has not queued yet,
 * in their order. Each target is looked up once: its address id (urlIdOf), then its row of the
 * check by both columns of reports_site_check_url_idx — never a scan of the check's rows.
 */
async function findNew(
  tx: Db,
  siteCheckId: string,
  candidates: readonly string[],
  depth: number,
  window: ErrorWindow | null,
): Promise<string[]> {
  const ctes = [
    sql`cand as materialized (${targetsOfCheck(siteCheckId, candidates)})`,
    // Which rows to deepen is decided on what `cand` read of them, so the update only looks its
    // rows up by key: with the status in its own condition, the planner scanned every pending
    // row of the check by reports_site_pending_idx (auto_explain: ~3,000 rows read for ~40).
    // A row locked meanwhile is skipped, never waited for: it was claimed since `cand` read it
    // (its depth is read already), and its worker may be ending it while it waits for the
    // check's lock this end holds (JobQueue.endJob) — waiting would be a deadlock (seen once in a
    // 10,000-page crawl before the skip).
    sql`deeper as (update ${reports} r set ${col(reports.crawlDepth)} = ${depth}::int
        where ${r(reports.id)} = any(array(select q.${col(reports.id)} from ${reports} q
          where q.${col(reports.id)} = any(array(select cand.report_id from cand
            where cand.status = 'queued'
              and (cand.crawl_depth is null or cand.crawl_depth > ${depth}::int)))
          for no key update of q skip locked)))`,
    sql`fresh as (select cand.url, cand.position from cand where cand.report_id is null)`,
    sql`checked as (${pageEndCheckUpdate(siteCheckId, window, sql`exists (select 1 from fresh)`)})`,
  ];
  // Prepared: the text is the same for every page (its lists are parameters).
  const rows = await queryRowsPrepared<{ url: string }>(
    tx,
    sql`with ${sql.join(ctes, sql`, `)} select fresh.url from fresh order by fresh.position`,
    LISTS_PLAN,
  );
  return rows.map((row) => row.url);
}

/**
 * Each of `keys` (url, position from 1) with its row of the check (report_id, null when the crawl
 * has not queued it, with that row's status and crawl_depth). `offset 0` keeps each look-up
 * apart: the key's address id by the unique index (urlIdOf), then its row of this check by both
 * columns of reports_site_check_url_idx. (A
 * generic plan of `url_id = any(...)` beside the check's id used the index for the check's id
 * alone and filtered every row of the check: the database's cost per page grew with the crawl.)
 * A crawl queues a key once, so there is one row at most.
 */
function targetsOfCheck(siteCheckId: string, keys: readonly string[]): SQL {
  return sql`select k.url, k.position, t.id as report_id, t.status, t.crawl_depth
    from (select v.url, v.position, ${urlIdOf(sql`v.url`)} as url_id
      from unnest(${listParam(keys)}::text[]) with ordinality as v(url, position)
      offset 0) k
    left join lateral (select ${r(reports.id)}, ${r(reports.status)}, ${r(reports.crawlDepth)}
        from ${reports} r
        where ${r(reports.siteCheckId)} = ${siteCheckId} and ${r(reports.urlId)} = k.url_id
        offset 0) t on true`;
}

/**
 * Keys bound per statement (two parameters each): a statement takes at most 65,535 parameters,
 * and a verified crawl reads up to 50,000 sitemap addresses (sitemapUrlBudget).
 */
const KEYS_PER_STATEMENT = 10_000;

function* batches<T>(items: readonly T[], size: number): Generator<readonly T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

interface CrawlOwner {
  siteCheckId: string;
  ownerId: string;
  requesterKey: string;
  maxPages: number;
  /** The pages it has queued so far (its `page_count`, read under its lock). */
  pageCount: number;
}

/**
 * Queues the addresses the crawl has not queued yet, in their order, within its page limit;
 * each counts against the owner's daily allowance, as a listed page does. Returns how many.
 */
async function queueNewPages(
  tx: Db,
  limits: RateLimiter,
  crawl: CrawlOwner,
  keys: readonly string[],
  depth: number | null,
): Promise<number> {
  const room = Math.max(0, crawl.maxPages - crawl.pageCount);
  // The keys not queued yet, in their order, read a batch at a time until the limit is filled.
  const fresh: string[] = [];
  for (const batch of batches(keys, KEYS_PER_STATEMENT)) {
    if (fresh.length >= room) break;
    const rows = await queryRowsPrepared<{ url: string }>(
      tx,
      sql`select t.url from (${targetsOfCheck(crawl.siteCheckId, batch)}) t
          where t.report_id is null order by t.position`,
    );
    fresh.push(...rows.map((row) => row.url));
  }
  return queueFresh(tx, limits, crawl, fresh, depth);
}

/**
 * Queues `fresh` (addresses the crawl has not queued, in order) within the crawl's page limit
 * and the owner's daily allowance, and counts them in its `page_count`. Returns how many.
 */
async function queueFresh(
  tx: Db,
  limits: RateLimiter,
  crawl: CrawlOwner,
  fresh: readonly string[],
  depth: number | null,
): Promise<number> {
  const room = Math.max(0, crawl.maxPages - crawl.pageCount);
  const wanted = Math.min(room, fresh.length);
  if (wanted === 0) return 0;
  const granted = await limits.admitMany(tx, SITE_PAGE_POLICY, crawl.requesterKey, wanted, true);
  if (granted === 0) return 0;
  const queued = fresh.slice(0, granted);
  await insertSitePages(tx, {
    siteCheckId: crawl.siteCheckId,
    ownerId: crawl.ownerId,
    requesterKey: crawl.requesterKey,
    addresses: queued,
    crawlDepth: depth,
  });
  await queryRowsPrepared(
    tx,
    sql`update ${siteChecks} set ${col(siteChecks.pageCount)} =
          ${siteChecks.pageCount} + ${queued.length}
        where ${siteChecks.id} = ${crawl.siteCheckId}`,
  );
  return queued.length;
}

export interface SitemapSeeds {
  siteCheckId: string;
  siteUrl: string;
  ownerId: string;
  requesterKey: string;
  settings: CrawlSettings;
  /** The sitemap's page addresses, in sitemap order. */
  sitemapUrls: readonly string[];
}

/**
 * Records a crawl's sitemap entries and queues those in scope that the crawl has not queued yet,
 * within its page limit and the owner's daily allowance (inside the discovery's transaction).
 * Seeds have no depth until a link reaches them (the claim reads them as depth 1: one step
 * from the start, as the sitemap is). Returns how many pages were queued.
 */
export async function seedCrawlFromSitemap(
  tx: Db,
  limits: RateLimiter,
  seeds: SitemapSeeds,
): Promise<number> {
  const { rules } = seeds.settings;
  const scope = crawlScope(seeds.siteUrl, rules);
  const keys = [
    ...new Set(
      seeds.sitemapUrls.flatMap((url) => {
        const key = crawlKey(url, undefined, rules);
        return key !== null && scope.isInternal(key) ? [key] : [];
      }),
    ),
  ];
  if (keys.length === 0) return 0;
  for (const batch of batches(keys, KEYS_PER_STATEMENT)) {
    await tx.execute(
      sql`insert into ${siteSitemapEntries} (${col(siteSitemapEntries.siteCheckId)},
            ${col(siteSitemapEntries.url)})
          values ${sql.join(
            batch.map((key) => sql`(${seeds.siteCheckId}::uuid, ${key})`),
            sql`, `,
          )}
          on conflict do nothing`,
    );
  }
  const included = keys.filter((key) => scope.isIncluded(key));
  if (included.length === 0) return 0;
  // The check's start page is queued already (the discovery's transaction holds the check).
  const [check] = await queryRows<{ page_count: number }>(
    tx,
    sql`select ${siteChecks.pageCount} as page_count from ${siteChecks}
        where ${siteChecks.id} = ${seeds.siteCheckId}`,
  );
  return queueNewPages(
    tx,
    limits,
    {
      siteCheckId: seeds.siteCheckId,
      ownerId: seeds.ownerId,
      requesterKey: seeds.requesterKey,
      maxPages: seeds.settings.maxPages,
      pageCount: Number(check?.page_count ?? 0),
    },
    included,
    null,
  );
}
