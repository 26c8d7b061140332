import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, inTransaction, queryRows } from '../db/database.ts';
import { call } from '../test-support/accounts.ts';
import { lockWaiters } from '../test-support/lock-waits.ts';
import { type Person, teamHelpers } from '../test-support/teams.ts';
import {
  buildTestApp,
  HEALTHY_PAGE,
  startSmtpServer,
  type TestSmtpServer,
  testWorker,
} from '../test-support/test-app.ts';
import type { Worker } from '../worker/worker.ts';

/**
 * Deleting a team while one of its reports is on its way (docs/teams.md › Deleting): the report
 * must not be stored, nor end as its maker's Personal report. A page held by a slow local server
 * keeps the report in flight while the owner deletes the team. Real database, SMTP server and
 * web server on 127.0.0.1.
 */

let smtp: TestSmtpServer;
let app: FastifyInstance;
let database: Database;
let worker: Worker | undefined;

/** A page that answers only when the test lets it (the report stays in flight until then). */
let slow: {
  url: string;
  hits: number;
  release: () => void;
  server: http.Server;
};

const PUBLIC_URL = 'http://crawlwise.test:8080';

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ app, database } = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL }));
  const held: Array<() => void> = [];
  const server = http.createServer((_request, response) => {
    slow.hits += 1;
    held.push(() =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HEALTHY_PAGE),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  slow = {
    url: `http://127.0.0.1:${port}/`,
    hits: 0,
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
    server,
  };
});

afterAll(async () => {
  await worker?.stop(0);
  slow.release();
  slow.server.closeAllConnections();
  await new Promise<void>((resolve) => slow.server.close(() => resolve()));
  await app.close();
  await smtp.close();
});

const { person, auth, createTeam, join, setActive } = teamHelpers(() => ({
  app,
  database,
  smtp,
  publicUrl: PUBLIC_URL,
}));

/** Every report row that still names the account or the team (an erased one names neither). */
const rowsOf = (who: Person, teamId: string) =>
  queryRows<{ access_token: string; user_id: string | null; team_id: string | null }>(
    database.db,
    sql`select access_token, user_id, team_id from reports
         where user_id = ${who.userId} or team_id = ${teamId}`,
  );

/** Asks for a report of the slow page; resolves once its fetch is held (the answer pending). */
async function reportHeld(who: Person) {
  const before = slow.hits;
  const answer = call(app, 'POST', '/api/reports', {
    cookie: who.cookie,
    payload: { url: slow.url },
  });
  await waitUntil(() => slow.hits > before || undefined, { what: 'the page fetch' });
  return { answer };
}

describe('deleting a team with a report on its way', () => {
  it('a report whose page is still being fetched is not stored once the team is gone', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    expect((await setActive(owner, team.id)).statusCode).toBe(200);

    const pending = await reportHeld(owner);
    const deleted = await auth(owner, 'delete', { organizationId: team.id });
    expect(deleted.statusCode).toBe(200);
    slow.release();

    const answer = await pending.answer;
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ ok: false, error: 'team_not_found' });
    expect(await rowsOf(owner, team.id)).toEqual([]);
    const personal = await call(app, 'GET', '/api/me/reports', { cookie: owner.cookie });
    expect(personal.statusCode).toBe(200);
    expect(personal.json().reports).toEqual([]);
  });

  it('a queued report is erased with its team, and a worker finishing it afterwards stores nothing', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const member = await join(team, owner, 'member');
    expect((await setActive(member, team.id)).statusCode).toBe(200);
    const pending = await reportHeld(member);
    slow.release();
    const made = await pending.answer;
    expect(made.statusCode).toBe(201);
    const token = made.json().accessToken as string;

    const deleted = await auth(owner, 'delete', { organizationId: team.id });
    expect(deleted.statusCode).toBe(200);
    worker = testWorker(app);
    await worker.start();
    // Give the worker its chance at the queue; the erased report is no longer queued.
    await waitUntil(
      async () => {
        const [row] = await queryRows<{ status: string }>(
          database.db,
          sql`select status from reports where access_token = ${token}`,
        );
        return row?.status === 'failed' || undefined;
      },
      { what: 'the erased report to stay failed' },
    );
    await worker.stop(0);
    worker = undefined;

    expect(await rowsOf(member, team.id)).toEqual([]);
    const read = await call(app, 'GET', `/api/reports/${token}`);
    expect(read.statusCode).toBe(410);
    expect(read.json()).toMatchObject({ error: 'report_deleted' });
    expect((await setActive(member, null)).statusCode).toBe(200);
    const personal = await call(app, 'GET', '/api/me/reports', { cookie: member.cookie });
    expect(personal.json().reports).toEqual([]);
  });

  it('a report stored between the erasure and the team row’s deletion goes with the team, not to Personal', async () => {
    // The before-delete hook erases the team's reports, then Better Auth deletes the team row: a
    // report whose insert lands in between (its page fetched while the owner deleted) must not
    // outlive the team as its maker's Personal report. The team row is deleted here as Better
    // Auth would, right after such an insert.
    const owner = await person('Owner');
    const team = await createTeam(owner);
    expect((await setActive(owner, team.id)).statusCode).toBe(200);
    const pending = await reportHeld(owner);
    slow.release();
    expect((await pending.answer).statusCode).toBe(201);

    await database.db.execute(sql`delete from organizations where id = ${team.id}`);
    expect(await rowsOf(owner, team.id)).toEqual([]);
    expect((await setActive(owner, null)).statusCode).toBe(200);
    const personal = await call(app, 'GET', '/api/me/reports', { cookie: owner.cookie });
    expect(personal.json().reports).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a report whose insert waits on the team row being deleted answers team_not_found (PostgreSQL)',
    async () => {
      // PostgreSQL only: the deletion and the insert on two connections at once. The insert
      // still sees the membership (the deletion is not committed) and waits for the team row
      // its foreign key names; when the deletion commits, the key fails.
      const owner = await person('Owner');
      const team = await createTeam(owner);
      const before = slow.hits;
      const fetching = app.engine.fetchDocument(slow.url);
      await waitUntil(() => slow.hits > before || undefined, { what: 'the page fetch' });
      slow.release();
      const fetchArtifact = await fetching;

      let creating: Promise<unknown> = Promise.resolve();
      await inTransaction(database.db, async (tx) => {
        await tx.execute(sql`delete from organizations where id = ${team.id}`);
        creating = app.services.reports
          .create({
            url: slow.url,
            fetchArtifact,
            userId: owner.userId,
            teamId: team.id,
            requesterKey: `team:${team.id}`,
          })
          .then(
            () => 'stored',
            (error: unknown) => error,
          );
        await waitUntil(async () => (await lockWaiters(database.db)) > 0 || undefined, {
          what: 'the insert to wait for the team row',
        });
      });
      expect(await creating).toMatchObject({ code: 'team_not_found', statusCode: 404 });
      expect(await rowsOf(owner, team.id)).toEqual([]);
    },
  );
});
