import { sql } from 'drizzle-orm';
import { type Db, inTransaction, queryRows } from '../db/database.ts';
import {
  siteAuditDuplicates,
  siteAuditIssueItems,
  siteAuditIssues,
  siteAuditLinks,
  siteAuditPages,
} from '../db/schema.ts';
import { type AuditSnapshot, buildAuditSnapshot } from './site-audit-snapshot.ts';
import { listSitePages } from './site-checks.ts';
import { loadCrawlGraph } from './site-report-source.ts';

/**
 * Builds and stores the audit snapshot of site checks (issue 20; docs/site-checks.md "Audit
 * workspace"). Only the worker builds (a GET never writes, issue 24.5): a scheduled pass, also
 * triggered whenever a site page ends, picks the checks that need it —
 *  - an ended check (completed, cancelled, failed) whose snapshot is older than its end, and
 *  - a running crawl with pages finished since its last build, at most every REBUILD_AFTER_MS —
 * reads each check's pages, links and sitemap once, analyses them (site-audit-snapshot.ts) and
 * replaces its rows in one transaction.
 *
 * With several workers, one builder writes at a time per check (a transaction-level advisory
 * lock), and a build whose reading is older than the stored one is dropped, so a slow builder
 * never puts an older snapshot over a newer one. `audit_built_at` is the moment the build began
 * reading, so a page finishing while it reads is picked up by the next build.
 */

/** Least time between two builds of a running check. */
export const REBUILD_AFTER_MS = 10_000;
/** Checks built per pass (ended checks not yet built, e.g. after an upgrade, wait their turn). */
const CHECKS_PER_PASS = 4;
/** Namespace of the per-check advisory lock of the builder. */
const BUILD_LOCK_NAMESPACE = 7_320;
/** Rows per insert statement (kept well under PostgreSQL's 65,535 parameters). */
const INSERT_BATCH = 500;

/** The checks whose snapshot is due, oldest need first. */
export async function dueAuditChecks(db: Db, limit = CHECKS_PER_PASS): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`(select s.id, s.completed_at as due from site_checks s
          where s.status in ('completed', 'cancelled', 'failed')
            and (s.audit_built_at is null or s.audit_built_at < s.completed_at)
          order by s.completed_at desc limit ${limit})
        union all
        (select s.id, s.created_at as due from site_checks s
          where s.status in ('discovering', 'running')
            and (s.audit_built_at is null
              or s.audit_built_at < now() - make_interval(secs => ${REBUILD_AFTER_MS / 1000}))
            and exists (select 1 from reports r where r.site_check_id = s.id
              and r.deleted_at is null and r.completed_at is not null
              and r.completed_at > coalesce(s.audit_built_at, '-infinity'::timestamptz))
          limit ${limit})`,
  );
  return rows.slice(0, limit).map((row) => row.id);
}

export interface AuditBuild {
  siteCheckId: string;
  /** False when another builder wrote a newer snapshot first. */
  written: boolean;
  pages: number;
  readMs: number;
  analyseMs: number;
  writeMs: number;
}

/** Builds one check's snapshot now (whatever its state); see the module comment. */
export async function buildAuditSnapshotOf(db: Db, siteCheckId: string): Promise<AuditBuild> {
  const started = performance.now();
  const [check] = await queryRows<{ read_at: string; site_url: string; source: string }>(
    db,
    sql`select now() as read_at, site_url, source from site_checks where id = ${siteCheckId}`,
  );
  if (!check) return { siteCheckId, written: false, pages: 0, readMs: 0, analyseMs: 0, writeMs: 0 };
  const readAt = new Date(check.read_at).toISOString();
  const rows = await listSitePages(db, siteCheckId);
  const crawl =
    check.source === 'crawl'
      ? await loadCrawlGraph(db, { id: siteCheckId, siteUrl: check.site_url })
      : null;
  const read = performance.now();
  const snapshot = buildAuditSnapshot(rows, crawl);
  const analysed = performance.now();
  const written = await inTransaction(db, async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${BUILD_LOCK_NAMESPACE}, hashtext(${siteCheckId})) as locked`,
    );
    if (!lock?.locked) return false;
    const [current] = await queryRows<{ newer: boolean }>(
      tx,
      sql`select audit_built_at is not null and audit_built_at >= ${readAt}::timestamptz as newer
          from site_checks where id = ${siteCheckId}`,
    );
    if (!current || current.newer) return false;
    await writeSnapshot(tx, siteCheckId, snapshot);
    await tx.execute(
      sql`update site_checks set audit_built_at = ${readAt}::timestamptz,
            audit_score = ${snapshot.score?.value ?? null}::int,
            audit_base = ${snapshot.score?.base ?? null}::int
          where id = ${siteCheckId}`,
    );
    return true;
  });
  const end = performance.now();
  return {
    siteCheckId,
    written,
    pages: rows.length,
    readMs: Math.round(read - started),
    analyseMs: Math.round(analysed - read),
    writeMs: Math.round(end - analysed),
  };
}

/** Builds the snapshots that are due; one failing check does not stop the others. */
export async function buildDueAuditSnapshots(
  db: Db,
  onError: (siteCheckId: string, error: unknown) => void,
): Promise<AuditBuild[]> {
  const builds: AuditBuild[] = [];
  for (const id of await dueAuditChecks(db)) {
    try {
      builds.push(await buildAuditSnapshotOf(db, id));
    } catch (error) {
      onError(id, error);
    }
  }
  return builds;
}

async function insertInBatches<Row>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await insert(rows.slice(start, start + INSERT_BATCH));
  }
}

/** Replaces a check's snapshot rows (inside the caller's transaction). */
export async function writeSnapshot(
  tx: Db,
  siteCheckId: string,
  snapshot: AuditSnapshot,
): Promise<void> {
  for (const table of [
    siteAuditPages,
    siteAuditIssues,
    siteAuditIssueItems,
    siteAuditLinks,
    siteAuditDuplicates,
  ]) {
    await tx.delete(table).where(sql`${table.siteCheckId} = ${siteCheckId}`);
  }
  await insertInBatches(snapshot.pages, (batch) =>
    tx.insert(siteAuditPages).values(
      batch.map((page) => ({
        siteCheckId,
        ...page,
        finishedAt: page.finishedAt === null ? null : new Date(page.finishedAt),
      })),
    ),
  );
  await insertInBatches(snapshot.issues, (batch) =>
    tx.insert(siteAuditIssues).values(batch.map((issue) => ({ siteCheckId, ...issue }))),
  );
  await insertInBatches(snapshot.items, (batch) =>
    tx.insert(siteAuditIssueItems).values(batch.map((item) => ({ siteCheckId, ...item }))),
  );
  await insertInBatches(snapshot.links, (batch) =>
    tx.insert(siteAuditLinks).values(batch.map((link) => ({ siteCheckId, ...link }))),
  );
  await insertInBatches(snapshot.duplicates, (batch) =>
    tx.insert(siteAuditDuplicates).values(batch.map((member) => ({ siteCheckId, ...member }))),
  );
}
