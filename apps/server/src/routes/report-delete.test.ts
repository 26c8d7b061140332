import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { newAccessToken } from '../services/access-token.ts';
import { buildTestApp } from '../test-support/test-app.ts';

/**
 * DELETE /api/reports/:token is owner-only: the caller's session (a Better Auth cookie, from a
 * real sign-up) must name the account that created the report. The owner check itself lives in
 * ReportService.deleteOwned and is also tested directly. routes/accounts.test.ts runs the whole
 * way, from sign-up through a worker-completed report to its deletion.
 */

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
});

afterAll(async () => {
  await app.close();
});

interface Account {
  userId: string;
  cookie: string;
}

/** A new account (unique email) and its session cookie. */
async function signUp(): Promise<Account> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: {
      email: `owner-${randomUUID()}@example.com`,
      password: 'secret-password',
      name: 'Owner',
    },
  });
  expect(response.statusCode).toBe(200);
  const setCookie = response.headers['set-cookie'];
  const cookies = Array.isArray(setCookie) ? setCookie : [String(setCookie)];
  return {
    userId: response.json().user.id,
    cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; '),
  };
}

/** A completed report owned by `userId` (inserted directly: no worker runs here). */
async function ownedReport(userId: string | null): Promise<string> {
  const urlId = await app.reports.upsertUrl(`https://example.com/${randomUUID()}`);
  const token = newAccessToken();
  await database.db.execute(sql`
    insert into reports (url_id, access_token, user_id, status, score)
    values (${urlId}, ${token}, ${userId}, 'completed', 80)`);
  return token;
}

const read = (token: string) => app.inject({ method: 'GET', url: `/api/reports/${token}` });
const remove = (token: string, as: Account | null) =>
  app.inject({
    method: 'DELETE',
    url: `/api/reports/${token}`,
    ...(as ? { headers: { cookie: as.cookie } } : {}),
  });

describe('DELETE /api/reports/:token', () => {
  it('answers 401 to an anonymous caller and deletes nothing', async () => {
    const token = await ownedReport((await signUp()).userId);
    const response = await remove(token, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      ok: false,
      error: 'invalid_request',
      message: 'Sign in to delete your reports.',
    });
    expect((await read(token)).statusCode).toBe(200);
  });

  it('lets the owner delete; later reads answer report_deleted (410)', async () => {
    const owner = await signUp();
    const token = await ownedReport(owner.userId);
    const response = await remove(token, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const later = await read(token);
    expect(later.statusCode).toBe(410);
    expect(later.json()).toMatchObject({ ok: false, error: 'report_deleted' });
    expect((await remove(token, owner)).json()).toMatchObject({ error: 'report_not_found' });
  });

  it('refuses someone else’s report (403) and an anonymous one (403)', async () => {
    const intruder = await signUp();
    for (const owner of [(await signUp()).userId, null]) {
      const token = await ownedReport(owner);
      const response = await remove(token, intruder);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ ok: false, error: 'invalid_request' });
      expect((await read(token)).statusCode).toBe(200);
    }
  });
});

describe('ReportService.deleteOwned', () => {
  it('checks the owner, soft-deletes, and answers not_found afterwards', async () => {
    const owner = `user-${randomUUID()}`;
    const token = await ownedReport(owner);
    expect(await app.reports.deleteOwned(token, 'someone-else')).toBe('forbidden');
    expect(await app.reports.deleteOwned(token, owner)).toBe('deleted');
    expect(await app.reports.findByToken(token)).toEqual({ kind: 'deleted' });
    expect(await app.reports.deleteOwned(token, owner)).toBe('not_found');
    expect(await app.reports.deleteOwned('malformed', owner)).toBe('not_found');
  });
});
