import type { AuditDiffResponse, DuplicateCluster } from '@crawlwise/shared/api/site-audit';
import { textExcerptSchema } from '@crawlwise/shared/site-findings';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../db/database.ts';
import { reports, siteAuditDuplicates, siteAuditPages } from '../db/schema.ts';
import { currentAuditKey } from '../db/tables/site-audit.ts';
import { ApiError } from '../errors.ts';
import type { Paging } from './site-audit-query.ts';
import { diffTextBlocks } from './text-blocks-diff.ts';

/**
 * The audit's near-duplicate clusters (numbered 1… by size, largest first, in the snapshot) and
 * the side-by-side diff of two pages' stored text excerpts. Tables and columns are named through
 * the Drizzle schema.
 */

const d = alias(siteAuditDuplicates, 'd');
const p = alias(siteAuditPages, 'p');
const r = alias(reports, 'r');

/** A cluster member with its page's title and words: the select list and joins of both reads. */
const memberRows = sql`select ${d.cluster} as cluster, ${d.size} as size,
    ${d.similarity} as similarity, ${d.url} as url, ${p.title} as title, ${p.words} as words
  from ${siteAuditDuplicates} ${d}
    left join ${siteAuditPages} ${p} on ${p.siteCheckId} = ${d.siteCheckId} and ${p.url} = ${d.url}`;

/** Members shown per cluster in the JSON list (the CSV has them all). */
const MEMBERS_SHOWN = 20;

export async function listAuditDuplicates(
  db: Db,
  siteCheckId: string,
  paging: Paging,
): Promise<{ total: number; rows: DuplicateCluster[] }> {
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select coalesce(max(${siteAuditDuplicates.cluster}), 0)::int as total
        from ${siteAuditDuplicates} where ${siteAuditDuplicates.siteCheckId} = ${currentAuditKey(siteCheckId)}`,
  );
  const first = (paging.page - 1) * paging.pageSize + 1;
  const last = first + paging.pageSize - 1;
  const rows = await queryRows(
    db,
    sql`${memberRows}
        where ${d.siteCheckId} = ${currentAuditKey(siteCheckId)} and ${d.cluster} between ${first} and ${last}
          and ${d.member} < ${MEMBERS_SHOWN}
        order by ${d.cluster}, ${d.member}`,
  );
  const clusters = new Map<number, DuplicateCluster>();
  for (const row of rows) {
    const number = Number(row.cluster);
    let cluster = clusters.get(number);
    if (!cluster) {
      cluster = {
        cluster: number,
        size: Number(row.size),
        similarity: Math.round(Number(row.similarity) * 1000) / 1000,
        members: [],
      };
      clusters.set(number, cluster);
    }
    cluster.members.push({
      url: String(row.url),
      title: (row.title as string | null) ?? null,
      words: row.words === null ? null : Number(row.words),
    });
  }
  return { total: Number(count?.total ?? 0), rows: [...clusters.values()] };
}

export interface DuplicateMemberRow {
  cluster: number;
  size: number;
  similarity: number;
  url: string;
  title: string | null;
  words: number | null;
}

/** Every member of every cluster, a chunk at a time (for the CSV). */
export async function listAuditDuplicateMembers(
  db: Db,
  siteCheckId: string,
  paging: Paging,
): Promise<{ rows: DuplicateMemberRow[] }> {
  const rows = await queryRows(
    db,
    sql`${memberRows}
        where ${d.siteCheckId} = ${currentAuditKey(siteCheckId)}
        order by ${d.cluster}, ${d.member}
        limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`,
  );
  return {
    rows: rows.map((row) => ({
      cluster: Number(row.cluster),
      size: Number(row.size),
      similarity: Math.round(Number(row.similarity) * 1000) / 1000,
      url: String(row.url),
      title: (row.title as string | null) ?? null,
      words: row.words === null ? null : Number(row.words),
    })),
  };
}

/** A page's stored excerpt (none for a page analysed before excerpts, or not a crawl's). */
async function excerptOf(db: Db, siteCheckId: string, url: string) {
  const [row] = await queryRows(
    db,
    sql`select ${r.textExcerpt} as text_excerpt
        from ${siteAuditPages} ${p} join ${reports} ${r} on ${r.id} = ${p.reportId}
        where ${p.siteCheckId} = ${currentAuditKey(siteCheckId)} and ${p.url} = ${url}`,
  );
  if (!row) throw new ApiError('site_audit_page_not_found');
  const value =
    typeof row.text_excerpt === 'string' ? JSON.parse(row.text_excerpt) : row.text_excerpt;
  const parsed = textExcerptSchema.safeParse(value);
  return parsed.success ? parsed.data : { blocks: [], truncated: false };
}

/** Two pages of the check side by side, each block marked shared with the other page or not. */
export async function auditDiff(
  db: Db,
  siteCheckId: string,
  a: string,
  b: string,
): Promise<Omit<AuditDiffResponse, 'ok'>> {
  const left = await excerptOf(db, siteCheckId, a);
  const right = await excerptOf(db, siteCheckId, b);
  const marked = diffTextBlocks(left.blocks, right.blocks);
  return {
    a: { url: a, blocks: marked.a, truncated: left.truncated },
    b: { url: b, blocks: marked.b, truncated: right.truncated },
  };
}
