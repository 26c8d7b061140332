import { randomUUID } from 'node:crypto';
import { crawlOptionsSchema } from '@crawlwise/shared/api/site-checks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../test-support/test-app.ts';
import type { Database } from '../database.ts';
import { members, organizations, users } from '../schema.ts';
import { insertQueuedReport, upsertUrl } from './reports.ts';
import {
  claimWatchSlot,
  countWatches,
  deleteWatchOf,
  handOverTeamWatches,
  insertWatch,
  insertWatchRun,
  listWatchRows,
  markRunNotified,
  storedCrawlOptions,
  watchByStopTokenHash,
  watchTarget,
} from './watches.ts';

/**
 * The watches owner on the real database (PGlite, or PostgreSQL with DATABASE_URL): the
 * workspace filter, the one-claim-per-slot rule, the once-only notification mark, the hand-over
 * of a leaving member's team watches and the decoding of stored crawl settings.
 */

let database: Database;
const run = randomUUID().slice(0, 8);
const maker = `maker-${run}`;
const teammate = `teammate-${run}`;
const team = `team-${run}`;
const personal = { userId: maker, teamId: null };
const inTeam = { userId: maker, teamId: team };

beforeAll(async () => {
  database = await openTestDatabase(testConfig());
  const { db } = database;
  await db.insert(users).values([
    { id: maker, name: 'Maker', email: `maker-${run}@example.test` },
    { id: teammate, name: 'Teammate', email: `teammate-${run}@example.test` },
  ]);
  await db.insert(organizations).values({ id: team, name: 'Team', slug: `team-${run}` });
  await db.insert(members).values([
    { id: `m1-${run}`, organizationId: team, userId: maker, role: 'member' },
    { id: `m2-${run}`, organizationId: team, userId: teammate, role: 'owner' },
  ]);
});

afterAll(async () => {
  await database?.close();
});

const newWatch = (owner: { userId: string; teamId: string | null }, url: string) =>
  insertWatch(database.db, {
    owner,
    url,
    kind: 'page',
    frequency: 'daily',
    thresholdPoints: 5,
    nextRunAt: new Date('2026-01-01T09:00:00Z'),
    lastReportId: null,
    lastSiteCheckId: null,
    crawl: null,
  });

describe('the watches owner', () => {
  it('keeps a Personal workspace and a team workspace apart', async () => {
    const own = await newWatch(personal, `https://${run}.example/a`);
    const shared = await newWatch(inTeam, `https://${run}.example/a`);
    expect((await listWatchRows(database.db, personal)).map((row) => row.id)).toEqual([own]);
    expect((await listWatchRows(database.db, inTeam)).map((row) => row.id)).toEqual([shared]);
    // A teammate sees the team's watch, not the maker's Personal one.
    const teammateInTeam = { userId: teammate, teamId: team };
    expect((await listWatchRows(database.db, teammateInTeam)).map((row) => row.id)).toEqual([
      shared,
    ]);
    expect(await countWatches(database.db, personal, `https://${run}.example/a`, 'page')).toEqual({
      total: 1,
      same: 1,
    });
    expect(await deleteWatchOf(database.db, { userId: teammate, teamId: null }, own)).toBeNull();
    expect(await deleteWatchOf(database.db, teammateInTeam, shared)).toBe(
      `https://${run}.example/a`,
    );
    expect(await listWatchRows(database.db, inTeam)).toEqual([]);
  });

  it('lets exactly one of two claims of a slot through', async () => {
    const id = await newWatch(personal, `https://${run}.example/claimed`);
    const due = {
      id,
      kind: 'page' as const,
      frequency: 'daily' as const,
      slot: new Date('2026-01-01T09:00:00Z'),
    };
    const next = new Date('2026-01-02T09:00:00Z');
    const [first, second] = await Promise.all([
      claimWatchSlot(database.db, due, next),
      claimWatchSlot(database.db, due, next),
    ]);
    expect([first, second].filter((claim) => claim !== null)).toHaveLength(1);
    expect((first ?? second)?.url).toBe(`https://${run}.example/claimed`);
    const [row] = await listWatchRows(database.db, personal, id);
    expect(row?.nextRunAt.toISOString()).toBe(next.toISOString());
  });

  it('marks a run notified once, and finds its watch by the stop token hash', async () => {
    const id = await newWatch(personal, `https://${run}.example/notified`);
    const urlId = await upsertUrl(database.db, `https://${run}.example/notified`);
    const report = await insertQueuedReport(database.db, {
      urlId,
      userId: maker,
      requesterKey: `user:${maker}`,
      fetchArtifact: null,
    });
    await insertWatchRun(database.db, {
      watchId: id,
      slot: new Date('2026-01-01T09:00:00Z'),
      reportId: report!.id,
      previousReportId: null,
    });
    const [runRow] = (await database.db.query.watchRuns.findMany()).filter(
      (candidate) => candidate.watchId === id,
    );
    const hash = `hash-${run}`;
    expect(await markRunNotified(database.db, runRow!.id, hash)).toBe(true);
    expect(await markRunNotified(database.db, runRow!.id, `other-${run}`)).toBe(false);
    expect(await watchByStopTokenHash(database.db, hash)).toEqual({
      watchId: id,
      url: `https://${run}.example/notified`,
      kind: 'page',
    });
  });

  it("hands a leaving member's team watches to the team's owner, not their Personal ones", async () => {
    const own = await newWatch(personal, `https://${run}.example/handed`);
    const shared = await newWatch(inTeam, `https://${run}.example/handed`);
    await handOverTeamWatches(database.db, maker);
    expect((await watchTarget(database.db, shared))?.userId).toBe(teammate);
    expect((await watchTarget(database.db, own))?.userId).toBe(maker);
  });

  it('reads stored crawl settings through the crawl schema, defaults when unreadable', () => {
    const defaults = crawlOptionsSchema.parse({});
    expect(storedCrawlOptions(null)).toEqual(defaults);
    expect(storedCrawlOptions({ maxPages: 'many' })).toEqual(defaults);
    expect(storedCrawlOptions(JSON.stringify({ maxPages: 50 })).maxPages).toBe(50);
  });
});
