import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { queryRows } from '@crawlwise/server/db/database';
import { call, signUp, TEST_PASSWORD } from '@crawlwise/server/test-support/accounts';
import { buildTestApp, HEALTHY_PAGE } from '@crawlwise/server/test-support/test-app';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, item 6: a report whose page was still being fetched when its owner deleted the
 * account was stored afterwards, readable by its token, with the user id and analysis kept.
 * Now it is never stored for a deleted account: the creation answers 401 and no row names the
 * account.
 */

let app: FastifyInstance;
let database: Awaited<ReturnType<typeof buildTestApp>>['database'];
let slowSite: http.Server;
let slowUrl: string;
let requestArrived: () => void = () => {};

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
  // A page on 127.0.0.1 that answers 1.5 s after it is asked.
  slowSite = http.createServer((_request, response) => {
    requestArrived();
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HEALTHY_PAGE);
    }, 1_500);
  });
  await new Promise<void>((resolve) => slowSite.listen(0, '127.0.0.1', resolve));
  slowUrl = `http://127.0.0.1:${(slowSite.address() as AddressInfo).port}/slow`;
});

afterAll(async () => {
  slowSite.closeAllConnections();
  await new Promise((resolve) => slowSite.close(resolve));
  await app.close();
});

describe('deleting the account while a report of it is being fetched', () => {
  it('stores no report for the deleted account', async () => {
    const account = await signUp(app);
    const arrived = new Promise<void>((resolve) => {
      requestArrived = resolve;
    });
    const creating = call(app, 'POST', '/api/reports', {
      cookie: account.cookie,
      payload: { url: slowUrl },
    });
    await arrived;
    const deleted = await call(app, 'POST', '/api/auth/delete-user', {
      cookie: account.cookie,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);

    const created = await creating;
    expect(created.statusCode).toBe(401);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from reports where user_id = ${account.userId}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
