import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LinkRecord, Outlink } from '@crawlwise/analyzer/page/outlinks';
import { DEFAULT_CRAWL_URL_RULES } from '@crawlwise/shared/crawl-url';
import type { CrawlSettings } from '@crawlwise/shared/site-check';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, inTransaction, queryRows } from '../db/database.ts';
import { reports, siteChecks, urls, users } from '../db/schema.ts';
import { cancelQueuedPages, insertSitePages } from '../db/tables/reports.ts';
import { lockCheckOfPage } from '../db/tables/site-checks.ts';
import { lockWaiters } from '../test-support/lock-waits.ts';
import { insertTestSiteCheck } from '../test-support/site-check-rows.ts';
import { openTestDatabase, testConfig } from '../test-support/test-app.ts';
import { expandCrawl } from './crawl-frontier.ts';
import { RateLimiter } from './rate-limit.ts';

/**
 * The frontier on the real database (PGlite, or PostgreSQL with DATABASE_URL): a finished page's
 * new targets are queued in order within the page limit, known ones given the shorter depth (its
 * links are stored by the update that completes it: page-links.test.ts, routes/site-crawl.test.ts).
 */
let database: Database;
const run = randomUUID().slice(0, 8);
const owner = `frontier-${run}`;
const origin = `https://${owner}.example.test`;
const limits = new RateLimiter(false);

beforeAll(async () => {
  database = await openTestDatabase(testConfig());
  await database.db
    .insert(users)
    .values({ id: owner, name: 'Owner', email: `${owner}@example.test` });
});

afterAll(async () => {
  await database?.close();
});

const settings = (maxPages: number): CrawlSettings => ({
  maxPages,
  maxDepth: 5,
  followNofollow: false,
  rules: DEFAULT_CRAWL_URL_RULES,
});

function newCrawl(maxPages: number, seeds: string[]) {
  return insertTestSiteCheck(database.db, {
    ownerId: owner,
    siteUrl: origin,
    host: `${owner}.example.test`,
    source: 'crawl',
    status: 'running',
    crawl: settings(maxPages),
    addresses: seeds,
    crawlDepth: 0,
  });
}

async function pagesOf(siteCheckId: string) {
  return queryRows<{ url: string; depth: number | null }>(
    database.db,
    sql`select u.normalized_url as url, r.crawl_depth as depth from ${reports} r
        join ${urls} u on u.id = r.url_id
        where r.site_check_id = ${siteCheckId} order by r.run_after, u.normalized_url`,
  );
}

function finish(siteCheckId: string, reportId: string, links: Outlink[], renderedOnly: Outlink[]) {
  const record: LinkRecord = {
    served: { internal: links, external: [], externalCount: 0, omitted: 0 },
    renderedOnly,
  };
  return inTransaction(database.db, async (tx) => {
    const check = await lockCheckOfPage(tx, reportId);
    if (!check) throw new Error('the page has no check');
    return expandCrawl(
      tx,
      limits,
      { reportId, siteCheckId, crawl: { siteUrl: origin, settings: settings(4), depth: 0 } },
      record,
      check,
    );
  });
}

describe('crawl frontier', () => {
  it('queues new targets in link order, within the page limit, and deepens known ones', async () => {
    const start = `${origin}/`;
    const known = `${origin}/known`;
    const id = await newCrawl(4, [start]);
    // A page already queued deeper (a sitemap seed has no depth) gets this path's depth.
    await insertSitePages(database.db, {
      siteCheckId: id,
      ownerId: owner,
      requesterKey: `user:${owner}`,
      addresses: [known],
      crawlDepth: null,
    });
    await database.db.execute(
      sql`update ${siteChecks} set page_count = 2 where ${siteChecks.id} = ${id}`,
    );
    const [startPage] = await queryRows<{ id: string }>(
      database.db,
      sql`select r.id from ${reports} r join ${urls} u on u.id = r.url_id
          where r.site_check_id = ${id} and u.normalized_url = ${start}`,
    );
    const links: Outlink[] = [
      { key: `${origin}/b`, anchor: 'b', nofollow: false },
      { key: known, anchor: '', nofollow: false },
      { key: `${origin}/a`, anchor: 'NULL', nofollow: false },
      { key: `${origin}/nofollowed`, anchor: 'no', nofollow: true },
      { key: `${origin}/c`, anchor: 'over the limit', nofollow: false },
    ];
    const rendered: Outlink[] = [
      { key: `${origin}/r`, anchor: '{"json": [1, 2]}', nofollow: false },
    ];

    // Room for two more pages (4 at most, 2 queued): the first two new targets in link order.
    expect((await finish(id, startPage!.id, links, rendered)).queued).toBe(2);

    expect(await pagesOf(id)).toEqual([
      { url: start, depth: 0 },
      { url: known, depth: 1 },
      { url: `${origin}/b`, depth: 1 },
      { url: `${origin}/a`, depth: 1 },
    ]);
    const [check] = await queryRows<{ page_count: number }>(
      database.db,
      sql`select page_count from ${siteChecks} where ${siteChecks.id} = ${id}`,
    );
    expect(Number(check?.page_count)).toBe(4);

    // Full: a second page's links queue nothing more.
    const [page] = await queryRows<{ id: string }>(
      database.db,
      sql`select r.id from ${reports} r join ${urls} u on u.id = r.url_id
          where r.site_check_id = ${id} and u.normalized_url = ${`${origin}/b`}`,
    );
    expect(
      await finish(id, page!.id, [{ key: `${origin}/d`, anchor: 'd', nofollow: false }], []),
    ).toEqual({ queued: 0, settled: false });
    expect(await pagesOf(id)).toHaveLength(4);
  });

  /** The report row of `url` in the check. */
  async function rowOf(siteCheckId: string, url: string) {
    const [row] = await queryRows<{ id: string; status: string; depth: number | null }>(
      database.db,
      sql`select r.id, r.status, r.crawl_depth as depth from ${reports} r
          join ${urls} u on u.id = r.url_id
          where r.site_check_id = ${siteCheckId} and u.normalized_url = ${url}`,
    );
    if (!row) throw new Error(`no row for ${url}`);
    return row;
  }

  it.skipIf(!process.env.DATABASE_URL)(
    'a page end holding the check skips a queued row another page end holds while it waits for the check (PostgreSQL)',
    async () => {
      // The cycle the page end's order can meet (JobQueue.endJob writes a page's own row, then
      // locks its check): B holds a row this end's links reach and waits for the check's lock,
      // which A holds while it deepens the rows it links to. A must skip B's row, not wait.
      const start = `${origin}/cycle/`;
      const held = `${origin}/cycle/held`;
      const id = await newCrawl(10, [start]);
      await insertSitePages(database.db, {
        siteCheckId: id,
        ownerId: owner,
        requesterKey: `user:${owner}`,
        addresses: [held],
        crawlDepth: null,
      });
      const source = await rowOf(id, start);
      const target = await rowOf(id, held);

      let aLocked = () => {};
      const aHoldsTheCheck = new Promise<void>((resolve) => {
        aLocked = resolve;
      });
      let bWrote = () => {};
      const bHoldsTheRow = new Promise<void>((resolve) => {
        bWrote = resolve;
      });
      const b = inTransaction(database.db, async (tx: Db) => {
        await tx.execute(sql`update ${reports} set status = 'analyzing' where id = ${target.id}`);
        bWrote();
        await aHoldsTheCheck;
        return lockCheckOfPage(tx, target.id);
      });
      const a = inTransaction(database.db, async (tx: Db) => {
        await bHoldsTheRow;
        const check = await lockCheckOfPage(tx, source.id);
        if (!check) throw new Error('the page has no check');
        aLocked();
        await waitUntil(async () => ((await lockWaiters(database.db)) > 0 ? true : undefined), {
          what: 'the other page end to wait for the check',
        });
        return expandCrawl(
          tx,
          limits,
          {
            reportId: source.id,
            siteCheckId: id,
            crawl: { siteUrl: origin, settings: settings(10), depth: 0 },
          },
          {
            served: {
              internal: [{ key: held, anchor: 'held', nofollow: false }],
              external: [],
              externalCount: 0,
              omitted: 0,
            },
            renderedOnly: [],
          },
          check,
        );
      });
      // Without the skip, PostgreSQL found a deadlock here after a second and failed one of them.
      expect(await a).toEqual({ queued: 0, settled: true });
      expect((await b)?.id).toBe(id);
      // The row B held keeps its depth: it was being taken, and its depth was read already.
      expect(await rowOf(id, held)).toMatchObject({ status: 'analyzing', depth: null });
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'dropping a check’s queued pages skips a page being claimed instead of waiting for it (PostgreSQL)',
    async () => {
      const pages = [`${origin}/drop/a`, `${origin}/drop/b`, `${origin}/drop/c`];
      const id = await newCrawl(10, pages);
      const claimed = await rowOf(id, pages[1]!);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const rowLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const claim = inTransaction(database.db, async (tx: Db) => {
        await tx.execute(sql`update ${reports} set status = 'analyzing' where id = ${claimed.id}`);
        locked();
        await released;
      });
      await rowLocked;
      const dropping = inTransaction(database.db, (tx: Db) => cancelQueuedPages(tx, id));
      // Bounded: had it waited for the claim, it would wait until the claim is released.
      const dropped = await Promise.race([dropping, sleep(5000).then(() => 'waited')]);
      release();
      await claim;
      await dropping;
      expect(dropped).toBe(2);
      expect((await rowOf(id, pages[0]!)).status).toBe('cancelled');
      expect((await rowOf(id, pages[1]!)).status).toBe('analyzing');
      expect((await rowOf(id, pages[2]!)).status).toBe('cancelled');
    },
  );
});
