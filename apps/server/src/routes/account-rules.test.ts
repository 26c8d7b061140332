import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  cookieHeader,
  sessionUser,
  signIn,
  signUp,
  TEST_PASSWORD,
} from '../test-support/accounts.ts';
import { buildTestApp } from '../test-support/test-app.ts';

/**
 * The spec's account rules on Better Auth's own routes (services/auth-rules.ts), through the real
 * server and database: the shared schemas' messages, word for word, and a password change that
 * signs out every other session.
 */

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp());
});

afterAll(async () => {
  await app.close();
});

const signUpWith = (payload: Record<string, unknown>) =>
  call(app, 'POST', '/api/auth/sign-up/email', { payload });

const freshEmail = () => `rules-${randomUUID()}@example.com`;

describe('sign-up and sign-in rules', () => {
  it('refuses what the /auth form refuses, with the same first message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { name: 'A', email: freshEmail(), password: TEST_PASSWORD },
        'Name must be at least 2 characters',
      ],
      [
        { name: '  B  ', email: freshEmail(), password: TEST_PASSWORD },
        'Name must be at least 2 characters',
      ],
      [{ name: 'Ada', email: 'not-an-email', password: TEST_PASSWORD }, 'Invalid email address'],
      [
        { name: 'Ada', email: freshEmail(), password: '12345' },
        'Password must be at least 6 characters',
      ],
      [{ email: freshEmail(), password: TEST_PASSWORD }, 'Name must be at least 2 characters'],
    ];
    for (const [payload, message] of cases) {
      const response = await signUpWith(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, error: 'invalid_request', message });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('stores the trimmed name and never a picture address given at sign-up', async () => {
    const email = freshEmail();
    const response = await signUpWith({
      name: '  Ada Lovelace  ',
      email,
      password: TEST_PASSWORD,
      image: 'https://tracker.example/pixel.gif',
    });
    expect(response.statusCode).toBe(200);
    const user = await sessionUser(app, cookieHeader(response.headers['set-cookie']));
    expect(user).toMatchObject({ name: 'Ada Lovelace', email, image: null });
  });

  it('says a taken address is registered, in the spec’s words', async () => {
    const { email } = await signUp(app);
    const again = await signUpWith({
      name: 'Other',
      email: email.toUpperCase(),
      password: 'x'.repeat(8),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      ok: false,
      error: 'invalid_request',
      message: 'This email is already registered. Please sign in instead.',
    });
  });

  it('answers a wrong password or unknown address with one message', async () => {
    const { email } = await signUp(app);
    for (const [address, password] of [
      [email, 'wrong-password'],
      [freshEmail(), TEST_PASSWORD],
    ] as const) {
      const response = await signIn(app, address, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        error: 'invalid_request',
        message: 'Invalid email or password',
      });
    }
    const invalid = await signIn(app, 'nope', TEST_PASSWORD);
    expect(invalid.json()).toMatchObject({ message: 'Invalid email address' });
  });
});

describe('profile changes through Better Auth', () => {
  it('update-user keeps the display-name rule and refuses a picture address', async () => {
    const account = await signUp(app);
    const short = await call(app, 'POST', '/api/auth/update-user', {
      cookie: account.cookie,
      payload: { name: ' G ' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'Name must be at least 2 characters' });
    const picture = await call(app, 'POST', '/api/auth/update-user', {
      cookie: account.cookie,
      payload: { image: 'https://tracker.example/x.gif' },
    });
    expect(picture.statusCode).toBe(400);
    const ok = await call(app, 'POST', '/api/auth/update-user', {
      cookie: account.cookie,
      payload: { name: '  Grace  ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(await sessionUser(app, account.cookie)).toMatchObject({ name: 'Grace', image: null });
  });

  it('a password change needs 8+ characters and signs out every other session', async () => {
    const account = await signUp(app);
    const other = cookieHeader((await signIn(app, account.email)).headers['set-cookie']);
    expect(await sessionUser(app, other)).toMatchObject({ email: account.email });

    const short = await call(app, 'POST', '/api/auth/change-password', {
      cookie: account.cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: '1234567' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'Password must be at least 8 characters' });
    const wrong = await call(app, 'POST', '/api/auth/change-password', {
      cookie: account.cookie,
      payload: { currentPassword: 'not-it', newPassword: 'a-new-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Your current password is not correct' });

    // The client does not ask for it: the server revokes the other sessions anyway.
    const changed = await call(app, 'POST', '/api/auth/change-password', {
      cookie: account.cookie,
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a-new-password',
        revokeOtherSessions: false,
      },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = cookieHeader(changed.headers['set-cookie']);
    expect(await sessionUser(app, renewed)).toMatchObject({ email: account.email });
    expect(await sessionUser(app, other)).toBeNull();
    expect(await sessionUser(app, account.cookie)).toBeNull();
    // The other cookie is anonymous for the app's own routes too.
    const token = 'a'.repeat(43);
    expect((await call(app, 'DELETE', `/api/reports/${token}`, { cookie: other })).statusCode).toBe(
      401,
    );

    expect((await signIn(app, account.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(app, account.email, 'a-new-password')).statusCode).toBe(200);
  });
});
