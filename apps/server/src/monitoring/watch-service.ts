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
import { ApiError } from '../errors.ts';
import { isWellFormedAccessToken } from '../services/access-token.ts';
import {
  asOwner,
  inWorkspace,
  type WorkspaceOwner,
  workspaceLockKey,
} from '../services/workspace.ts';
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
      const [counts] = await queryRows<{ total: number; same: number }>(
        db,
        sql`select count(*)::int as total,
              count(*) filter (where url = ${url} and kind = ${kind})::int as same
            from watches where ${inWorkspace(owner)}`,
      );
      if ((counts?.same ?? 0) > 0) throw new ApiError('watch_exists');
      if ((counts?.total ?? 0) >= MAX_WATCHES_PER_ACCOUNT)
        throw new ApiError('watch_limit_reached');
      const baseline = kind === 'page' ? await this.baselineReport(db, input, url) : null;
      const siteBaseline =
        kind === 'page' ? null : await this.baselineSiteCheck(db, input, url, kind);
      const crawl =
        kind === 'crawl' ? (input.crawl ?? siteBaseline?.crawl ?? defaultCrawl()) : null;
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into watches (user_id, team_id, url, kind, frequency, threshold_points,
              next_run_at, last_report_id, last_site_check_id, crawl)
            values (${input.userId}, ${owner.teamId}, ${url}, ${kind}, ${input.frequency}, ${input.threshold},
                    ${firstSlot(input.frequency, now).toISOString()}::timestamptz, ${baseline},
                    ${siteBaseline?.id ?? null}, ${crawl ? JSON.stringify(crawl) : null}::jsonb)
            returning id`,
      );
      return row!.id;
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
      sql`select reports.id from reports join urls on urls.id = reports.url_id
          where reports.access_token = ${input.reportToken}
            and ${inWorkspace({ userId: input.userId, teamId: input.teamId ?? null }, 'reports.')}
            and reports.status = 'completed' and reports.deleted_at is null
            and urls.normalized_url = ${url}`,
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
    const [row] = await queryRows<{ id: string; crawl: CrawlSettings | null }>(
      db,
      sql`select id, crawl from site_checks where id = ${input.siteCheckId}
            and ${inWorkspace({ userId: input.userId, teamId: input.teamId ?? null })}
            and status = 'completed' and site_url = ${url}
            ${kind === 'crawl' ? sql`and source = 'crawl'` : sql``}`,
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
    const rows = await queryRows<{
      id: string;
      url: string;
      kind: WatchView['kind'];
      frequency: WatchView['frequency'];
      threshold_points: number;
      next_run_at: Date | string;
      created_at: Date | string;
      last_score: number | null;
      last_checked_at: Date | string | null;
    }>(
      this.db,
      sql`select watches.id, watches.url, watches.kind, watches.frequency,
            watches.threshold_points, watches.next_run_at, watches.created_at,
            coalesce(reports.score,
              case when watches.kind = 'crawl' then site_checks.audit_score end,
              (select round(avg(pages.score))::int from reports pages
              where pages.site_check_id = site_checks.id and pages.status = 'completed'
                and pages.deleted_at is null)) as last_score,
            coalesce(reports.completed_at, site_checks.completed_at) as last_checked_at
          from watches left join reports on reports.id = watches.last_report_id
            and reports.deleted_at is null
          left join site_checks on site_checks.id = watches.last_site_check_id
          where ${inWorkspace(owner, 'watches.')}
            ${onlyId ? sql`and watches.id = ${onlyId}` : sql``}
          order by watches.created_at, watches.id`,
    );
    return rows.map((row) => ({
      id: row.id,
      url: row.url,
      kind: row.kind,
      frequency: row.frequency,
      threshold: row.threshold_points,
      next_run_at: iso(row.next_run_at),
      last_score: row.last_score,
      last_checked_at: row.last_checked_at === null ? null : iso(row.last_checked_at),
      created_at: iso(row.created_at),
    }));
  }

  /** Removes the workspace's watch; returns its address (the team's trail names it). */
  async remove(ownerOrAccount: string | WorkspaceOwner, id: string): Promise<string> {
    const owner = asOwner(ownerOrAccount);
    if (!isUuid(id)) throw new ApiError('watch_not_found');
    const deleted = await queryRows<{ url: string }>(
      this.db,
      sql`delete from watches where id = ${id} and ${inWorkspace(owner)} returning url`,
    );
    if (!deleted[0]) throw new ApiError('watch_not_found');
    return deleted[0].url;
  }

  /** The page a stop link names, without changing anything (the GET confirmation). */
  async findByStopToken(
    token: string,
  ): Promise<{ watchId: string; url: string; kind: WatchKind } | null> {
    if (!isWellFormedStopToken(token)) return null;
    const [row] = await queryRows<{ id: string; url: string; kind: WatchKind }>(
      this.db,
      sql`select watches.id, watches.url, watches.kind from watch_runs
          join watches on watches.id = watch_runs.watch_id
          where watch_runs.stop_token_hash = ${hashStopToken(token)}`,
    );
    return row ? { watchId: row.id, url: row.url, kind: row.kind } : null;
  }

  /** The one-click stop: removes the watch whose mail carried the token. */
  async stopByToken(token: string): Promise<{ url: string; kind: WatchKind } | null> {
    const found = await this.findByStopToken(token);
    if (!found) return null;
    await this.db.execute(sql`delete from watches where id = ${found.watchId}`);
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

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}
