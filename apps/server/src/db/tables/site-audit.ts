import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditSnapshot } from '../../services/site-audit-snapshot.ts';
import { col, type Db, queryRows } from '../database.ts';
import {
  siteAuditDuplicates,
  siteAuditIssueItems,
  siteAuditIssues,
  siteAuditLinks,
  siteAuditPages,
  siteChecks,
} from '../schema.ts';

/**
 * The owner of the audit snapshot's tables (site_audit_pages, _issues, _issue_items, _links,
 * _duplicates; issue 20, docs/site-checks.md "Audit workspace"): a check's rows are replaced
 * whole here, by the builder (services/site-audit-build.ts), inside its transaction. The reads
 * stay with the audit's queries (site-audit-query.ts, -overview.ts, -compare.ts, -duplicates.ts):
 * each answers one screen of the workspace, sorting, filtering and joining the five tables its
 * own way, and decodes its rows into that screen's contract, so moving them here would make this
 * module the audit API rather than the tables' owner. They name the tables and columns through
 * the schema too (an alias for a self-join or a short name: `from ${siteAuditPages} ${p}`), so a
 * renamed column fails to compile in the reads as in the writes. Every column written comes from
 * the Drizzle schema: a row's keys are the schema's property names.
 */

/** Rows per insert statement (one JSON parameter each). */
const INSERT_BATCH = 2000;

type AuditTable =
  | typeof siteAuditPages
  | typeof siteAuditIssues
  | typeof siteAuditIssueItems
  | typeof siteAuditLinks
  | typeof siteAuditDuplicates;

/**
 * A row of an audit table, keyed by the schema's property names, without its check; values as
 * JSON carries them (a time as its ISO text).
 */
type RowOf<T extends AuditTable> = {
  [K in Exclude<keyof T['$inferInsert'], 'siteCheckId'>]?: unknown;
};

/**
 * Inserts a check's rows as one JSON parameter per batch (jsonb_to_recordset): one statement and
 * one parameter for thousands of rows, much cheaper than a parameter per cell. The record's
 * definition is the table's columns, with their SQL types, from the schema.
 */
async function insertRows<T extends AuditTable>(
  tx: Db,
  table: T,
  siteCheckId: string,
  rows: readonly RowOf<T>[],
  beforeBatch: BeforeBatch | undefined,
): Promise<void> {
  const columns = Object.entries(getTableColumns(table as PgTable)) as [string, PgColumn][];
  const names = sql.join(
    columns.map(([, column]) => col(column)),
    sql`, `,
  );
  const definition = sql.join(
    columns.map(([, column]) => sql`${col(column)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const record = (row: RowOf<T>) => {
    const values = { ...row, siteCheckId } as Record<string, unknown>;
    return Object.fromEntries(columns.map(([key, column]) => [column.name, values[key] ?? null]));
  };
  // A batch's records are made when it is sent, never a copy of the whole table's rows at once:
  // 10,000 pages have some hundred thousand issue items (bench/site-audit.ts, its memory columns).
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await beforeBatch?.(tx);
    const batch = JSON.stringify(rows.slice(start, start + INSERT_BATCH).map(record));
    await tx.execute(
      sql`insert into ${table} (${names})
          select ${names} from jsonb_to_recordset(${batch}::jsonb) as x(${definition})`,
    );
  }
}

/** Runs before each insert of a write; throwing abandons it (its transaction rolls back). */
export type BeforeBatch = (tx: Db) => Promise<void>;

/**
 * Replaces a check's snapshot rows (inside the caller's transaction). `beforeBatch` runs before
 * each insert of up to INSERT_BATCH rows: a builder whose snapshot is no longer wanted stops there.
 * Returns false, writing nothing, when the check is gone.
 *
 * The rows have no key to their check (migration 0026): the check's row is locked `for key share`
 * once here instead, so it cannot be deleted while they are written (its deletion, whose trigger
 * deletes its snapshot rows, waits for this transaction), and page ends still update it meanwhile.
 */
export async function writeAuditSnapshot(
  tx: Db,
  siteCheckId: string,
  snapshot: AuditSnapshot,
  beforeBatch?: BeforeBatch,
): Promise<boolean> {
  const held = await queryRows(
    tx,
    sql`select ${siteChecks.id} from ${siteChecks} where ${siteChecks.id} = ${siteCheckId}
        for key share`,
  );
  if (held.length === 0) return false;
  for (const table of [
    siteAuditPages,
    siteAuditIssues,
    siteAuditIssueItems,
    siteAuditLinks,
    siteAuditDuplicates,
  ]) {
    await tx.execute(sql`delete from ${table} where ${table.siteCheckId} = ${siteCheckId}`);
  }
  await insertRows(tx, siteAuditPages, siteCheckId, snapshot.pages, beforeBatch);
  await insertRows(tx, siteAuditIssues, siteCheckId, snapshot.issues, beforeBatch);
  await insertRows(tx, siteAuditIssueItems, siteCheckId, snapshot.items, beforeBatch);
  await insertRows(tx, siteAuditLinks, siteCheckId, snapshot.links, beforeBatch);
  await insertRows(tx, siteAuditDuplicates, siteCheckId, snapshot.duplicates, beforeBatch);
  return true;
}
