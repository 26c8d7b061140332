import { ALL_CHECKS } from '@crawlwise/analyzer/checks/index';
import {
  AUDIT_LINK_NO_ANSWER,
  type AuditIssue,
  type AuditIssueItem,
  type AuditLinkRow,
  type AuditLinksQuery,
  type AuditPageRow,
  type AuditPagesQuery,
  type AuditStructureResponse,
  auditLinkRowSchema,
  auditPageRowSchema,
} from '@crawlwise/shared/api/site-audit';
import {
  SITE_FINDINGS,
  type SiteFindingId,
  type SiteFindingSeverity,
} from '@crawlwise/shared/site-findings';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type ColumnsRow, type Db, queryRows, selectColumns } from '../db/database.ts';
import {
  siteAuditIssueItems,
  siteAuditIssues,
  siteAuditLinks,
  siteAuditPages,
} from '../db/schema.ts';
import { currentAuditKey } from '../db/tables/site-audit.ts';

/**
 * Reads the audit snapshot (site-audit-build.ts writes it): every list is one SQL query with
 * ORDER BY / LIMIT / OFFSET and a count, so no request moves more than a page of rows. The
 * callers check ownership first. The CSV exports read the same queries a chunk at a time.
 * Tables and columns are named through the Drizzle schema (db/tables/site-audit.ts owns the
 * writes); a table read under a short name is an alias (`from ${siteAuditPages} ${p}`).
 */

const p = alias(siteAuditPages, 'p');
const i = alias(siteAuditIssueItems, 'i');
const l = alias(siteAuditLinks, 'l');

export interface Paging {
  page: number;
  pageSize: number;
}

const offsetOf = ({ page, pageSize }: Paging) => (page - 1) * pageSize;
const _iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const int = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** When the check's snapshot was built (null: not yet); read by the site_checks owner. */
export { auditBuiltAt } from '../db/tables/site-checks.ts';

/* ---------- Pages ---------- */

const PAGE_SORT_COLUMNS: Record<AuditPagesQuery['sort'], SQL> = {
  url: sql`${p.url} collate "C"`,
  state: sql`${p.state}`,
  score: sql`${p.score}`,
  depth: sql`${p.depth}`,
  inbound: sql`${p.inbound}`,
  linkScore: sql`${p.linkScore}`,
  title: sql`${p.title}`,
  words: sql`${p.words}`,
};

/** `%`, `_` and `\` match themselves in the search text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export type AuditPagesFilter = Omit<AuditPagesQuery, 'page' | 'pageSize'>;

function pagesWhere(siteCheckId: string, filter: AuditPagesFilter): SQL {
  const conditions = [sql`${p.siteCheckId} = ${currentAuditKey(siteCheckId)}`];
  if (filter.state) conditions.push(sql`${p.state} = ${filter.state}`);
  if (filter.indexable) conditions.push(sql`${p.indexable} = ${filter.indexable === 'yes'}`);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(sql`(${p.url} ilike ${pattern} or ${p.title} ilike ${pattern})`);
  }
  if (filter.issue) {
    conditions.push(
      sql`exists (select 1 from ${siteAuditIssueItems} ${i}
            where ${i.siteCheckId} = ${p.siteCheckId}
            and ${i.issueId} = ${filter.issue} and ${i.url} = ${p.url})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/**
 * The pages list's columns: the contract's row names them as the schema does, so the row is
 * selected by its contract's keys (a key the table lacks fails to compile).
 */
const PAGE_ROW_COLUMNS = auditPageRowSchema.keyof().options;

function pageRowOf(row: ColumnsRow<typeof p, (typeof PAGE_ROW_COLUMNS)[number]>): AuditPageRow {
  return {
    url: String(row.url),
    finalUrl: (row.finalUrl as string | null) ?? null,
    state: row.state as AuditPageRow['state'],
    httpStatus: int(row.httpStatus),
    indexable: Boolean(row.indexable),
    nonIndexableReason: (row.nonIndexableReason as AuditPageRow['nonIndexableReason']) ?? null,
    score: int(row.score),
    depth: int(row.depth),
    inbound: int(row.inbound),
    linkScore: int(row.linkScore),
    title: (row.title as string | null) ?? null,
    words: int(row.words),
    inSitemap: Boolean(row.inSitemap),
    accessToken: (row.accessToken as string | null) ?? null,
  };
}

/**
 * One page of the pages list: sorted (nulls last, ties by address), filtered, searched.
 * Addresses compare byte-wise (collation C), the same on every database.
 */
export async function listAuditPages(
  db: Db,
  siteCheckId: string,
  filter: AuditPagesFilter,
  paging: Paging,
): Promise<{ total: number; rows: AuditPageRow[] }> {
  const where = pagesWhere(siteCheckId, filter);
  const direction = filter.dir === 'desc' ? sql`desc` : sql`asc`;
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${siteAuditPages} ${p} where ${where}`,
  );
  const rows = await queryRows<ColumnsRow<typeof p, (typeof PAGE_ROW_COLUMNS)[number]>>(
    db,
    sql`select ${selectColumns(p, PAGE_ROW_COLUMNS)} from ${siteAuditPages} ${p} where ${where}
        order by ${PAGE_SORT_COLUMNS[filter.sort]} ${direction} nulls last, ${p.url} collate "C" asc
        limit ${paging.pageSize} offset ${offsetOf(paging)}`,
  );
  return { total: Number(count?.total ?? 0), rows: rows.map(pageRowOf) };
}

/* ---------- Issues ---------- */

const PAGE_CHECK_TEXTS = new Map(
  ALL_CHECKS.map(({ meta }) => [
    meta.id,
    { title: meta.title, why: meta.why, howToFix: meta.howToFix },
  ]),
);

/** An issue's texts: the site finding catalogue's or the page check catalogue's. */
export function issueTexts(
  kind: 'site' | 'page',
  id: string,
): { title: string; why: string; howToFix: string } {
  if (kind === 'site' && id in SITE_FINDINGS) {
    const { title, why, howToFix } = SITE_FINDINGS[id as SiteFindingId];
    return { title, why, howToFix };
  }
  // A check id stored by an older analyzer version and since retired keeps its id as title.
  return PAGE_CHECK_TEXTS.get(id) ?? { title: id, why: '', howToFix: '' };
}

/** Every issue of the snapshot, ranked by what fixing it is worth. */
export async function listAuditIssues(db: Db, siteCheckId: string): Promise<AuditIssue[]> {
  const rows = await queryRows<
    ColumnsRow<typeof siteAuditIssues, 'kind' | 'issueId' | 'severity' | 'count' | 'worth'>
  >(
    db,
    sql`select ${selectColumns(siteAuditIssues, ['kind', 'issueId', 'severity', 'count', 'worth'])}
        from ${siteAuditIssues}
        where ${siteAuditIssues.siteCheckId} = ${currentAuditKey(siteCheckId)}
        order by ${siteAuditIssues.worth} desc, ${siteAuditIssues.count} desc,
          ${siteAuditIssues.issueId} asc`,
  );
  return rows.map((row) => {
    const kind = row.kind as 'site' | 'page';
    const id = String(row.issueId);
    return {
      kind,
      id,
      ...issueTexts(kind, id),
      severity: row.severity as SiteFindingSeverity,
      count: Number(row.count),
      // Two decimals are plenty for ranking and display.
      worth: Math.round(Number(row.worth) * 100) / 100,
    };
  });
}

/** One page of an issue's affected items, in the finding's order (empty for an unknown issue). */
export async function listAuditIssueItems(
  db: Db,
  siteCheckId: string,
  issueId: string,
  paging: Paging,
): Promise<{ total: number; rows: AuditIssueItem[] }> {
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${siteAuditIssueItems}
        where ${siteAuditIssueItems.siteCheckId} = ${currentAuditKey(siteCheckId)}
          and ${siteAuditIssueItems.issueId} = ${issueId}`,
  );
  const rows = await queryRows<
    ColumnsRow<typeof i, 'url' | 'detail' | 'sources' | 'sourceCount'> &
      ColumnsRow<typeof p, 'accessToken'>
  >(
    db,
    sql`select ${selectColumns(i, ['url', 'detail', 'sources', 'sourceCount'])},
          ${selectColumns(p, ['accessToken'])}
        from ${siteAuditIssueItems} ${i}
          left join ${siteAuditPages} ${p} on ${p.siteCheckId} = ${i.siteCheckId} and ${p.url} = ${i.url}
        where ${i.siteCheckId} = ${currentAuditKey(siteCheckId)} and ${i.issueId} = ${issueId}
        order by ${i.position}
        limit ${paging.pageSize} offset ${offsetOf(paging)}`,
  );
  return {
    total: Number(count?.total ?? 0),
    rows: rows.map((row) => ({
      url: String(row.url),
      detail: (row.detail as string | null) ?? null,
      sources: (typeof row.sources === 'string'
        ? JSON.parse(row.sources)
        : row.sources) as AuditIssueItem['sources'],
      sourceCount: Number(row.sourceCount),
      accessToken: (row.accessToken as string | null) ?? null,
    })),
  };
}

/**
 * Every row of a paged list, a chunk at a time (for the CSV exports: the full result, never all
 * of it in one query's answer).
 */
export async function* everyRow<Row>(
  read: (paging: Paging) => Promise<{ rows: Row[] }>,
  chunk = 1000,
): AsyncGenerator<Row> {
  for (let page = 1; ; page += 1) {
    const { rows } = await read({ page, pageSize: chunk });
    yield* rows;
    if (rows.length < chunk) return;
  }
}

/* ---------- Links ---------- */

const LINK_SORT_COLUMNS: Record<AuditLinksQuery['sort'], SQL> = {
  source: sql`${l.source} collate "C"`,
  target: sql`${l.target} collate "C"`,
  status: sql`${l.targetStatus}`,
};

export type AuditLinksFilter = Omit<AuditLinksQuery, 'page' | 'pageSize'>;

function linksWhere(siteCheckId: string, filter: AuditLinksFilter): SQL {
  const conditions = [
    sql`${l.siteCheckId} = ${currentAuditKey(siteCheckId)}`,
    sql`${l.kind} = ${filter.kind}`,
  ];
  if (filter.section) conditions.push(sql`${l.section} = ${filter.section}`);
  if (filter.status === AUDIT_LINK_NO_ANSWER) conditions.push(sql`${l.targetStatus} is null`);
  else if (filter.status !== undefined) {
    conditions.push(sql`${l.targetStatus} = ${filter.status}`);
  }
  return sql.join(conditions, sql` and `);
}

/** The links list's columns: the contract's row names them as the schema does. */
const LINK_ROW_COLUMNS = auditLinkRowSchema.keyof().options;

/** One page of the broken or redirected internal links, sorted (ties: target, then source). */
export async function listAuditLinks(
  db: Db,
  siteCheckId: string,
  filter: AuditLinksFilter,
  paging: Paging,
): Promise<{ total: number; rows: AuditLinkRow[] }> {
  const where = linksWhere(siteCheckId, filter);
  const direction = filter.dir === 'desc' ? sql`desc` : sql`asc`;
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${siteAuditLinks} ${l} where ${where}`,
  );
  const rows = await queryRows<ColumnsRow<typeof l, (typeof LINK_ROW_COLUMNS)[number]>>(
    db,
    sql`select ${selectColumns(l, LINK_ROW_COLUMNS)} from ${siteAuditLinks} ${l} where ${where}
        order by ${LINK_SORT_COLUMNS[filter.sort]} ${direction} nulls last,
          ${l.target} collate "C", ${l.source} collate "C"
        limit ${paging.pageSize} offset ${offsetOf(paging)}`,
  );
  return {
    total: Number(count?.total ?? 0),
    rows: rows.map((row) => ({
      source: String(row.source),
      target: String(row.target),
      anchor: String(row.anchor),
      nofollow: Boolean(row.nofollow),
      renderedOnly: Boolean(row.renderedOnly),
      targetStatus: int(row.targetStatus),
      targetError: (row.targetError as string | null) ?? null,
      finalUrl: (row.finalUrl as string | null) ?? null,
    })),
  };
}

/** The source sections holding links of a kind, most links first (for the filter). */
export async function auditLinkSections(
  db: Db,
  siteCheckId: string,
  kind: AuditLinksQuery['kind'],
): Promise<Array<{ section: string; links: number }>> {
  const rows = await queryRows(
    db,
    sql`select ${siteAuditLinks.section} as section, count(*)::int as links from ${siteAuditLinks}
        where ${siteAuditLinks.siteCheckId} = ${currentAuditKey(siteCheckId)} and ${siteAuditLinks.kind} = ${kind}
        group by ${siteAuditLinks.section}
        order by links desc, ${siteAuditLinks.section} collate "C" limit 100`,
  );
  return rows.map((row) => ({ section: String(row.section), links: Number(row.links) }));
}

/**
 * The target statuses of a kind's links with how many links each has, by status, targets that
 * never answered (`null`) last (for the status filter: only what this crawl has).
 */
export async function auditLinkStatuses(
  db: Db,
  siteCheckId: string,
  kind: AuditLinksQuery['kind'],
): Promise<Array<{ status: number | null; links: number }>> {
  const rows = await queryRows(
    db,
    sql`select ${siteAuditLinks.targetStatus} as status, count(*)::int as links
        from ${siteAuditLinks}
        where ${siteAuditLinks.siteCheckId} = ${currentAuditKey(siteCheckId)} and ${siteAuditLinks.kind} = ${kind}
        group by ${siteAuditLinks.targetStatus} order by ${siteAuditLinks.targetStatus} nulls last`,
  );
  return rows.map((row) => ({ status: int(row.status), links: Number(row.links) }));
}

/* ---------- Structure ---------- */

const STRUCTURE_LIST = 20;

/** Click depths, orphans and the most and least linked analysed pages. */
export async function auditStructure(
  db: Db,
  siteCheckId: string,
): Promise<Omit<AuditStructureResponse, 'ok' | 'builtAt'>> {
  const histogram = await queryRows(
    db,
    sql`select ${siteAuditPages.depth} as depth, count(*)::int as pages from ${siteAuditPages}
        where ${siteAuditPages.siteCheckId} = ${currentAuditKey(siteCheckId)} and ${siteAuditPages.state} = 'completed'
        group by ${siteAuditPages.depth} order by ${siteAuditPages.depth} nulls last`,
  );
  const [orphans] = await queryRows<{ count: number }>(
    db,
    sql`select coalesce((select ${siteAuditIssues.count} from ${siteAuditIssues}
        where ${siteAuditIssues.siteCheckId} = ${currentAuditKey(siteCheckId)}
          and ${siteAuditIssues.issueId} = 'orphan-pages'), 0)::int as count`,
  );
  const LINKED = ['url', 'inbound', 'linkScore', 'accessToken'] as const;
  const linked = (direction: SQL) =>
    queryRows<ColumnsRow<typeof siteAuditPages, (typeof LINKED)[number]>>(
      db,
      sql`select ${selectColumns(siteAuditPages, LINKED)} from ${siteAuditPages}
          where ${siteAuditPages.siteCheckId} = ${currentAuditKey(siteCheckId)}
            and ${siteAuditPages.state} = 'completed' and ${siteAuditPages.inbound} is not null
          order by ${siteAuditPages.inbound} ${direction},
            ${siteAuditPages.linkScore} ${direction} nulls last, ${siteAuditPages.url} collate "C"
          limit ${STRUCTURE_LIST}`,
    );
  const linkedPage = (row: ColumnsRow<typeof siteAuditPages, (typeof LINKED)[number]>) => ({
    url: String(row.url),
    inbound: Number(row.inbound),
    linkScore: int(row.linkScore),
    accessToken: (row.accessToken as string | null) ?? null,
  });
  return {
    depthHistogram: histogram.map((row) => ({ depth: int(row.depth), pages: Number(row.pages) })),
    orphans: Number(orphans?.count ?? 0),
    mostLinked: (await linked(sql`desc`)).map(linkedPage),
    leastLinked: (await linked(sql`asc`)).map(linkedPage),
  };
}
