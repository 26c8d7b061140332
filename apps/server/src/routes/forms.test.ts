import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import {
  buildAppWith,
  buildTestApp,
  startSmtpServer,
  type TestSmtpServer,
  testConfig,
} from '../test-support/test-app.ts';

let app: FastifyInstance;
let database: Database;
let smtp: TestSmtpServer;

const SUPPORT = 'support-inbox@example.com';

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ app, database } = await buildTestApp({
    SMTP_URL: smtp.url,
    SUPPORT_EMAIL: SUPPORT,
    MAIL_FROM: 'Crawlwise Test <noreply@example.com>',
  }));
});

afterAll(async () => {
  await app.close();
  await smtp.close();
});

const post = (url: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, payload });

async function rows(query: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  return ((await database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> })
    .rows;
}

describe('POST /api/contact', () => {
  it('stores the trimmed message and mails it to support with the visitor as Reply-To', async () => {
    const email = `visitor-${randomUUID()}@example.com`;
    const response = await post('/api/contact', {
      name: '  Ada Lovelace ',
      email: ` ${email} `,
      website: ' ',
      message: ' Is the JS check accurate for my SPA? ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      message: "We'll get back to you within 24 hours.",
    });

    expect(await rows(sql`select * from contact_messages where email = ${email}`)).toEqual([
      expect.objectContaining({
        name: 'Ada Lovelace',
        website: null,
        message: 'Is the JS check accurate for my SPA?',
      }),
    ]);

    const mail = await smtp.waitForMail((candidate) => candidate.raw.includes(email));
    expect(mail.to).toEqual([SUPPORT]);
    expect(mail.from).toBe('noreply@example.com');
    expect(mail.raw).toMatch(/^Subject: Contact form: Ada Lovelace\r?$/m);
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${email.replace('.', '\\.')}\\r?$`, 'm'));
    expect(mail.raw).toContain('Is the JS check accurate for my SPA?');
    expect(mail.raw).toContain('Website: -');
  });

  it('keeps a line break in the name out of the mail headers', async () => {
    const email = `visitor-${randomUUID()}@example.com`;
    const response = await post('/api/contact', {
      name: 'Eve\r\nBcc: victim@example.com',
      email,
      message: 'hello',
    });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitForMail((candidate) => candidate.raw.includes(email));
    expect(mail.to).toEqual([SUPPORT]);
    const headers = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).toMatch(/^Subject: Contact form: Eve Bcc: victim@example\.com\r?$/m);
  });

  it.each([
    [{}, 'Name is required', 'body.name'],
    [{ name: ' ', email: 'x', message: '' }, 'Name is required', 'body.name'],
    [
      { name: 'Ada', email: 'not-an-address', message: 'hi' },
      'Invalid email address',
      'body.email',
    ],
    [
      { name: 'Ada', email: 'a@example.com', website: 'nope', message: 'hi' },
      'Must be a valid URL',
      'body.website',
    ],
    [
      { name: 'Ada', email: 'a@example.com', message: 'm'.repeat(1001) },
      'Message must be less than 1000 characters',
      'body.message',
    ],
  ])(
    'refuses %j with invalid_request, the form message and the field',
    async (payload, message, field) => {
      const response = await post('/api/contact', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, error: 'invalid_request', message, field });
    },
  );
});

describe('POST /api/partner-waitlist', () => {
  const JOINED = { ok: true, message: "We'll reach out when the partner program launches." };

  it('stores an address once, answering a second sign-up the same way', async () => {
    const email = `partner-${randomUUID()}@example.com`;
    const first = await post('/api/partner-waitlist', { email: ` ${email} ` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(JOINED);
    const again = await post('/api/partner-waitlist', { email: email.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(JOINED);
    expect(
      await rows(sql`select email from partner_waitlist where lower(email) = lower(${email})`),
    ).toEqual([{ email }]);
  });

  it.each([
    [{}, 'Please enter your email address.'],
    [{ email: '   ' }, 'Please enter your email address.'],
    [{ email: 'nope' }, 'Please enter a valid email address.'],
  ])('refuses %j with invalid_request', async (payload, message) => {
    const response = await post('/api/partner-waitlist', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      error: 'invalid_request',
      message,
      field: 'body.email',
    });
  });
});

describe('without SMTP_URL', () => {
  it('still stores the contact message (the mail goes to the log, see mailer.test.ts)', async () => {
    const plain = await buildAppWith(testConfig(), { database, engine: app.engine });
    try {
      const email = `visitor-${randomUUID()}@example.com`;
      const response = await plain.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Ada', email, message: 'hello' },
      });
      expect(response.statusCode).toBe(200);
      expect(await rows(sql`select name from contact_messages where email = ${email}`)).toEqual([
        { name: 'Ada' },
      ]);
    } finally {
      await plain.close();
    }
  });
});
