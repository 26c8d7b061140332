import { type SQL, sql } from 'drizzle-orm';
import { aliased, col, type Db, queryRows } from '../database.ts';
import { reports, siteChecks, siteReportSnapshots } from '../schema.ts';

/**
 * The owner of the site_report_snapshots table (issue 24.2): a finished check's stored site
 * report, its change key (what the report was built from), storing, reading and dropping it.
 * Whether and when a report is stored, and its JSON, are services/site-report-store.ts's
 * (docs/site-checks.md "Stored site report"). Columns are named through the Drizzle schema.
 */

/** The check (`s`), its pages still pending (`p`) and all its pages (`r`) in the change key. */
const s = aliased('s');
const p = aliased('p');
const r = aliased('r');

/**
 * The change key of a check whose report may be stored, else null (one indexed aggregate): the
 * check's status, how many pages there are and how many were erased, and the last moments a
 * page finished and was erased. A check still running, or with a page queued or being analysed,
 * has none.
 */
function changeKeyQuery(siteCheckId: string): SQL {
  return sql`(select case
      when ${s(siteChecks.status)} not in ('completed', 'cancelled', 'failed') then null
      when exists (select 1 from ${reports} p
        where ${p(reports.siteCheckId)} = ${s(siteChecks.id)} and ${p(reports.deletedAt)} is null
          and ${p(reports.status)} in ('queued', 'analyzing')) then null
      else concat_ws('|', ${s(siteChecks.status)},
        (select concat_ws('|', count(*) filter (where ${r(reports.deletedAt)} is null),
            count(*) filter (where ${r(reports.deletedAt)} is not null),
            coalesce(extract(epoch from max(${r(reports.completedAt)}))::text, '-'),
            coalesce(extract(epoch from max(${r(reports.deletedAt)}))::text, '-'))
          from ${reports} r where ${r(reports.siteCheckId)} = ${s(siteChecks.id)}))
    end
    from ${siteChecks} s where ${s(siteChecks.id)} = ${siteCheckId})`;
}

/** The check's change key now, or null when its report is not to be stored. */
export async function siteReportChangeKey(db: Db, siteCheckId: string): Promise<string | null> {
  const [row] = await queryRows<{ key: string | null }>(
    db,
    sql`select ${changeKeyQuery(siteCheckId)} as key`,
  );
  return row?.key ?? null;
}

/** A stored report: its JSON compressed as a gzip fragment (services/gzip-splice.ts). */
export interface StoredSnapshot {
  deflated: Buffer;
  crc32: number;
  bytes: number;
}

/**
 * The stored report when it was stored under the check's current key, else null. Its bytes come
 * as base64 text, as upsertSnapshot sends them: PGlite's driver reads a bytea from its hex text
 * one byte at a time in JavaScript (71-92 ms for the 841 kB report of a 10,000-page crawl,
 * against 5-10 ms as base64 decoded by Buffer; bench/results/site-report-read-2026-12-02.md).
 */
export async function currentSnapshot(db: Db, siteCheckId: string): Promise<StoredSnapshot | null> {
  const [row] = await queryRows<{ report: string; crc32: unknown; bytes: unknown }>(
    db,
    sql`select encode(${siteReportSnapshots.report}, 'base64') as report,
          ${siteReportSnapshots.reportCrc32} as crc32, ${siteReportSnapshots.reportBytes} as bytes
        from ${siteReportSnapshots}
        where ${siteReportSnapshots.siteCheckId} = ${siteCheckId}
          and ${siteReportSnapshots.changeKey} = ${changeKeyQuery(siteCheckId)}`,
  );
  if (!row) return null;
  return {
    deflated: Buffer.from(row.report, 'base64'),
    crc32: Number(row.crc32),
    bytes: Number(row.bytes),
  };
}

/**
 * When the check's stored report was last written (any key), else null: a cheap look a request
 * waiting for the worker's build makes often, before reading the report itself.
 */
export async function snapshotBuiltAt(db: Db, siteCheckId: string): Promise<string | null> {
  const [row] = await queryRows<{ built: string | null }>(
    db,
    sql`select ${siteReportSnapshots.builtAt}::text as built from ${siteReportSnapshots}
        where ${siteReportSnapshots.siteCheckId} = ${siteCheckId}`,
  );
  return row?.built ?? null;
}

/**
 * Stores (or replaces) the check's report, built under `changeKey`. Its bytes go as base64 text
 * decoded by PostgreSQL: PGlite's driver writes a Buffer parameter as hex text built one byte at
 * a time (the whole upsert took 155-172 ms for an 841 kB report, bench/results/site-report-read-
 * 2026-12-02.md).
 */
export async function upsertSnapshot(
  tx: Db,
  siteCheckId: string,
  changeKey: string,
  report: StoredSnapshot,
): Promise<void> {
  await tx.execute(
    sql`insert into ${siteReportSnapshots} (${col(siteReportSnapshots.siteCheckId)},
          ${col(siteReportSnapshots.changeKey)}, ${col(siteReportSnapshots.report)},
          ${col(siteReportSnapshots.reportCrc32)}, ${col(siteReportSnapshots.reportBytes)},
          ${col(siteReportSnapshots.builtAt)})
        values (${siteCheckId}, ${changeKey},
          decode(${report.deflated.toString('base64')}, 'base64'), ${report.crc32},
          ${report.bytes}, now())
        on conflict (${col(siteReportSnapshots.siteCheckId)}) do update set
          ${col(siteReportSnapshots.changeKey)} = excluded.${col(siteReportSnapshots.changeKey)},
          ${col(siteReportSnapshots.report)} = excluded.${col(siteReportSnapshots.report)},
          ${col(siteReportSnapshots.reportCrc32)} = excluded.${col(siteReportSnapshots.reportCrc32)},
          ${col(siteReportSnapshots.reportBytes)} = excluded.${col(siteReportSnapshots.reportBytes)},
          ${col(siteReportSnapshots.builtAt)} = excluded.${col(siteReportSnapshots.builtAt)}`,
  );
}

/** Drops the stored reports of the checks `ids` (a uuid or a subquery of them). */
export async function deleteSnapshots(db: Db, ids: SQL): Promise<void> {
  await db.execute(
    sql`delete from ${siteReportSnapshots} where ${siteReportSnapshots.siteCheckId} in (${ids})`,
  );
}
