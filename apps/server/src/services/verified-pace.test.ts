import { crawlOptionsSchema } from '@crawlwise/shared/api/site-checks';
import { VERIFIED_PAGE_INTERVAL_MS } from '@crawlwise/shared/site-verification';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, queryRows } from '../db/database.ts';
import { insertSitePages } from '../db/tables/reports.ts';
import { signUp } from '../test-support/accounts.ts';
import { buildTestApp } from '../test-support/test-app.ts';
import { crawlSettingsOf } from './crawl-frontier.ts';
import { TURN_HOLD_SECONDS } from './host-pace.ts';
import { JobQueue } from './job-queue.ts';
import { startSiteCheck } from './site-checks.ts';

/**
 * The floor of a crawl of a verified site reaches the host's pace (issue 19, item 6): the claim
 * reads the largest floor among the host's running checks and the end of the turn keeps it. No
 * page is requested here: the turns are taken and ended by hand, on a host name of this test's
 * own (nothing resolves it).
 */

const HOST = 'verified-pace.test';
const SERVER_FLOOR_MS = 1000;

let app: FastifyInstance;
let queue: JobQueue;

beforeAll(async () => {
  ({ app } = await buildTestApp());
  queue = new JobQueue(app.database, { sitePageIntervalMs: SERVER_FLOOR_MS });
  // A PostgreSQL database shared between runs may hold an earlier run's checks of the host, and
  // one shared between test files earlier files' running checks of other hosts: a claim takes
  // the turn of whichever host with a claimable page comes first, so those would be claimed
  // here (CI once claimed another host's page, at the server's floor). No other file runs in
  // this database meanwhile (one per test worker).
  await app.database.db.execute(
    sql`update site_checks set status = 'cancelled' where status in ('discovering', 'running')`,
  );
  await app.database.db.execute(sql`delete from host_pace where host = ${HOST}`);
});
afterAll(() => app.close());

async function runningCrawl(verified: boolean, maxPages: number) {
  const owner = await signUp(app);
  const check = await startSiteCheck({ database: app.database, limits: app.limits }, owner.userId, {
    site: new URL(`http://${HOST}/`),
    source: 'crawl',
    crawl: crawlSettingsOf(crawlOptionsSchema.parse({ maxPages })),
    verified,
  });
  // The sitemap seeding is not this test's subject: the crawl runs from its start page.
  await app.database.db.execute(
    sql`update site_checks set status = 'running' where id = ${check.id}`,
  );
  return check;
}

/**
 * Leaves the host with no gap at all and no check running: earlier tests' checks cancelled, its
 * pace free and due now, with no controller interval nor Crawl-delay.
 */
async function unpacedHostAlone() {
  await app.database.db.execute(
    sql`update site_checks set status = 'cancelled' where host = ${HOST}
        and status in ('discovering', 'running')`,
  );
  await app.database.db.execute(
    sql`update host_pace set interval_ms = 0, crawl_delay_ms = 0, next_at = now(),
          turn_token = null where host = ${HOST}`,
  );
}

/** Milliseconds until the host's next page may be claimed. */
async function msUntilNextTurn(): Promise<number> {
  const [row] = await queryRows<{ ms: number }>(
    app.database.db,
    sql`select extract(epoch from next_at - now()) * 1000 as ms from host_pace where host = ${HOST}`,
  );
  return Number(row?.ms);
}

const claimTurn = () =>
  waitUntil(async () => (await queue.claimSitePage('pace-test-worker')) ?? undefined, {
    timeoutMs: 5000,
    intervalMs: 20,
    what: 'a page of the host to be claimable',
  });

describe('the pace of a verified crawl', () => {
  it('is the verified floor while only verified crawls of the host run', async () => {
    await runningCrawl(true, 600);
    const claimed = await claimTurn();
    expect(claimed.pace?.floorMs).toBe(VERIFIED_PAGE_INTERVAL_MS);
    await queue.hostPace.endTurn(claimed.pace!, {
      requested: true,
      signal: { kind: 'answered', ttfbMs: 5 },
    });
    const gap = await msUntilNextTurn();
    expect(gap).toBeGreaterThan(0);
    expect(gap).toBeLessThanOrEqual(VERIFIED_PAGE_INTERVAL_MS);
    expect(await queue.hostPace.state(HOST)).toMatchObject({
      intervalMs: VERIFIED_PAGE_INTERVAL_MS,
    });
  });

  it("is the server's floor as soon as an unverified check of the same host runs", async () => {
    await runningCrawl(false, 10);
    const claimed = await claimTurn();
    expect(claimed.pace?.floorMs).toBe(SERVER_FLOOR_MS);
    await queue.hostPace.endTurn(claimed.pace!, {
      requested: true,
      signal: { kind: 'answered', ttfbMs: 5 },
    });
    const gap = await msUntilNextTurn();
    expect(gap).toBeGreaterThan(VERIFIED_PAGE_INTERVAL_MS * 5);
    expect(gap).toBeLessThanOrEqual(SERVER_FLOOR_MS);
  });

  it('never raises a server floor that is below the verified one (0 in development)', async () => {
    const unpaced = new JobQueue(app.database, { sitePageIntervalMs: 0 });
    await app.database.db.execute(
      sql`update site_checks set status = 'cancelled' where host = ${HOST} and page_interval_ms is null`,
    );
    await runningCrawl(true, 600);
    const claimed = await waitUntil(
      async () => (await unpaced.claimSitePage('pace-test-worker')) ?? undefined,
      { timeoutMs: 5000, intervalMs: 20, what: 'a page of the host to be claimable' },
    );
    expect(claimed.pace?.floorMs).toBe(0);
  });

  it('gives a host with no gap at all to several claims at once, and holds it again under a Crawl-delay', async () => {
    const unpaced = new JobQueue(app.database, { sitePageIntervalMs: 0 });
    const claim = () =>
      waitUntil(async () => (await unpaced.claimSitePage('pace-test-worker')) ?? undefined, {
        timeoutMs: 5000,
        intervalMs: 20,
        what: 'a page of the host to be claimable',
      });
    await unpacedHostAlone();
    const check = await runningCrawl(true, 600);
    const [owner] = await queryRows<{ user_id: string; requester_key: string }>(
      app.database.db,
      sql`select user_id, requester_key from site_checks where id = ${check.id}`,
    );
    await insertSitePages(app.database.db, {
      siteCheckId: check.id,
      ownerId: owner!.user_id,
      requesterKey: owner!.requester_key,
      addresses: ['a', 'b', 'c', 'd', 'e'].map((path) => `http://${HOST}/${path}`),
      crawlDepth: 1,
    });

    // Three pages of the host in flight at once: no claim held the host.
    const open = [await claim(), await claim(), await claim()];
    expect(new Set(open.map((job) => job.id)).size).toBe(3);
    expect(open.map((job) => job.pace?.unheld)).toEqual([true, true, true]);
    expect(await msUntilNextTurn()).toBeLessThanOrEqual(0);

    // A wait the host asked for (a 503's Retry-After) holds it off, at a zero gap too.
    await unpaced.hostPace.endTurn(open[0]!.pace!, {
      requested: true,
      signal: { kind: 'throttled' },
      holdOffMs: 3000,
    });
    expect(await msUntilNextTurn()).toBeGreaterThan(2000);
    expect(await unpaced.claimSitePage('pace-test-worker')).toBeNull();
    await app.database.db.execute(sql`update host_pace set next_at = now() where host = ${HOST}`);

    // A Crawl-delay is a gap: the next claim holds the host, and no other page is claimed.
    await app.database.db.execute(
      sql`update host_pace set crawl_delay_ms = 200 where host = ${HOST}`,
    );
    const held = await claim();
    expect(held.pace).toMatchObject({ crawlDelayMs: 200, unheld: false });
    expect(await msUntilNextTurn()).toBeGreaterThan((TURN_HOLD_SECONDS - 5) * 1000);
    expect(await unpaced.claimSitePage('pace-test-worker')).toBeNull();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'tries again when another claim holds the turn of a host with no gap (PostgreSQL)',
    async () => {
      // Two workers' claims of one unpaced host meet on its pace row: the one that finds it
      // locked tries again a little later instead of leaving its slot empty until its next poll.
      const retrying = new JobQueue(app.database, { sitePageIntervalMs: 0, busyTurnRetryMs: 150 });
      await unpacedHostAlone();
      await runningCrawl(true, 600);
      let claiming: ReturnType<JobQueue['claimSitePage']> = Promise.resolve(null);
      await inTransaction(app.database.db, async (tx) => {
        // Another worker's claim, holding the host's pace row for a moment.
        await tx.execute(sql`select 1 from host_pace where host = ${HOST} for update`);
        claiming = retrying.claimSitePage('busy-turn-worker');
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
      const claimed = await claiming;
      expect(claimed).toMatchObject({ url: `http://${HOST}/`, pace: { unheld: true } });
    },
  );
});
