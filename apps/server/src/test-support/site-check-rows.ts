import type { CrawlSettings, SiteCheckSource } from '@crawlwise/shared/site-check';
import type { Db } from '../db/database.ts';
import { insertSitePages } from '../db/tables/reports.ts';
import { insertSiteCheck, type NewSiteCheckRow } from '../db/tables/site-checks.ts';

export interface TestSiteCheck {
  /** The user who owns it (personal workspace) and whose allowance it counts against. */
  ownerId: string;
  siteUrl: string;
  host: string;
  source: SiteCheckSource;
  status: NewSiteCheckRow['status'];
  crawl: CrawlSettings | null;
  /** Its pages, queued in this order. */
  addresses: string[];
  /** A crawl's pages: their click depth. */
  crawlDepth?: number;
}

/**
 * A user's site check with its pages queued, written straight to the tables (tests of the layers
 * under the routes); returns its id.
 */
export async function insertTestSiteCheck(db: Db, check: TestSiteCheck): Promise<string> {
  const requesterKey = `user:${check.ownerId}`;
  const id = await insertSiteCheck(db, {
    owner: { userId: check.ownerId, teamId: null },
    siteUrl: check.siteUrl,
    host: check.host,
    source: check.source,
    status: check.status,
    requesterKey,
    pageCount: check.addresses.length,
    skipped: null,
    crawl: check.crawl,
    pageIntervalMs: null,
  });
  await insertSitePages(db, {
    siteCheckId: id,
    ownerId: check.ownerId,
    requesterKey,
    addresses: check.addresses,
    ...(check.crawlDepth === undefined ? {} : { crawlDepth: check.crawlDepth }),
  });
  return id;
}
