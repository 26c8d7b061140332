import {
  AUDIT_PAGE_STATES,
  type AuditOverview,
  type AuditPageState,
  type AuditProgress,
  NON_INDEXABLE_REASONS,
  type NonIndexableReason,
} from '@crawlwise/shared/api/site-audit';
import type { SiteCheck } from '@crawlwise/shared/api/site-checks';
import type { StoredReportStatus } from '@crawlwise/shared/report';
import { wasBlockedPage } from '@crawlwise/shared/site-check';
import { SITE_FINDINGS, type SiteFindingId } from '@crawlwise/shared/site-findings';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../db/database.ts';
import { reports, siteAuditIssues, siteAuditPages, urls } from '../db/schema.ts';
import { currentAuditKey } from '../db/tables/site-audit.ts';
import { auditScores, previousCompletedSiteCheck } from '../db/tables/site-checks.ts';
import { listAuditIssues } from './site-audit-query.ts';
import { isRedirectedRow } from './site-report.ts';
import type { WorkspaceOwner } from './workspace.ts';

/**
 * The audit's Overview: the site score and its ledger, pages by state and indexability, the top
 * issues and the change since the previous crawl come from the snapshot; `progress` is read live
 * from the check's pages (counts, pages per minute, the last pages done), so a running crawl's
 * progress moves between two builds of its snapshot. Tables and columns are named through the
 * Drizzle schema.
 */

const issueA = alias(siteAuditIssues, 'a');
const issueB = alias(siteAuditIssues, 'b');
const r = alias(reports, 'r');
const u = alias(urls, 'u');

const TOP_ISSUES = 10;
const LAST_PAGES = 10;
/** Pages per minute are measured over the finished pages of this window (to the last one). */
const RATE_WINDOW_MINUTES = 5;

const zeroes = <Key extends string>(keys: readonly Key[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;

function stateOfFinished(row: {
  url: string;
  status: StoredReportStatus;
  errorCode: string | null;
  finalUrl: string | null;
}): AuditPageState {
  if (wasBlockedPage(row)) return 'blocked';
  if (isRedirectedRow(row)) return 'redirected';
  return row.status === 'queued' || row.status === 'analyzing' ? 'pending' : row.status;
}

/** Live progress of a check, from its report rows. */
export async function auditProgress(db: Db, siteCheck: SiteCheck): Promise<AuditProgress> {
  const { counts } = siteCheck;
  const waiting = counts.queued + counts.analyzing;
  // The newest finished page first (an index walk), then only the window before it: the whole
  // check is not read (10,000 pages cost 170-460 ms per Overview that way).
  const [rate] = await queryRows<{ finished: number; span: number | null }>(
    db,
    sql`with newest as (
          select ${reports.completedAt} as at from ${reports}
          where ${reports.siteCheckId} = ${siteCheck.id} and ${reports.deletedAt} is null
            and ${reports.status} in ('completed', 'failed') and ${reports.completedAt} is not null
          order by ${reports.completedAt} desc limit 1)
        select count(*)::int as finished,
          extract(epoch from (select at from newest) - min(${reports.completedAt}))::float8 as span
        from ${reports}
        where ${reports.siteCheckId} = ${siteCheck.id} and ${reports.deletedAt} is null
          and ${reports.status} in ('completed', 'failed')
          and ${reports.completedAt} >=
            (select at from newest) - make_interval(mins => ${RATE_WINDOW_MINUTES})`,
  );
  const finished = Number(rate?.finished ?? 0);
  const span = rate?.span === null || rate?.span === undefined ? 0 : Number(rate.span);
  const pagesPerMinute =
    finished >= 2 && span > 0 ? Math.round(((finished - 1) / (span / 60)) * 10) / 10 : null;
  const active = siteCheck.status === 'discovering' || siteCheck.status === 'running';
  const last = await queryRows<{
    url: string;
    status: StoredReportStatus;
    error_code: string | null;
    final_url: string | null;
    score: number | null;
    completed_at: Date | string;
  }>(
    db,
    sql`select ${u.normalizedUrl} as url, ${r.status} as status, ${r.errorCode} as error_code,
          ${r.finalUrl} as final_url, ${r.score} as score, ${r.completedAt} as completed_at
        from ${reports} ${r} join ${urls} ${u} on ${u.id} = ${r.urlId}
        where ${r.siteCheckId} = ${siteCheck.id} and ${r.deletedAt} is null
          and ${r.status} in ('completed', 'failed') and ${r.completedAt} is not null
        order by ${r.completedAt} desc, ${r.id} desc limit ${LAST_PAGES}`,
  );
  return {
    discovered: counts.total,
    waiting,
    done: counts.completed,
    failed: counts.failed,
    pagesPerMinute,
    etaSeconds:
      active && pagesPerMinute !== null && pagesPerMinute > 0
        ? Math.round((waiting / pagesPerMinute) * 60)
        : null,
    lastPages: last.map((row) => {
      const state = stateOfFinished({
        url: String(row.url),
        status: row.status,
        errorCode: row.error_code ?? null,
        finalUrl: row.final_url ?? null,
      });
      return {
        url: String(row.url),
        state,
        score: state === 'completed' && row.score !== null ? Number(row.score) : null,
        finishedAt: new Date(row.completed_at).toISOString(),
      };
    }),
  };
}

/** The previous completed check of the same site (and source) in the same workspace. */
async function previousCheck(
  db: Db,
  owner: WorkspaceOwner,
  siteCheck: SiteCheck,
  score: number | null,
): Promise<AuditOverview['previous']> {
  const previous = await previousCompletedSiteCheck(db, owner, siteCheck);
  if (!previous) return null;
  const previousId = previous.id;
  const [change] = await queryRows<{ new_issues: number; fixed_issues: number }>(
    db,
    sql`select
        (select count(*) from ${siteAuditIssues} ${issueA}
          where ${issueA.siteCheckId} = ${currentAuditKey(siteCheck.id)}
          and not exists (select 1 from ${siteAuditIssues} ${issueB}
            where ${issueB.siteCheckId} = ${currentAuditKey(previousId)}
            and ${issueB.issueId} = ${issueA.issueId}))::int as new_issues,
        (select count(*) from ${siteAuditIssues} ${issueB}
          where ${issueB.siteCheckId} = ${currentAuditKey(previousId)}
          and not exists (select 1 from ${siteAuditIssues} ${issueA}
            where ${issueA.siteCheckId} = ${currentAuditKey(siteCheck.id)}
            and ${issueA.issueId} = ${issueB.issueId}))::int as fixed_issues`,
  );
  const before = previous.auditScore;
  return {
    siteCheckId: previousId,
    createdAt: previous.createdAt,
    score: before,
    scoreDelta: before === null || score === null ? null : score - before,
    newIssues: Number(change?.new_issues ?? 0),
    fixedIssues: Number(change?.fixed_issues ?? 0),
  };
}

export async function auditOverview(
  db: Db,
  owner: WorkspaceOwner,
  siteCheck: SiteCheck,
): Promise<AuditOverview> {
  const id = siteCheck.id;
  const audit = (await auditScores(db, [id])).get(id);
  const score = audit?.score ?? null;
  const base = audit?.base ?? null;
  // Pages by state and by indexability in one pass over the snapshot's pages.
  const groups = await queryRows<{ state: string; reason: string | null; pages: number }>(
    db,
    sql`select ${siteAuditPages.state} as state, ${siteAuditPages.nonIndexableReason} as reason,
          count(*)::int as pages
        from ${siteAuditPages} where ${siteAuditPages.siteCheckId} = ${currentAuditKey(id)}
        group by ${siteAuditPages.state}, ${siteAuditPages.nonIndexableReason}`,
  );
  const pagesByState = zeroes(AUDIT_PAGE_STATES);
  const nonIndexable = zeroes(NON_INDEXABLE_REASONS);
  let indexable = 0;
  for (const row of groups) {
    const pages = Number(row.pages);
    pagesByState[row.state as AuditPageState] += pages;
    if (row.reason === null) indexable += pages;
    else nonIndexable[row.reason as NonIndexableReason] += pages;
  }
  const issues = await listAuditIssues(db, id);
  const ledger = issues
    .filter((issue) => issue.kind === 'site' && issue.id in SITE_FINDINGS)
    .map((issue) => ({
      id: issue.id as SiteFindingId,
      title: issue.title,
      points: Math.round(issue.worth),
    }));
  return {
    score,
    base,
    ledger,
    pagesByState,
    indexable,
    nonIndexable,
    topIssues: issues.slice(0, TOP_ISSUES),
    progress: await auditProgress(db, siteCheck),
    previous: await previousCheck(db, owner, siteCheck, score),
  };
}
