import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/database.ts';
import { accounts, avatars, reports, sessions, users } from '../db/schema.ts';
import { newAccessToken } from '../services/access-token.ts';
import {
  call,
  cookieHeader,
  ORIGIN,
  sessionUser,
  signIn,
  signUp,
  TEST_PASSWORD,
  type TestAccount,
} from '../test-support/accounts.ts';
import { buildTestApp } from '../test-support/test-app.ts';

/**
 * The signed-in account's own data through the real routes and database: its history (own
 * reports only, newest first, pages of ten, exact total), its display name, the erasing of a
 * deleted report, and account deletion (account, sessions, picture and reports erased).
 */

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
});

afterAll(async () => {
  await app.close();
});

/** A completed report of `userId`, `minutesAgo` old, with an analysis stored. */
async function ownedReport(userId: string, minutesAgo: number, score = 80): Promise<string> {
  const urlId = await app.reports.upsertUrl(`https://example.com/${randomUUID()}`);
  const token = newAccessToken();
  await database.db.execute(sql`
    insert into reports (url_id, access_token, user_id, requester_key, status, score, final_url,
                         meta_json, issues, categories, created_at, completed_at)
    values (${urlId}, ${token}, ${userId}, ${`user:${userId}`}, 'completed', ${score},
            'https://example.com/final', '{"title":{"status":"pass"}}'::jsonb,
            '[{"id":"title","message":"x","severity":"warning"}]'::jsonb, '[]'::jsonb,
            now() - make_interval(mins => ${minutesAgo}), now() - make_interval(mins => ${minutesAgo}))`);
  return token;
}

const history = (account: TestAccount | null, query = '') =>
  call(app, 'GET', `/api/me/reports${query}`, account ? { cookie: account.cookie } : {});

const readReport = (token: string) => app.inject({ method: 'GET', url: `/api/reports/${token}` });

describe('GET /api/me/reports', () => {
  it('lists only the account’s own reports, newest first, ten a page, with the exact total', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const tokens: string[] = [];
    for (let age = 1; age <= 25; age++) tokens.push(await ownedReport(owner.userId, age, 50 + age));
    const othersToken = await ownedReport(other.userId, 0);
    const deleted = await ownedReport(owner.userId, 0);
    expect(
      (await call(app, 'DELETE', `/api/reports/${deleted}`, { cookie: owner.cookie })).statusCode,
    ).toBe(200);

    const first = await history(owner);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.total).toBe(25);
    expect(page.reports).toHaveLength(10);
    expect(page.reports.map((report: { access_token: string }) => report.access_token)).toEqual(
      tokens.slice(0, 10),
    );
    expect(page.reports[0]).toMatchObject({
      url: expect.stringMatching(/^https:\/\/example\.com\//),
      score: 51,
      status: 'completed',
      created_at: expect.any(String),
    });
    const third = (await history(owner, '?offset=20')).json();
    expect(third.reports.map((report: { access_token: string }) => report.access_token)).toEqual(
      tokens.slice(20),
    );
    expect(third.total).toBe(25);

    const theirs = (await history(other)).json();
    expect(theirs.total).toBe(1);
    expect(theirs.reports[0].access_token).toBe(othersToken);
    expect(JSON.stringify(theirs)).not.toContain(tokens[0]);
  });

  it('answers 401 without a session and 400 for a bad offset', async () => {
    expect((await history(null)).statusCode).toBe(401);
    const account = await signUp(app);
    for (const bad of ['?offset=-1', '?offset=abc', '?offset=1.5', '?offset=9999999']) {
      const response = await history(account, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, error: 'invalid_request' });
    }
    expect((await history(account, '?offset=0')).json()).toMatchObject({ total: 0, reports: [] });
  });
});

describe('PATCH /api/me/profile', () => {
  it('saves a trimmed display name of 2 to 50 characters', async () => {
    const account = await signUp(app);
    const patch = (fullName: unknown) =>
      call(app, 'PATCH', '/api/me/profile', { cookie: account.cookie, payload: { fullName } });
    const short = await patch(' G ');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'Name must be at least 2 characters' });
    expect((await patch('x'.repeat(51))).statusCode).toBe(400);
    const saved = await patch('  Grace Hopper  ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      ok: true,
      profile: { fullName: 'Grace Hopper', avatarUrl: null },
    });
    expect(await sessionUser(app, account.cookie)).toMatchObject({ name: 'Grace Hopper' });
    const anonymous = await call(app, 'PATCH', '/api/me/profile', {
      payload: { fullName: 'Anon' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('DELETE /api/reports/:token', () => {
  it('erases the stored analysis, not only hides it', async () => {
    const account = await signUp(app);
    const token = await ownedReport(account.userId, 3);
    expect(
      (await call(app, 'DELETE', `/api/reports/${token}`, { cookie: account.cookie })).statusCode,
    ).toBe(200);
    const [row] = await database.db.select().from(reports).where(eq(reports.accessToken, token));
    expect(row).toMatchObject({
      userId: null,
      score: null,
      finalUrl: null,
      metaJson: null,
      issues: null,
      categories: null,
      fetchArtifact: null,
      errorMessage: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await readReport(token)).json()).toMatchObject({ error: 'report_deleted' });
  });
});

describe('account deletion (Better Auth delete-user)', () => {
  async function withEverything(): Promise<{
    account: TestAccount;
    tokens: string[];
    avatarUrl: string;
  }> {
    const account = await signUp(app);
    const tokens = [await ownedReport(account.userId, 5), await ownedReport(account.userId, 1)];
    const image = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#00f' },
    })
      .png()
      .toBuffer();
    const boundary = 'crawlwise-boundary';
    const upload = await app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: {
        origin: ORIGIN,
        cookie: account.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(200);
    return { account, tokens, avatarUrl: upload.json().avatarUrl };
  }

  it('with the password: erases the account, every session, the picture and the reports', async () => {
    const { account, tokens, avatarUrl } = await withEverything();
    const elsewhere = cookieHeader((await signIn(app, account.email)).headers['set-cookie']);

    const wrong = await call(app, 'POST', '/api/auth/delete-user', {
      cookie: account.cookie,
      payload: { password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await sessionUser(app, account.cookie)).not.toBeNull();

    const deleted = await call(app, 'POST', '/api/auth/delete-user', {
      cookie: account.cookie,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(String(deleted.headers['set-cookie'])).toMatch(/session_token=;|Max-Age=0/);

    for (const cookie of [account.cookie, elsewhere]) {
      expect(await sessionUser(app, cookie)).toBeNull();
      expect((await history({ ...account, cookie })).statusCode).toBe(401);
    }
    for (const token of tokens) {
      const read = await readReport(token);
      expect(read.statusCode).toBe(410);
      expect(read.json()).toMatchObject({ error: 'report_deleted' });
    }
    expect((await app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(404);

    const db = database.db;
    expect(await db.select().from(users).where(eq(users.id, account.userId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, account.userId))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, account.userId))).toEqual([]);
    expect(await db.select().from(avatars).where(eq(avatars.userId, account.userId))).toEqual([]);
    const left = await queryRows(
      db,
      sql`select user_id, meta_json, issues, score from reports
          where access_token in (${tokens[0]}, ${tokens[1]})`,
    );
    expect(left).toEqual([
      { user_id: null, meta_json: null, issues: null, score: null },
      { user_id: null, meta_json: null, issues: null, score: null },
    ]);
    // The address can sign up again, as a new account.
    expect((await signUp(app, { email: account.email })).userId).not.toBe(account.userId);
  });

  it('without the password: only from a fresh session', async () => {
    const fresh = await signUp(app);
    const ok = await call(app, 'POST', '/api/auth/delete-user', {
      cookie: fresh.cookie,
      payload: {},
    });
    expect(ok.statusCode).toBe(200);
    expect(await sessionUser(app, fresh.cookie)).toBeNull();

    const stale = await signUp(app);
    await database.db.execute(
      sql`update sessions set created_at = now() - interval '1 hour' where user_id = ${stale.userId}`,
    );
    const refused = await call(app, 'POST', '/api/auth/delete-user', {
      cookie: stale.cookie,
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      ok: false,
      message: 'Please enter your password, or sign in again to continue',
    });
    expect(await sessionUser(app, stale.cookie)).not.toBeNull();
  });
});
