import type { AuditCompareResponse, NonIndexableReason } from '@crawlwise/shared/api/site-audit';
import type { SiteCheck } from '@crawlwise/shared/api/site-checks';
import type { SiteFindingSeverity } from '@crawlwise/shared/site-findings';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../db/database.ts';
import { siteAuditIssues, siteAuditLinks, siteAuditPages } from '../db/schema.ts';
import { currentAuditKey } from '../db/tables/site-audit.ts';
import { auditScores } from '../db/tables/site-checks.ts';
import { ApiError } from '../errors.ts';
import { issueTexts } from './site-audit-query.ts';

/**
 * Two crawls of one site compared from their audit snapshots (issue 20.3): the issues new, fixed
 * or changed in count, the pages added and removed, and the pages whose score moved most. Each
 * part is one SQL query over the two snapshots, so its cost does not depend on how many pages
 * are listed. The caller has checked both checks belong to the reader. Tables and columns are
 * named through the Drizzle schema; `a` reads the later crawl (or the one counted), `b` the
 * other.
 */

const pageA = alias(siteAuditPages, 'a');
const pageB = alias(siteAuditPages, 'b');
const issueA = alias(siteAuditIssues, 'a');
const issueB = alias(siteAuditIssues, 'b');
const linkA = alias(siteAuditLinks, 'a');
const linkB = alias(siteAuditLinks, 'b');

/** Addresses and score changes listed (the totals count them all). */
const LISTED = 100;

type Change = AuditCompareResponse['issues'][number]['change'];

/** How an issue's count moved from the baseline to the later crawl. */
export function issueChange(before: number, after: number): Change {
  if (before === 0) return 'new';
  if (after === 0) return 'fixed';
  return after > before ? 'more' : after < before ? 'fewer' : 'same';
}

const CHANGE_ORDER: Record<Change, number> = { new: 0, more: 1, fewer: 2, same: 3, fixed: 4 };

/** Only two crawls of the same site can be compared; the earlier is the baseline. */
export function comparedPair(one: SiteCheck, other: SiteCheck): [SiteCheck, SiteCheck] {
  if (
    one.id === other.id ||
    one.source !== 'crawl' ||
    other.source !== 'crawl' ||
    one.siteUrl !== other.siteUrl
  ) {
    throw new ApiError('site_check_compare_mismatch');
  }
  return one.createdAt <= other.createdAt ? [one, other] : [other, one];
}

async function pagesOnlyIn(db: Db, inCheck: string, notIn: string) {
  const onlyIn = sql`from ${siteAuditPages} ${pageA}
    where ${pageA.siteCheckId} = ${currentAuditKey(inCheck)} and ${pageA.state} = 'completed'
      and not exists (select 1 from ${siteAuditPages} ${pageB}
        where ${pageB.siteCheckId} = ${currentAuditKey(notIn)}
        and ${pageB.url} = ${pageA.url} and ${pageB.state} = 'completed')`;
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total ${onlyIn}`,
  );
  const rows = await queryRows<{ url: string }>(
    db,
    sql`select ${pageA.url} as url ${onlyIn}
        order by ${pageA.url} collate "C" limit ${LISTED}`,
  );
  return { total: Number(count?.total ?? 0), urls: rows.map((row) => String(row.url)) };
}

export async function compareAudits(
  db: Db,
  before: SiteCheck,
  after: SiteCheck,
): Promise<Omit<AuditCompareResponse, 'ok'>> {
  const scores = await auditScores(db, [before.id, after.id]);
  const scoreOf = (id: string) => scores.get(id)?.score ?? null;
  const issueRows = await queryRows(
    db,
    sql`select coalesce(${issueA.issueId}, ${issueB.issueId}) as issue_id,
          coalesce(${issueA.kind}, ${issueB.kind}) as kind,
          coalesce(${issueA.severity}, ${issueB.severity}) as severity,
          coalesce(${issueB.count}, 0)::int as before, coalesce(${issueA.count}, 0)::int as after
        from (select * from ${siteAuditIssues}
            where ${siteAuditIssues.siteCheckId} = ${currentAuditKey(after.id)}) ${issueA}
          full outer join (select * from ${siteAuditIssues}
            where ${siteAuditIssues.siteCheckId} = ${currentAuditKey(before.id)}) ${issueB}
          on ${issueA.issueId} = ${issueB.issueId}`,
  );
  const issues = issueRows
    .map((row) => {
      const kind = row.kind as 'site' | 'page';
      const id = String(row.issue_id);
      const counts = { before: Number(row.before), after: Number(row.after) };
      return {
        kind,
        id,
        title: issueTexts(kind, id).title,
        severity: row.severity as SiteFindingSeverity,
        change: issueChange(counts.before, counts.after),
        ...counts,
      };
    })
    .sort(
      (a, b) =>
        CHANGE_ORDER[a.change] - CHANGE_ORDER[b.change] ||
        Math.abs(b.after - b.before) - Math.abs(a.after - a.before) ||
        a.id.localeCompare(b.id),
    );
  const moved = await queryRows(
    db,
    sql`select ${pageA.url} as url, ${pageB.score} as before, ${pageA.score} as after
        from ${siteAuditPages} ${pageA} join ${siteAuditPages} ${pageB}
          on ${pageB.siteCheckId} = ${currentAuditKey(before.id)} and ${pageB.url} = ${pageA.url}
        where ${pageA.siteCheckId} = ${currentAuditKey(after.id)} and ${pageA.score} is not null
          and ${pageB.score} is not null and ${pageA.score} <> ${pageB.score}
        order by abs(${pageA.score} - ${pageB.score}) desc, ${pageA.url} collate "C"
        limit ${LISTED}`,
  );
  return {
    before,
    after,
    score: { before: scoreOf(before.id), after: scoreOf(after.id) },
    issues,
    pagesAdded: await pagesOnlyIn(db, after.id, before.id),
    pagesRemoved: await pagesOnlyIn(db, before.id, after.id),
    scoreChanges: moved.map((row) => ({
      url: String(row.url),
      before: Number(row.before),
      after: Number(row.after),
    })),
  };
}

/**
 * What a crawl watch's mail names (docs/monitoring.md › Crawl watches), from the two crawls'
 * snapshots like the rest of the compare: the internal links into broken targets that the
 * baseline did not have (a source → target pair is new when the baseline had no broken link
 * between them), and the pages indexable in the baseline that no longer are (a page not
 * analysed this time, e.g. past the page cap, is not called non-indexable). The first `listed`
 * of each in address order, with their totals.
 */
export interface CrawlChanges {
  newBrokenLinks: {
    total: number;
    items: Array<{ source: string; target: string; status: number | null; error: string | null }>;
  };
  newlyNonIndexable: {
    total: number;
    items: Array<{ url: string; reason: NonIndexableReason }>;
  };
}

export async function crawlChanges(
  db: Db,
  beforeId: string,
  afterId: string,
  listed: number,
): Promise<CrawlChanges> {
  const newLinks = sql`from ${siteAuditLinks} ${linkA}
    where ${linkA.siteCheckId} = ${currentAuditKey(afterId)} and ${linkA.kind} = 'broken'
      and not exists (select 1 from ${siteAuditLinks} ${linkB}
        where ${linkB.siteCheckId} = ${currentAuditKey(beforeId)} and ${linkB.kind} = 'broken'
        and ${linkB.source} = ${linkA.source} and ${linkB.target} = ${linkA.target})`;
  const [linkCount] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total
        from (select distinct ${linkA.source}, ${linkA.target} ${newLinks}) pairs`,
  );
  const links = await queryRows<{
    source: string;
    target: string;
    status: number | null;
    error: string | null;
  }>(
    db,
    sql`select ${linkA.source} as source, ${linkA.target} as target,
          max(${linkA.targetStatus}) as status, max(${linkA.targetError}) as error
        ${newLinks}
        group by ${linkA.source}, ${linkA.target}
        order by ${linkA.source} collate "C", ${linkA.target} collate "C" limit ${listed}`,
  );
  const newPages = sql`from ${siteAuditPages} ${pageA}
    join ${siteAuditPages} ${pageB} on ${pageB.siteCheckId} = ${currentAuditKey(beforeId)}
      and ${pageB.url} = ${pageA.url} and ${pageB.indexable}
    where ${pageA.siteCheckId} = ${currentAuditKey(afterId)} and not ${pageA.indexable}
      and ${pageA.nonIndexableReason} is distinct from 'not-analysed'`;
  const [pageCount] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total ${newPages}`,
  );
  const pages = await queryRows<{ url: string; reason: NonIndexableReason }>(
    db,
    sql`select ${pageA.url} as url, ${pageA.nonIndexableReason} as reason ${newPages}
        order by ${pageA.url} collate "C" limit ${listed}`,
  );
  return {
    newBrokenLinks: {
      total: Number(linkCount?.total ?? 0),
      items: links.map((row) => ({
        source: String(row.source),
        target: String(row.target),
        status: row.status === null ? null : Number(row.status),
        error: row.error === null ? null : String(row.error),
      })),
    },
    newlyNonIndexable: {
      total: Number(pageCount?.total ?? 0),
      items: pages.map((row) => ({ url: String(row.url), reason: row.reason })),
    },
  };
}
