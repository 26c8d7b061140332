import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../test-support/test-app.ts';
import { col, type Database, type Db, inTransaction, queryRows } from '../database.ts';
import { members, organizations, reports, siteChecks, users } from '../schema.ts';
import { insertSitePages } from './reports.ts';
import {
  auditBuildIsNewest,
  cancelActiveSiteCheck,
  claimAuditBuild,
  claimDiscovery,
  completeFinishedSiteChecks,
  extendDiscoveryLease,
  failSiteCheck,
  failStalledDiscoveries,
  handOverTeamSiteChecks,
  hasActiveSiteCheck,
  insertSiteCheck,
  isDiscovering,
  listSiteChecksOf,
  lockCheckOfPage,
  lockHeldDiscovery,
  type NewSiteCheckRow,
  purgeSiteChecksBefore,
  readSiteCheck,
  recordAuditBuild,
  releaseAuditBuild,
  releaseDiscovery,
  settleSiteCheck,
  startSiteCheckRun,
} from './site-checks.ts';

/**
 * The site_checks owner on the real database (PGlite, or PostgreSQL with DATABASE_URL): the
 * workspace filter, a discovery's claim, lease and end, completion once the pages are done,
 * cancel, the audit build's claim and record, the hand-over and the purge. Each test uses its
 * own maker, so the claims (which take the oldest discovering check) see only its checks.
 */

let database: Database;
const run = randomUUID().slice(0, 8);
const teammate = `teammate-${run}`;
const team = `team-${run}`;
let makers = 0;

beforeAll(async () => {
  database = await openTestDatabase(testConfig());
  await database.db
    .insert(users)
    .values({ id: teammate, name: 'Teammate', email: `teammate-${run}@example.test` });
  await database.db.insert(organizations).values({ id: team, name: 'Team', slug: `team-${run}` });
  await database.db
    .insert(members)
    .values({ id: `m-${run}`, organizationId: team, userId: teammate, role: 'owner' });
});

afterAll(async () => {
  await database?.close();
});

/** A new account, a member of the team. */
async function newMaker(): Promise<string> {
  makers += 1;
  const id = `maker-${run}-${makers}`;
  await database.db.insert(users).values({ id, name: 'Maker', email: `${id}@example.test` });
  await database.db
    .insert(members)
    .values({ id: `m-${id}`, organizationId: team, userId: id, role: 'member' });
  return id;
}

const newCheck = (userId: string, teamId: string | null, fields: Partial<NewSiteCheckRow> = {}) =>
  insertSiteCheck(database.db, {
    owner: { userId, teamId },
    siteUrl: `https://${userId}.example.test`,
    host: `${userId}.example.test`,
    source: 'sitemap',
    status: 'discovering',
    requesterKey: `user:${userId}`,
    pageCount: 0,
    skipped: null,
    crawl: null,
    pageIntervalMs: null,
    ...fields,
  });

async function columnsOf(id: string) {
  const [row] = await database.db
    .select({
      status: siteChecks.status,
      attempts: siteChecks.attempts,
      leaseOwner: siteChecks.leaseOwner,
      leaseExpiresAt: siteChecks.leaseExpiresAt,
      pageCount: siteChecks.pageCount,
      skipped: siteChecks.skipped,
      discovery: siteChecks.discovery,
      errorCode: siteChecks.errorCode,
      errorMessage: siteChecks.errorMessage,
      completedAt: siteChecks.completedAt,
      userId: siteChecks.userId,
      auditBuiltAt: siteChecks.auditBuiltAt,
      auditScore: siteChecks.auditScore,
      auditBase: siteChecks.auditBase,
      auditBuildMs: siteChecks.auditBuildMs,
    })
    .from(siteChecks)
    .where(sql`${siteChecks.id} = ${id}`);
  if (!row) throw new Error(`no check ${id}`);
  return row;
}

/** Moves the check's lease (or creation) into the past. */
async function setColumn(id: string, column: 'lease_expires_at' | 'created_at', at: string) {
  await database.db.execute(
    sql`update ${siteChecks} set ${sql.identifier(column)} = ${at}::timestamptz
        where ${siteChecks.id} = ${id}`,
  );
}

describe('site checks owner', () => {
  it('filters by workspace: Personal is the account outside teams', async () => {
    const maker = await newMaker();
    const personal = { userId: maker, teamId: null };
    const inTeam = { userId: maker, teamId: team };
    const mine = await newCheck(maker, null);
    const teams = await newCheck(maker, team, { status: 'running' });

    expect((await readSiteCheck(database.db, personal, mine))?.status).toBe('discovering');
    expect(await readSiteCheck(database.db, personal, teams)).toBeNull();
    expect((await readSiteCheck(database.db, inTeam, teams))?.status).toBe('running');
    expect(await readSiteCheck(database.db, inTeam, mine)).toBeNull();
    // A teammate sees the team's check, not the maker's Personal one.
    const ids = (await listSiteChecksOf(database.db, { userId: teammate, teamId: team }, 100)).map(
      (check) => check.id,
    );
    expect(ids).toContain(teams);
    expect(ids).not.toContain(mine);
    expect((await listSiteChecksOf(database.db, personal, 10)).map((check) => check.id)).toEqual([
      mine,
    ]);

    expect(await hasActiveSiteCheck(database.db, personal)).toBe(true);
    const cancelled = await inTransaction(database.db, (tx) =>
      cancelActiveSiteCheck(tx, inTeam, mine),
    );
    expect(cancelled).toBeNull(); // another workspace's
    expect(
      await inTransaction(database.db, (tx) => cancelActiveSiteCheck(tx, personal, mine)),
    ).toEqual({ requesterKey: `user:${maker}` });
    expect(await hasActiveSiteCheck(database.db, personal)).toBe(false);
    const after = await columnsOf(mine);
    expect(after.status).toBe('cancelled');
    expect(after.completedAt).not.toBeNull();
    expect(after.leaseOwner).toBeNull();
    // Cancelling twice finds nothing to cancel.
    expect(
      await inTransaction(database.db, (tx) => cancelActiveSiteCheck(tx, personal, mine)),
    ).toBeNull();
  });

  it('claims a discovery once, extends and gives back its lease, and starts it running', async () => {
    const maker = await newMaker();
    const id = await newCheck(maker, null, {
      crawl: { maxPages: 50, maxDepth: 3 } as NewSiteCheckRow['crawl'],
    });
    // Older than any other test's check, so the claim takes this one.
    await setColumn(id, 'created_at', '2000-01-01T00:00:00Z');

    const job = await claimDiscovery(database.db, 'worker-a', 60, 3);
    expect(job).toMatchObject({
      id,
      siteUrl: `https://${maker}.example.test`,
      ownerId: maker,
      requesterKey: `user:${maker}`,
      attempts: 1,
      crawl: { maxPages: 50, maxDepth: 3 },
    });
    // Held: no second claim of it.
    expect((await claimDiscovery(database.db, 'worker-b', 60, 3))?.id).not.toBe(id);
    expect((await columnsOf(id)).leaseOwner).toBe('worker-a');

    await setColumn(id, 'lease_expires_at', '2001-01-01T00:00:00Z');
    await extendDiscoveryLease(database.db, id, 'worker-b', 60); // not its holder: nothing
    expect((await columnsOf(id)).leaseExpiresAt?.toISOString()).toBe('2001-01-01T00:00:00.000Z');
    await extendDiscoveryLease(database.db, id, 'worker-a', 60);
    expect((await columnsOf(id)).leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now());

    // Given back at shutdown: the attempt does not count.
    await releaseDiscovery(database.db, id, 'worker-a', true);
    expect(await columnsOf(id)).toMatchObject({ leaseOwner: null, attempts: 0 });
    const again = await claimDiscovery(database.db, 'worker-b', 60, 3);
    expect(again?.id).toBe(id);
    expect(again?.attempts).toBe(1);

    expect(await inTransaction(database.db, (tx) => lockHeldDiscovery(tx, id, 'worker-a'))).toBe(
      false,
    );
    await inTransaction(database.db, async (tx) => {
      expect(await lockHeldDiscovery(tx, id, 'worker-b')).toBe(true);
      await startSiteCheckRun(tx, id, {
        pageCount: 7,
        skipped: { offSite: 1, invalid: 0, duplicates: 2, overCap: 0, overDailyLimit: 0 },
        discovery: { sitemapRead: true },
      });
    });
    expect(await columnsOf(id)).toMatchObject({
      status: 'running',
      pageCount: 7,
      skipped: { offSite: 1, invalid: 0, duplicates: 2, overCap: 0, overDailyLimit: 0 },
      discovery: { sitemapRead: true },
      leaseOwner: null,
      leaseExpiresAt: null,
    });
    expect(await isDiscovering(database.db, id)).toBe(false);
  });

  it('fails a discovery with its error, and the sweep fails one out of attempts', async () => {
    const maker = await newMaker();
    const failed = await newCheck(maker, null);
    await failSiteCheck(database.db, failed, {
      code: 'site_check_no_pages',
      message: 'No page.',
      discovery: { foundVia: 'robots' },
    });
    expect(await columnsOf(failed)).toMatchObject({
      status: 'failed',
      errorCode: 'site_check_no_pages',
      errorMessage: 'No page.',
      discovery: { foundVia: 'robots' },
      leaseOwner: null,
    });
    expect((await columnsOf(failed)).completedAt).not.toBeNull();

    const stalled = await newCheck(maker, null);
    const lasting = await newCheck(maker, null);
    await database.db.execute(
      sql`update ${siteChecks} set ${col(siteChecks.attempts)} = 3,
            ${col(siteChecks.leaseOwner)} = 'gone',
            ${col(siteChecks.leaseExpiresAt)} = case when ${siteChecks.id} = ${stalled}
              then now() - interval '1 minute' else now() + interval '1 minute' end
          where ${siteChecks.id} in (${stalled}, ${lasting})`,
    );
    expect(await failStalledDiscoveries(database.db, 3, 'Stopped.')).toBeGreaterThanOrEqual(1);
    expect(await columnsOf(stalled)).toMatchObject({
      status: 'failed',
      errorCode: 'analysis_failed',
      errorMessage: 'Stopped.',
      leaseOwner: null,
    });
    // Its lease still runs: it stays.
    expect((await columnsOf(lasting)).status).toBe('discovering');
  });

  it('completes a running check once its pages are done, not before', async () => {
    const maker = await newMaker();
    const id = await newCheck(maker, null, { status: 'running', pageCount: 2 });
    await insertSitePages(database.db, {
      siteCheckId: id,
      ownerId: maker,
      requesterKey: `user:${maker}`,
      addresses: [`https://${maker}.example.test/a`, `https://${maker}.example.test/b`],
    });
    const pages = await database.db
      .select({ id: reports.id })
      .from(reports)
      .where(sql`${reports.siteCheckId} = ${id}`);
    expect(pages).toHaveLength(2);
    const commitMode = async (db: Db) =>
      (
        await queryRows<{ mode: string }>(
          db,
          sql`select current_setting('synchronous_commit') as mode`,
        )
      )[0]!.mode;
    const before = await commitMode(database.db);
    const locked = await inTransaction(database.db, async (tx) => ({
      check: await lockCheckOfPage(tx, pages[0]!.id),
      // The page end's commit does not wait for the disk (only this transaction's).
      mode: await commitMode(tx),
    }));
    expect(locked).toEqual({
      check: {
        id,
        status: 'running',
        userId: maker,
        requesterKey: `user:${maker}`,
        pageCount: 2,
        pagesTried: 0,
        recentFailures: 0,
      },
      mode: 'off',
    });
    expect(await commitMode(database.db)).toBe(before);

    await settleSiteCheck(database.db, id);
    expect((await columnsOf(id)).status).toBe('running');
    await database.db.execute(
      sql`update ${reports} set ${col(reports.status)} = 'completed',
            ${col(reports.completedAt)} = now()
          where ${reports.id} = ${pages[0]!.id}`,
    );
    await settleSiteCheck(database.db, id);
    expect((await columnsOf(id)).status).toBe('running');
    await database.db.execute(
      sql`update ${reports} set ${col(reports.status)} = 'failed',
            ${col(reports.completedAt)} = now()
          where ${reports.id} = ${pages[1]!.id}`,
    );
    await settleSiteCheck(database.db, id);
    const done = await columnsOf(id);
    expect(done.status).toBe('completed');
    expect(done.completedAt).not.toBeNull();

    // The sweep's completion: the same rule over every running check.
    const other = await newCheck(maker, null, { status: 'running' });
    expect(await completeFinishedSiteChecks(database.db)).toBeGreaterThanOrEqual(1);
    expect((await columnsOf(other)).status).toBe('completed');
  });

  it('claims an audit build once and records it only when it is the newest', async () => {
    const maker = await newMaker();
    const id = await newCheck(maker, null, { status: 'running', source: 'crawl' });
    const claim = await claimAuditBuild(database.db, id, 300);
    expect(claim).toMatchObject({ siteUrl: `https://${maker}.example.test`, source: 'crawl' });
    expect(await claimAuditBuild(database.db, id, 300)).toBeNull();

    expect(await auditBuildIsNewest(database.db, id, claim!.readAt)).toBe(true);
    await recordAuditBuild(database.db, id, {
      readAt: claim!.readAt,
      score: 81,
      base: 90,
      ms: 1234,
    });
    const built = await columnsOf(id);
    expect(built.auditBuiltAt?.toISOString()).toBe(claim!.readAt);
    expect(built).toMatchObject({ auditScore: 81, auditBase: 90, auditBuildMs: 1234 });
    // A build that read at or before the stored one is not written.
    expect(await auditBuildIsNewest(database.db, id, claim!.readAt)).toBe(false);
    expect(await auditBuildIsNewest(database.db, randomUUID(), claim!.readAt)).toBe(false);

    await releaseAuditBuild(database.db, id);
    expect(await claimAuditBuild(database.db, id, 300)).not.toBeNull();
  });

  it("hands a leaving member's team checks over and purges old checks in batches", async () => {
    const maker = await newMaker();
    const personal = await newCheck(maker, null, { status: 'running' });
    const teams = await newCheck(maker, team, { status: 'running' });
    await handOverTeamSiteChecks(database.db, maker);
    expect((await columnsOf(teams)).userId).toBe(teammate);
    expect((await columnsOf(personal)).userId).toBe(maker);

    const old = [personal, teams, await newCheck(maker, null, { status: 'running' })];
    for (const id of old) await setColumn(id, 'created_at', '2001-06-01T00:00:00Z');
    const kept = await newCheck(maker, null, { status: 'running' });
    const now = new Date('2001-07-01T00:00:00Z');
    // Older than 20 days before 1 July 2001: the three of June 2001 (and the claim test's check
    // of 2000, when it ran first), at most two per batch, none newer.
    const batches: number[] = [];
    for (let count = -1; count !== 0; ) {
      count = await purgeSiteChecksBefore(database.db, now, 20 * 24 * 60 * 60, 2);
      batches.push(count);
    }
    expect(batches[0]).toBe(2);
    expect(batches.every((count) => count <= 2)).toBe(true);
    expect(batches.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(3);
    const left = await queryRows<{ id: string }>(
      database.db,
      sql`select ${siteChecks.id} as id from ${siteChecks}
          where ${siteChecks.id} in (${sql.join(
            [...old, kept].map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
    expect(left.map((row) => row.id)).toEqual([kept]);
  });
});
