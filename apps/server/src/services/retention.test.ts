import { randomUUID } from 'node:crypto';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/database.ts';
import { buildTestApp, testWorker } from '../test-support/test-app.ts';
import { newAccessToken } from './access-token.ts';
import { purgeExpiredData } from './retention.ts';

/**
 * Retention with a moved clock: the purge is given "now" instead of waiting for it. Reports are
 * readable for 30 days, answer report_expired for 30 more, then are erased (report_not_found);
 * an owner's deletion erases the analysis at once and the tombstone 30 days later.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
});

afterAll(async () => {
  await app.close();
});

/** One finding as the analyzer stores it. */
const STORED_FINDING = {
  id: 'title',
  category: 'metadata',
  outcome: 'failed',
  severity: 'warning',
  message: 'Title is too short (12 characters)',
  why: 'A short title wastes the headline of the search result.',
  howToFix: 'Write a title of 30-60 characters.',
  details: { length: 12 },
  points: 4,
};

/** The summary tiles as the analyzer stores them. */
const STORED_META = {
  technical: { ssl: true, viewport: true, statusCode: 200, redirects: 0 },
  performance: { loadTime: 0.2 },
  title: { status: 'warning', value: 'Oak tables', length: 10 },
  metaDescription: { status: 'pass', value: 'Solid oak tables made by hand.', length: 30 },
  wordCount: { status: 'pass', count: 420, renderedCount: null },
};

/** A completed report with everything an analysis and its requester leave behind. */
async function completedReport(options: { userId?: string; url?: string } = {}) {
  const url = options.url ?? `https://example.com/${randomUUID()}`;
  const urlId = await app.reports.upsertUrl(url);
  const token = newAccessToken();
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into reports (url_id, access_token, user_id, requester_key, status, score,
          final_url, meta_json, issues, categories, completed_at)
        values (${urlId}, ${token}, ${options.userId ?? null}, 'ip4:203.0.113.7', 'completed', 81,
          ${`${url}?final`}, ${JSON.stringify(STORED_META)}::jsonb,
          ${JSON.stringify([STORED_FINDING])}::jsonb, '[]'::jsonb, now())
        returning id`,
  );
  return { id: row!.id, token, urlId };
}

const stored = async (id: string) =>
  (await queryRows(database.db, sql`select * from reports where id = ${id}`))[0];

const urlExists = async (urlId: string) =>
  (await queryRows(database.db, sql`select id from urls where id = ${urlId}`)).length === 1;

const read = async (token: string) => {
  const response = await app.inject(`/api/reports/${token}`);
  return `${response.statusCode} ${response.json().error ?? 'ok'}`;
};

describe('expired reports', () => {
  it('are readable 30 days, answer report_expired 30 more, then are erased with their address', async () => {
    const report = await completedReport();
    expect(await read(report.token)).toBe('200 ok');
    // 59 days on: expired, but kept.
    await purgeExpiredData(database, daysFromNow(59));
    expect(await stored(report.id)).toBeDefined();
    await database.db.execute(
      sql`update reports set created_at = now() - interval '31 days' where id = ${report.id}`,
    );
    expect(await read(report.token)).toBe('410 report_expired');
    // 30 days after expiry (as seen by the clock of the purge): gone.
    const counts = await purgeExpiredData(database, daysFromNow(30));
    expect(counts.reports).toBeGreaterThanOrEqual(1);
    expect(await stored(report.id)).toBeUndefined();
    expect(await urlExists(report.urlId)).toBe(false);
    expect(await read(report.token)).toBe('404 report_not_found');
  });

  it('keep an address another report still uses, and a newsletter sign-up of a purged report', async () => {
    const url = `https://example.com/shared-${randomUUID()}`;
    const old = await completedReport({ url });
    const recent = await completedReport({ url });
    await database.db.execute(
      sql`update reports set created_at = now() - interval '61 days' where id = ${old.id}`,
    );
    const email = `reader-${randomUUID()}@example.com`;
    await database.db.execute(
      sql`insert into leads (email, report_id, unsubscribe_token)
          values (${email}, ${old.id}, ${randomUUID()})`,
    );
    await purgeExpiredData(database);
    expect(await stored(old.id)).toBeUndefined();
    expect(await stored(recent.id)).toBeDefined();
    expect(await urlExists(old.urlId)).toBe(true);
    const [lead] = await queryRows(
      database.db,
      sql`select report_id from leads where email = ${email}`,
    );
    expect(lead).toEqual({ report_id: null });
  });
});

describe('reports deleted by their owner', () => {
  it('lose their analysis, owner and requester at once, and the tombstone after 30 days', async () => {
    const owner = `user-${randomUUID()}`;
    const report = await completedReport({ userId: owner });
    expect(await app.reports.deleteOwned(report.token, owner)).toBe('deleted');
    expect(await stored(report.id)).toMatchObject({
      user_id: null,
      requester_key: null,
      score: null,
      final_url: null,
      meta_json: null,
      issues: null,
      categories: null,
      fetch_artifact: null,
      error_message: null,
    });
    expect(await read(report.token)).toBe('410 report_deleted');
    await purgeExpiredData(database, daysFromNow(29));
    expect(await read(report.token)).toBe('410 report_deleted');
    await purgeExpiredData(database, daysFromNow(31));
    expect(await stored(report.id)).toBeUndefined();
    expect(await read(report.token)).toBe('404 report_not_found');
  });
});

describe('limit counters', () => {
  it('are kept only as long as the longest window', async () => {
    const key = `ip4:198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    await database.db.execute(
      sql`insert into throttle_events (kind, requester_key, created_at)
          values ('page_fetch', ${key}, now() - interval '25 hours'),
                 ('page_fetch', ${key}, now() - interval '23 hours')`,
    );
    await purgeExpiredData(database);
    const left = await queryRows(
      database.db,
      sql`select created_at from throttle_events where requester_key = ${key}`,
    );
    expect(left).toHaveLength(1);
  });
});

describe('host paces', () => {
  it('are forgotten as long after their last use as a site check, once no check of the host is left', async () => {
    const idle = `idle-${randomUUID()}.example`;
    const used = `used-${randomUUID()}.example`;
    await database.db.execute(
      sql`insert into host_pace (host, updated_at)
          values (${idle}, now() - interval '61 days'), (${used}, now() - interval '59 days')`,
    );
    await purgeExpiredData(database);
    const left = await queryRows<{ host: string }>(
      database.db,
      sql`select host from host_pace where host in (${idle}, ${used})`,
    );
    expect(left.map((row) => row.host)).toEqual([used]);
  });
});

describe('the purge in the worker', () => {
  it('runs periodically on the worker’s clock, and several purges at once share the work', async () => {
    const reports = await Promise.all(Array.from({ length: 30 }, () => completedReport()));
    const ids = reports.map((report) => report.id);
    await database.db.execute(
      sql`update reports set created_at = now() - interval '40 days' where id in ${ids}`,
    );
    // Two purges racing (as two workers would): no error, every row erased once.
    const [first, second] = await Promise.all([
      purgeExpiredData(database, daysFromNow(21)),
      purgeExpiredData(database, daysFromNow(21)),
    ]);
    expect(first.reports + second.reports).toBeGreaterThanOrEqual(ids.length);
    const left = await queryRows(database.db, sql`select id from reports where id in ${ids}`);
    expect(left).toHaveLength(0);

    // At +61 days every row of the database has expired, those of the files that ran before this
    // one on it too (on PostgreSQL a Vitest worker's files share one): purged here first, so the
    // worker's runs below have only this report to erase. Its first run once had a whole
    // database's crawls to delete and took longer than the wait on a loaded machine.
    const clock = () => daysFromNow(61);
    for (let run = 0; run < 50; run += 1) {
      if ((await purgeExpiredData(database, clock())).reports === 0) break;
    }
    const later = await completedReport();
    const worker = testWorker(app, { clock, purgeIntervalMs: 100 });
    await worker.start();
    try {
      await waitUntil(async () => (await stored(later.id)) === undefined, {
        timeoutMs: 15_000,
        what: 'the purge to erase the report',
      });
    } finally {
      await worker.stop();
    }
  });
});
