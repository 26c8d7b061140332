import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_RULES } from '../services/attempt-throttle.ts';
import { call, cookieHeader, signIn, signUp, TEST_PASSWORD } from '../test-support/accounts.ts';
import { buildTestApp } from '../test-support/test-app.ts';

/**
 * Throttles on the account routes (RATE_LIMITS on): 429 with the catalogue code and Retry-After,
 * per client address or per account, and never a lockout of the owner: a right password is not
 * counted, and another address is not affected.
 */

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp({ RATE_LIMITS: 'on' }));
});

afterAll(async () => {
  await app.close();
});

function expectThrottled(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ ok: false, error: 'too_many_requests' });
  expect(response.json().message).toMatch(
    /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
  );
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('account throttles', () => {
  it('counts failed sign-ins per address; the right password and other addresses go through', async () => {
    const attacker = '192.0.2.10';
    const { email } = await signUp(app, { remoteAddress: '192.0.2.1' });
    // A correct sign-in never counts.
    for (let i = 0; i < 3; i++) {
      expect(
        (await signIn(app, email, TEST_PASSWORD, { remoteAddress: attacker })).statusCode,
      ).toBe(200);
    }
    for (let i = 0; i < THROTTLE_RULES.signIn.max; i++) {
      expect(
        (await signIn(app, email, 'guess-number-x', { remoteAddress: attacker })).statusCode,
      ).toBe(401);
    }
    expectThrottled(await signIn(app, email, 'one-more-guess', { remoteAddress: attacker }));
    // Refused before the password is even looked at, so the right one is refused too from there…
    expectThrottled(await signIn(app, email, TEST_PASSWORD, { remoteAddress: attacker }));
    // …but the owner elsewhere is not locked out.
    const owner = await signIn(app, email, TEST_PASSWORD, { remoteAddress: '198.51.100.7' });
    expect(owner.statusCode).toBe(200);
  });

  it('limits sign-ups per address', async () => {
    const address = '192.0.2.20';
    for (let i = 0; i < THROTTLE_RULES.signUp.max; i++) {
      await signUp(app, { remoteAddress: address });
    }
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: address,
      payload: { name: 'Late', email: `late-${randomUUID()}@example.com`, password: TEST_PASSWORD },
    });
    expectThrottled(refused);
    await signUp(app, { remoteAddress: '192.0.2.21' });
  });

  it('limits wrong current passwords per account, whatever the session', async () => {
    const account = await signUp(app, { remoteAddress: '192.0.2.30' });
    const second = cookieHeader(
      (await signIn(app, account.email, TEST_PASSWORD, { remoteAddress: '192.0.2.31' })).headers[
        'set-cookie'
      ],
    );
    for (let i = 0; i < THROTTLE_RULES.passwordCheck.max; i++) {
      const cookie = i % 2 === 0 ? account.cookie : second;
      const wrong = await call(app, 'POST', '/api/auth/change-password', {
        cookie,
        payload: { currentPassword: `guess-${i}`, newPassword: 'a-new-password' },
      });
      expect(wrong.statusCode).toBe(400);
    }
    expectThrottled(
      await call(app, 'POST', '/api/auth/change-password', {
        cookie: second,
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-password' },
      }),
    );
    expectThrottled(
      await call(app, 'POST', '/api/auth/delete-user', {
        cookie: account.cookie,
        payload: { password: 'another-guess' },
      }),
    );
  });
});
