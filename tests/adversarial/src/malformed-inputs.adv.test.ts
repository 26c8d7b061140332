import { call, ORIGIN, signUp } from '@crawlwise/server/test-support/accounts';
import { buildTestApp } from '@crawlwise/server/test-support/test-app';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, item 7: malformed input answered 500 — site-check ids of 36 hyphens or zeros (the
 * id pattern let non-UUIDs reach the database cast), 5,000-deep JSON on /api/auth/*, multipart
 * without a boundary on the avatar upload. Each is a 4xx with a catalogue code now.
 */

let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  ({ app } = await buildTestApp());
  ({ cookie } = await signUp(app));
});

afterAll(async () => {
  await app.close();
});

function expectClientError(answer: { statusCode: number; json: () => unknown }) {
  expect(answer.statusCode).toBeGreaterThanOrEqual(400);
  expect(answer.statusCode).toBeLessThan(500);
  expect(answer.json()).toMatchObject({ ok: false, error: expect.any(String) });
}

describe('malformed input gets a 4xx with a catalogue code', () => {
  it.each([
    ['36 hyphens', '-'.repeat(36)],
    ['36 zeros', '0'.repeat(36)],
    ['hyphens where the digits go', '--------------------------------0000'],
    ['the nil UUID with letters out of range', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'],
  ])('a site-check id of %s', async (_name, id) => {
    for (const path of [`/api/site-checks/${id}`, `/api/site-checks/${id}/report`]) {
      const answer = await call(app, 'GET', path, { cookie });
      expectClientError(answer);
    }
    expectClientError(await call(app, 'POST', `/api/site-checks/${id}/cancel`, { cookie }));
  });

  it.each([5_000, 2_500])('%i-deep JSON on the auth routes', async (depth) => {
    const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/reports']) {
      const answer = await app.inject({
        method: 'POST',
        url: path,
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload: deep,
      });
      expectClientError(answer);
    }
  });

  it('multipart without a boundary on the avatar upload', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/me/avatar',
        headers: { origin: ORIGIN, cookie, 'content-type': contentType },
        payload: 'not really multipart',
      });
      expectClientError(answer);
    }
  });
});
