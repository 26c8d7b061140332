import type { SiteCheckSource } from '@crawlwise/shared/site-check';
import { sql } from 'drizzle-orm';
import { type Db, inTransaction, queryRows } from '../db/database.ts';
import { writeAuditSnapshot } from '../db/tables/site-audit.ts';
import {
  auditBuildIsNewest,
  claimAuditBuild,
  dueAuditChecks as dueChecks,
  recordAuditBuild,
  releaseAuditBuild,
} from '../db/tables/site-checks.ts';
import { buildAuditSnapshot } from './site-audit-snapshot.ts';
import { listSitePages } from './site-checks.ts';
import { analyseCrawl, buildSiteReport } from './site-report.ts';
import { loadCrawlGraph } from './site-report-source.ts';
import { siteReportChangeKey, storeSiteReport } from './site-report-store.ts';

/**
 * Builds and stores the audit snapshot of site checks (issue 20; docs/site-checks.md "Audit
 * workspace"). Only the worker builds (a GET never writes, issue 24.5): a scheduled pass, also
 * triggered within 100 ms of a site page's end, picks the checks that need it —
 *  - an ended check (completed, cancelled, failed) whose snapshot is older than its end, and
 *  - a running crawl with pages finished since its last build, at most every REBUILD_AFTER_MS —
 * reads each check's pages, links and sitemap once, analyses them (site-audit-snapshot.ts) and
 * replaces its rows in one transaction. The same transaction stores the site report built from
 * the same rows and analysis, when the check has ended (site-report-store.ts).
 *
 * With several workers, one builder writes at a time per check (a transaction-level advisory
 * lock), and a build whose reading is older than the stored one is dropped, so a slow builder
 * never puts an older snapshot over a newer one. `audit_built_at` is the moment the build began
 * reading, so a page finishing while it reads is picked up by the next build.
 */

/** Least time between two builds of a running check. */
export const REBUILD_AFTER_MS = 10_000;
/**
 * A running check also waits this many times its last build's duration between builds, so
 * building takes at most about an eighth of a worker's time on a big crawl (a 10,000-page build
 * takes 5-10 s: bench/results/site-audit-*.md). Each build of a running crawl reads the whole
 * crawl and rewrites its snapshot (some 300,000 rows at 10,000 pages): at 3 times (a quarter of
 * the time) the builds were half of the database's work during a 10,000-page crawl with pacing
 * off (pg_stat_statements, bench/results/crawl-2026-11-27-lock.md), for an overview refreshed
 * every 15-30 s instead of every 40-80 s.
 */
const BUILD_SHARE_FACTOR = 7;
/** Checks built per pass (ended checks not yet built, e.g. after an upgrade, wait their turn). */
const CHECKS_PER_PASS = 4;
/** Namespace of the per-check advisory lock of the builder. */
const BUILD_LOCK_NAMESPACE = 7_320;

/** The checks whose snapshot is due, oldest need first (see the module comment). */
export function dueAuditChecks(db: Db, limit = CHECKS_PER_PASS): Promise<string[]> {
  return dueChecks(db, limit, REBUILD_AFTER_MS / 1000, BUILD_SHARE_FACTOR);
}

export interface AuditBuild {
  siteCheckId: string;
  /** False when another builder was building the check (nothing was read). */
  claimed: boolean;
  /** False when another builder wrote a newer snapshot first. */
  written: boolean;
  pages: number;
  readMs: number;
  analyseMs: number;
  writeMs: number;
}

/**
 * How long a builder holds a check's build: past it (a builder that died), another may build.
 * Longer than a 10,000-page build on a loaded machine (about a minute: bench/results).
 */
const BUILD_CLAIM_SECONDS = 300;

/**
 * Builds one check's snapshot now (whatever its state); see the module comment. Only one builder
 * builds a check at a time across every worker (`audit_build_claimed_until`): a second one
 * returns at once (`claimed: false`) instead of holding a second copy of the check's pages and
 * links in its memory for a build whose write would be dropped.
 */
export async function buildAuditSnapshotOf(db: Db, siteCheckId: string): Promise<AuditBuild> {
  const started = performance.now();
  const check = await claimAuditBuild(db, siteCheckId, BUILD_CLAIM_SECONDS);
  if (!check) {
    return {
      siteCheckId,
      claimed: false,
      written: false,
      pages: 0,
      readMs: 0,
      analyseMs: 0,
      writeMs: 0,
    };
  }
  try {
    return { claimed: true, ...(await buildClaimed(db, siteCheckId, check, started)) };
  } finally {
    await releaseAuditBuild(db, siteCheckId);
  }
}

async function buildClaimed(
  db: Db,
  siteCheckId: string,
  check: { readAt: string; siteUrl: string; source: SiteCheckSource },
  started: number,
): Promise<Omit<AuditBuild, 'claimed'>> {
  const { readAt } = check;
  // Read before the pages: the report is stored only if nothing moved while they were read.
  const reportKey = await siteReportChangeKey(db, siteCheckId);
  const rows = await listSitePages(db, siteCheckId, { slim: true, report: reportKey !== null });
  const crawl =
    check.source === 'crawl'
      ? await loadCrawlGraph(db, { id: siteCheckId, siteUrl: check.siteUrl }, rows)
      : null;
  const read = performance.now();
  const analysis = analyseCrawl(rows, crawl);
  const snapshot = buildAuditSnapshot(rows, crawl, analysis);
  const report = reportKey === null ? null : buildSiteReport(rows, crawl, analysis);
  const analysed = performance.now();
  const written = await inTransaction(db, async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${BUILD_LOCK_NAMESPACE}, hashtext(${siteCheckId})) as locked`,
    );
    if (!lock?.locked) return false;
    if (!(await auditBuildIsNewest(tx, siteCheckId, readAt))) return false;
    await writeAuditSnapshot(tx, siteCheckId, snapshot);
    await storeSiteReport(tx, siteCheckId, reportKey, report);
    await recordAuditBuild(tx, siteCheckId, {
      readAt,
      score: snapshot.score?.value ?? null,
      base: snapshot.score?.base ?? null,
      ms: Math.round(performance.now() - started),
    });
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
