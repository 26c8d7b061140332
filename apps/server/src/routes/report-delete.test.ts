import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { newAccessToken } from '../services/access-token.ts';
import { buildTestApp } from '../test-support/test-app.ts';

/**
 * DELETE /api/reports/:token is owner-only. No one can sign in yet, so the route answers 401;
 * the owner check itself lives in ReportService.deleteOwned and is tested directly, and through
 * the route with a session simulated the way the accounts work will set it (request.userId).
 */

let app: FastifyInstance;
let database: Database;
/** Who the simulated session says is signed in, per request (null: anonymous). */
let signedInAs: string | null = null;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  app.addHook('onRequest', async (request) => {
    request.userId = signedInAs;
  });
});

afterAll(async () => {
  await app.close();
});

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
const remove = (token: string, as: string | null) => {
  signedInAs = as;
  return app.inject({ method: 'DELETE', url: `/api/reports/${token}` });
};

describe('DELETE /api/reports/:token', () => {
  it('answers 401 to an anonymous caller and deletes nothing', async () => {
    const token = await ownedReport(`user-${randomUUID()}`);
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
    const owner = `user-${randomUUID()}`;
    const token = await ownedReport(owner);
    const response = await remove(token, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const later = await read(token);
    expect(later.statusCode).toBe(410);
    expect(later.json()).toMatchObject({ ok: false, error: 'report_deleted' });
    expect((await remove(token, owner)).json()).toMatchObject({ error: 'report_not_found' });
  });

  it('refuses someone else’s report (403) and an anonymous one (403)', async () => {
    for (const owner of [`user-${randomUUID()}`, null]) {
      const token = await ownedReport(owner);
      const response = await remove(token, `intruder-${randomUUID()}`);
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
