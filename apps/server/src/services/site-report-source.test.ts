import { randomUUID } from 'node:crypto';
import type { SiteGraphLink } from '@crawlwise/analyzer/site/site-graph';
import { DEFAULT_CRAWL_URL_RULES } from '@crawlwise/shared/crawl-url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { siteLinks, users } from '../db/schema.ts';
import { insertTestSiteCheck } from '../test-support/site-check-rows.ts';
import { openTestDatabase, testConfig } from '../test-support/test-app.ts';
import { listSitePages } from './site-checks.ts';
import { loadCrawlGraph, storedOrder } from './site-report-source.ts';

describe('storedOrder (a crawl graph back in the order its links were stored)', () => {
  it('gives the positions in ascending order of id', () => {
    expect([...storedOrder([30, 10, 20, 11])]).toEqual([1, 3, 2, 0]);
    expect([...storedOrder([])]).toEqual([]);
  });

  it('gives the same order for ids too large to pack with their position', () => {
    const big = 2 ** 40;
    expect([...storedOrder([big + 5, big + 1, big + 3])]).toEqual([1, 2, 0]);
  });

  it('agrees with a comparator sort over many shuffled ids', () => {
    const ids = Array.from({ length: 5000 }, (_, index) => index * 7 + 1);
    for (let index = ids.length - 1; index > 0; index -= 1) {
      const other = (index * 7919) % (index + 1);
      [ids[index], ids[other]] = [ids[other]!, ids[index]!];
    }
    const expected = ids.map((_, index) => index).sort((a, b) => ids[a]! - ids[b]!);
    expect([...storedOrder(ids)]).toEqual(expected);
  });
});

/**
 * loadCrawlGraph on the real database (PGlite, or PostgreSQL with DATABASE_URL): links are read
 * as JSON columns in batches of source pages, several asked for ahead; what comes back must be
 * every link of the pages, exactly as stored (anchors with quotes, backslashes, control
 * characters and characters outside the BMP; every flag), in the order they were stored across
 * batches.
 */
describe('loadCrawlGraph', () => {
  let database: Database;
  const owner = `graph-${randomUUID().slice(0, 8)}`;
  const origin = `https://${owner}.example.test`;

  beforeAll(async () => {
    database = await openTestDatabase(testConfig());
    await database.db
      .insert(users)
      .values({ id: owner, name: 'Owner', email: `${owner}@example.test` });
  });
  afterAll(() => database?.close());

  async function crawlOf(addresses: string[]) {
    const id = await insertTestSiteCheck(database.db, {
      ownerId: owner,
      siteUrl: `${origin}/`,
      host: `${owner}.example.test`,
      source: 'crawl',
      status: 'running',
      crawl: { maxPages: 100, maxDepth: 5, followNofollow: false, rules: DEFAULT_CRAWL_URL_RULES },
      addresses,
      crawlDepth: 0,
    });
    return { id, pages: await listSitePages(database.db, id) };
  }

  it('reads every link of the pages as stored, in stored order, across batches', async () => {
    const addresses = Array.from({ length: 7 }, (_, index) => `${origin}/p${index}`);
    const { id, pages } = await crawlOf(addresses);
    const anchors = [
      'plain',
      'quote " and \\ backslash',
      'tab\tnew\nline \u0001\u001f',
      'emoji 😀 and ünïcode',
      '',
      '[1,"x"]',
    ];
    const stored: SiteGraphLink[] = [];
    // Links of different pages interleave in id order (the stored order crosses batches).
    for (let round = 0; round < 3; round += 1) {
      for (const [index, page] of pages.entries()) {
        if (index === 3) continue; // a page without links
        const link: SiteGraphLink = {
          source: page.url,
          target: `${origin}/t${(index + round) % 4}?q="${round}"`,
          anchor: anchors[(index + round) % anchors.length]!,
          nofollow: (index + round) % 2 === 0,
          renderedOnly: (index + round) % 3 === 0,
        };
        await database.db.insert(siteLinks).values({
          siteCheckId: id,
          sourceReportId: page.reportId,
          targetUrl: link.target,
          anchor: link.anchor,
          nofollow: link.nofollow,
          renderedOnly: link.renderedOnly,
        });
        stored.push(link);
      }
    }
    for (const batchPages of [1, 2, 3, 1000]) {
      const graph = await loadCrawlGraph(
        database.db,
        { id, siteUrl: `${origin}/` },
        pages,
        batchPages,
      );
      expect(graph?.links).toEqual(stored);
    }
    // Only the given pages' links.
    const some = await loadCrawlGraph(
      database.db,
      { id, siteUrl: `${origin}/` },
      pages.slice(0, 2),
      1,
    );
    expect(some?.links).toEqual(
      stored.filter((link) => link.source === pages[0]!.url || link.source === pages[1]!.url),
    );
    const none = await loadCrawlGraph(database.db, { id, siteUrl: `${origin}/` }, [], 1);
    expect(none?.links).toEqual([]);
  });
});
