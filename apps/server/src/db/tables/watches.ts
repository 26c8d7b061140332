import { type CrawlOptions, crawlOptionsSchema } from '@crawlwise/shared/api/site-checks';
import type { WatchFrequency, WatchKind } from '@crawlwise/shared/watches';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WorkspaceOwner } from '../../services/workspace.ts';
import { col, type Db, queryRows } from '../database.ts';
import { reports, siteChecks, users, watches, watchRuns } from '../schema.ts';
import { handOverToTeamOwner, workspaceCondition } from './workspace-rows.ts';

/**
 * The owner of the watches and watch_runs tables (issue 24, docs/monitoring.md): every insert,
 * claim, status change and delete of a watch or a run, and the decoding of a watch's stored
 * crawl settings, happen here; the services (monitoring/watch-service.ts, watch-monitor.ts)
 * decide what to do and call these. Columns are named through the Drizzle schema.
 */

/** "Belongs to this workspace" for the watches table (Personal: the account's, outside teams). */
export function watchesOf(workspace: WorkspaceOwner): SQL {
  return workspaceCondition(workspace, watches);
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/* ---------- The owner's side: create, list, remove, the stop link ---------- */

/** How many watches the workspace has, and how many of them watch `url` as `kind`. */
export async function countWatches(
  db: Db,
  workspace: WorkspaceOwner,
  url: string,
  kind: WatchKind,
): Promise<{ total: number; same: number }> {
  const [counts] = await queryRows<{ total: number; same: number }>(
    db,
    sql`select count(*)::int as total,
          count(*) filter (where ${watches.url} = ${url} and ${watches.kind} = ${kind})::int as same
        from ${watches} where ${watchesOf(workspace)}`,
  );
  return { total: Number(counts?.total ?? 0), same: Number(counts?.same ?? 0) };
}

export interface NewWatchRow {
  owner: WorkspaceOwner;
  /** Normalised (normalizeUrlForStorage). */
  url: string;
  kind: WatchKind;
  frequency: WatchFrequency;
  thresholdPoints: number;
  nextRunAt: Date;
  lastReportId: string | null;
  lastSiteCheckId: string | null;
  /** A crawl watch's settings; null otherwise. */
  crawl: CrawlOptions | null;
}

/** Inserts a watch; returns its id. */
export async function insertWatch(db: Db, watch: NewWatchRow): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into ${watches} (${col(watches.userId)}, ${col(watches.teamId)}, ${col(watches.url)},
          ${col(watches.kind)}, ${col(watches.frequency)}, ${col(watches.thresholdPoints)},
          ${col(watches.nextRunAt)}, ${col(watches.lastReportId)}, ${col(watches.lastSiteCheckId)},
          ${col(watches.crawl)})
        values (${watch.owner.userId}, ${watch.owner.teamId}, ${watch.url}, ${watch.kind},
          ${watch.frequency}, ${watch.thresholdPoints}, ${at(watch.nextRunAt)},
          ${watch.lastReportId}, ${watch.lastSiteCheckId},
          ${watch.crawl ? JSON.stringify(watch.crawl) : null}::jsonb)
        returning ${col(watches.id)} as id`,
  );
  if (!row) throw new Error('watch insert returned no row');
  return row.id;
}

/** A watch as its owner's list shows it, with the latest judged score. */
export interface WatchListRow {
  id: string;
  url: string;
  kind: WatchKind;
  frequency: WatchFrequency;
  thresholdPoints: number;
  nextRunAt: Date;
  createdAt: Date;
  lastScore: number | null;
  lastCheckedAt: Date | null;
}

/**
 * The site check's pages, aliased apart from the page watch's own report (in raw SQL an alias
 * renders as its bare name: `from ${reports} ${pages}`).
 */
const pages = alias(reports, 'pages');

/**
 * The workspace's watches, oldest first (or the one `onlyId`), with the latest judged score: a
 * page watch's last report, a crawl watch's site score, a site watch's last site check (the
 * average of its analysed pages, as the site report shows).
 */
export async function listWatchRows(
  db: Db,
  workspace: WorkspaceOwner,
  onlyId?: string,
): Promise<WatchListRow[]> {
  const rows = await queryRows<{
    id: string;
    url: string;
    kind: WatchKind;
    frequency: WatchFrequency;
    threshold_points: number;
    next_run_at: Date | string;
    created_at: Date | string;
    last_score: number | null;
    last_checked_at: Date | string | null;
  }>(
    db,
    sql`select ${watches.id} as id, ${watches.url} as url, ${watches.kind} as kind,
          ${watches.frequency} as frequency, ${watches.thresholdPoints} as threshold_points,
          ${watches.nextRunAt} as next_run_at, ${watches.createdAt} as created_at,
          coalesce(${reports.score},
            case when ${watches.kind} = 'crawl' then ${siteChecks.auditScore} end,
            (select round(avg(${pages.score}))::int from ${reports} ${pages}
            where ${pages.siteCheckId} = ${siteChecks.id} and ${pages.status} = 'completed'
              and ${pages.deletedAt} is null)) as last_score,
          coalesce(${reports.completedAt}, ${siteChecks.completedAt}) as last_checked_at
        from ${watches} left join ${reports} on ${reports.id} = ${watches.lastReportId}
          and ${reports.deletedAt} is null
        left join ${siteChecks} on ${siteChecks.id} = ${watches.lastSiteCheckId}
        where ${watchesOf(workspace)}
          ${onlyId ? sql`and ${watches.id} = ${onlyId}` : sql``}
        order by ${watches.createdAt}, ${watches.id}`,
  );
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    kind: row.kind,
    frequency: row.frequency,
    thresholdPoints: row.threshold_points,
    nextRunAt: new Date(row.next_run_at),
    createdAt: new Date(row.created_at),
    lastScore: row.last_score,
    lastCheckedAt: row.last_checked_at === null ? null : new Date(row.last_checked_at),
  }));
}

/** Deletes the workspace's watch; returns its address, or null (missing, another workspace's). */
export async function deleteWatchOf(
  db: Db,
  workspace: WorkspaceOwner,
  id: string,
): Promise<string | null> {
  const [deleted] = await queryRows<{ url: string }>(
    db,
    sql`delete from ${watches} where ${watches.id} = ${id} and ${watchesOf(workspace)}
        returning ${watches.url} as url`,
  );
  return deleted?.url ?? null;
}

/** Deletes a watch whoever owns it (the mail's one-click stop). */
export async function deleteWatch(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from ${watches} where ${watches.id} = ${id}`);
}

/** The watch whose run's mail carried the stop token of this hash. */
export async function watchByStopTokenHash(
  db: Db,
  hash: string,
): Promise<{ watchId: string; url: string; kind: WatchKind } | null> {
  const [row] = await queryRows<{ id: string; url: string; kind: WatchKind }>(
    db,
    sql`select ${watches.id} as id, ${watches.url} as url, ${watches.kind} as kind
        from ${watchRuns} join ${watches} on ${watches.id} = ${watchRuns.watchId}
        where ${watchRuns.stopTokenHash} = ${hash}`,
  );
  return row ? { watchId: row.id, url: row.url, kind: row.kind } : null;
}

/**
 * A member's watches made in a team pass to the team's owner (or another member), so the team
 * keeps them and their runs and mails go on (docs/teams.md): every team's on deleting the
 * account, one team's (`teamId`) on leaving it or being removed — a watch run is made for its
 * maker, which must be a member, and its mail must not reach someone outside the team.
 */
export function handOverTeamWatches(tx: Db, userId: string, teamId?: string): Promise<void> {
  return handOverToTeamOwner(tx, watches, userId, teamId);
}

/* ---------- The worker's side: start runs ---------- */

export interface DueWatch {
  id: string;
  kind: WatchKind;
  frequency: WatchFrequency;
  /** The slot read: the watch's `next_run_at` when it was found due. */
  slot: Date;
}

/** Watches due at `now`, the most overdue first. */
export async function dueWatches(db: Db, now: Date, limit: number): Promise<DueWatch[]> {
  const rows = await queryRows<{
    id: string;
    kind: WatchKind;
    frequency: WatchFrequency;
    next_run_at: Date | string;
  }>(
    db,
    sql`select ${watches.id} as id, ${watches.kind} as kind, ${watches.frequency} as frequency,
          ${watches.nextRunAt} as next_run_at
        from ${watches} where ${watches.nextRunAt} <= ${at(now)}
        order by ${watches.nextRunAt} limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    frequency: row.frequency,
    slot: new Date(row.next_run_at),
  }));
}

/** What a run is made for: the owner, the address and the baselines. */
export interface WatchTarget {
  userId: string;
  teamId: string | null;
  url: string;
  lastReportId: string | null;
  lastSiteCheckId: string | null;
  /** Stored crawl settings, read again by the crawl's schema (defaults if unreadable); null: none. */
  crawl: CrawlOptions | null;
}

const TARGET_COLUMNS = sql`${watches.userId} as user_id, ${watches.teamId} as team_id,
  ${watches.url} as url, ${watches.lastReportId} as last_report_id,
  ${watches.lastSiteCheckId} as last_site_check_id, ${watches.crawl} as crawl`;

interface TargetRow {
  user_id: string;
  team_id: string | null;
  url: string;
  last_report_id: string | null;
  last_site_check_id: string | null;
  crawl: unknown;
}

function targetOf(row: TargetRow): WatchTarget {
  return {
    userId: row.user_id,
    teamId: row.team_id,
    url: row.url,
    lastReportId: row.last_report_id,
    lastSiteCheckId: row.last_site_check_id,
    crawl: row.crawl === null ? null : storedCrawlOptions(row.crawl),
  };
}

/**
 * A watch's stored crawl settings in the API's shape: read again by the crawl's schema, so a row
 * written by an older version (or none) reads as the defaults.
 */
export function storedCrawlOptions(stored: unknown): CrawlOptions {
  const value = typeof stored === 'string' ? JSON.parse(stored) : stored;
  const parsed = crawlOptionsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : crawlOptionsSchema.parse({});
}

/** The watch a run is about to be made for (null: deleted meanwhile). */
export async function watchTarget(db: Db, id: string): Promise<WatchTarget | null> {
  const [row] = await queryRows<TargetRow>(
    db,
    sql`select ${TARGET_COLUMNS} from ${watches} where ${watches.id} = ${id}`,
  );
  return row ? targetOf(row) : null;
}

/**
 * Claims a slot: moves the schedule from the slot read to `next`, if no other worker did.
 * Returns the watch as it was claimed for the one that did, null for every other.
 */
export async function claimWatchSlot(
  db: Db,
  watch: DueWatch,
  next: Date,
): Promise<WatchTarget | null> {
  const [claimed] = await queryRows<TargetRow>(
    db,
    sql`update ${watches} set ${col(watches.nextRunAt)} = ${at(next)}
        where ${watches.id} = ${watch.id} and ${watches.nextRunAt} = ${at(watch.slot)}
        returning ${TARGET_COLUMNS}`,
  );
  return claimed ? targetOf(claimed) : null;
}

/** A run: a page watch's report, or a site or crawl watch's site check, with its baseline. */
export type NewWatchRun = { watchId: string; slot: Date } & (
  | { reportId: string; previousReportId: string | null }
  | { siteCheckId: string; previousSiteCheckId: string | null }
);

export async function insertWatchRun(tx: Db, run: NewWatchRun): Promise<void> {
  if ('reportId' in run) {
    await tx.execute(
      sql`insert into ${watchRuns} (${col(watchRuns.watchId)}, ${col(watchRuns.slot)},
            ${col(watchRuns.reportId)}, ${col(watchRuns.previousReportId)})
          values (${run.watchId}, ${at(run.slot)}, ${run.reportId}, ${run.previousReportId})`,
    );
    return;
  }
  await tx.execute(
    sql`insert into ${watchRuns} (${col(watchRuns.watchId)}, ${col(watchRuns.slot)},
          ${col(watchRuns.siteCheckId)}, ${col(watchRuns.previousSiteCheckId)})
        values (${run.watchId}, ${at(run.slot)}, ${run.siteCheckId}, ${run.previousSiteCheckId})`,
  );
}

/* ---------- The worker's side: judge finished runs ---------- */

/**
 * Runs nobody judged yet whose report or site check has ended, oldest first. A crawl is judged
 * from its audit snapshot, built by the worker after its end.
 */
export async function finishedUnjudgedRuns(
  db: Db,
  limit: number,
): Promise<{ id: string; siteCheckId: string | null }[]> {
  const rows = await queryRows<{ id: string; site_check_id: string | null }>(
    db,
    sql`select ${watchRuns.id} as id, ${watchRuns.siteCheckId} as site_check_id from ${watchRuns}
        left join ${reports} on ${reports.id} = ${watchRuns.reportId}
        left join ${siteChecks} on ${siteChecks.id} = ${watchRuns.siteCheckId}
        where ${watchRuns.evaluatedAt} is null
          and (${reports.status} in ('completed', 'failed')
            or ${siteChecks.status} in ('failed', 'cancelled')
            or (${siteChecks.status} = 'completed'
              and (${siteChecks.source} <> 'crawl'
                or ${siteChecks.auditBuiltAt} >= ${siteChecks.completedAt})))
        order by ${watchRuns.createdAt} limit ${limit}`,
  );
  return rows.map((row) => ({ id: row.id, siteCheckId: row.site_check_id }));
}

/** A site or crawl watch's run, claimed for judging. */
export interface SiteRunToJudge {
  watchId: string;
  kind: WatchKind;
  thresholdPoints: number;
  url: string;
  email: string;
  currentId: string;
  currentStatus: string;
  previousId: string | null;
}

/**
 * Claims a site watch's finished run for judging (sets `evaluated_at` where it is null): the
 * run for the one worker that set it, null for any other.
 */
export async function claimSiteRunJudgement(db: Db, runId: string): Promise<SiteRunToJudge | null> {
  const [run] = await queryRows<{
    watch_id: string;
    kind: WatchKind;
    threshold_points: number;
    url: string;
    email: string;
    cur_id: string;
    cur_status: string;
    prev_id: string | null;
  }>(
    db,
    sql`update ${watchRuns} set ${col(watchRuns.evaluatedAt)} = now()
        from ${watches}, ${siteChecks}
        where ${watchRuns.id} = ${runId} and ${watchRuns.evaluatedAt} is null
          and ${watches.id} = ${watchRuns.watchId} and ${siteChecks.id} = ${watchRuns.siteCheckId}
        returning ${watchRuns.watchId} as watch_id, ${watches.kind} as kind,
          ${watches.thresholdPoints} as threshold_points, ${watches.url} as url,
          (select ${users.email} from ${users} where ${users.id} = ${watches.userId}) as email,
          ${siteChecks.id} as cur_id, ${siteChecks.status} as cur_status,
          ${watchRuns.previousSiteCheckId} as prev_id`,
  );
  if (!run) return null;
  return {
    watchId: run.watch_id,
    kind: run.kind,
    thresholdPoints: run.threshold_points,
    url: run.url,
    email: run.email,
    currentId: run.cur_id,
    currentStatus: run.cur_status,
    previousId: run.prev_id,
  };
}

/** A page watch's run, claimed for judging, with its report's stored columns (findings raw). */
export interface PageRunToJudge {
  watchId: string;
  thresholdPoints: number;
  url: string;
  email: string;
  currentId: string;
  currentStatus: string;
  currentScore: number | null;
  currentScoreModel: number | null;
  /** The report's stored findings, for decodeStoredFindings. */
  currentIssues: unknown;
  currentAccessToken: string;
  currentDeleted: boolean;
  previousReportId: string | null;
}

/** claimSiteRunJudgement for a page watch's run. */
export async function claimPageRunJudgement(db: Db, runId: string): Promise<PageRunToJudge | null> {
  const [run] = await queryRows<{
    watch_id: string;
    threshold_points: number;
    url: string;
    email: string;
    cur_id: string;
    cur_status: string;
    cur_score: number | null;
    cur_model: number | null;
    cur_issues: unknown;
    cur_token: string;
    cur_deleted: Date | string | null;
    prev_id: string | null;
  }>(
    db,
    sql`update ${watchRuns} set ${col(watchRuns.evaluatedAt)} = now()
        from ${watches}, ${reports}
        where ${watchRuns.id} = ${runId} and ${watchRuns.evaluatedAt} is null
          and ${watches.id} = ${watchRuns.watchId} and ${reports.id} = ${watchRuns.reportId}
        returning ${watchRuns.watchId} as watch_id, ${watches.thresholdPoints} as threshold_points,
          ${watches.url} as url,
          (select ${users.email} from ${users} where ${users.id} = ${watches.userId}) as email,
          ${reports.id} as cur_id, ${reports.status} as cur_status, ${reports.score} as cur_score,
          ${reports.scoreModel} as cur_model, ${reports.issues} as cur_issues,
          ${reports.accessToken} as cur_token, ${reports.deletedAt} as cur_deleted,
          ${watchRuns.previousReportId} as prev_id`,
  );
  if (!run) return null;
  return {
    watchId: run.watch_id,
    thresholdPoints: run.threshold_points,
    url: run.url,
    email: run.email,
    currentId: run.cur_id,
    currentStatus: run.cur_status,
    currentScore: run.cur_score,
    currentScoreModel: run.cur_model,
    currentIssues: run.cur_issues,
    currentAccessToken: run.cur_token,
    currentDeleted: run.cur_deleted !== null,
    previousReportId: run.prev_id,
  };
}

/** The watch's new baseline: the report or site check its latest run judged. */
export async function setWatchBaseline(
  db: Db,
  watchId: string,
  baseline: { reportId: string } | { siteCheckId: string },
): Promise<void> {
  const assignment =
    'reportId' in baseline
      ? sql`${col(watches.lastReportId)} = ${baseline.reportId}`
      : sql`${col(watches.lastSiteCheckId)} = ${baseline.siteCheckId}`;
  await db.execute(sql`update ${watches} set ${assignment} where ${watches.id} = ${watchId}`);
}

/**
 * Marks the run notified with its stop token's hash, once: true for the one caller whose update
 * set `notified_at` (it mails), false for any other.
 */
export async function markRunNotified(
  db: Db,
  runId: string,
  stopTokenHash: string,
): Promise<boolean> {
  const marked = await queryRows(
    db,
    sql`update ${watchRuns} set ${col(watchRuns.stopTokenHash)} = ${stopTokenHash},
          ${col(watchRuns.notifiedAt)} = now()
        where ${watchRuns.id} = ${runId} and ${watchRuns.notifiedAt} is null
        returning ${watchRuns.id} as id`,
  );
  return marked.length > 0;
}
