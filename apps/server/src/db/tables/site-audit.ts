import { randomUUID } from 'node:crypto';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditSnapshot } from '../../services/site-audit-snapshot.ts';
import { col, type Db, inTransaction, queryRows } from '../database.ts';
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
 * whole here, by the builder (services/site-audit-build.ts). The rows carry the snapshot's key
 * (`currentAuditKey`), not the check's id: a build writes the new rows under a new key in short
 * transactions and switches the check to it in one, so a reader sees the old snapshot or the new
 * one, and the embedded database's one connection — which every request waits for while a
 * transaction holds it — is never held for a whole write (1.5-2 s at 10,000 pages). The reads
 * stay with the audit's queries (site-audit-query.ts, -overview.ts, -compare.ts, -duplicates.ts):
 * each answers one screen of the workspace, sorting, filtering and joining the five tables its
 * own way, and decodes its rows into that screen's contract, so moving them here would make this
 * module the audit API rather than the tables' owner. They name the tables and columns through
 * the schema too (an alias for a self-join or a short name: `from ${siteAuditPages} ${p}`), so a
 * renamed column fails to compile in the reads as in the writes. Every column written comes from
 * the Drizzle schema: a row's keys are the schema's property names.
 */

/** Rows per insert statement (one JSON parameter each), and per transaction of a write. */
const INSERT_BATCH = 2000;
/** Rows per delete statement when a replaced snapshot's rows are dropped. */
const DELETE_BATCH = 5000;

const AUDIT_TABLES = [
  siteAuditPages,
  siteAuditIssues,
  siteAuditIssueItems,
  siteAuditLinks,
  siteAuditDuplicates,
] as const;

type AuditTable = (typeof AUDIT_TABLES)[number];

/**
 * A site_checks row's current snapshot key: its `audit_key`, else its id (rows written before
 * migration 0028).
 */
const CURRENT_KEY = sql`coalesce(${siteChecks.auditKey}, ${siteChecks.id})`;

/**
 * The key of the check's current snapshot rows, as a scalar subquery for the reads:
 * `where ${siteAuditPages.siteCheckId} = ${currentAuditKey(id)}`. PostgreSQL runs it once per
 * statement (an init plan), so the statement still uses the tables' indexes, and a statement
 * reads one snapshot whole even when a build switches keys meanwhile: on PostgreSQL its own
 * snapshot keeps the replaced rows visible to it, on the embedded database statements run one
 * at a time. A null `audit_key` is the check's id (rows written before migration 0028).
 */
export function currentAuditKey(siteCheckId: string | SQL): SQL {
  return sql`(select ${CURRENT_KEY} from ${siteChecks} where ${siteChecks.id} = ${siteCheckId})`;
}

/**
 * A row of an audit table, keyed by the schema's property names, without its check; values as
 * JSON carries them (a time as its ISO text).
 */
type RowOf<T extends AuditTable> = {
  [K in Exclude<keyof T['$inferInsert'], 'siteCheckId'>]?: unknown;
};

/** Runs before each insert of a write, inside its transaction; throwing abandons the write. */
export type BeforeBatch = (tx: Db) => Promise<void>;

/** Thrown inside a write whose check is gone or whose key another build took over. */
class WriteSuperseded extends Error {}

/**
 * Inserts rows under `key` as one JSON parameter per batch (jsonb_to_recordset): one statement
 * and one parameter for thousands of rows, much cheaper than a parameter per cell. The record's
 * definition is the table's columns, with their SQL types, from the schema. Each batch is a
 * transaction of its own that first runs `beforeBatch`.
 */
async function insertRows<T extends AuditTable>(
  db: Db,
  table: T,
  key: string,
  rows: readonly RowOf<T>[],
  beforeBatch: BeforeBatch,
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
    const values = { ...row, siteCheckId: key } as Record<string, unknown>;
    return Object.fromEntries(columns.map(([name, column]) => [column.name, values[name] ?? null]));
  };
  // A batch's records are made when it is sent, never a copy of the whole table's rows at once:
  // 10,000 pages have some hundred thousand issue items (bench/site-audit.ts, its memory columns).
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = JSON.stringify(rows.slice(start, start + INSERT_BATCH).map(record));
    await inTransaction(db, async (tx) => {
      await beforeBatch(tx);
      await tx.execute(
        sql`insert into ${table} (${names})
            select ${names} from jsonb_to_recordset(${batch}::jsonb) as x(${definition})`,
      );
    });
  }
}

/** Drops every row of one snapshot key, DELETE_BATCH rows per statement (each its own transaction). */
async function dropRowsOf(db: Db, key: string): Promise<void> {
  for (const table of AUDIT_TABLES) {
    for (;;) {
      const [gone] = await queryRows<{ rows: number }>(
        db,
        sql`with gone as (
              delete from ${table} where ctid = any(array(
                select ctid from ${table} where ${table.siteCheckId} = ${key} limit ${DELETE_BATCH}))
              returning 1)
            select count(*)::int as rows from gone`,
      );
      if (Number(gone?.rows ?? 0) < DELETE_BATCH) break;
    }
  }
}

/**
 * Which key being written counts as abandoned: any (the caller holds the check's build, so no
 * other build is writing), or one no builder holds (a pass over the checks).
 */
type AbandonedWrite = 'any' | 'unclaimed';

/**
 * Drops the check's rows no reader can reach: those of the snapshot the last build replaced, and
 * those of a build that died or stopped while writing. Each key is forgotten once its rows are
 * gone, so a crash on the way leaves it to the next build or pass.
 */
async function dropLeftovers(db: Db, siteCheckId: string, writing: AbandonedWrite): Promise<void> {
  const [row] = await queryRows<{
    current: string;
    retired: string | null;
    writing: string | null;
    claimed: boolean;
  }>(
    db,
    sql`select ${CURRENT_KEY} as current,
          ${siteChecks.auditRetiredKey} as retired, ${siteChecks.auditWritingKey} as writing,
          coalesce(${siteChecks.auditBuildClaimedUntil} >= now(), false) as claimed
        from ${siteChecks} where ${siteChecks.id} = ${siteCheckId}`,
  );
  if (!row) return;
  const retired = row.retired === null ? null : String(row.retired);
  const abandoned =
    row.writing !== null && (writing === 'any' || (writing === 'unclaimed' && !row.claimed))
      ? String(row.writing)
      : null;
  for (const key of [retired, abandoned]) {
    if (key !== null && key !== String(row.current)) await dropRowsOf(db, key);
  }
  if (retired === null && abandoned === null) return;
  await db.execute(
    sql`update ${siteChecks} set
          ${col(siteChecks.auditRetiredKey)} = case when ${siteChecks.auditRetiredKey} = ${retired}::uuid
            then null else ${siteChecks.auditRetiredKey} end,
          ${col(siteChecks.auditWritingKey)} = case when ${siteChecks.auditWritingKey} = ${abandoned}::uuid
            then null else ${siteChecks.auditWritingKey} end
        where ${siteChecks.id} = ${siteCheckId}`,
  );
}

/**
 * Writes a check's new snapshot rows under a new key, in short transactions (the caller holds the
 * check's build: services/site-audit-build.ts), and returns the key for `switchAuditSnapshot` —
 * or null, having stopped, when the check is gone or another build took its write over.
 * `beforeBatch` runs before each insert of up to INSERT_BATCH rows: a builder whose snapshot is
 * no longer wanted stops there by throwing (its rows are dropped by the next build or pass).
 *
 * The rows have no key to their check (migration 0026): each insert locks the check's row
 * `for key share` instead, so the check cannot be deleted while a batch is written (its
 * deletion's trigger deletes the rows of the key being written too, and the next batch finds the
 * check gone), and page ends still update it meanwhile.
 */
export async function writeAuditSnapshot(
  db: Db,
  siteCheckId: string,
  snapshot: AuditSnapshot,
  beforeBatch?: BeforeBatch,
): Promise<string | null> {
  // The rows of a build of this check that died, and any the last switch left.
  await dropLeftovers(db, siteCheckId, 'any');
  const key = randomUUID();
  const started = await queryRows(
    db,
    sql`update ${siteChecks} set ${col(siteChecks.auditWritingKey)} = ${key}::uuid
        where ${siteChecks.id} = ${siteCheckId} returning ${siteChecks.id}`,
  );
  if (started.length === 0) return null;
  const stillOurs: BeforeBatch = async (tx) => {
    const held = await queryRows(
      tx,
      sql`select ${siteChecks.id} from ${siteChecks}
          where ${siteChecks.id} = ${siteCheckId} and ${siteChecks.auditWritingKey} = ${key}::uuid
          for key share`,
    );
    if (held.length === 0) throw new WriteSuperseded();
    await beforeBatch?.(tx);
  };
  try {
    await insertRows(db, siteAuditPages, key, snapshot.pages, stillOurs);
    await insertRows(db, siteAuditIssues, key, snapshot.issues, stillOurs);
    await insertRows(db, siteAuditIssueItems, key, snapshot.items, stillOurs);
    await insertRows(db, siteAuditLinks, key, snapshot.links, stillOurs);
    await insertRows(db, siteAuditDuplicates, key, snapshot.duplicates, stillOurs);
  } catch (error) {
    if (error instanceof WriteSuperseded) return null;
    throw error;
  }
  return key;
}

/**
 * Makes the rows written under `key` the check's snapshot (inside the builder's transaction):
 * one update of the check's row. The replaced key is kept as retired until
 * `dropBuildLeftovers` has dropped its rows. False when the key is no longer being written.
 */
export async function switchAuditSnapshot(
  tx: Db,
  siteCheckId: string,
  key: string,
): Promise<boolean> {
  const switched = await queryRows(
    tx,
    sql`update ${siteChecks} set
          ${col(siteChecks.auditRetiredKey)} = ${CURRENT_KEY},
          ${col(siteChecks.auditKey)} = ${key}::uuid,
          ${col(siteChecks.auditWritingKey)} = null
        where ${siteChecks.id} = ${siteCheckId} and ${siteChecks.auditWritingKey} = ${key}::uuid
          and ${siteChecks.auditRetiredKey} is null
        returning ${siteChecks.id}`,
  );
  return switched.length > 0;
}

/**
 * For the builder holding the check's build, after its write: drops the replaced snapshot's rows
 * (a switch), or its own (no switch), in short statements.
 */
export function dropBuildLeftovers(db: Db, siteCheckId: string): Promise<void> {
  return dropLeftovers(db, siteCheckId, 'any');
}

/**
 * Drops the leftovers of up to `limit` checks no builder holds: a replaced snapshot whose drop
 * was cut short, the rows of a build that died or stopped while writing. Returns how many
 * checks it cleaned.
 */
export async function dropAuditLeftovers(db: Db, limit: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select ${siteChecks.id} as id from ${siteChecks}
        where (${siteChecks.auditRetiredKey} is not null or ${siteChecks.auditWritingKey} is not null)
          and (${siteChecks.auditBuildClaimedUntil} is null
            or ${siteChecks.auditBuildClaimedUntil} < now())
        limit ${limit}`,
  );
  for (const row of rows) await dropLeftovers(db, String(row.id), 'unclaimed');
  return rows.length;
}
