import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppWith, testConfig } from '../test-support/test-app.ts';
import { isDatabaseConnectionError } from './connection-error.ts';
import { connectPostgres, type Database } from './database.ts';

/** A loopback port nobody listens on: every connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('database connection errors', () => {
  let database: Database;

  beforeAll(async () => {
    database = connectPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/none`, 2);
  });

  afterAll(async () => {
    await database.close();
  });

  it('finds the refused connection inside the ORM error that wraps it', async () => {
    const error = await database.db.execute(sql`select 1`).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    // The ORM's error has no code of its own: the driver's is its cause.
    expect((error as { code?: unknown }).code).toBeUndefined();
    expect(isDatabaseConnectionError(error)).toBe(true);
  });

  it('finds it in a transaction, several causes deep and in an AggregateError', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const deep = new Error('outer', { cause: new Error('middle', { cause: refused }) });
    expect(isDatabaseConnectionError(deep)).toBe(true);
    expect(isDatabaseConnectionError(new AggregateError([new Error('x'), refused]))).toBe(true);
    const shutdown = Object.assign(new Error('terminating connection'), { code: '57P01' });
    expect(isDatabaseConnectionError(new Error('Failed query', { cause: shutdown }))).toBe(true);
    expect(isDatabaseConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('does not take other failures for an outage, and survives a cause cycle', () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isDatabaseConnectionError(new Error('Failed query', { cause: unique }))).toBe(false);
    expect(isDatabaseConnectionError('ECONNREFUSED')).toBe(false);
    const cyclic: Error & { cause?: unknown } = new Error('a');
    cyclic.cause = new Error('b', { cause: cyclic });
    expect(isDatabaseConnectionError(cyclic)).toBe(false);
  });

  it('answers 503 database_connection, not 500, when the database is down', async () => {
    const app = await buildAppWith(testConfig({ RATE_LIMITS: 'on' }), { database });
    try {
      const requests = [
        { url: '/api/reports', payload: { url: 'https://example.com/' } },
        {
          url: '/api/contact',
          payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
        },
        { url: '/api/partner-waitlist', payload: { email: 'ada@example.com' } },
        { url: '/api/leads', payload: { email: 'ada@example.com', honeypot: '' } },
      ];
      for (const request of requests) {
        const response = await app.inject({ method: 'POST', ...request });
        expect(response.statusCode, `${request.url}: ${response.body}`).toBe(503);
        expect(response.json()).toMatchObject({ ok: false, error: 'database_connection' });
        expect(response.headers['retry-after']).toBeDefined();
      }
      const read = await app.inject(`/api/reports/${'a'.repeat(43)}`);
      expect(read.statusCode).toBe(503);
      expect(read.json()).toMatchObject({ error: 'database_connection' });
    } finally {
      await app.close();
    }
  });
});
