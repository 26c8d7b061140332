import type { SiteGraphLink } from '@crawlwise/analyzer/site/site-graph';
import type { SiteCheck, SiteReport } from '@crawlwise/shared/api/site-checks';
import type { CrawlSettings } from '@crawlwise/shared/site-check';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';
import { crawlStartKey } from './crawl-frontier.ts';
import { externalProgress, loadExternalChecks } from './external-link-checks.ts';
import { listSitePages } from './site-checks.ts';
import { buildSiteReport, type CrawlGraph } from './site-report.ts';

/**
 * Reads what a site report is built from: the check's pages and, for a crawl, its link graph
 * and sitemap entries (three queries, each proportional to the crawl's size), and its answered
 * external targets when it checks them.
 */
export async function loadSiteReport(db: Db, siteCheck: SiteCheck): Promise<SiteReport> {
  const rows = await listSitePages(db, siteCheck.id);
  const crawl = siteCheck.source === 'crawl' ? await loadCrawlGraph(db, siteCheck) : null;
  return buildSiteReport(rows, crawl);
}

const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/** A crawl's link graph and sitemap entries (null for a check that is not a crawl). */
export async function loadCrawlGraph(
  db: Db,
  siteCheck: Pick<SiteCheck, 'id' | 'siteUrl'>,
): Promise<CrawlGraph | null> {
  const [check] = await queryRows(
    db,
    sql`select crawl, discovery from site_checks where id = ${siteCheck.id}`,
  );
  const settings = parsed(check?.crawl) as CrawlSettings | null;
  if (!settings) return null;
  const discovery = parsed(check?.discovery) as { sitemapRead?: boolean } | null;
  const links = await queryRows(
    db,
    sql`select u.normalized_url as source, l.target_url, l.anchor, l.nofollow, l.rendered_only
        from site_links l join reports r on r.id = l.source_report_id
          join urls u on u.id = r.url_id
        where l.site_check_id = ${siteCheck.id} and r.deleted_at is null
        order by l.id`,
  );
  const sitemap = await queryRows(
    db,
    sql`select url from site_sitemap_entries where site_check_id = ${siteCheck.id}`,
  );
  return {
    startKey: crawlStartKey(new URL(siteCheck.siteUrl), settings),
    links: links.map(
      (row): SiteGraphLink => ({
        source: String(row.source),
        target: String(row.target_url),
        anchor: String(row.anchor),
        nofollow: Boolean(row.nofollow),
        renderedOnly: Boolean(row.rendered_only),
      }),
    ),
    sitemap: new Set(sitemap.map((row) => String(row.url))),
    sitemapRead: discovery?.sitemapRead === true,
    ...(settings.checkExternal
      ? {
          external: await loadExternalChecks(db, siteCheck.id),
          externalProgress: await externalProgress(db, siteCheck.id),
        }
      : {}),
  };
}
