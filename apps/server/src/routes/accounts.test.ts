import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { reports } from '../db/schema.ts';
import {
  buildTestApp,
  startTestSite,
  type TestSite,
  testWorker,
  waitForReport,
} from '../test-support/test-app.ts';
import type { Worker } from '../worker/worker.ts';

/**
 * Accounts through the real Better Auth routes: sign-up gives a session cookie, reports created
 * with it belong to the account, its owner reads every issue and may delete it; sign-out ends it.
 */

let app: FastifyInstance;
let database: Database;
let site: TestSite;
let worker: Worker;

beforeAll(async () => {
  site = await startTestSite({
    // More than three problems: no title, description, viewport, lang, h1, alt text.
    '/poor': { body: '<html><body><img src=a.png><p>x</p></body></html>' },
  });
  ({ app, database } = await buildTestApp());
  worker = testWorker(app);
  await worker.start();
});

afterAll(async () => {
  await worker.stop();
  await app.close();
  await site.close();
});

/** Same-origin, as the web app sends it (inject's Host is localhost:80). */
const ORIGIN = 'http://localhost:80';

/** `name=value; …` from the answer's Set-Cookie headers, as a browser would send them back. */
function cookieHeader(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.map((cookie) => cookie.split(';')[0]).join('; ');
}

async function signUp(): Promise<{ cookie: string; userId: string; email: string }> {
  const email = `reader-${randomUUID()}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: { email, password: 'secret-password', name: 'Reader' },
  });
  expect(response.statusCode).toBe(200);
  const setCookie = response.headers['set-cookie'];
  const cookie = cookieHeader(setCookie);
  expect(cookie).toMatch(/session_token=/);
  expect(String(setCookie)).toMatch(/HttpOnly/i);
  const userId = response.json().user.id as string;
  expect(userId).toEqual(expect.any(String));
  return { cookie, userId, email };
}

const read = (token: string, cookie?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/reports/${token}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });

const remove = (token: string, cookie?: string) =>
  app.inject({
    method: 'DELETE',
    url: `/api/reports/${token}`,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });

const topIssues = (report: Record<string, unknown>) =>
  (report.issues as Array<Record<string, unknown>>).filter((issue) => issue.severity !== 'success');

describe('accounts and report ownership', () => {
  it('signs up, owns its report, reads it whole, and only the owner deletes it', async () => {
    const owner = await signUp();
    const created = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { origin: ORIGIN, cookie: owner.cookie },
      payload: { url: site.url('/poor') },
    });
    expect(created.statusCode).toBe(201);
    const token = created.json().accessToken as string;
    const [row] = await database.db
      .select({ userId: reports.userId, requesterKey: reports.requesterKey })
      .from(reports)
      .where(eq(reports.accessToken, token));
    expect(row).toEqual({ userId: owner.userId, requesterKey: `user:${owner.userId}` });

    await waitForReport(app, token);
    // Signed in: every issue, none locked.
    const whole = topIssues((await read(token, owner.cookie)).json().report);
    expect(whole.length).toBeGreaterThan(3);
    for (const issue of whole) {
      expect(issue.locked).toBeUndefined();
      expect(issue.message).toEqual(expect.any(String));
    }
    // Anonymous: the fourth and later come back locked.
    const anonymous = topIssues((await read(token)).json().report);
    expect(anonymous[2]?.locked).toBeUndefined();
    expect(anonymous[3]).toMatchObject({ locked: true });
    expect(anonymous[3]?.message).toBeUndefined();

    expect((await remove(token)).statusCode).toBe(401);
    const intruder = await signUp();
    const forbidden = await remove(token, intruder.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ ok: false, error: 'invalid_request' });
    expect((await read(token)).statusCode).toBe(200);

    const deleted = await remove(token, owner.cookie);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    const later = await read(token, owner.cookie);
    expect(later.statusCode).toBe(410);
    expect(later.json()).toMatchObject({ ok: false, error: 'report_deleted' });
  });

  it('signs in again with the password; sign-out ends the session', async () => {
    const { email } = await signUp();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email, password: 'secret-password' },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieHeader(signIn.headers['set-cookie']);
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.json()).toMatchObject({ user: { email } });

    const signOut = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: ORIGIN, cookie },
    });
    expect(signOut.statusCode).toBe(200);
    // The old cookie names a session that no longer exists: the caller is anonymous again.
    const token = await createAnonymousReport();
    expect((await remove(token, cookie)).statusCode).toBe(401);
    const after = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(after.json()).toBeNull();
  });

  it('refuses a wrong password, a short password and a cross-site sign-up', async () => {
    const { email } = await signUp();
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const short = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { email: `short-${randomUUID()}@example.com`, password: '12345', name: 'S' },
    });
    expect(short.statusCode).toBe(400);

    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example' },
      payload: {
        email: `evil-${randomUUID()}@example.com`,
        password: 'secret-password',
        name: 'E',
      },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

/** A queued report without an owner (the worker may pick it up; nothing here waits for it). */
async function createAnonymousReport(): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: { url: site.url('/poor') },
  });
  expect(created.statusCode).toBe(201);
  return created.json().accessToken as string;
}
