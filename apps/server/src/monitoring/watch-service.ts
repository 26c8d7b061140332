import { isUuid } from '@crawlwise/shared/api/contract';
import { type CrawlOptions, crawlOptionsSchema } from '@crawlwise/shared/api/site-checks';
import type { CrawlSettings } from '@crawlwise/shared/site-check';
import { normalizeUrlForStorage } from '@crawlwise/shared/url-input';
import {
  MAX_WATCHES_PER_ACCOUNT,
  type WatchInput,
  type WatchKind,
  type WatchView,
} from '@crawlwise/shared/watches';
import { sql } from 'drizzle-orm';
import { type Database, type Db, inTransaction, queryRows } from '../db/database.ts';
import { reports, urls } from '../db/schema.ts';
import { reportsOf } from '../db/tables/reports.ts';
import { completedSiteCheckOf } from '../db/tables/site-checks.ts';
import {
  countWatches,
  deleteWatch,
  deleteWatchOf,
  insertWatch,
  listWatchRows,
  watchByStopTokenHash,
} from '../db/tables/watches.ts';
import { ApiError } from '../errors.ts';
import { isWellFormedAccessToken } from '../services/access-token.ts';
import { asOwner, type WorkspaceOwner, workspaceLockKey } from '../services/workspace.ts';
import { firstSlot } from './schedule.ts';
import { hashStopToken, isWellFormedStopToken } from './stop-token.ts';

/**
 * The owner's side of monitoring: create, list and remove watches, and the mail's stop link.
 * Watches belong to a workspace (docs/teams.md): the account's Personal one or a team's.
 */

export interface NewWatch {
  userId: string;
  /** The team whose workspace it is made in (docs/teams.md); null or absent: Personal. */
  teamId?: string | null;
  /** A valid http(s) address (the route validates it like a report submission). */
  url: string;
  /** A page (default), or a whole site: `url` is then the site's root address. */
  kind?: WatchKind;
  frequency: NonNullable<WatchInput['frequency']>;
  threshold: number;
  reportToken?: string | undefined;
  /**
   * A site watch's first baseline: a completed site check of the caller of the same site (for a
   * crawl watch, a crawl).
   */
  siteCheckId?: string | undefined;
  /** A crawl watch's settings; without them, those of the `siteCheckId` crawl, else defaults. */
  crawl?: CrawlOptions | undefined;
}

/** Namespace of the advisory lock that serialises one account's watch creations (the limit). */
const WATCH_LOCK_NAMESPACE = 7_215_003;

export class WatchService {
  constructor(private readonly database: Database) {}

  private get db(): Db {
    return this.database.db;
  }

  async create(input: NewWatch, now = new Date()): Promise<WatchView> {
    const kind = input.kind ?? 'page';
    const url = normalizeUrlForStorage(input.url);
    const owner = { userId: input.userId, teamId: input.teamId ?? null };
    const id = await inTransaction(this.db, async (db) => {
      // Two creations at once must not both pass the count below.
      await db.execute(
        sql`select pg_advisory_xact_lock(${WATCH_LOCK_NAMESPACE}, hashtext(${workspaceLockKey(owner)}))`,
      );
      const counts = await countWatches(db, owner, url, kind);
      if (counts.same > 0) throw new ApiError('watch_exists');
      if (counts.total >= MAX_WATCHES_PER_ACCOUNT) throw new ApiError('watch_limit_reached');
      const baseline = kind === 'page' ? await this.baselineReport(db, input, url) : null;
      const siteBaseline =
        kind === 'page' ? null : await this.baselineSiteCheck(db, input, url, kind);
      const crawl =
        kind === 'crawl' ? (input.crawl ?? siteBaseline?.crawl ?? defaultCrawl()) : null;
      return insertWatch(db, {
        owner,
        url,
        kind,
        frequency: input.frequency,
        thresholdPoints: input.threshold,
        nextRunAt: firstSlot(input.frequency, now),
        lastReportId: baseline,
        lastSiteCheckId: siteBaseline?.id ?? null,
        crawl,
      });
    });
    const [view] = await this.list(owner, id);
    return view!;
  }

  /**
   * The report a new watch starts from: the one it was made from, if the caller owns it, it is
   * finished and of the same address. Otherwise the first run becomes the baseline.
   */
  private async baselineReport(db: Db, input: NewWatch, url: string): Promise<string | null> {
    if (!input.reportToken || !isWellFormedAccessToken(input.reportToken)) return null;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`select ${reports.id} as id from ${reports} join ${urls} on ${urls.id} = ${reports.urlId}
          where ${reports.accessToken} = ${input.reportToken}
            and ${reportsOf({ userId: input.userId, teamId: input.teamId ?? null })}
            and ${reports.status} = 'completed' and ${reports.deletedAt} is null
            and ${urls.normalizedUrl} = ${url}`,
    );
    return row?.id ?? null;
  }

  /**
   * A site watch's first baseline: the caller's completed site check of the same site; a crawl
   * watch's: the caller's completed crawl of the site, with its settings.
   */
  private async baselineSiteCheck(
    db: Db,
    input: NewWatch,
    url: string,
    kind: WatchKind,
  ): Promise<{ id: string; crawl: CrawlOptions | null } | null> {
    if (!input.siteCheckId || !isUuid(input.siteCheckId)) return null;
    const row = await completedSiteCheckOf(
      db,
      { userId: input.userId, teamId: input.teamId ?? null },
      input.siteCheckId,
      url,
      kind === 'crawl',
    );
    if (!row) return null;
    return { id: row.id, crawl: row.crawl ? crawlOptionsOf(row.crawl) : null };
  }

  /**
   * The owner's watches, oldest first, with the latest judged score: a page watch's last report,
   * a site watch's last site check (the average of its analysed pages, as the site report shows).
   */
  async list(ownerOrAccount: string | WorkspaceOwner, onlyId?: string): Promise<WatchView[]> {
    const owner = asOwner(ownerOrAccount);
    const rows = await listWatchRows(this.db, owner, onlyId);
    return rows.map((row) => ({
      id: row.id,
      url: row.url,
      kind: row.kind,
      frequency: row.frequency,
      threshold: row.thresholdPoints,
      next_run_at: row.nextRunAt.toISOString(),
      last_score: row.lastScore,
      last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    }));
  }

  /** Removes the workspace's watch; returns its address (the team's trail names it). */
  async remove(ownerOrAccount: string | WorkspaceOwner, id: string): Promise<string> {
    const owner = asOwner(ownerOrAccount);
    if (!isUuid(id)) throw new ApiError('watch_not_found');
    const url = await deleteWatchOf(this.db, owner, id);
    if (url === null) throw new ApiError('watch_not_found');
    return url;
  }

  /** The page a stop link names, without changing anything (the GET confirmation). */
  async findByStopToken(
    token: string,
  ): Promise<{ watchId: string; url: string; kind: WatchKind } | null> {
    if (!isWellFormedStopToken(token)) return null;
    return watchByStopTokenHash(this.db, hashStopToken(token));
  }

  /** The one-click stop: removes the watch whose mail carried the token. */
  async stopByToken(token: string): Promise<{ url: string; kind: WatchKind } | null> {
    const found = await this.findByStopToken(token);
    if (!found) return null;
    await deleteWatch(this.db, found.watchId);
    return { url: found.url, kind: found.kind };
  }
}

/** The crawl defaults, as the crawl's schema gives them. */
function defaultCrawl(): CrawlOptions {
  return crawlOptionsSchema.parse({});
}

/** A crawl's stored settings back in the API's shape (crawlSettingsOf's inverse). */
function crawlOptionsOf(settings: CrawlSettings): CrawlOptions | null {
  const parsed = crawlOptionsSchema.safeParse({
    maxPages: settings.maxPages,
    maxDepth: settings.maxDepth,
    followNofollow: settings.followNofollow,
    includeSubdomains: settings.rules?.includeSubdomains,
    include: settings.rules?.include,
    exclude: settings.rules?.exclude,
  });
  return parsed.success ? parsed.data : null;
}
