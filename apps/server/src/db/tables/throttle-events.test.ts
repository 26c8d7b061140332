import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../test-support/test-app.ts';
import { col, type Database, queryRows } from '../database.ts';
import { throttleEvents } from '../schema.ts';
import {
  countInWindow,
  countInWindows,
  deleteNewestEvents,
  insertEvents,
  purgeEventsBefore,
  secondsUntilNthNewestLeaves,
} from './throttle-events.ts';

/**
 * The throttle_events owner on the real database (PGlite, or PostgreSQL with DATABASE_URL):
 * counting per kind and requester within windows measured by the database clock, taking the
 * newest back, the wait until a slot frees, and the retention purge.
 */

let database: Database;
const run = randomUUID().slice(0, 8);

beforeAll(async () => {
  database = await openTestDatabase(testConfig());
});

afterAll(async () => {
  await database?.close();
});

/** Moves a requester's actions `seconds` into the past (the database clock measures windows). */
async function age(key: string, seconds: number): Promise<void> {
  await database.db.execute(
    sql`update ${throttleEvents}
        set ${col(throttleEvents.createdAt)} = ${throttleEvents.createdAt} - make_interval(secs => ${seconds})
        where ${throttleEvents.requesterKey} = ${key}`,
  );
}

async function rowsOf(key: string): Promise<{ kind: string }[]> {
  return queryRows(
    database.db,
    sql`select ${throttleEvents.kind} as kind from ${throttleEvents}
        where ${throttleEvents.requesterKey} = ${key} order by ${throttleEvents.kind}`,
  );
}

describe('throttle events', () => {
  it('counts the actions of one kind by one requester, per window', async () => {
    const key = `a-${run}`;
    await insertEvents(database.db, 'report', key, 3);
    await insertEvents(database.db, 'site_page', key, 2);
    await insertEvents(database.db, 'report', `other-${run}`, 4);
    await insertEvents(database.db, 'report', key, 0);
    expect(await rowsOf(key)).toEqual([
      { kind: 'report' },
      { kind: 'report' },
      { kind: 'report' },
      { kind: 'site_page' },
      { kind: 'site_page' },
    ]);
    expect(await countInWindow(database.db, 'report', key, 60)).toBe(3);
    expect(await countInWindow(database.db, 'site_page', key, 60)).toBe(2);

    // Two hours old: outside the minute and the hour, inside the day.
    await age(key, 2 * 60 * 60);
    await insertEvents(database.db, 'report', key, 1);
    expect(await countInWindows(database.db, 'report', key, [60, 60 * 60, 24 * 60 * 60])).toEqual([
      1, 1, 4,
    ]);
    expect(await countInWindows(database.db, 'report', key, [])).toEqual([]);
  });

  it('says when the nth newest action leaves the window', async () => {
    const key = `b-${run}`;
    await insertEvents(database.db, 'report', key, 1);
    await age(key, 50);
    await insertEvents(database.db, 'report', key, 1);
    // In a window of 60 s: the newest leaves in about 60 s, the older (50 s old) in about 10 s.
    const newest = await secondsUntilNthNewestLeaves(database.db, 'report', key, 60, 1);
    const second = await secondsUntilNthNewestLeaves(database.db, 'report', key, 60, 2);
    expect(newest).toBeGreaterThanOrEqual(58);
    expect(newest).toBeLessThanOrEqual(60);
    expect(second).toBeGreaterThanOrEqual(9);
    expect(second).toBeLessThanOrEqual(11);
    // Fewer actions than asked: at least one second.
    expect(await secondsUntilNthNewestLeaves(database.db, 'report', key, 60, 5)).toBe(1);
  });

  it('takes back the newest actions of the kind only', async () => {
    const key = `c-${run}`;
    await insertEvents(database.db, 'report', key, 2);
    await age(key, 120);
    await insertEvents(database.db, 'report', key, 1);
    await insertEvents(database.db, 'site_page', key, 1);
    await deleteNewestEvents(database.db, 'report', key, 1);
    // The one inside the last minute went; the two older ones and the other kind stay.
    expect(await countInWindow(database.db, 'report', key, 60)).toBe(0);
    expect(await countInWindow(database.db, 'report', key, 600)).toBe(2);
    expect(await countInWindow(database.db, 'site_page', key, 60)).toBe(1);
    await deleteNewestEvents(database.db, 'report', key, 10);
    expect(await countInWindow(database.db, 'report', key, 600)).toBe(0);
  });

  it('purges in batches the actions older than the retention', async () => {
    const key = `d-${run}`;
    await insertEvents(database.db, 'report', key, 5);
    await age(key, 3 * 60 * 60);
    await insertEvents(database.db, 'report', key, 2);
    const now = new Date(Date.now() + 1000);
    const before = Number(
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from ${throttleEvents}
              where ${throttleEvents.createdAt} < now() - interval '1 hour'`,
        )
      )[0]?.n,
    );
    expect(before).toBeGreaterThanOrEqual(5);
    let purged = await purgeEventsBefore(database.db, now, 60 * 60, 3);
    expect(purged).toBe(3);
    while (purged > 0) purged = await purgeEventsBefore(database.db, now, 60 * 60, 3);
    // The old ones went; the two recent ones stay.
    expect(await countInWindow(database.db, 'report', key, 24 * 60 * 60)).toBe(2);
  });
});
