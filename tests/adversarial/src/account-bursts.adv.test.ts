import { THROTTLE_RULES } from '@crawlwise/server/services/attempt-throttle';
import {
  call,
  cookieHeader,
  signIn,
  signUp,
  TEST_PASSWORD,
} from '@crawlwise/server/test-support/accounts';
import { buildTestApp } from '@crawlwise/server/test-support/test-app';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, item 1: every account throttle checked its limit, awaited the handler and only then
 * counted the attempt, so whatever arrived before the first answer passed — 300 simultaneous
 * sign-ins checked 226 passwords, 50 simultaneous sign-ups made 50 accounts against a limit of
 * 10 an hour, and a stolen session guessed its way to a password change. Each burst below is
 * sent at once; only the rule's `max` may be looked at.
 */

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp({ RATE_LIMITS: 'on' }));
});

afterAll(async () => {
  await app.close();
});

const statuses = (answers: { statusCode: number }[]) => answers.map((each) => each.statusCode);
const count = (list: number[], status: number) => list.filter((each) => each === status).length;

describe('parallel bursts against the account throttles', () => {
  it('a burst of guessed sign-ins checks at most max passwords and never finds the right one', async () => {
    const { email } = await signUp(app, { remoteAddress: '192.0.2.101' });
    const guesses = Array.from({ length: 60 }, (_, i) =>
      i === 30 ? TEST_PASSWORD : `wrong-guess-${i}`,
    );
    const answers = statuses(
      await Promise.all(
        guesses.map((password) => signIn(app, email, password, { remoteAddress: '192.0.2.102' })),
      ),
    );
    expect(count(answers, 401)).toBeLessThanOrEqual(THROTTLE_RULES.signIn.max);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(60 - THROTTLE_RULES.signIn.max);
    expect(count(answers, 200)).toBe(0);
  });

  it('a burst of sign-ups from one address creates at most max accounts', async () => {
    const answers = statuses(
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          app.inject({
            method: 'POST',
            url: '/api/auth/sign-up/email',
            headers: { origin: 'http://localhost:80' },
            remoteAddress: '192.0.2.110',
            payload: {
              email: `burst-${i}-${Date.now()}@example.com`,
              password: TEST_PASSWORD,
              name: 'Burst',
            },
          }),
        ),
      ),
    );
    expect(count(answers, 200)).toBe(THROTTLE_RULES.signUp.max);
    expect(count(answers, 429)).toBe(50 - THROTTLE_RULES.signUp.max);
  });

  it('a stolen session cannot guess its way to a password change with a burst', async () => {
    const account = await signUp(app, { remoteAddress: '192.0.2.120' });
    const guesses = Array.from({ length: 30 }, (_, i) =>
      i === 29 ? TEST_PASSWORD : `wrong-guess-${i}`,
    );
    const answers = statuses(
      await Promise.all(
        guesses.map((currentPassword) =>
          call(app, 'POST', '/api/auth/change-password', {
            cookie: account.cookie,
            payload: { currentPassword, newPassword: 'taken-over-password' },
          }),
        ),
      ),
    );
    expect(count(answers, 200)).toBe(0);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(30 - THROTTLE_RULES.passwordCheck.max);
    // The owner's password still works, from another address.
    const owner = await signIn(app, account.email, TEST_PASSWORD, {
      remoteAddress: '198.51.100.120',
    });
    expect(owner.statusCode).toBe(200);
    expect(cookieHeader(owner.headers['set-cookie'])).toMatch(/session_token=[^;]/);
  });
});
