import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateFragment, inflateFragment } from '../../services/gzip-splice.ts';
import { insertTestSiteCheck } from '../../test-support/site-check-rows.ts';
import { openTestDatabase, testConfig } from '../../test-support/test-app.ts';
import { col, type Database, queryRows } from '../database.ts';
import { reports, siteChecks, siteReportSnapshots, urls, users } from '../schema.ts';
import {
  currentSnapshot,
  deleteSnapshots,
  siteReportChangeKey,
  snapshotBuiltAt,
  upsertSnapshot,
} from './site-report-snapshots.ts';

/**
 * The site_report_snapshots owner on the real database (PGlite, or PostgreSQL with
 * DATABASE_URL): the change key of a check (none while it runs or has a page pending), a report
 * stored under it and read back only while the key holds, a replacement, and dropping by id or
 * by a subquery of ids.
 */

let database: Database;
const run = randomUUID().slice(0, 8);
const maker = `snapshot-maker-${run}`;
let checks = 0;

beforeAll(async () => {
  database = await openTestDatabase(testConfig());
  await database.db
    .insert(users)
    .values({ id: maker, name: 'Maker', email: `${maker}@example.test` });
});

afterAll(async () => {
  await database?.close();
});

/** A running check of the maker with two queued pages; returns its id. */
async function newCheckWithPages(): Promise<string> {
  checks += 1;
  const host = `snapshots-${run}-${checks}.example.test`;
  return insertTestSiteCheck(database.db, {
    ownerId: maker,
    siteUrl: `https://${host}`,
    host,
    source: 'list',
    status: 'running',
    crawl: null,
    addresses: [`https://${host}/`, `https://${host}/about`],
  });
}

async function setCheckStatus(id: string, status: 'running' | 'completed' | 'cancelled') {
  await database.db.execute(
    sql`update ${siteChecks} set ${col(siteChecks.status)} = ${status} where ${siteChecks.id} = ${id}`,
  );
}

/** Sets the status of the check's page at `path` (completed ones get their end). */
async function setPageStatus(id: string, path: string, status: 'analyzing' | 'completed') {
  await database.db.execute(
    sql`update ${reports} set ${col(reports.status)} = ${status},
          ${col(reports.completedAt)} = case when ${status} = 'completed' then now() else null end
        where ${reports.siteCheckId} = ${id} and ${reports.urlId} in (
          select ${urls.id} from ${urls} where ${urls.normalizedUrl} like ${`%${path}`})`,
  );
}

/** A completed check whose two pages are done, and its change key. */
async function completedCheckWithKey(): Promise<{ id: string; key: string }> {
  const id = await newCheckWithPages();
  await setPageStatus(id, '/', 'completed');
  await setPageStatus(id, '/about', 'completed');
  await setCheckStatus(id, 'completed');
  const key = await siteReportChangeKey(database.db, id);
  if (key === null) throw new Error('an ended check with its pages done has a key');
  return { id, key };
}

async function snapshotRows(id: string) {
  const rows = await queryRows<{ change_key: string; report: Uint8Array }>(
    database.db,
    sql`select ${siteReportSnapshots.changeKey} as change_key, ${siteReportSnapshots.report} as report
        from ${siteReportSnapshots} where ${siteReportSnapshots.siteCheckId} = ${id}`,
  );
  return rows.map((row) => ({
    change_key: row.change_key,
    report: inflateFragment({ deflated: Buffer.from(row.report) }),
  }));
}

/** The current stored report's JSON, inflated, or null. */
async function currentJson(id: string): Promise<string | null> {
  const stored = await currentSnapshot(database.db, id);
  return stored === null ? null : inflateFragment(stored);
}

describe('site report snapshots owner', () => {
  it('has a change key only once the check ended and none of its pages is pending', async () => {
    const id = await newCheckWithPages();
    expect(await siteReportChangeKey(database.db, id)).toBeNull();

    // Ended, yet a page still queued and one being analysed: no key.
    await setCheckStatus(id, 'cancelled');
    await setPageStatus(id, '/about', 'analyzing');
    expect(await siteReportChangeKey(database.db, id)).toBeNull();

    await setPageStatus(id, '/', 'completed');
    await setPageStatus(id, '/about', 'completed');
    const key = await siteReportChangeKey(database.db, id);
    // status | pages | erased pages | last end | last erasure
    expect(key).toMatch(/^cancelled\|2\|0\|\d+(\.\d+)?\|-$/);
    expect(await siteReportChangeKey(database.db, randomUUID())).toBeNull();
  });

  it('serves a stored report only while its key holds, and replaces it in place', async () => {
    const { id, key } = await completedCheckWithKey();

    expect(await currentJson(id)).toBeNull();
    expect(await snapshotBuiltAt(database.db, id)).toBeNull();
    await upsertSnapshot(database.db, id, key, deflateFragment('{"pages":2}'));
    expect(await currentJson(id)).toBe('{"pages":2}');
    const stored = await currentSnapshot(database.db, id);
    expect(stored).toMatchObject(deflateFragment('{"pages":2}'));
    const firstWrite = await snapshotBuiltAt(database.db, id);
    expect(firstWrite).not.toBeNull();
    await upsertSnapshot(database.db, id, key, deflateFragment('{"pages":2,"again":true}'));
    // Each write is seen as a new one by a request waiting for the build.
    expect(await snapshotBuiltAt(database.db, id)).not.toBe(firstWrite);
    expect(await snapshotRows(id)).toEqual([
      { change_key: key, report: '{"pages":2,"again":true}' },
    ]);

    // A page erased moves the key: the stored report is no longer served, yet still stored.
    await database.db.execute(
      sql`update ${reports} set ${col(reports.deletedAt)} = now()
          where ${reports.id} = (select ${reports.id} from ${reports}
            where ${reports.siteCheckId} = ${id} limit 1)`,
    );
    const moved = await siteReportChangeKey(database.db, id);
    expect(moved).toMatch(/^completed\|1\|1\|/);
    expect(await currentJson(id)).toBeNull();
    expect(await snapshotRows(id)).toHaveLength(1);
  });

  it('stores and reads every byte value of a large report exactly (its bytes travel as base64)', async () => {
    const { id, key } = await completedCheckWithKey();
    // A megabyte of every byte value (not a real fragment: the bytes are what is compared).
    const deflated = Buffer.alloc(1 << 20);
    for (let at = 0; at < deflated.length; at += 1) deflated[at] = (at * 7 + (at >> 8)) & 0xff;
    await upsertSnapshot(database.db, id, key, { deflated, crc32: 4_294_967_295, bytes: 12_345 });
    const stored = await currentSnapshot(database.db, id);
    expect(stored?.deflated.equals(deflated)).toBe(true);
    expect(stored).toMatchObject({ crc32: 4_294_967_295, bytes: 12_345 });
    // As the column holds it, read without the base64 (the bytea itself).
    const [row] = await queryRows<{ length: number; head: string }>(
      database.db,
      sql`select length(${siteReportSnapshots.report})::int as length,
            encode(substring(${siteReportSnapshots.report} from 1 for 4), 'hex') as head
          from ${siteReportSnapshots} where ${siteReportSnapshots.siteCheckId} = ${id}`,
    );
    expect(row).toEqual({ length: 1 << 20, head: deflated.subarray(0, 4).toString('hex') });
  });

  it('drops the stored reports of one check, or of every check a subquery names', async () => {
    const ids = [await newCheckWithPages(), await newCheckWithPages(), await newCheckWithPages()];
    for (const id of ids) {
      await upsertSnapshot(database.db, id, 'key', deflateFragment(`{"id":"${id}"}`));
    }
    const [first, second, third] = ids as [string, string, string];

    await deleteSnapshots(database.db, sql`${first}::uuid`);
    expect(await snapshotRows(first)).toEqual([]);
    expect(await snapshotRows(second)).toHaveLength(1);

    await deleteSnapshots(
      database.db,
      sql`select ${siteChecks.id} from ${siteChecks}
          where ${siteChecks.id} in (${second}::uuid, ${third}::uuid)`,
    );
    expect(await snapshotRows(second)).toEqual([]);
    expect(await snapshotRows(third)).toEqual([]);
  });
});
