import { MAX_API_TOKENS_PER_ACCOUNT } from '@crawlwise/shared/api/tokens';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_RULES } from '../services/attempt-throttle.ts';
import { call, signUp, TEST_PASSWORD, type TestAccount } from '../test-support/accounts.ts';
import {
  buildTestApp,
  HEALTHY_PAGE,
  startTestSite,
  type TestSite,
} from '../test-support/test-app.ts';

/**
 * API tokens through the real routes and database: created with the session and shown once,
 * accepted as `Authorization: Bearer` within their scope, kept away from account management,
 * revoked at once, limited per token, and gone with the account.
 */

let app: FastifyInstance;
let site: TestSite;
let owner: TestAccount;

beforeAll(async () => {
  ({ app } = await buildTestApp({ RATE_LIMITS: 'on' }));
  site = await startTestSite({ '/page': { body: HEALTHY_PAGE } });
  owner = await signUp(app, { remoteAddress: '192.0.2.201' });
});

afterAll(async () => {
  await app.close();
  await site.close();
});

async function createToken(account: TestAccount, scope: 'read' | 'write', name = `${scope} token`) {
  const answer = await call(app, 'POST', '/api/me/tokens', {
    cookie: account.cookie,
    payload: { name, scope },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json() as { token: { id: string; lastUsedAt: string | null }; secret: string };
}

const withToken = (
  secret: string,
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${secret}` },
    ...(payload ? { payload } : {}),
  });

describe('API tokens', () => {
  it('shows the secret once and lists tokens without it', async () => {
    const created = await createToken(owner, 'read', 'CI checks');
    expect(created.secret).toMatch(/^cw_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({ name: 'CI checks', scope: 'read', lastUsedAt: null });
    const listed = await call(app, 'GET', '/api/me/tokens', { cookie: owner.cookie });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.secret);
    expect(listed.json().tokens).toContainEqual(expect.objectContaining({ id: created.token.id }));
  });

  it('refuses a bad name or scope with the catalogue code and the field', async () => {
    const answer = await call(app, 'POST', '/api/me/tokens', {
      cookie: owner.cookie,
      payload: { name: ' ', scope: 'admin' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ ok: false, error: 'invalid_request' });
  });

  it('a read token reads the account’s data and cannot create anything', async () => {
    const { secret, token } = await createToken(owner, 'read');
    const history = await withToken(secret, 'GET', '/api/me/reports');
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ ok: true });
    const refused = await withToken(secret, 'POST', '/api/reports', { url: site.url('/page') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ok: false, error: 'token_scope' });
    const listed = await call(app, 'GET', '/api/me/tokens', { cookie: owner.cookie });
    const used = listed.json().tokens.find((each: { id: string }) => each.id === token.id);
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('a write token creates a report that belongs to the account', async () => {
    const { secret } = await createToken(owner, 'write');
    const created = await withToken(secret, 'POST', '/api/reports', { url: site.url('/page') });
    expect(created.statusCode).toBe(201);
    const accessToken = created.json().accessToken as string;
    expect(accessToken).toEqual(expect.any(String));
    const mine = await call(app, 'GET', '/api/me/reports', { cookie: owner.cookie });
    expect(JSON.stringify(mine.json())).toContain(accessToken);
  });

  it('never reaches account management, whatever its scope', async () => {
    const { secret } = await createToken(owner, 'write');
    for (const [method, url, payload] of [
      ['GET', '/api/me/tokens', undefined],
      ['POST', '/api/me/tokens', { name: 'more', scope: 'write' }],
      ['GET', '/api/me/profile', undefined],
      [
        'POST',
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: 'x'.repeat(12) },
      ],
      ['POST', '/api/auth/delete-user', { password: TEST_PASSWORD }],
    ] as const) {
      const answer = await withToken(secret, method, url, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'token_scope' });
    }
  });

  it('is refused at once after revocation; an unknown secret is refused the same way', async () => {
    const { secret, token } = await createToken(owner, 'read');
    expect((await withToken(secret, 'GET', '/api/me/reports')).statusCode).toBe(200);
    const revoked = await call(app, 'DELETE', `/api/me/tokens/${token.id}`, {
      cookie: owner.cookie,
    });
    expect(revoked.statusCode).toBe(200);
    for (const each of [secret, 'cw_not-a-real-token', 'garbage']) {
      const answer = await withToken(each, 'GET', '/api/me/reports');
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ ok: false, error: 'invalid_token' });
      expect(answer.headers['www-authenticate']).toBe('Bearer');
    }
    const again = await call(app, 'DELETE', `/api/me/tokens/${token.id}`, { cookie: owner.cookie });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'token_not_found' });
  });

  it('one account cannot revoke another’s token', async () => {
    const other = await signUp(app, { remoteAddress: '192.0.2.202' });
    const { token, secret } = await createToken(owner, 'read');
    const answer = await call(app, 'DELETE', `/api/me/tokens/${token.id}`, {
      cookie: other.cookie,
    });
    expect(answer.statusCode).toBe(404);
    expect((await withToken(secret, 'GET', '/api/me/reports')).statusCode).toBe(200);
  });

  it(`holds an account to ${MAX_API_TOKENS_PER_ACCOUNT} tokens, also when creations race`, async () => {
    const account = await signUp(app, { remoteAddress: '192.0.2.203' });
    const answers = await Promise.all(
      Array.from({ length: MAX_API_TOKENS_PER_ACCOUNT + 5 }, (_, i) =>
        call(app, 'POST', '/api/me/tokens', {
          cookie: account.cookie,
          payload: { name: `t${i}`, scope: 'read' },
        }),
      ),
    );
    const made = answers.filter((answer) => answer.statusCode === 201).length;
    expect(made).toBe(MAX_API_TOKENS_PER_ACCOUNT);
    const refused = answers.find((answer) => answer.statusCode !== 201);
    expect(refused?.json()).toMatchObject({ error: 'token_limit_reached' });
  });

  it('limits the requests of each token', async () => {
    const { secret } = await createToken(owner, 'read');
    const { max } = THROTTLE_RULES.apiRequest;
    const answers = await Promise.all(
      Array.from({ length: max + 3 }, () => withToken(secret, 'GET', '/api/me/reports')),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(max);
    const limited = answers.find((answer) => answer.statusCode === 429);
    expect(limited?.json()).toMatchObject({ error: 'too_many_requests' });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('goes with the account', async () => {
    const account = await signUp(app, { remoteAddress: '192.0.2.204' });
    const { secret } = await createToken(account, 'write');
    const deleted = await call(app, 'POST', '/api/auth/delete-user', {
      cookie: account.cookie,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await withToken(secret, 'GET', '/api/me/reports')).statusCode).toBe(401);
  });

  it('is described in the OpenAPI document as a security scheme', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/me/tokens', '/api/me/tokens/{id}']),
    );
  });
});
