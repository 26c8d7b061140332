import type { SiteCheck, SkippedAddresses } from '@crawlwise/shared/api/site-checks';
import type { StoredReportStatus } from '@crawlwise/shared/report';
import type { CrawlSettings } from '@crawlwise/shared/site-check';
import { MAX_CRAWL_PAGES, parseSiteAddressList } from '@crawlwise/shared/site-check';
import { type PageSignals, readPageSignals } from '@crawlwise/shared/site-findings';
import { VERIFIED_PAGE_INTERVAL_MS } from '@crawlwise/shared/site-verification';
import { normalizeUrlForStorage } from '@crawlwise/shared/url-input';
import { sql } from 'drizzle-orm';
import { aliased, type Database, type Db, inTransaction, queryRows } from '../db/database.ts';
import { reports, urls } from '../db/schema.ts';
import { cancelQueuedPages, insertSitePages } from '../db/tables/reports.ts';
import {
  cancelActiveSiteCheck,
  completeFinishedSiteChecks,
  hasActiveSiteCheck,
  insertSiteCheck,
  listSiteChecksOf,
  readSiteCheck,
  settleSiteCheck,
} from '../db/tables/site-checks.ts';
import { ApiError } from '../errors.ts';
import { crawlStartKey } from './crawl-frontier.ts';
import { ensureHostPace } from './host-pace.ts';
import { type RateLimiter, SITE_PAGE_POLICY } from './rate-limit.ts';
import { asOwner, type WorkspaceOwner, workspaceLockKey, workspaceRequester } from './workspace.ts';

/**
 * Whole-site checks (docs/site-checks.md). A site check is a row of `site_checks`; each of its
 * pages is a row of `reports` with `site_check_id`, analysed by the same workers as any report
 * (job-queue.ts paces them per host). A sitemap check starts `discovering`: a worker claims it,
 * reads the sitemaps and inserts the pages (site-check-discovery.ts). A crawl queues its start
 * page and is `discovering` while its sitemap's pages are added as seeds. A list check inserts its
 * pages at once. Either way the daily page allowance is counted when pages are inserted.
 *
 * `startSiteCheck` is the one entry point, for the API and for other services (monitoring).
 */

export interface SiteCheckDeps {
  database: Database;
  limits: RateLimiter;
}

/** What to check: the site (its origin, read by the shared rules) and where its pages come from. */
export type StartSiteCheckInput =
  | { site: URL; source: 'sitemap' }
  /** The pasted list: one address per line, or CSV. */
  | { site: URL; source: 'list'; list: string }
  /** Follow the links from the site address (issue 19). */
  | {
      site: URL;
      source: 'crawl';
      crawl: CrawlSettings;
      /**
       * The account's verification of the site was just confirmed (services/crawl-allowance.ts):
       * more than MAX_CRAWL_PAGES pages allowed, paced at VERIFIED_PAGE_INTERVAL_MS.
       */
      verified?: boolean;
    };

export type SiteCheckSummary = SiteCheck;

/** Namespace of the per-owner advisory lock that serialises site-check starts. */
const START_LOCK_NAMESPACE = 7_302;

/** Who a site check belongs to: the maker, and the team when made in a team's workspace. */
export type SiteCheckOwner = WorkspaceOwner;

export interface StartSiteCheckOptions {
  /**
   * Runs in the transaction that creates the site check (monitoring records its watch run here,
   * so a site check and its run exist together or not at all). Throwing rolls the start back.
   */
  withinStart?: (tx: Db, siteCheckId: string) => Promise<void>;
}

export async function startSiteCheck(
  deps: SiteCheckDeps,
  ownerOrAccount: string | SiteCheckOwner,
  input: StartSiteCheckInput,
  options: StartSiteCheckOptions = {},
): Promise<SiteCheckSummary> {
  const owner = asOwner(ownerOrAccount);
  const { site, source } = input;
  let list: ReturnType<typeof parseSiteAddressList> | null = null;
  if (input.source === 'list') {
    list = parseSiteAddressList(input.list, site);
    if (list.urls.length === 0) throw new ApiError('site_check_no_pages');
  }
  const ownerId = owner.userId;
  // A team's checks share the team's daily page allowance (docs/teams.md › Allowances).
  const requesterKey = workspaceRequester(owner);
  const crawl = input.source === 'crawl' ? input.crawl : null;
  const verified = input.source === 'crawl' && input.verified === true;
  if (crawl && crawl.maxPages > MAX_CRAWL_PAGES && !verified)
    throw new ApiError('site_not_verified');
  // A crawl starts at the site address: one page queued now, the rest as links are found. It
  // starts `discovering` too: its sitemap's pages are added as seeds before it runs.
  const firstPages = list ? list.urls : crawl ? [crawlStartKey(site, crawl)] : null;
  const id = await inTransaction(deps.database.db, async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${START_LOCK_NAMESPACE}, hashtext(${workspaceLockKey(owner)}))`,
    );
    // One active check per workspace: the account's Personal one, or the team's.
    if (await hasActiveSiteCheck(tx, owner)) throw new ApiError('site_check_in_progress');
    if (firstPages) {
      const granted = await deps.limits.admitMany(
        tx,
        SITE_PAGE_POLICY,
        requesterKey,
        firstPages.length,
        false,
      );
      if (granted === 0) throw new ApiError('site_check_page_limit');
    } else if ((await deps.limits.remaining(tx, SITE_PAGE_POLICY, requesterKey)) === 0) {
      throw new ApiError('site_check_page_limit');
    }
    const skipped: SkippedAddresses | null = list
      ? {
          offSite: list.offSite,
          invalid: list.invalid,
          duplicates: list.duplicates,
          overCap: list.overCap,
          overDailyLimit: 0,
        }
      : null;
    const id = await insertSiteCheck(tx, {
      owner,
      siteUrl: site.href,
      host: site.hostname,
      source,
      status: list ? 'running' : 'discovering',
      requesterKey,
      pageCount: firstPages?.length ?? 0,
      skipped,
      crawl,
      pageIntervalMs: verified ? VERIFIED_PAGE_INTERVAL_MS : null,
    });
    // The host's pace row: its pages are claimed through it (services/host-pace.ts).
    await ensureHostPace(tx, site.hostname);
    if (list) await insertPages(tx, id, ownerId, requesterKey, list.urls);
    if (crawl) {
      await insertSitePages(tx, {
        siteCheckId: id,
        ownerId,
        requesterKey,
        addresses: [crawlStartKey(site, crawl)],
        crawlDepth: 0,
      });
    }
    await options.withinStart?.(tx, id);
    return id;
  });
  await deps.database.notifyJobs();
  const summary = await getSiteCheck(deps.database.db, owner, id);
  return summary!;
}

/** Inserts one queued report per address, in order (run_after keeps the list's order). */
export function insertPages(
  tx: Db,
  siteCheckId: string,
  ownerId: string,
  requesterKey: string,
  addresses: readonly string[],
): Promise<void> {
  return insertSitePages(tx, {
    siteCheckId,
    ownerId,
    requesterKey,
    addresses: addresses.map((address) => normalizeUrlForStorage(address)),
  });
}

/**
 * Cancels the owner's site check while it is discovering or running: the pages still waiting
 * become `cancelled` (their answer as a report: failed with `site_check_cancelled`) and given back to the daily allowance; pages being
 * analysed finish and are kept, as are those already done. A discovery in flight finds the check
 * no longer `discovering` and inserts nothing (site-check-discovery.ts writes under that
 * condition). Cancelling a cancelled check again answers it as it is.
 */
export async function cancelSiteCheck(
  deps: SiteCheckDeps,
  ownerOrAccount: string | SiteCheckOwner,
  id: string,
): Promise<SiteCheckSummary> {
  const owner = asOwner(ownerOrAccount);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiError('site_check_not_found');
  // Pages finished outside a worker's transaction (an operator, the sweep) are settled first:
  // a check with nothing left to do is completed, not cancellable.
  await settleSiteCheck(deps.database.db, id);
  await inTransaction(deps.database.db, async (tx) => {
    const cancelled = await cancelActiveSiteCheck(tx, owner, id);
    if (!cancelled) return;
    const dropped = await cancelQueuedPages(tx, id);
    await deps.limits.giveBack(tx, SITE_PAGE_POLICY, cancelled.requesterKey, dropped);
  });
  const summary = await getSiteCheck(deps.database.db, owner, id);
  if (!summary) throw new ApiError('site_check_not_found');
  if (summary.status !== 'cancelled') throw new ApiError('site_check_not_active');
  return summary;
}

/** Settles every running site check whose pages are done (the sweep may have failed the last). */
export function settleAllSiteChecks(db: Db): Promise<number> {
  return completeFinishedSiteChecks(db);
}

/** The workspace's site check with its progress, or null (missing, or another workspace's). */
export async function getSiteCheck(
  db: Db,
  ownerOrAccount: string | SiteCheckOwner,
  id: string,
): Promise<SiteCheckSummary | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return readSiteCheck(db, asOwner(ownerOrAccount), id);
}

/** The workspace's site checks, newest first (the profile lists the latest ones). */
export function listSiteChecks(
  db: Db,
  ownerOrAccount: string | SiteCheckOwner,
  limit = 20,
): Promise<SiteCheckSummary[]> {
  return listSiteChecksOf(db, asOwner(ownerOrAccount), limit);
}

/** One page of a site check as the site report reads it. */
export interface SitePageRow {
  reportId: string;
  url: string;
  accessToken: string;
  status: StoredReportStatus;
  score: number | null;
  finalUrl: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  metaJson: unknown;
  /** Stored findings: the failing ones (`slim`), else not read (null). */
  issues: unknown;
  /**
   * The stored findings the site report's cross-page view reads (`canonical` and `robots-txt`,
   * whole, in stored order); absent: the report reads them from `issues`.
   */
  viewFindings?: unknown;
  /** A crawl's completed page: what the site findings read of it (null if absent or unreadable). */
  pageSignals: PageSignals | null;
  /** When the page finished (null while it waits). */
  completedAt: string | null;
}

/** A page's report row (`reports r`) and its address (`urls u`) in the page list. */
const r = aliased('r');
const u = aliased('u');

/** A page's stored findings, or none when they are not an array (an older or erased row). */
const STORED_FINDINGS = sql`jsonb_array_elements(case when jsonb_typeof(${r(reports.issues)}) = 'array'
  then ${r(reports.issues)} else '[]'::jsonb end)`;

/** The meta the site report reads: the title and the description (and the audit's word count). */
const REPORT_META = sql`coalesce(${r(reports.reportMeta)},
  case when ${r(reports.metaJson)} is null then null else jsonb_build_object(
    'title', ${r(reports.metaJson)}->'title',
    'metaDescription', ${r(reports.metaJson)}->'metaDescription',
    'wordCount', ${r(reports.metaJson)}->'wordCount')::json end) as meta_json`;

/**
 * What the audit snapshot reads of each page's stored findings: only failing critical or
 * warning findings, with the fields the audit uses (the decoder, decodeStoredFindings, still
 * reads them, including an older shape's `details.skipped`) — a fraction of the bytes of whole
 * rows, for 10,000 pages.
 */
const SLIM_COLUMNS = sql`coalesce(${r(reports.auditIssues)},
  (select coalesce(jsonb_agg(jsonb_build_object('id', f->'id', 'outcome', f->'outcome',
      'severity', f->'severity', 'message', f->'message', 'points', f->'points',
      'details', case when f->'details' ? 'skipped'
        then jsonb_build_object('skipped', f->'details'->'skipped') else '{}'::jsonb end)), '[]'::jsonb)
    from ${STORED_FINDINGS} f
    where f->>'severity' in ('critical', 'warning')
      and coalesce(f->>'outcome', 'failed') = 'failed')::json) as issues`;

/**
 * What the site report reads of each page's stored findings: the two findings its cross-page
 * view (buildSiteView) looks up — the canonical and the robots.txt check — in their stored
 * order, as viewFindingsOf (site-page-findings.ts) keeps them: id, outcome, severity and the
 * details that view reads. Never the rest (a page's stored findings are tens of kilobytes).
 */
const VIEW_FINDINGS = sql`coalesce(${r(reports.viewFindings)},
  (select coalesce(jsonb_agg(jsonb_build_object('id', e.f->'id', 'outcome', e.f->'outcome',
      'severity', e.f->'severity', 'details', jsonb_strip_nulls(jsonb_build_object(
        'canonical', e.f->'details'->'canonical', 'canonicals', e.f->'details'->'canonicals',
        'allowedForGooglebot', e.f->'details'->'allowedForGooglebot',
        'detail', e.f->'details'->'detail'))) order by e.n), '[]'::jsonb)
    from ${STORED_FINDINGS} with ordinality as e(f, n)
    where e.f->>'id' in ('canonical', 'robots-txt'))::json) as view_findings`;

/** A JSON column as the driver gave it: text (PGlite, or a `::text` cast) is parsed. */
const parsedJson = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * A check's pages, in order, with what the site report reads (VIEW_FINDINGS, REPORT_META);
 * `slim` adds the failing findings the audit snapshot reads (SLIM_COLUMNS); `report: false`
 * leaves out the report's findings. Whole stored findings are never read: about 20 KB a page,
 * some 200 MB of JSON for 10,000 pages.
 */
export async function listSitePages(
  db: Db,
  siteCheckId: string,
  options: { slim?: boolean; report?: boolean } = {},
): Promise<SitePageRow[]> {
  // Without the report (`report: false`, the audit build of a running check) its findings stay
  // unread: one pass less over every page's stored findings.
  const view = options.report === false ? sql`null::json as view_findings` : VIEW_FINDINGS;
  const content = options.slim
    ? sql`${SLIM_COLUMNS}, ${REPORT_META}, ${view}`
    : sql`null::jsonb as issues, ${REPORT_META}, ${view}`;
  // Each page as one JSON array in one text column, in PageFields' order: PGlite's driver
  // costs about 3 µs a field (thirteen a page: 0.3 s of a 10,000-page read, stop 54), and one
  // JSON.parse a page replaces four. Ordered here, not in SQL: the database sorted the pages'
  // built text (~17 MB at 10,000 pages), which spilled to temporary files.
  const rows = await queryRows<{ page: string }>(
    db,
    sql`select json_build_array(p.id, p.url, p.access_token, p.status, p.score, p.final_url,
          p.error_code, p.error_message, p.meta_json, p.issues, p.view_findings, p.page_signals,
          p.completed_at, (extract(epoch from p.run_after) * 1000000)::bigint)::text as page
        from (select ${r(reports.id)} as id, ${u(urls.normalizedUrl)} as url,
            ${r(reports.accessToken)} as access_token, ${r(reports.status)} as status,
            ${r(reports.score)} as score, ${r(reports.finalUrl)} as final_url,
            ${r(reports.errorCode)} as error_code, ${r(reports.errorMessage)} as error_message,
            ${content}, ${r(reports.pageSignals)} as page_signals,
            ${r(reports.completedAt)} as completed_at,
            ${r(reports.runAfter)} as run_after
          from ${reports} r join ${urls} u on ${u(urls.id)} = ${r(reports.urlId)}
          where ${r(reports.siteCheckId)} = ${siteCheckId} and ${r(reports.deletedAt)} is null) p`,
  );
  const pages = rows.map(({ page }) => JSON.parse(page) as PageFields);
  // By run_after, then id: a uuid's text in lower case orders as its bytes do in SQL.
  pages.sort((a, b) => a[13] - b[13] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return pages.map(sitePageRow);
}

/** A page as listSitePages reads it: its fields in the order the query builds them. */
type PageFields = [
  id: string,
  url: string,
  accessToken: string,
  status: StoredReportStatus,
  score: number | null,
  finalUrl: string | null,
  errorCode: string | null,
  errorMessage: string | null,
  metaJson: unknown,
  issues: unknown,
  viewFindings: unknown,
  pageSignals: unknown,
  completedAt: string | null,
  /** run_after in microseconds since 1970 (exact: below 2^53 until the year 2255). */
  runAfterMicros: number,
];

function sitePageRow(fields: PageFields): SitePageRow {
  const [
    id,
    url,
    accessToken,
    status,
    score,
    finalUrl,
    errorCode,
    errorMessage,
    metaJson,
    issues,
    viewFindings,
    pageSignals,
    completedAt,
  ] = fields;
  return {
    reportId: id,
    url,
    accessToken,
    status,
    score: score === null ? null : Number(score),
    finalUrl,
    errorCode,
    errorMessage,
    metaJson,
    issues,
    ...(viewFindings === null ? {} : { viewFindings }),
    // As the site findings read them: a row written by another version reads as none.
    pageSignals: readPageSignals(pageSignals),
    completedAt: completedAt ? new Date(completedAt).toISOString() : null,
  };
}

/**
 * `rows` (listSitePages without `slim`) with the failing findings the audit snapshot reads
 * (SLIM_COLUMNS) — read apart, after an ended check's report is stored: the report does not
 * read them, and they are a third of the bytes its pages' read would parse first
 * (site-audit-build.ts). A row erased since it was read gets none.
 */
export async function withAuditIssues(
  db: Db,
  siteCheckId: string,
  rows: readonly SitePageRow[],
): Promise<SitePageRow[]> {
  const found = await queryRows<{ id: string; issues: unknown }>(
    db,
    sql`select ${r(reports.id)} as id, ${SLIM_COLUMNS} from ${reports} r
        where ${r(reports.siteCheckId)} = ${siteCheckId} and ${r(reports.deletedAt)} is null`,
  );
  const issuesOf = new Map(found.map((row) => [String(row.id), row.issues]));
  return rows.map((row) => ({ ...row, issues: parsedJson(issuesOf.get(row.reportId) ?? []) }));
}
