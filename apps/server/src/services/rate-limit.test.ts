import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import {
  buildAppWith,
  buildTestApp,
  HEALTHY_PAGE,
  startTestSite,
  type TestSite,
  testConfig,
} from '../test-support/test-app.ts';
import { PAGE_FETCH_POLICY } from './rate-limit.ts';
import { addressGroup } from './requester.ts';

/**
 * The report limits through the real route, with limits on. Every test uses its own random
 * client address, so rows left by earlier runs on a kept PostgreSQL never count against it.
 * The counter is `throttle_events` (one row per page fetch), so seeding ages rows there.
 */

let app: FastifyInstance;
let database: Database;
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite({ '/': { body: HEALTHY_PAGE } });
  ({ app, database } = await buildTestApp({ RATE_LIMITS: 'on' }));
});

afterAll(async () => {
  await app.close();
  await site.close();
});

/** An IPv6 client in a /64 of its own (2^32 choices, documentation prefix). */
function freshIpv6(): string {
  const part = () => randomInt(0x10000).toString(16);
  return `2001:db8:${part()}:${part()}:${part()}:${part()}:${part()}:1`;
}

/** Page fetches made `age` ago, counted for `address`. */
async function seed(address: string, count: number, age: string): Promise<void> {
  await database.db.execute(sql`
    insert into throttle_events (kind, requester_key, created_at)
    select ${PAGE_FETCH_POLICY.kind}, ${addressGroup(address)}, now() - ${age}::interval
    from generate_series(1, ${count})`);
}

/** Page fetches counted for `address` in the last 24 hours. */
async function countFor(address: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from throttle_events
        where kind = ${PAGE_FETCH_POLICY.kind} and requester_key = ${addressGroup(address)}
          and created_at > now() - interval '24 hours'`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n);
}

const post = (
  remoteAddress: string,
  target = app,
  headers: Record<string, string> = {},
  url = site.url('/'),
) =>
  target.inject({ method: 'POST', url: '/api/reports', payload: { url }, remoteAddress, headers });

/** Below the test pool's 5 connections, so the waiting transactions cannot starve the others. */
const OVERLAPPING_TRANSACTIONS = 4;

/**
 * The first `count` callers wait until all of them have arrived (at most 5 s, so a mistake here
 * fails the assertions instead of hanging); later callers pass straight on.
 */
function overlapGate(count: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const timer = setTimeout(() => open(), 5000);
  return async () => {
    arrived += 1;
    if (arrived > count) return;
    if (arrived === count) {
      clearTimeout(timer);
      open();
    }
    await opened;
  };
}

describe('daily limit', () => {
  it('flags the 80th report of the day with rate_limit_soft', async () => {
    const address = freshIpv6();
    await seed(address, 78, '2 hours');
    const seventyNinth = await post(address);
    expect(seventyNinth.statusCode).toBe(201);
    expect(seventyNinth.json()).not.toHaveProperty('rate_limit_soft');
    const eightieth = await post(address);
    expect(eightieth.statusCode).toBe(201);
    expect(eightieth.json()).toMatchObject({ ok: true, rate_limit_soft: true });
  });

  it('refuses the 101st with 429 and Retry-After until the oldest counted fetch leaves', async () => {
    const address = freshIpv6();
    await seed(address, 1, '23 hours 50 minutes');
    await seed(address, 99, '1 hour');
    await seed(address, 5, '25 hours'); // outside the window: not counted
    const hitsBefore = site.hits.get('/') ?? 0;
    const response = await post(address);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ ok: false, error: 'rate_limit_exceeded' });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(595);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Refused before the page was fetched.
    expect(site.hits.get('/') ?? 0).toBe(hitsBefore);
  });

  it('accepts exactly one of 200 parallel requests at a count of 99', async () => {
    const address = freshIpv6();
    await seed(address, 99, '2 hours');
    // The first transactions to open wait for each other before the locked count: they really
    // overlap, and without the advisory lock each of them would count 99 and insert (verified
    // by removing the lock). Only the one admitted fetches the page.
    const gate = overlapGate(database.kind === 'postgres' ? OVERLAPPING_TRANSACTIONS : 1);
    const admit = app.limits.admit.bind(app.limits);
    const spy = vi.spyOn(app.limits, 'admit').mockImplementation(async (tx, policy, key) => {
      await gate();
      return admit(tx, policy, key);
    });
    const started = performance.now();
    const responses = await Promise.all(Array.from({ length: 200 }, () => post(address))).finally(
      () => spy.mockRestore(),
    );
    const elapsedMs = Math.round(performance.now() - started);
    const accepted = responses.filter((response) => response.statusCode === 201).length;
    const refused = responses.filter(
      (response) => response.statusCode === 429 && response.json().error === 'rate_limit_exceeded',
    ).length;
    console.info(
      `race (${database.kind}): 200 parallel at 99 → ${accepted} accepted, ${refused} refused in ${elapsedMs} ms`,
    );
    expect({ accepted, refused }).toEqual({ accepted: 1, refused: 199 });
    expect(await countFor(address)).toBe(100);
  });
});

describe('burst limit', () => {
  it('refuses the 11th report within a minute with too_many_requests and Retry-After', async () => {
    const address = freshIpv6();
    for (let i = 0; i < 10; i += 1) expect((await post(address)).statusCode).toBe(201);
    const response = await post(address);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ ok: false, error: 'too_many_requests' });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts only the last minute', async () => {
    const address = freshIpv6();
    await seed(address, 10, '30 seconds');
    const refused = await post(address);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(28);
    expect(retryAfter).toBeLessThanOrEqual(30);

    const other = freshIpv6();
    await seed(other, 10, '61 seconds');
    expect((await post(other)).statusCode).toBe(201);
  });
});

describe('failed fetches', () => {
  it('count toward the burst limit: 25 submissions of a 404 page make 10 fetches', async () => {
    const address = freshIpv6();
    const missing = site.url(`/missing-${randomInt(1e9)}`);
    const path = new URL(missing).pathname;
    const codes: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      const response = await post(address, app, {}, missing);
      codes.push(`${response.statusCode} ${response.json().error}`);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('422 http_error_404'));
    expect(codes.slice(10)).toEqual(Array(15).fill('429 too_many_requests'));
    expect(site.hits.get(path)).toBe(10);
  });

  it('count toward the daily limit', async () => {
    const address = freshIpv6();
    await seed(address, 99, '2 hours');
    const failed = await post(address, app, {}, site.url('/missing-daily'));
    expect(failed.statusCode).toBe(422);
    const response = await post(address);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ error: 'rate_limit_exceeded' });
    expect(await countFor(address)).toBe(100);
  });

  it('an invalid address is refused before anything is counted or fetched', async () => {
    const address = freshIpv6();
    for (let i = 0; i < 12; i += 1) {
      const response = await post(address, app, {}, 'ftp://example.com/');
      expect(response.json()).toMatchObject({ error: 'unsupported_protocol' });
    }
    expect(await countFor(address)).toBe(0);
  });
});

describe('who the requester is', () => {
  it('groups IPv6 clients by /64', async () => {
    const address = freshIpv6();
    await seed(address, 100, '1 hour');
    const sameNetwork = address.replace(
      /:[0-9a-f]+:[0-9a-f]+:[0-9a-f]+:1$/,
      ':abcd:ef01:2345:6789',
    );
    expect(addressGroup(sameNetwork)).toBe(addressGroup(address));
    expect(sameNetwork).not.toBe(address);
    const response = await post(sameNetwork);
    expect(response.json()).toMatchObject({ error: 'rate_limit_exceeded' });
    expect((await post(freshIpv6())).statusCode).toBe(201);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    // A second app on the same database, behind a proxy at 127.0.0.1.
    const proxied = await buildAppWith(
      testConfig({ RATE_LIMITS: 'on', TRUSTED_PROXIES: '127.0.0.1' }),
      { database, engine: app.engine },
    );
    try {
      const client = freshIpv6();
      const keyOf = async (response: Awaited<ReturnType<typeof post>>) => {
        expect(response.statusCode).toBe(201);
        const token = response.json().accessToken as string;
        const result = (await database.db.execute(
          sql`select requester_key from reports where access_token = ${token}`,
        )) as unknown as { rows: Array<{ requester_key: string }> };
        return result.rows[0]?.requester_key;
      };
      const forwarded = { 'x-forwarded-for': client };
      // Through the trusted proxy: the forwarded client is the requester.
      expect(await keyOf(await post('127.0.0.1', proxied, forwarded))).toBe(addressGroup(client));
      // The same header from anyone else is ignored.
      const stranger = freshIpv6();
      expect(await keyOf(await post(stranger, proxied, forwarded))).toBe(addressGroup(stranger));
      // Without TRUSTED_PROXIES nobody is trusted, not even loopback.
      const direct = freshIpv6();
      expect(await keyOf(await post(direct, app, forwarded))).toBe(addressGroup(direct));
    } finally {
      await proxied.close();
    }
  });
});
