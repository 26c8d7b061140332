import type { LinkRecord, Outlink } from '@crawlwise/analyzer/page/outlinks';
import type { CrawlOptions } from '@crawlwise/shared/api/site-checks';
import {
  crawlKey,
  crawlScope,
  DEFAULT_IGNORED_QUERY_PARAMETERS,
} from '@crawlwise/shared/crawl-url';
import type { CrawlSettings } from '@crawlwise/shared/site-check';
import { type SQL, sql } from 'drizzle-orm';
import { col, type Db, queryRows } from '../db/database.ts';
import { reports, siteChecks, siteLinks, urls } from '../db/schema.ts';
import { insertSitePages } from '../db/tables/reports.ts';
import { type RateLimiter, SITE_PAGE_POLICY } from './rate-limit.ts';

/**
 * The crawl's frontier lives in the database (issue 19): a crawl's pages are the check's
 * report rows, one per crawl key, each with its click depth, and its link graph is `site_links`.
 * When a page's analysis is written, the same transaction stores the page's links and queues
 * the targets not seen yet — under the check's row lock, so two pages finishing at once cannot
 * queue one target twice, and only from the lease holder, so a page finished twice queues
 * nothing twice. No process holds the site in memory.
 */

/** The settings a crawl is stored with, from the request's options. */
export function crawlSettingsOf(options: CrawlOptions): CrawlSettings {
  return {
    maxPages: options.maxPages,
    maxDepth: options.maxDepth,
    followNofollow: options.followNofollow,
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

const linkRows = (page: FrontierPage, links: readonly Outlink[], renderedOnly: boolean) =>
  links.map(
    (link) =>
      sql`(${page.siteCheckId}::uuid, ${page.reportId}::uuid, ${link.key}, ${link.anchor},
        ${link.nofollow}, ${renderedOnly})`,
  );

/**
 * Stores a finished page's links and queues the new targets (inside the transaction that
 * writes the page's analysis, after its check's row was locked). Returns how many were queued.
 */
export async function expandCrawl(
  tx: Db,
  limits: RateLimiter,
  page: FrontierPage,
  record: LinkRecord,
): Promise<number> {
  const [check] = await queryRows<{ status: string; user_id: string; requester_key: string }>(
    tx,
    sql`select ${siteChecks.status} as status, ${siteChecks.userId} as user_id,
          ${siteChecks.requesterKey} as requester_key
        from ${siteChecks} where ${siteChecks.id} = ${page.siteCheckId}`,
  );
  // A cancelled check keeps what was analysed and queues nothing more.
  if (check?.status !== 'running') return 0;

  const rows: SQL[] = [
    ...linkRows(page, record.served.internal, false),
    ...linkRows(page, record.renderedOnly ?? [], true),
  ];
  if (rows.length > 0) {
    await tx.execute(
      sql`insert into ${siteLinks} (${col(siteLinks.siteCheckId)},
            ${col(siteLinks.sourceReportId)}, ${col(siteLinks.targetUrl)},
            ${col(siteLinks.anchor)}, ${col(siteLinks.nofollow)},
            ${col(siteLinks.renderedOnly)})
          values ${sql.join(rows, sql`, `)}`,
    );
  }

  const { settings } = page.crawl;
  const depth = page.crawl.depth + 1;
  if (depth > settings.maxDepth) return 0;
  const scope = crawlScope(page.crawl.siteUrl, settings.rules);
  const candidates = [...record.served.internal, ...(record.renderedOnly ?? [])]
    .filter((link) => settings.followNofollow || !link.nofollow)
    .map((link) => link.key)
    .filter((key) => scope.isIncluded(key));
  if (candidates.length === 0) return 0;

  const fresh = await queryRows<{ url: string }>(
    tx,
    sql`select v.url from (values ${sql.join(
      candidates.map((key, index) => sql`(${key}, ${index}::int)`),
      sql`, `,
    )}) as v(url, position)
        where not exists (select 1 from ${reports} r join ${urls} u on u.id = r.url_id
          where r.site_check_id = ${page.siteCheckId} and u.normalized_url = v.url)
        order by v.position`,
  );
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${reports}
        where ${reports.siteCheckId} = ${page.siteCheckId} and ${reports.deletedAt} is null`,
  );
  const room = Math.max(0, settings.maxPages - Number(counted?.n ?? 0));
  const wanted = Math.min(room, fresh.length);
  if (wanted === 0) return 0;
  // Each queued page counts against the owner's daily allowance, as a listed page does.
  const granted = await limits.admitMany(tx, SITE_PAGE_POLICY, check.requester_key, wanted, true);
  if (granted === 0) return 0;
  const queued = fresh.slice(0, granted).map((row) => row.url);
  await insertSitePages(tx, {
    siteCheckId: page.siteCheckId,
    ownerId: check.user_id,
    requesterKey: check.requester_key,
    addresses: queued,
    crawlDepth: depth,
  });
  await tx.execute(
    sql`update ${siteChecks} set ${col(siteChecks.pageCount)} =
          ${siteChecks.pageCount} + ${queued.length}
        where ${siteChecks.id} = ${page.siteCheckId}`,
  );
  return queued.length;
}
