import type { FetchArtifact } from '@crawlwise/analyzer/types';
import { type SQL, sql } from 'drizzle-orm';
import { newAccessToken } from '../../services/access-token.ts';
import type { WorkspaceOwner } from '../../services/workspace.ts';
import { col, type Db, queryRows } from '../database.ts';
import { members, reports, urls, users } from '../schema.ts';
import { workspaceCondition } from './workspace-rows.ts';

/**
 * The owner of the reports table's rows being created and dropped (issue 24): every kind of
 * report — one a visitor asked for, a watch run, a site check's pages — is inserted here, and a
 * cancel's pages are marked here, so a new column or state is added in one place. Columns are
 * named through the Drizzle schema, never typed by hand. (The queue's status changes live with
 * the queue, services/job-queue.ts, which owns claiming and finishing a report as a job.)
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
  const values = (build: (url: string, index: number) => SQL) =>
    sql.join(
      pages.addresses.map((url, index) => build(url, index)),
      sql`, `,
    );
  await tx.execute(
    sql`insert into ${urls} (${col(urls.normalizedUrl)})
        values ${values((url) => sql`(${url})`)}
        on conflict (${col(urls.normalizedUrl)}) do nothing`,
  );
  await tx.execute(
    sql`insert into ${reports} (${col(reports.urlId)}, ${col(reports.userId)},
          ${col(reports.accessToken)}, ${col(reports.requesterKey)}, ${col(reports.siteCheckId)},
          ${col(reports.status)}, ${col(reports.runAfter)}, ${col(reports.crawlDepth)},
          ${col(reports.teamId)})
        select u.id, ${pages.ownerId}, v.token, ${pages.requesterKey}, ${pages.siteCheckId},
          'queued', now() + make_interval(secs => v.position / 1000000.0),
          ${pages.crawlDepth ?? null}::int,
          (select team_id from site_checks where id = ${pages.siteCheckId})
        from (values ${values((url, index) => sql`(${url}, ${newAccessToken()}, ${index}::int)`)})
          as v(url, token, position)
        join ${urls} u on u.normalized_url = v.url`,
  );
}

/** What a page of a cancelled site check says instead of a result. */
export const CANCELLED_PAGE_MESSAGE = 'The site check was cancelled before this page was analysed.';

/**
 * Marks a site check's waiting pages `cancelled` (pages being analysed finish); returns how
 * many were dropped. The code stays on the row for the page's own report answer.
 */
export async function cancelQueuedPages(tx: Db, siteCheckId: string): Promise<number> {
  const dropped = await queryRows(
    tx,
    sql`update ${reports} set ${col(reports.status)} = 'cancelled',
          ${col(reports.errorCode)} = 'site_check_cancelled',
          ${col(reports.errorMessage)} = ${CANCELLED_PAGE_MESSAGE},
          ${col(reports.completedAt)} = now(),
          ${col(reports.leaseOwner)} = null, ${col(reports.leaseExpiresAt)} = null
        where ${reports.siteCheckId} = ${siteCheckId} and ${reports.status} = 'queued'
          and ${reports.deletedAt} is null
        returning ${col(reports.id)} as id`,
  );
  return dropped.length;
}
