import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/database.ts';
import {
  call,
  cookieHeader,
  sessionUser,
  signIn,
  TEST_PASSWORD,
} from '../test-support/accounts.ts';
import {
  buildTestApp,
  mailText,
  type ReceivedMail,
  startSmtpServer,
  type TestSmtpServer,
} from '../test-support/test-app.ts';

/**
 * Mail with a real SMTP server on 127.0.0.1: with SMTP_URL a new account must confirm its
 * address through the mailed link, which returns to the site root signed in; without SMTP the
 * link goes to the log and the account works at once. The newsletter's welcome mail carries a
 * working unsubscribe link.
 */

let smtp: TestSmtpServer;
let app: FastifyInstance;

const PUBLIC_URL = 'http://crawlwise.test:8080';

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ app } = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL }));
});

afterAll(async () => {
  await app.close();
  await smtp.close();
});

function linkIn(mail: ReceivedMail, pattern: RegExp): URL {
  const found = mailText(mail).match(pattern);
  if (!found) throw new Error(`no link in:\n${mailText(mail)}`);
  return new URL(found[0]);
}

const mailTo = (email: string, subject: RegExp) =>
  smtp.waitForMail((mail) => mail.to.includes(email) && subject.test(mail.raw));

const VERIFY_LINK = /http:\/\/crawlwise\.test:8080\/api\/auth\/verify-email\?\S+/;

describe('email confirmation with SMTP_URL', () => {
  it('mails a link; until it is followed the account cannot sign in; the link returns home signed in, flagged confirmed', async () => {
    const email = `confirm-${randomUUID()}@example.com`;
    const signUp = await call(app, 'POST', '/api/auth/sign-up/email', {
      payload: { name: 'Confirm Me', email, password: TEST_PASSWORD },
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toMatchObject({ token: null, user: { email, emailVerified: false } });
    expect(cookieHeader(signUp.headers['set-cookie'])).not.toMatch(/session_token=[^;]/);

    const mail = await mailTo(email, /Confirm your email address/);
    const link = linkIn(mail, VERIFY_LINK);
    expect(link.searchParams.get('callbackURL')).toBe('/?emailConfirmed=1');

    const early = await signIn(app, email);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({
      ok: false,
      message: 'Please confirm your email address first. We have sent you a new confirmation link.',
    });
    // A new link came with the refusal.
    await vi.waitFor(() =>
      expect(smtp.mails.filter((each) => each.to.includes(email)).length).toBe(2),
    );

    const followed = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/?emailConfirmed=1');
    const cookie = cookieHeader(followed.headers['set-cookie']);
    expect(await sessionUser(app, cookie)).toMatchObject({ email, emailVerified: true });
    expect((await signIn(app, email)).statusCode).toBe(200);

    // A used or forged link does not confirm anything.
    const forged = await app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=forged.token.value&callbackURL=/',
    });
    expect(forged.headers.location ?? '').toMatch(/error=/);
  });
});

describe('where the confirmation link leads', () => {
  const landingOf = async (callbackURL: string) => {
    const email = `landing-${randomUUID()}@example.com`;
    const signUp = await call(app, 'POST', '/api/auth/sign-up/email', {
      payload: { name: 'Landing', email, password: TEST_PASSWORD, callbackURL },
    });
    expect(signUp.statusCode).toBe(200);
    return linkIn(await mailTo(email, /Confirm your email address/), VERIFY_LINK).searchParams.get(
      'callbackURL',
    );
  };

  it('returns to the report the visitor signed up from', async () => {
    expect(await landingOf('/report?token=abc123&emailConfirmed=1')).toBe(
      '/report?token=abc123&emailConfirmed=1',
    );
  });

  it('never leads off the site or to a made-up path', async () => {
    expect(await landingOf('https://evil.example/?emailConfirmed=1')).toBe('/?emailConfirmed=1');
    expect(await landingOf('/admin&emailConfirmed=1')).toBe('/?emailConfirmed=1');
  });
});

describe('email confirmation without SMTP', () => {
  it('writes the link to the log and lets the account in at once', async () => {
    const { app: plain } = await buildTestApp({ PUBLIC_URL });
    try {
      const logged = vi.spyOn(plain.services.logger, 'info');
      const email = `log-${randomUUID()}@example.com`;
      const signUp = await call(plain, 'POST', '/api/auth/sign-up/email', {
        payload: { name: 'No Mail', email, password: TEST_PASSWORD },
      });
      expect(signUp.statusCode).toBe(200);
      const cookie = cookieHeader(signUp.headers['set-cookie']);
      expect(await sessionUser(plain, cookie)).toMatchObject({ email, emailVerified: false });
      await vi.waitFor(() => {
        const mails = logged.mock.calls.flatMap(([first]) =>
          typeof first === 'object' && first !== null && 'mail' in first ? [first.mail] : [],
        ) as Array<{ to: string; text: string }>;
        const mail = mails.find((each) => each.to === email);
        expect(mail?.text).toMatch(
          /http:\/\/crawlwise\.test:8080\/api\/auth\/verify-email\?token=/,
        );
      });
    } finally {
      await plain.close();
    }
  });
});

describe('newsletter welcome mail', () => {
  it('carries an unsubscribe link that erases the address', async () => {
    const email = `news-${randomUUID()}@example.com`;
    const subscribed = await call(app, 'POST', '/api/leads', { payload: { email } });
    expect(subscribed.statusCode).toBe(200);
    const mail = await mailTo(email, /Welcome to the Crawlwise newsletter/);
    const link = linkIn(
      mail,
      /http:\/\/crawlwise\.test:8080\/api\/leads\/unsubscribe\?token=[\w-]+/,
    );
    expect(mail.raw).toMatch(
      /List-Unsubscribe:\s+<http:\/\/crawlwise\.test:8080\/api\/leads\/unsubscribe/,
    );

    const unsubscribed = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.body).toContain('You are unsubscribed');
    const rows = await queryRows(
      app.database.db,
      sql`select id from leads where lower(email) = lower(${email})`,
    );
    expect(rows).toEqual([]);
  });
});
