import type { SiteCheck, SkippedAddresses } from '@crawlwise/shared/api/site-checks';
import type { CrawlSettings, SiteCheckSource, SiteCheckStatus } from '@crawlwise/shared/site-check';
import { type SQL, sql } from 'drizzle-orm';
import type { WorkspaceOwner } from '../../services/workspace.ts';
import { col, type Db, queryRows } from '../database.ts';
import { reports, siteChecks, siteExternalTargets } from '../schema.ts';
import { handOverToTeamOwner, workspaceCondition } from './workspace-rows.ts';

/**
 * The owner of the site_checks table outside the crawl pipeline (issue 24, docs/site-checks.md):
 * a check's creation, cancel, completion by the sweep, listing, reading (its stored JSON decoded
 * here), hand-over and purge, and the audit build's columns. The crawl's own statements
 * (job-queue.ts, crawl-frontier.ts, site-check-discovery.ts, site-check-settle.ts,
 * site-check-error-rate.ts, external-link-checks.ts, host-pace.ts) are still theirs.
 * Columns are named through the Drizzle schema.
 */

/** "Belongs to this workspace" for the site_checks table (Personal: the account's, outside teams). */
export function siteChecksOf(workspace: WorkspaceOwner): SQL {
  return workspaceCondition(workspace, siteChecks);
}

/** A jsonb column's value (a string on some drivers). */
const json = (value: unknown) =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? JSON.parse(value)
      : value;

/* ---------- Creation and cancel ---------- */

/** Whether the workspace has a check discovering or running (one at a time per workspace). */
export async function hasActiveSiteCheck(db: Db, workspace: WorkspaceOwner): Promise<boolean> {
  const [active] = await queryRows(
    db,
    sql`select ${siteChecks.id} as id from ${siteChecks} where ${siteChecksOf(workspace)}
        and ${siteChecks.status} in ('discovering', 'running') limit 1`,
  );
  return active !== undefined;
}

export interface NewSiteCheckRow {
  owner: WorkspaceOwner;
  /** The site's origin as entered. */
  siteUrl: string;
  host: string;
  source: SiteCheckSource;
  status: Extract<SiteCheckStatus, 'discovering' | 'running'>;
  requesterKey: string;
  pageCount: number;
  skipped: SkippedAddresses | null;
  crawl: CrawlSettings | null;
  /** The check's own floor of its host's pace (a verified crawl); null: the server's. */
  pageIntervalMs: number | null;
}

/** Inserts a site check; returns its id. */
export async function insertSiteCheck(db: Db, check: NewSiteCheckRow): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into ${siteChecks} (${col(siteChecks.userId)}, ${col(siteChecks.teamId)},
          ${col(siteChecks.siteUrl)}, ${col(siteChecks.host)}, ${col(siteChecks.source)},
          ${col(siteChecks.status)}, ${col(siteChecks.requesterKey)}, ${col(siteChecks.pageCount)},
          ${col(siteChecks.skipped)}, ${col(siteChecks.crawl)}, ${col(siteChecks.pageIntervalMs)})
        values (${check.owner.userId}, ${check.owner.teamId}, ${check.siteUrl}, ${check.host},
          ${check.source}, ${check.status}, ${check.requesterKey}, ${check.pageCount},
          ${check.skipped ? JSON.stringify(check.skipped) : null}::jsonb,
          ${check.crawl ? JSON.stringify(check.crawl) : null}::jsonb,
          ${check.pageIntervalMs}::integer)
        returning ${col(siteChecks.id)} as id`,
  );
  if (!row) throw new Error('site check insert returned no row');
  return row.id;
}

/**
 * Marks the workspace's check `cancelled` if it is discovering or running (its lease dropped);
 * returns its requester key (the allowance to give pages back to), or null when it was not.
 */
export async function cancelActiveSiteCheck(
  tx: Db,
  workspace: WorkspaceOwner,
  id: string,
): Promise<{ requesterKey: string } | null> {
  const [cancelled] = await queryRows<{ requester_key: string }>(
    tx,
    sql`update ${siteChecks} set ${col(siteChecks.status)} = 'cancelled',
          ${col(siteChecks.completedAt)} = now(),
          ${col(siteChecks.leaseOwner)} = null, ${col(siteChecks.leaseExpiresAt)} = null
        where ${siteChecks.id} = ${id} and ${siteChecksOf(workspace)}
          and ${siteChecks.status} in ('discovering', 'running')
        returning ${siteChecks.requesterKey} as requester_key`,
  );
  return cancelled ? { requesterKey: cancelled.requester_key } : null;
}

/**
 * Completes every running check whose pages are done (the sweep may have failed the last): no
 * page queued or being analysed, and (a crawl checking external links) every target answered.
 * Returns how many.
 */
export async function completeFinishedSiteChecks(db: Db): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update ${siteChecks} set ${col(siteChecks.status)} = 'completed',
          ${col(siteChecks.completedAt)} = now()
        where ${siteChecks.status} = 'running'
          and not exists (select 1 from ${reports} where ${reports.siteCheckId} = ${siteChecks.id}
            and ${reports.status} in ('queued', 'analyzing') and ${reports.deletedAt} is null)
          and not exists (select 1 from ${siteExternalTargets}
            where ${siteExternalTargets.siteCheckId} = ${siteChecks.id}
              and ${siteExternalTargets.checkedAt} is null)
        returning ${siteChecks.id} as id`,
  );
  return rows.length;
}

/* ---------- Reading ---------- */

/**
 * A check's columns and where its pages are, counted in one pass over its pages. A page a
 * robots.txt blocked is a `failed` report with `blocked_by_robots` (it was refused, not tried);
 * one a cancel dropped has its own status.
 */
const SUMMARY_COLUMNS = sql`${siteChecks.id} as id, ${siteChecks.siteUrl} as site_url,
  ${siteChecks.source} as source, ${siteChecks.status} as status, ${siteChecks.skipped} as skipped,
  ${siteChecks.discovery} as discovery, ${siteChecks.errorCode} as error_code,
  ${siteChecks.errorMessage} as error_message, ${siteChecks.createdAt} as created_at,
  ${siteChecks.completedAt} as completed_at,
  c.total, c.queued, c.analyzing, c.completed, c.failed, c.blocked, c.cancelled`;

const PAGE_COUNTS = sql`left join lateral (select
    count(*)::int as total,
    count(*) filter (where r.status = 'queued')::int as queued,
    count(*) filter (where r.status = 'analyzing')::int as analyzing,
    count(*) filter (where r.status = 'completed')::int as completed,
    count(*) filter (where r.status = 'failed'
      and r.error_code is distinct from 'blocked_by_robots')::int as failed,
    count(*) filter (where r.status = 'failed' and r.error_code = 'blocked_by_robots')::int as blocked,
    count(*) filter (where r.status = 'cancelled')::int as cancelled
  from ${reports} r where r.site_check_id = ${siteChecks.id} and r.deleted_at is null) c on true`;

function summaryOf(row: Record<string, unknown>): SiteCheck {
  const date = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
  return {
    id: String(row.id),
    siteUrl: String(row.site_url),
    source: row.source as SiteCheckSource,
    status: row.status as SiteCheckStatus,
    counts: {
      total: Number(row.total),
      queued: Number(row.queued),
      analyzing: Number(row.analyzing),
      completed: Number(row.completed),
      failed: Number(row.failed),
      blocked: Number(row.blocked),
      cancelled: Number(row.cancelled),
    },
    skipped: json(row.skipped) as SkippedAddresses | null,
    discovery: json(row.discovery) as Record<string, unknown> | null,
    errorCode: (row.error_code as string | null) ?? null,
    errorMessage: (row.error_message as string | null) ?? null,
    createdAt: date(row.created_at)!,
    completedAt: date(row.completed_at),
  };
}

/** The workspace's check with its progress, or null (missing, or another workspace's). */
export async function readSiteCheck(
  db: Db,
  workspace: WorkspaceOwner,
  id: string,
): Promise<SiteCheck | null> {
  const [row] = await queryRows(
    db,
    sql`select ${SUMMARY_COLUMNS} from ${siteChecks} ${PAGE_COUNTS}
        where ${siteChecks.id} = ${id} and ${siteChecksOf(workspace)}`,
  );
  return row ? summaryOf(row) : null;
}

/** The workspace's checks with their progress, newest first. */
export async function listSiteChecksOf(
  db: Db,
  workspace: WorkspaceOwner,
  limit: number,
): Promise<SiteCheck[]> {
  const rows = await queryRows(
    db,
    sql`select ${SUMMARY_COLUMNS} from ${siteChecks} ${PAGE_COUNTS}
        where ${siteChecksOf(workspace)}
        order by ${siteChecks.createdAt} desc, ${siteChecks.id} desc limit ${limit}`,
  );
  return rows.map(summaryOf);
}

/**
 * The workspace's completed check `id` of the site `siteUrl` (a crawl when `crawlOnly`), with
 * its crawl settings: a site or crawl watch's first baseline. Null when it is not one.
 */
export async function completedSiteCheckOf(
  db: Db,
  workspace: WorkspaceOwner,
  id: string,
  siteUrl: string,
  crawlOnly: boolean,
): Promise<{ id: string; crawl: CrawlSettings | null } | null> {
  const [row] = await queryRows<{ id: string; crawl: unknown }>(
    db,
    sql`select ${siteChecks.id} as id, ${siteChecks.crawl} as crawl from ${siteChecks}
        where ${siteChecks.id} = ${id} and ${siteChecksOf(workspace)}
          and ${siteChecks.status} = 'completed' and ${siteChecks.siteUrl} = ${siteUrl}
          ${crawlOnly ? sql`and ${siteChecks.source} = 'crawl'` : sql``}`,
  );
  return row ? { id: row.id, crawl: json(row.crawl) as CrawlSettings | null } : null;
}

/**
 * The workspace's completed check of the same site and source made before `check`: the one its
 * audit compares with. Null when there is none.
 */
export async function previousCompletedSiteCheck(
  db: Db,
  workspace: WorkspaceOwner,
  check: Pick<SiteCheck, 'id' | 'siteUrl' | 'source' | 'createdAt'>,
): Promise<{ id: string; createdAt: string; auditScore: number | null } | null> {
  const [row] = await queryRows(
    db,
    sql`select ${siteChecks.id} as id, ${siteChecks.createdAt} as created_at,
          ${siteChecks.auditScore} as audit_score
        from ${siteChecks}
        where ${siteChecksOf(workspace)} and ${siteChecks.siteUrl} = ${check.siteUrl}
          and ${siteChecks.source} = ${check.source} and ${siteChecks.status} = 'completed'
          and ${siteChecks.id} <> ${check.id}
          and ${siteChecks.createdAt} < ${check.createdAt}::timestamptz
        order by ${siteChecks.createdAt} desc, ${siteChecks.id} desc limit 1`,
  );
  if (!row) return null;
  return {
    id: String(row.id),
    createdAt: new Date(row.created_at as string).toISOString(),
    auditScore: row.audit_score === null ? null : Number(row.audit_score),
  };
}

/** A crawl's settings and whether its sitemap was read (null settings: not a crawl). */
export async function siteCheckCrawl(
  db: Db,
  id: string,
): Promise<{ settings: CrawlSettings | null; sitemapRead: boolean | undefined }> {
  const [row] = await queryRows(
    db,
    sql`select ${siteChecks.crawl} as crawl, ${siteChecks.discovery} as discovery
        from ${siteChecks} where ${siteChecks.id} = ${id}`,
  );
  const discovery = json(row?.discovery) as { sitemapRead?: boolean } | null;
  return {
    settings: json(row?.crawl) as CrawlSettings | null,
    sitemapRead: discovery?.sitemapRead,
  };
}

/* ---------- The audit snapshot's columns ---------- */

/** The site score and its base at the last audit build, of each check asked for. */
export async function auditScores(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { score: number | null; base: number | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows(
    db,
    sql`select ${siteChecks.id} as id, ${siteChecks.auditScore} as audit_score,
          ${siteChecks.auditBase} as audit_base
        from ${siteChecks} where ${siteChecks.id} in ${ids}`,
  );
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return new Map(
    rows.map((row) => [
      String(row.id),
      { score: number(row.audit_score), base: number(row.audit_base) },
    ]),
  );
}

/** When the check's audit snapshot was last built (ISO), or null. */
export async function auditBuiltAt(db: Db, id: string): Promise<string | null> {
  const [row] = await queryRows(
    db,
    sql`select ${siteChecks.auditBuiltAt} as audit_built_at from ${siteChecks}
        where ${siteChecks.id} = ${id}`,
  );
  return row?.audit_built_at ? new Date(row.audit_built_at as string).toISOString() : null;
}

/* ---------- Hand-over and purge ---------- */

/** A member deleting their account: their checks made in a team pass to the team's owner. */
export function handOverTeamSiteChecks(tx: Db, userId: string): Promise<void> {
  return handOverToTeamOwner(tx, siteChecks, userId);
}

/**
 * Deletes up to `batch` checks made more than `olderThanSeconds` before `now`, with any page
 * left (rows another purge holds are skipped). Returns how many went.
 */
export async function purgeSiteChecksBefore(
  db: Db,
  now: Date,
  olderThanSeconds: number,
  batch: number,
): Promise<number> {
  const deleted = await queryRows(
    db,
    sql`delete from ${siteChecks} where ${siteChecks.id} in (
          select ${siteChecks.id} from ${siteChecks}
          where ${siteChecks.createdAt}
            < ${now.toISOString()}::timestamptz - make_interval(secs => ${olderThanSeconds})
          limit ${batch}
          for update skip locked)
        returning ${siteChecks.id} as id`,
  );
  return deleted.length;
}
