import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';

/**
 * A running site check becomes completed in the same transaction that finishes its last page
 * (issue 24: it once waited for something to call "settle", GET requests included). Each page's
 * ending transaction first locks its check's row (`lockCheckOfPage`), so two last pages finishing
 * at once cannot both see the other still pending.
 */

/** Locks the site check of a report row, if it is a site page; returns the check's id. */
export async function lockCheckOfPage(tx: Db, reportId: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select s.id from site_checks s
        where s.id = (select site_check_id from reports where id = ${reportId})
        for update of s`,
  );
  return row?.id ?? null;
}

/**
 * Completes a running check whose pages are all finished and, for a crawl that checks external
 * links, whose targets are all answered (inside the caller's transaction).
 */
export async function settleSiteCheck(tx: Db, siteCheckId: string): Promise<void> {
  await tx.execute(
    sql`update site_checks set status = 'completed', completed_at = now()
        where id = ${siteCheckId} and status = 'running'
          and not exists (select 1 from reports where site_check_id = ${siteCheckId}
            and status in ('queued', 'analyzing') and deleted_at is null)
          -- A crawl that checks external links completes once every target has its answer
          -- (services/external-link-checks.ts).
          and not exists (select 1 from site_external_targets where site_check_id = ${siteCheckId}
            and checked_at is null)`,
  );
}
