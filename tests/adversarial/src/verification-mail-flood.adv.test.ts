import { THROTTLE_RULES } from '@crawlwise/server/services/attempt-throttle';
import { MAIL_NAME_MAX_CHARS } from '@crawlwise/server/services/mailer';
import { ORIGIN, TEST_PASSWORD } from '@crawlwise/server/test-support/accounts';
import {
  buildTestApp,
  mailText,
  startSmtpServer,
  type TestSmtpServer,
} from '@crawlwise/server/test-support/test-app';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, item 3: anonymous `POST /api/auth/send-verification-email` sent 70 mails to one
 * address in 13 s, each opening with up to 100 characters of the name the sender chose, line
 * breaks kept. Now requests are limited per requester, mails per address, and the name a mail
 * quotes is one short line. A real SMTP server on 127.0.0.1 counts what was sent.
 */

let smtp: TestSmtpServer;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ app } = await buildTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://crawlwise.test:8080',
    RATE_LIMITS: 'on',
  }));
});

afterAll(async () => {
  await app.close();
  await smtp.close();
});

const INJECTED_NAME = `Dear customer\r\n\r\nYour account is locked: call +1 555 0100 ${'now '.repeat(6)}`;

const resend = (email: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/send-verification-email',
    headers: { origin: ORIGIN },
    remoteAddress,
    payload: { email },
  });

describe('confirmation mail as a flood', () => {
  it('bounds the mails one address receives and the requests one requester makes', async () => {
    const email = `flood-target-${Date.now()}@example.com`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      remoteAddress: '192.0.2.50',
      payload: { email, password: TEST_PASSWORD, name: INJECTED_NAME },
    });
    expect(signUp.statusCode).toBe(200);
    // 70 anonymous requests at once: 14 requesters × 5, then 10 more from one of them.
    const requesters = Array.from({ length: 14 }, (_, i) => `198.51.100.${i + 1}`);
    const burst = await Promise.all(
      requesters.flatMap((address) => Array.from({ length: 5 }, () => resend(email, address))),
    );
    expect(burst.every((answer) => answer.statusCode < 500)).toBe(true);
    const extra = await Promise.all(
      Array.from({ length: 10 }, () => resend(email, requesters[0] as string)),
    );
    expect(extra.every((answer) => answer.statusCode === 429)).toBe(true);

    // Let the mails in flight arrive, then count.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const received = smtp.mails.filter((mail) => mail.to.includes(email));
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThanOrEqual(THROTTLE_RULES.verificationMail.max);

    for (const mail of received) {
      const greeting = mailText(mail)
        .split('\n')
        .find((line) => line.startsWith('Hello '));
      expect(greeting).toBeDefined();
      // The raw mail is read byte for byte (latin1): decode the UTF-8 of the name again.
      const quoted = (greeting as string).slice('Hello '.length).replace(/,\r?$/, '');
      const name = Buffer.from(quoted, 'latin1').toString('utf8');
      expect(Array.from(name).length, name).toBeLessThanOrEqual(MAIL_NAME_MAX_CHARS);
      expect(mailText(mail)).not.toMatch(/Dear customer\s*\n/);
    }
  });
});
