import { setTimeout } from 'node:timers/promises';
import type { SiteCheckSource } from '@crawlwise/shared/site-check';
import { sql } from 'drizzle-orm';
import { type Db, inTransaction, queryRows } from '../db/database.ts';
import {
  type BeforeBatch,
  dropAuditLeftovers,
  dropBuildLeftovers,
  switchAuditSnapshot,
  writeAuditSnapshot,
} from '../db/tables/site-audit.ts';
import {
  auditBuildIsNewest,
  claimAuditBuild,
  dueAuditChecks as dueChecks,
  recordAuditBuild,
  releaseAuditBuild,
} from '../db/tables/site-checks.ts';
import { buildAuditSnapshot } from './site-audit-snapshot.ts';
import { listSitePages, withAuditIssues } from './site-checks.ts';
import { analyseCrawl, buildSiteReport } from './site-report.ts';
import { loadCrawlGraph } from './site-report-source.ts';
import { siteReportChangeKey, storedFormOf, storeSiteReport } from './site-report-store.ts';
import { reportStored } from './site-report-waiters.ts';

/**
 * Builds and stores the audit snapshot of site checks (issue 20; docs/site-checks.md "Audit
 * workspace"). Only the worker builds (a GET never writes, issue 24.5): a scheduled pass, also
 * triggered within 100 ms of a site page's end, picks the checks that need it —
 *  - an ended check (completed, cancelled, failed) whose snapshot is older than its end, and
 *  - a running crawl with pages finished since its last build, at most every REBUILD_AFTER_MS —
 * reads each check's pages, links and sitemap once, analyses them (site-audit-snapshot.ts) and
 * replaces its rows: written under a new key in short transactions, then switched to in one
 * (db/tables/site-audit.ts). When the check has ended, the site report built from the
 * same rows and analysis is stored first, in a transaction of its own (site-report-store.ts): a
 * request for it waits for it, and writing a big check's snapshot rows takes as long as reading
 * and analysing them (bench/results/site-audit-*.md). A build of a running check that ended
 * while it read skips its analysis and write and makes the final build at once; one that ends
 * while it writes stops before its next insert (its rows are dropped) and does the same.
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
 * building takes at most about a twentieth of a worker's time on a big crawl. Each build of a
 * running crawl reads the whole crawl and rewrites its snapshot (some 300,000 rows at 10,000
 * pages), work the database does on top of the worker's. A 10,000-page build takes ~3 s now
 * (bench/results/site-audit-*.md), so at 7 times the overview was rebuilt every ~20 s and the
 * running builds took about a quarter of the machine during a 10,000-page crawl with pacing off:
 * 118-127 pages/s at 13.9-14.8 ms of CPU per page, against 155 pages/s at 11.3 ms at 20 times and
 * 166 at 10.4 ms with no running build at all (bench/results/crawl-2026-11-27-stop42.md). At
 * 20 times the 10,000-page overview is refreshed about every minute, as docs/site-checks.md says.
 */
const BUILD_SHARE_FACTOR = 20;
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
  /** From the start until an ended check's report was stored (before its snapshot's rows). */
  reportMs?: number;
  /**
   * The report's requests waiting in this process when it was stored, and how long the build
   * held for them to answer (site-report-waiters.ts); absent when none waited.
   */
  pickup?: { waiters: number; heldMs: number };
}

/** An ended check's report stored by a build: ms from the build's start. */
export interface ReportStored {
  siteCheckId: string;
  pages: number;
  readMs: number;
  /** Until its analysis and the report were built and compressed. */
  builtMs: number;
  /** Until it was stored (committed). */
  reportMs: number;
}

/**
 * At most how long an ended check's build waits, once its report is stored, for the report's
 * requests waiting in this process to read it (they need two short reads).
 */
const REPORT_PICKUP_HOLD_MS = 1000;

/**
 * When no request waited for it in this process, how long an ended check's build leaves the
 * machine and the database to the report's requests elsewhere (web processes, on PostgreSQL)
 * before it goes on to the snapshot: they see the stored row within 25 ms and need two reads,
 * which the snapshot's first read (its pages' findings) and this process's collection slowed.
 * bench:crawl server-only, PostgreSQL with two workers, 10,000 pages: the first report answer
 * left the web process 201 ms after the store without the pause, 62 ms with it.
 */
const REPORT_PICKUP_ELSEWHERE_MS = 150;

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
export async function buildAuditSnapshotOf(
  db: Db,
  siteCheckId: string,
  options: BuildOptions = {},
): Promise<AuditBuild> {
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
  let build: Omit<AuditBuild, 'claimed'> | 'ended';
  try {
    build = await buildClaimed(db, siteCheckId, check, started, options);
  } finally {
    await releaseAuditBuild(db, siteCheckId);
  }
  // The check ended during this build of it running: its final build, at once (waiting for the
  // next pass would delay its report by up to a pass's interval).
  if (build === 'ended') {
    return buildAuditSnapshotOf(db, siteCheckId, {
      onReportStored: options.onReportStored,
      afterReport: options.afterReport,
    });
  }
  return { claimed: true, ...build };
}

export interface BuildOptions {
  /**
   * Told as soon as an ended check's report is stored, before its snapshot's rows are written
   * (the worker logs it: how long the report's first request waited, split by phase).
   */
  onReportStored?: (stored: ReportStored) => void;
  /**
   * Runs once an ended check's report is stored and its waiting requests have read it, before
   * its snapshot is built (the worker collects the report's garbage there: see worker.ts).
   */
  afterReport?: (pages: number) => void;
  /** Runs once the check's pages and links are read (tests: a check ending during a build). */
  afterRead?: () => Promise<void>;
  /** Runs once they are analysed, before a running check's snapshot is written (tests). */
  afterAnalysis?: () => Promise<void>;
  /**
   * Runs once a running check's snapshot is built, just before it is written (tests: a check
   * ending while it is written).
   */
  beforeWrite?: () => Promise<void>;
  /** Told of each insert a running check's write goes on to make (tests). */
  onWriteBatch?: () => void;
}

/** Thrown inside a running check's write once the check has ended: the write rolls back. */
class EndedDuringWrite extends Error {}

async function buildClaimed(
  db: Db,
  siteCheckId: string,
  check: { readAt: string; siteUrl: string; source: SiteCheckSource },
  started: number,
  {
    afterRead,
    afterAnalysis,
    beforeWrite,
    onWriteBatch,
    onReportStored,
    afterReport,
  }: BuildOptions,
): Promise<Omit<AuditBuild, 'claimed'> | 'ended'> {
  const { readAt } = check;
  // Read before the pages: the report is stored only if nothing moved while they were read.
  const reportKey = await siteReportChangeKey(db, siteCheckId);
  // An ended check's pages are read without the audit's findings (withAuditIssues, once its
  // report is stored): the report, which a request waits for, does not read them.
  const rows = await listSitePages(db, siteCheckId, {
    slim: reportKey === null,
    report: reportKey !== null,
  });
  const crawl =
    check.source === 'crawl'
      ? await loadCrawlGraph(db, { id: siteCheckId, siteUrl: check.siteUrl }, rows)
      : null;
  const read = performance.now();
  await afterRead?.();
  /**
   * Whether a check read running has ended since: its final build follows (buildAuditSnapshotOf).
   * For a check still running its change key is one primary-key read (the aggregate is not
   * reached), so this is cheap enough to ask before each insert of a write. `conn`: the writing
   * transaction when asked inside it (the embedded database has one connection).
   */
  const endedSinceRead = async (conn: Db = db) =>
    reportKey === null && (await siteReportChangeKey(conn, siteCheckId)) !== null;
  // Ended while this build read it running: analysing and writing it would only delay the final
  // build, which reads it again.
  if (await endedSinceRead()) return 'ended';
  const analysis = analyseCrawl(rows, crawl);
  const timings = { siteCheckId, pages: rows.length, readMs: Math.round(read - started) };
  let reportMs: number | undefined;
  /** The report's requests this process let through before going on (reportStored). */
  let pickup: { waiters: number; heldMs: number } | undefined;
  /** Time in the report's transaction and its pickup (reportStored): written, not analysed. */
  let storeMs = 0;
  if (reportKey !== null) {
    // An ended check's report first, in its own transaction: a request for it waits for this
    // (site-report-source.ts), and writing the snapshot's rows takes as long again.
    const report = storedFormOf(buildSiteReport(rows, crawl, analysis));
    const built = performance.now();
    let stored = false;
    const storing = performance.now();
    const ran = await writeLocked(db, siteCheckId, readAt, async (tx) => {
      stored = await storeSiteReport(tx, siteCheckId, reportKey, report);
    });
    if (!ran) return { ...timings, written: false, analyseMs: 0, writeMs: 0 };
    // Not stored: the pages moved while they were read (storeSiteReport dropped any stored one).
    if (stored) {
      reportMs = Math.round(performance.now() - started);
      onReportStored?.({
        siteCheckId,
        pages: rows.length,
        readMs: timings.readMs,
        builtMs: Math.round(built - started),
        reportMs,
      });
    }
    // The report's requests waiting in this process read it and answer before the snapshot is
    // analysed and written (site-report-waiters.ts: the embedded worker shares their event loop
    // and connection).
    if (stored) pickup = await reportStored(siteCheckId, REPORT_PICKUP_HOLD_MS);
    if (pickup?.waiters === 0) await setTimeout(REPORT_PICKUP_ELSEWHERE_MS);
    afterReport?.(rows.length);
    storeMs = performance.now() - storing;
  }
  const auditRows = reportKey === null ? rows : await withAuditIssues(db, siteCheckId, rows);
  await afterAnalysis?.();
  // A running check that ended while this build analysed it: its snapshot would only be written
  // over by the final build, which waits for this one (~1.5 s of writing at 10,000 pages).
  if (await endedSinceRead()) return 'ended';
  const snapshot = buildAuditSnapshot(auditRows, crawl, analysis);
  const analysed = performance.now();
  // A running check that ends while this build writes it: the write stops before its next batch
  // (rolled back) and the final build starts at once. Writing a 10,000-page snapshot takes 1.5-2 s
  // and a running crawl is rebuilt about every minute, so the end of a crawl often fell in one:
  // its report was then stored ~4.7 s after the end instead of ~1.8 s (bench/results).
  const stopIfEnded: BeforeBatch | undefined =
    reportKey === null
      ? async (tx) => {
          if (await endedSinceRead(tx)) throw new EndedDuringWrite();
          onWriteBatch?.();
        }
      : undefined;
  if (reportKey === null) await beforeWrite?.();
  let written = false;
  try {
    // The rows under a new key in short transactions, then the switch to it in one (see
    // db/tables/site-audit.ts): readers keep the old snapshot meanwhile, and on the embedded
    // database they are answered between the inserts instead of after the whole write. The
    // "no newer build" rule is asked first so a doomed write is not made, and again under the
    // builder's lock at the switch, where it decides.
    const key = (await auditBuildIsNewest(db, siteCheckId, readAt))
      ? await writeAuditSnapshot(db, siteCheckId, snapshot, stopIfEnded)
      : null;
    if (key !== null) {
      written = await writeLocked(db, siteCheckId, readAt, async (tx) => {
        if (!(await switchAuditSnapshot(tx, siteCheckId, key))) return false;
        await recordAuditBuild(tx, siteCheckId, {
          readAt,
          score: snapshot.score?.value ?? null,
          base: snapshot.score?.base ?? null,
          ms: Math.round(performance.now() - started),
        });
        return true;
      });
      // The replaced snapshot's rows (or, not switched, this write's own).
      await dropBuildLeftovers(db, siteCheckId);
    }
  } catch (error) {
    if (error instanceof EndedDuringWrite) return 'ended';
    throw error;
  }
  // Ended while this one analysed and wrote: its snapshot is already behind the final one.
  if (await endedSinceRead()) return 'ended';
  return {
    ...timings,
    written,
    analyseMs: Math.round(analysed - read - storeMs),
    writeMs: Math.round(performance.now() - analysed + storeMs),
    ...(reportMs === undefined ? {} : { reportMs }),
    ...(pickup === undefined || pickup.waiters === 0 ? {} : { pickup }),
  };
}

/**
 * Runs `write` in a transaction holding the check's builder lock, unless another builder holds it
 * or stored a newer build first; returns whether it ran (and did not answer false).
 */
async function writeLocked(
  db: Db,
  siteCheckId: string,
  readAt: string,
  write: (tx: Db) => Promise<unknown>,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${BUILD_LOCK_NAMESPACE}, hashtext(${siteCheckId})) as locked`,
    );
    if (!lock?.locked) return false;
    if (!(await auditBuildIsNewest(tx, siteCheckId, readAt))) return false;
    return (await write(tx)) !== false;
  });
}

/**
 * Drops the snapshot rows builds left behind (they died or stopped while writing, or a crash cut
 * a replaced snapshot's drop short) of up to a pass's checks no builder holds.
 */
export function dropLeftoverAuditRows(db: Db): Promise<number> {
  return dropAuditLeftovers(db, CHECKS_PER_PASS);
}

/** Builds the snapshots that are due; one failing check does not stop the others. */
export async function buildDueAuditSnapshots(
  db: Db,
  onError: (siteCheckId: string, error: unknown) => void,
  options: Pick<BuildOptions, 'onReportStored' | 'afterReport'> = {},
): Promise<AuditBuild[]> {
  const builds: AuditBuild[] = [];
  for (const id of await dueAuditChecks(db)) {
    try {
      builds.push(await buildAuditSnapshotOf(db, id, options));
    } catch (error) {
      onError(id, error);
    }
  }
  return builds;
}
