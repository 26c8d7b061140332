import type { SiteCheck, SkippedAddresses } from '@crawlwise/shared/api/site-checks';
import type { ErrorWindow } from '@crawlwise/shared/crawl-error-rate';
import type { CrawlSettings, SiteCheckSource, SiteCheckStatus } from '@crawlwise/shared/site-check';
import { type SQL, sql } from 'drizzle-orm';
import type { WorkspaceOwner } from '../../services/workspace.ts';
import { aliased, col, type Db, queryRows, queryRowsPrepared } from '../database.ts';
import { reports, siteChecks, siteExternalTargets } from '../schema.ts';
import { olderThan, purgeRows } from './purge.ts';
import { handOverToTeamOwner, workspaceCondition } from './workspace-rows.ts';

/**
 * The owner of the site_checks table (issue 24, docs/site-checks.md): a check's creation,
 * cancel, discovery (claim, lease, start, failure, release, sweep), completion (the page that
 * ends last, settleSiteCheck, and the sweep), listing, reading (its stored JSON decoded here),
 * the audit build's claim and columns, hand-over and purge. Still outside it: the crawl's pacing
 * of a check's pages — the queue's claim (services/job-queue.ts, `next_page_at`), the error-rate
 * counters (site-check-error-rate.ts) and the frontier's reads (crawl-frontier.ts). Columns are
 * named through the Drizzle schema.
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

/** The set clause of a check that ends now: its state and end, its lease dropped. */
const ended = (status: SiteCheckStatus) =>
  sql`${col(siteChecks.status)} = ${status}, ${col(siteChecks.completedAt)} = now(),
      ${col(siteChecks.leaseOwner)} = null, ${col(siteChecks.leaseExpiresAt)} = null`;

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
    sql`update ${siteChecks} set ${ended('cancelled')}
        where ${siteChecks.id} = ${id} and ${siteChecksOf(workspace)}
          and ${siteChecks.status} in ('discovering', 'running')
        returning ${siteChecks.requesterKey} as requester_key`,
  );
  return cancelled ? { requesterKey: cancelled.requester_key } : null;
}

/**
 * "Its pages are done": no page queued or being analysed, and (a crawl checking external links,
 * services/external-link-checks.ts) every target answered. The condition both completions share.
 */
const pagesDone = sql`not exists (select 1 from ${reports} where ${reports.siteCheckId} = ${siteChecks.id}
      and ${reports.status} in ('queued', 'analyzing') and ${reports.deletedAt} is null)
    and not exists (select 1 from ${siteExternalTargets}
      where ${siteExternalTargets.siteCheckId} = ${siteChecks.id}
        and ${siteExternalTargets.checkedAt} is null)`;

/**
 * Completes every running check whose pages are done (the sweep may have failed the last).
 * Returns how many.
 */
export async function completeFinishedSiteChecks(db: Db): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update ${siteChecks} set ${col(siteChecks.status)} = 'completed',
          ${col(siteChecks.completedAt)} = now()
        where ${siteChecks.status} = 'running' and ${pagesDone}
        returning ${siteChecks.id} as id`,
  );
  return rows.length;
}

/**
 * Completes one running check whose pages are done, inside the transaction that finished its
 * last page (issue 24: it once waited for something to call "settle", GET requests included).
 * Each page's ending transaction first locks its check's row (`lockCheckOfPage`), so two last
 * pages finishing at once cannot both see the other still pending.
 */
export async function settleSiteCheck(tx: Db, siteCheckId: string): Promise<void> {
  // Prepared (a page end runs it under its check's lock): planned once per connection.
  await queryRowsPrepared(tx, pageEndCheckUpdate(siteCheckId, null, null));
}

/**
 * The one write of a page's end to its check's row: the error-rate window (`window`, null when
 * the page does not count; services/site-check-error-rate.ts), and the settle of
 * `settleSiteCheck` — completed when its pages are
 * done, unless `settleUnless` holds (a crawl page about to queue new pages). Both in one
 * statement, so the settle costs no round trip of its own under the lock every other page end
 * of the check waits for. The settle reads the statement's snapshot: it sees the page's own
 * outcome (written by an earlier statement of the transaction), never a sibling CTE's writes.
 */
export function pageEndCheckUpdate(
  id: string,
  window: ErrorWindow | null,
  settleUnless: SQL | null,
): SQL {
  const settles = sql`${siteChecks.status} = 'running' and ${pagesDone}${
    settleUnless === null ? sql`` : sql` and not (${settleUnless})`
  }`;
  if (window === null) {
    return sql`update ${siteChecks} set ${col(siteChecks.status)} = 'completed',
          ${col(siteChecks.completedAt)} = now()
        where ${siteChecks.id} = ${id} and ${settles}`;
  }
  return sql`update ${siteChecks} set ${col(siteChecks.pagesTried)} = ${window.tried},
        ${col(siteChecks.recentFailures)} = ${window.recentFailures},
        ${col(siteChecks.status)} = case when ${settles} then 'completed' else ${siteChecks.status} end,
        ${col(siteChecks.completedAt)} =
          case when ${settles} then now() else ${siteChecks.completedAt} end
      where ${siteChecks.id} = ${id}`;
}

/** Locks a check's row (inside the caller's transaction), as a page's end does first. */
export async function lockSiteCheck(tx: Db, id: string): Promise<void> {
  await tx.execute(
    sql`select ${siteChecks.id} as id from ${siteChecks} where ${siteChecks.id} = ${id} for no key update`,
  );
}

/**
 * A site check as its page's end locked it: what that end's writes read (the error-rate window,
 * the frontier's owner and page count), taken with the lock rather than read again after it —
 * each statement inside the lock is a round trip every other page end of the check waits for.
 */
export interface LockedSiteCheck {
  id: string;
  status: SiteCheckStatus;
  userId: string;
  requesterKey: string;
  /** The pages queued so far (the crawl's page limit counts these). */
  pageCount: number;
  pagesTried: number;
  recentFailures: number;
}

/**
 * Locks the site check of a report row, if it is a site page, and returns it. `for no key
 * update`: page ends, claims and a cancel still wait for one another (each updates the row),
 * but inserts that only reference the check (a page's links, its new pages) do not wait.
 *
 * A site page's end also commits without waiting for the WAL to reach the disk
 * (`synchronous_commit` off for this transaction only, set in the same statement): every other
 * page end of the check waits for this lock, which a synchronous commit holds through a disk
 * flush (~5 ms of a page end's ~23 ms under the lock, measured at load 5). What a database crash
 * can lose is the last moments of page ends, whole, as if their workers had died before
 * committing: those pages are leased still and are analysed again when the lease runs out, so
 * each page is still accounted for once (docs/decisions.md › One owner per table).
 */
export async function lockCheckOfPage(tx: Db, reportId: string): Promise<LockedSiteCheck | null> {
  const [row] = await queryRowsPrepared<Record<string, unknown>>(
    tx,
    lockedCheckSelect(
      sql`(select ${reports.siteCheckId} from ${reports} where ${reports.id} = ${reportId})`,
    ),
  );
  return row ? lockedCheckOf(row) : null;
}

/**
 * The select that locks a check for its page's end and reads what LockedSiteCheck holds, as
 * lockCheckOfPage runs it and as a job's end runs it in its own writing statement (JobQueue's
 * endJob, a lateral join on the row it wrote): `checkId` is the check's id as SQL.
 */
export function lockedCheckSelect(checkId: SQL): SQL {
  return sql`select ${siteChecks.id} as check_id, ${siteChecks.status} as check_status,
      ${siteChecks.userId} as check_user_id, ${siteChecks.requesterKey} as check_requester_key,
      ${siteChecks.pageCount} as check_page_count, ${siteChecks.pagesTried} as check_pages_tried,
      ${siteChecks.recentFailures} as check_recent_failures,
      set_config('synchronous_commit', 'off', true) as check_commit_mode
    from ${siteChecks}
    where ${siteChecks.id} = ${checkId}
    for no key update of ${siteChecks}`;
}

/** The check a row of lockedCheckSelect locked; null when the row has none (not a site page). */
export function lockedCheckOf(row: Record<string, unknown>): LockedSiteCheck | null {
  if (row.check_id === null || row.check_id === undefined) return null;
  return {
    id: String(row.check_id),
    status: row.check_status as SiteCheckStatus,
    userId: String(row.check_user_id),
    requesterKey: String(row.check_requester_key),
    pageCount: Number(row.check_page_count),
    pagesTried: Number(row.check_pages_tried),
    recentFailures: Number(row.check_recent_failures),
  };
}

/* ---------- Discovery (services/site-check-discovery.ts) ---------- */

/** A discovering check a worker holds: what its discovery needs. */
export interface ClaimedDiscovery {
  id: string;
  siteUrl: string;
  ownerId: string;
  requesterKey: string;
  attempts: number;
  /** Set for a crawl: its settings (its start page is already queued). */
  crawl: CrawlSettings | null;
}

/**
 * Claims the oldest discovering check whose lease is free and which has attempts left (like a
 * report: lease, attempts, `FOR UPDATE SKIP LOCKED`); null when there is none.
 */
export async function claimDiscovery(
  db: Db,
  workerId: string,
  leaseSeconds: number,
  maxAttempts: number,
): Promise<ClaimedDiscovery | null> {
  const [row] = await queryRowsPrepared(
    db,
    sql`update ${siteChecks} set ${col(siteChecks.attempts)} = ${siteChecks.attempts} + 1,
          ${col(siteChecks.leaseOwner)} = ${workerId},
          ${col(siteChecks.leaseExpiresAt)} = now() + make_interval(secs => ${leaseSeconds})
        where ${siteChecks.id} = (
          select ${siteChecks.id} from ${siteChecks}
          where ${siteChecks.status} = 'discovering' and ${siteChecks.attempts} < ${maxAttempts}
            and (${siteChecks.leaseExpiresAt} is null or ${siteChecks.leaseExpiresAt} < now())
          order by ${siteChecks.createdAt} limit 1
          for update skip locked)
        returning ${siteChecks.id} as id, ${siteChecks.siteUrl} as site_url,
          ${siteChecks.userId} as user_id, ${siteChecks.requesterKey} as requester_key,
          ${siteChecks.attempts} as attempts, ${siteChecks.crawl} as crawl`,
  );
  if (!row) return null;
  return {
    id: String(row.id),
    siteUrl: String(row.site_url),
    ownerId: String(row.user_id),
    requesterKey: String(row.requester_key),
    attempts: Number(row.attempts),
    crawl: json(row.crawl) as CrawlSettings | null,
  };
}

/** "Still discovering, held by this worker". */
const heldBy = (id: string, workerId: string) =>
  sql`${siteChecks.id} = ${id} and ${siteChecks.leaseOwner} = ${workerId}
      and ${siteChecks.status} = 'discovering'`;

/** Extends the worker's lease of a discovering check. */
export async function extendDiscoveryLease(
  db: Db,
  id: string,
  workerId: string,
  leaseSeconds: number,
): Promise<void> {
  await db.execute(
    sql`update ${siteChecks}
        set ${col(siteChecks.leaseExpiresAt)} = now() + make_interval(secs => ${leaseSeconds})
        where ${heldBy(id, workerId)}`,
  );
}

/** Whether the check is still discovering (a cancel ends it). */
export async function isDiscovering(db: Db, id: string): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`select 1 as one from ${siteChecks}
        where ${siteChecks.id} = ${id} and ${siteChecks.status} = 'discovering'`,
  );
  return row !== undefined;
}

/**
 * Locks the check if the worker still holds its discovery (inside the caller's transaction):
 * false when a cancel or another worker came first, and the discovery must write nothing.
 */
export async function lockHeldDiscovery(tx: Db, id: string, workerId: string): Promise<boolean> {
  const [held] = await queryRows(
    tx,
    sql`select ${siteChecks.id} as id from ${siteChecks} where ${heldBy(id, workerId)} for update`,
  );
  return held !== undefined;
}

/**
 * A discovered check starts running: its pages are queued (a sitemap check's count and what it
 * skipped), its lease dropped, its first page due now.
 */
export async function startSiteCheckRun(
  tx: Db,
  id: string,
  run: { discovery: unknown; pageCount?: number; skipped?: SkippedAddresses },
): Promise<void> {
  await tx.execute(
    sql`update ${siteChecks} set ${col(siteChecks.status)} = 'running',
          ${run.pageCount === undefined ? sql`` : sql`${col(siteChecks.pageCount)} = ${run.pageCount}, `}
          ${run.skipped === undefined ? sql`` : sql`${col(siteChecks.skipped)} = ${JSON.stringify(run.skipped)}::jsonb, `}
          ${col(siteChecks.discovery)} = ${JSON.stringify(run.discovery)}::jsonb,
          ${col(siteChecks.leaseOwner)} = null, ${col(siteChecks.leaseExpiresAt)} = null,
          ${col(siteChecks.nextPageAt)} = now()
        where ${siteChecks.id} = ${id}`,
  );
}

/** Ends a check as failed with the error it shows (and what its discovery found, if any). */
export async function failSiteCheck(
  tx: Db,
  id: string,
  error: { code: string; message: string; discovery?: unknown },
): Promise<void> {
  const discovery = error.discovery ?? null;
  await tx.execute(
    sql`update ${siteChecks} set ${ended('failed')},
          ${col(siteChecks.errorCode)} = ${error.code},
          ${col(siteChecks.errorMessage)} = ${error.message},
          ${col(siteChecks.discovery)} = ${discovery === null ? null : JSON.stringify(discovery)}::jsonb
        where ${siteChecks.id} = ${id}`,
  );
}

/**
 * Gives a discovery back (its lease dropped); `uncount`: the attempt does not count (a worker
 * shutting down).
 */
export async function releaseDiscovery(
  db: Db,
  id: string,
  workerId: string,
  uncount: boolean,
): Promise<void> {
  await db.execute(
    sql`update ${siteChecks} set ${col(siteChecks.leaseOwner)} = null,
          ${col(siteChecks.leaseExpiresAt)} = null,
          ${col(siteChecks.attempts)} = case when ${uncount}
            then greatest(${siteChecks.attempts} - 1, 0) else ${siteChecks.attempts} end
        where ${heldBy(id, workerId)}`,
  );
}

/** Fails discoveries that stopped unexpectedly on every attempt; returns how many. */
export async function failStalledDiscoveries(
  db: Db,
  maxAttempts: number,
  message: string,
): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update ${siteChecks} set ${ended('failed')},
          ${col(siteChecks.errorCode)} = 'analysis_failed', ${col(siteChecks.errorMessage)} = ${message}
        where ${siteChecks.status} = 'discovering' and ${siteChecks.attempts} >= ${maxAttempts}
          and ${siteChecks.leaseExpiresAt} < now()
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

/** A page of the check (`reports r`) in its counts. */
const r = aliased('r');

const PAGE_COUNTS = sql`left join lateral (select
    count(*)::int as total,
    count(*) filter (where ${r(reports.status)} = 'queued')::int as queued,
    count(*) filter (where ${r(reports.status)} = 'analyzing')::int as analyzing,
    count(*) filter (where ${r(reports.status)} = 'completed')::int as completed,
    count(*) filter (where ${r(reports.status)} = 'failed'
      and ${r(reports.errorCode)} is distinct from 'blocked_by_robots')::int as failed,
    count(*) filter (where ${r(reports.status)} = 'failed'
      and ${r(reports.errorCode)} = 'blocked_by_robots')::int as blocked,
    count(*) filter (where ${r(reports.status)} = 'cancelled')::int as cancelled
  from ${reports} r
  where ${r(reports.siteCheckId)} = ${siteChecks.id} and ${r(reports.deletedAt)} is null) c on true`;

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

/**
 * Whether the check ended within the last `recentSeconds` and its final audit build (which
 * stores its report) has not run since: a worker is about to store the report.
 */
export async function finalAuditBuildPending(
  db: Db,
  id: string,
  recentSeconds: number,
): Promise<boolean> {
  const [row] = await queryRows<{ pending: boolean }>(
    db,
    sql`select (${siteChecks.status} in ('completed', 'cancelled', 'failed')
          and ${siteChecks.completedAt} > now() - make_interval(secs => ${recentSeconds})
          and (${siteChecks.auditBuiltAt} is null
            or ${siteChecks.auditBuiltAt} < ${siteChecks.completedAt})) as pending
        from ${siteChecks} where ${siteChecks.id} = ${id}`,
  );
  return row?.pending === true;
}

/**
 * The checks whose audit snapshot is due (services/site-audit-build.ts), oldest need first: an
 * ended check whose snapshot is older than its end, and a running one with pages finished since
 * its last build, built at most every `rebuildAfterSeconds` or `shareFactor` times its last
 * build's duration, whichever is longer.
 */
export async function dueAuditChecks(
  db: Db,
  limit: number,
  rebuildAfterSeconds: number,
  shareFactor: number,
): Promise<string[]> {
  const rows = await queryRowsPrepared<{ id: string }>(
    db,
    sql`(select ${siteChecks.id} as id, ${siteChecks.completedAt} as due from ${siteChecks}
          where ${siteChecks.status} in ('completed', 'cancelled', 'failed')
            and (${siteChecks.auditBuiltAt} is null
              or ${siteChecks.auditBuiltAt} < ${siteChecks.completedAt})
          order by ${siteChecks.completedAt} desc limit ${limit})
        union all
        (select ${siteChecks.id} as id, ${siteChecks.createdAt} as due from ${siteChecks}
          where ${siteChecks.status} in ('discovering', 'running')
            and (${siteChecks.auditBuiltAt} is null
              or ${siteChecks.auditBuiltAt} < now() - make_interval(secs => greatest(
                ${rebuildAfterSeconds}, ${shareFactor} * coalesce(${siteChecks.auditBuildMs}, 0) / 1000.0)))
            and exists (select 1 from ${reports} where ${reports.siteCheckId} = ${siteChecks.id}
              and ${reports.deletedAt} is null and ${reports.completedAt} is not null
              and ${reports.completedAt} > coalesce(${siteChecks.auditBuiltAt}, '-infinity'::timestamptz))
          limit ${limit})`,
  );
  return rows.slice(0, limit).map((row) => row.id);
}

/**
 * Claims the check's audit build for `seconds` (`audit_build_claimed_until`: one builder at a
 * time across every worker; past it, a builder that died, another may build). Returns the
 * database's now (the moment the build reads from) and the check's site and source, or null
 * when another builder holds it.
 */
export async function claimAuditBuild(
  db: Db,
  id: string,
  seconds: number,
): Promise<{ readAt: string; siteUrl: string; source: SiteCheckSource } | null> {
  const [row] = await queryRows<{ read_at: string; site_url: string; source: SiteCheckSource }>(
    db,
    sql`update ${siteChecks}
        set ${col(siteChecks.auditBuildClaimedUntil)} = now() + make_interval(secs => ${seconds})
        where ${siteChecks.id} = ${id}
          and (${siteChecks.auditBuildClaimedUntil} is null
            or ${siteChecks.auditBuildClaimedUntil} < now())
        returning now() as read_at, ${siteChecks.siteUrl} as site_url,
          ${siteChecks.source} as source`,
  );
  return row
    ? { readAt: new Date(row.read_at).toISOString(), siteUrl: row.site_url, source: row.source }
    : null;
}

/** Gives the check's audit build back. */
export async function releaseAuditBuild(db: Db, id: string): Promise<void> {
  await db.execute(
    sql`update ${siteChecks} set ${col(siteChecks.auditBuildClaimedUntil)} = null
        where ${siteChecks.id} = ${id}`,
  );
}

/**
 * Whether a snapshot read at `readAt` may be written: the check exists and no build that read
 * at or after it was stored.
 */
export async function auditBuildIsNewest(tx: Db, id: string, readAt: string): Promise<boolean> {
  const [row] = await queryRows<{ newer: boolean }>(
    tx,
    sql`select ${siteChecks.auditBuiltAt} is not null
          and ${siteChecks.auditBuiltAt} >= ${readAt}::timestamptz as newer
        from ${siteChecks} where ${siteChecks.id} = ${id}`,
  );
  return row !== undefined && !row.newer;
}

/** Records a stored audit build: when it read, the site score and its base, how long it took. */
export async function recordAuditBuild(
  tx: Db,
  id: string,
  build: { readAt: string; score: number | null; base: number | null; ms: number },
): Promise<void> {
  await tx.execute(
    sql`update ${siteChecks} set ${col(siteChecks.auditBuiltAt)} = ${build.readAt}::timestamptz,
          ${col(siteChecks.auditScore)} = ${build.score}::int,
          ${col(siteChecks.auditBase)} = ${build.base}::int,
          ${col(siteChecks.auditBuildMs)} = ${build.ms}::int
        where ${siteChecks.id} = ${id}`,
  );
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
export function purgeSiteChecksBefore(
  db: Db,
  now: Date,
  olderThanSeconds: number,
  batch: number,
): Promise<number> {
  return purgeRows(
    db,
    siteChecks,
    siteChecks.id,
    olderThan(siteChecks.createdAt, now, olderThanSeconds),
    batch,
  );
}
