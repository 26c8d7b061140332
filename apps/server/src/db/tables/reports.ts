import type { FetchArtifact } from '@crawlwise/analyzer/types';
import type { ScoredFinding } from '@crawlwise/shared/report';
import { type SQL, sql } from 'drizzle-orm';
import { newAccessToken } from '../../services/access-token.ts';
import type { WorkspaceOwner } from '../../services/workspace.ts';
import {
  col,
  type Db,
  inTransaction,
  listParam,
  queryRows,
  queryRowsPrepared,
} from '../database.ts';
import { leads, members, reports, siteChecks, urls, users } from '../schema.ts';
import { decodeStoredFindings } from '../stored-findings.ts';
import { olderThan, purgeRows } from './purge.ts';
import { workspaceCondition } from './workspace-rows.ts';

/**
 * The owner of the reports table's rows being created and dropped (issue 24): every kind of
 * report — one a visitor asked for, a watch run, a site check's pages — is inserted here, and a
 * cancel's pages are marked here, so a new column or state is added in one place. Columns are
 * named through the Drizzle schema, never typed by hand. The job states — claim, lease, end,
 * retry, give-back, sweep and time-out — stay with the queue (services/job-queue.ts), each next
 * to the lease rule it carries out, and name columns through the schema too (docs/decisions.md
 * › One owner per table).
 */

/** "Belongs to this workspace" for the reports table (Personal: the account's, outside teams). */
export function reportsOf(workspace: WorkspaceOwner): SQL {
  return workspaceCondition(workspace, reports);
}

/** The `urls` row of a normalised address, created when missing; returns its id. */
export async function upsertUrl(tx: Db, normalizedUrl: string): Promise<string> {
  // "do update" (a no-op) rather than "do nothing", so the id comes back either way and the
  // row is locked: the purge (which skips locked rows) cannot delete it under the caller.
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into ${urls} (${col(urls.normalizedUrl)}) values (${normalizedUrl})
        on conflict (${col(urls.normalizedUrl)})
        do update set ${col(urls.normalizedUrl)} = excluded.${col(urls.normalizedUrl)}
        returning ${col(urls.id)} as id`,
  );
  if (!row) throw new Error(`no url row for ${normalizedUrl}`);
  return row.id;
}

export interface NewReport {
  urlId: string;
  userId: string | null;
  /** The team whose workspace it is made in (docs/teams.md); null or absent: Personal. */
  teamId?: string | null;
  requesterKey: string | null;
  /** The document fetched while the visitor waited; null: the worker fetches it. */
  fetchArtifact: FetchArtifact | null;
}

/**
 * Inserts a queued report with a new access token. An owner's report is stored only while the
 * owner exists (issue 25), and a team's only while the owner is still a member of the team (a
 * removal or the team's deletion in between): null otherwise.
 */
export async function insertQueuedReport(
  tx: Db,
  report: NewReport,
): Promise<{ id: string; accessToken: string } | null> {
  const accessToken = newAccessToken();
  const teamId = report.teamId ?? null;
  const artifact = report.fetchArtifact === null ? null : JSON.stringify(report.fetchArtifact);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into ${reports} (${col(reports.urlId)}, ${col(reports.accessToken)},
          ${col(reports.userId)}, ${col(reports.requesterKey)}, ${col(reports.fetchArtifact)},
          ${col(reports.status)}, ${col(reports.teamId)})
        select ${report.urlId}, ${accessToken}, ${report.userId}, ${report.requesterKey},
          ${artifact}::jsonb, 'queued', ${teamId}::text
        where (${report.userId}::text is null
          or exists (select 1 from ${users} where ${users.id} = ${report.userId}))
          and (${teamId}::text is null
            or exists (select 1 from ${members} where ${members.organizationId} = ${teamId}
                         and ${members.userId} = ${report.userId}))
        returning ${col(reports.id)} as id`,
  );
  return row ? { id: row.id, accessToken } : null;
}

export interface NewSitePages {
  siteCheckId: string;
  ownerId: string;
  requesterKey: string;
  /** Normalised addresses, in the order they are to be analysed. */
  addresses: readonly string[];
  /** A crawl's pages: their click depth (one for all of them). */
  crawlDepth?: number | null;
}

/**
 * Inserts a site check's pages as queued reports (their addresses first), in one statement
 * each; `run_after` grows by a microsecond per page, so pages are analysed in list order.
 */
export async function insertSitePages(tx: Db, pages: NewSitePages): Promise<void> {
  if (pages.addresses.length === 0) return;
  // One array parameter per column (database.ts, listParam): a crawled page queues tens of pages.
  const addresses = listParam(pages.addresses);
  // Prepared (a crawl's page end runs them under its check's lock): the lists are parameters.
  await queryRowsPrepared(
    tx,
    sql`insert into ${urls} (${col(urls.normalizedUrl)})
        select unnest(${addresses}::text[])
        on conflict (${col(urls.normalizedUrl)}) do nothing`,
  );
  await queryRowsPrepared(
    tx,
    sql`insert into ${reports} (${col(reports.urlId)}, ${col(reports.userId)},
          ${col(reports.accessToken)}, ${col(reports.requesterKey)}, ${col(reports.siteCheckId)},
          ${col(reports.status)}, ${col(reports.runAfter)}, ${col(reports.crawlDepth)},
          ${col(reports.teamId)})
        select u.${col(urls.id)}, ${pages.ownerId}, v.token, ${pages.requesterKey}, ${pages.siteCheckId},
          'queued', now() + make_interval(secs => (v.position - 1) / 1000000.0),
          ${pages.crawlDepth ?? null}::int,
          (select ${siteChecks.teamId} from ${siteChecks} where ${siteChecks.id} = ${pages.siteCheckId})
        from unnest(${addresses}::text[],
          ${listParam(pages.addresses.map(() => newAccessToken()))}::text[])
          with ordinality as v(url, token, position)
        join ${urls} u on u.${col(urls.normalizedUrl)} = v.url`,
  );
}

/** What a page of a cancelled site check says instead of a result. */
export const CANCELLED_PAGE_MESSAGE = 'The site check was cancelled before this page was analysed.';

/**
 * Marks a site check's waiting pages `cancelled` (pages being analysed finish); returns how
 * many were dropped. The code stays on the row for the page's own report answer. It runs with
 * the check's row locked, and a page locked meanwhile is skipped, not waited for: a claim is
 * taking it (it is being analysed, so it finishes), and a page end that holds its own row waits
 * for that check lock (JobQueue.endJob) — waiting for it would close a deadlock.
 */
export async function cancelQueuedPages(tx: Db, siteCheckId: string): Promise<number> {
  const dropped = await queryRows(
    tx,
    sql`update ${reports} set ${col(reports.status)} = 'cancelled',
          ${col(reports.errorCode)} = 'site_check_cancelled',
          ${col(reports.errorMessage)} = ${CANCELLED_PAGE_MESSAGE},
          ${col(reports.completedAt)} = now(),
          ${col(reports.leaseOwner)} = null, ${col(reports.leaseExpiresAt)} = null
        where ${reports.id} = any(array(select q.${col(reports.id)} from ${reports} q
          where q.${col(reports.siteCheckId)} = ${siteCheckId}
            and q.${col(reports.status)} = 'queued' and q.${col(reports.deletedAt)} is null
          for no key update of q skip locked))
        returning ${col(reports.id)} as id`,
  );
  return dropped.length;
}

/* ---------- Reading what the watch monitor judges ---------- */

/** A completed report's score and findings (decoded: db/stored-findings.ts). */
export interface ScoredReport {
  score: number | null;
  scoreModel: number | null;
  issues: ScoredFinding[];
  accessToken: string;
}

/** A report's score and findings if it is completed and not deleted; null otherwise. */
export async function completedReportScore(db: Db, id: string): Promise<ScoredReport | null> {
  const [row] = await queryRows<{
    score: number | null;
    score_model: number | null;
    issues: unknown;
    access_token: string;
  }>(
    db,
    sql`select ${reports.score} as score, ${reports.scoreModel} as score_model,
          ${reports.issues} as issues, ${reports.accessToken} as access_token
        from ${reports}
        where ${reports.id} = ${id} and ${reports.status} = 'completed'
          and ${reports.deletedAt} is null`,
  );
  if (!row) return null;
  return {
    score: row.score === null ? null : Number(row.score),
    scoreModel: row.score_model,
    issues: decodeStoredFindings(row.issues),
    accessToken: row.access_token,
  };
}

/** A site check's completed, scored pages: their address, score and findings. */
export async function scoredSitePages(
  db: Db,
  siteCheckId: string,
): Promise<{ url: string; score: number; scoreModel: number | null; issues: ScoredFinding[] }[]> {
  const rows = await queryRows<{
    url: string;
    score: number;
    score_model: number | null;
    issues: unknown;
  }>(
    db,
    sql`select ${urls.normalizedUrl} as url, ${reports.score} as score,
          ${reports.scoreModel} as score_model, ${reports.issues} as issues
        from ${reports} join ${urls} on ${urls.id} = ${reports.urlId}
        where ${reports.siteCheckId} = ${siteCheckId} and ${reports.status} = 'completed'
          and ${reports.deletedAt} is null and ${reports.score} is not null`,
  );
  return rows.map((row) => ({
    url: row.url,
    score: Number(row.score),
    scoreModel: row.score_model,
    issues: decodeStoredFindings(row.issues),
  }));
}

/* ---------- Erasing and purging ---------- */

/** A member deleting their account: the reports they made in a team stay the team's, makerless. */
export async function detachMakerFromTeamReports(tx: Db, userId: string): Promise<void> {
  await tx.execute(
    sql`update ${reports} set ${col(reports.userId)} = null
        where ${reports.userId} = ${userId} and ${reports.teamId} is not null`,
  );
}

/**
 * Empties the reports matching `condition` (services/report-erase.ts says why and what stays):
 * the analysis, final address, fetched document, owner, team and requester go; one still queued
 * or being analysed is marked failed and its lease dropped. Returns each one's access token and
 * site check.
 */
export async function eraseReportsWhere(
  db: Db,
  condition: SQL,
): Promise<{ accessToken: string; siteCheckId: string | null }[]> {
  const rows = await queryRows<{ access_token: string; site_check_id: string | null }>(
    db,
    sql`update ${reports} set
          ${col(reports.deletedAt)} = coalesce(${reports.deletedAt}, now()),
          ${col(reports.userId)} = null,
          ${col(reports.teamId)} = null,
          ${col(reports.requesterKey)} = null,
          ${col(reports.status)} = case when ${reports.status} in ('queued', 'analyzing')
            then 'failed' else ${reports.status} end,
          ${col(reports.leaseOwner)} = null,
          ${col(reports.leaseExpiresAt)} = null,
          ${col(reports.score)} = null,
          ${col(reports.errorCode)} = null,
          ${col(reports.errorMessage)} = null,
          ${col(reports.finalUrl)} = null,
          ${col(reports.metaJson)} = null,
          ${col(reports.issues)} = null,
          ${col(reports.categories)} = null,
          ${col(reports.fetchArtifact)} = null,
          ${col(reports.pageSignals)} = null,
          ${col(reports.textExcerpt)} = null
        where ${condition}
        returning ${reports.accessToken} as access_token, ${reports.siteCheckId} as site_check_id`,
  );
  return rows.map((row) => ({ accessToken: row.access_token, siteCheckId: row.site_check_id }));
}

/**
 * Deletes up to `batch` reports made more than `olderThanSeconds` before `now` or erased more
 * than `erasedSeconds` before it (rows another purge holds are skipped); a newsletter sign-up
 * that came from one outlives it (kept until unsubscribed). Returns how many went.
 */
export async function purgeReportsBefore(
  db: Db,
  now: Date,
  olderThanSeconds: number,
  erasedSeconds: number,
  batch: number,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const doomed = await queryRows<{ id: string }>(
      tx,
      sql`select ${reports.id} as id from ${reports}
          where ${olderThan(reports.createdAt, now, olderThanSeconds)}
             or ${olderThan(reports.deletedAt, now, erasedSeconds)}
          limit ${batch}
          for update skip locked`,
    );
    if (doomed.length === 0) return 0;
    const ids = doomed.map((row) => row.id);
    await tx.execute(
      sql`update ${leads} set ${col(leads.reportId)} = null where ${leads.reportId} in ${ids}`,
    );
    await tx.execute(sql`delete from ${reports} where ${reports.id} in ${ids}`);
    return ids.length;
  });
}

/**
 * Deletes up to `batch` page addresses no report or newsletter sign-up points to any more, made
 * more than `minAgeSeconds` before `now` (one just stored for a new report stays). Returns how
 * many went.
 */
export function purgeUnusedUrls(
  db: Db,
  now: Date,
  minAgeSeconds: number,
  batch: number,
): Promise<number> {
  return purgeRows(
    db,
    urls,
    urls.id,
    sql`${olderThan(urls.createdAt, now, minAgeSeconds)}
      and not exists (select 1 from ${reports} where ${reports.urlId} = ${urls.id})
      and not exists (select 1 from ${leads} where ${leads.urlId} = ${urls.id})`,
    batch,
  );
}
