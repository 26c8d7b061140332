import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  mailText,
  startSmtpServer,
  type TestSmtpServer,
} from '../test-support/test-app.ts';
import { IncidentNotifier } from './incident-notifier.ts';
import { Mailer } from './mailer.ts';

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp.close();
});

const silent = { error() {}, warn() {}, info() {} } as never;

describe('IncidentNotifier', () => {
  it('mails the team once per interval, the next mail counting what was held back', async () => {
    const mailer = new Mailer(
      { smtpUrl: smtp.url, from: 'Crawlwise <ops@crawlwise.test>' },
      silent,
    );
    let now = 1_000_000;
    const notifier = new IncidentNotifier(mailer, 'team-a@crawlwise.test', silent, {
      minIntervalMs: 60_000,
      now: () => now,
    });
    const context = { method: 'GET', path: '/api/reports/x', requestId: 'req-1' };
    for (let index = 0; index < 3; index += 1) notifier.report(new Error('boom'), context);
    now += 61_000;
    notifier.report(new TypeError('bang'), context);
    await mailer.close();
    const mails = smtp.mails.filter((mail) => mail.to.includes('team-a@crawlwise.test'));
    expect(mails).toHaveLength(2);
    expect(mailText(mails[0]!)).toContain('Error: boom');
    expect(mailText(mails[1]!)).toContain('TypeError: bang');
    expect(mailText(mails[1]!)).toContain(
      '2 more unexpected errors happened since the previous mail',
    );
  });
});

describe('an unexpected error in a route', () => {
  it('answers 500 internal_error and mails SUPPORT_EMAIL (issue 27: the team is notified)', async () => {
    const { app } = await buildTestApp({
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL: 'team-b@crawlwise.test',
    });
    try {
      app.get('/api/test-failure', async () => {
        throw new Error('a bug in a route');
      });
      const response = await app.inject('/api/test-failure?token=secret');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ error: 'internal_error' });
      const mail = await smtp.waitForMail((each) => each.to.includes('team-b@crawlwise.test'));
      expect(mailText(mail)).toContain('GET /api/test-failure');
      expect(mailText(mail)).toContain('Error: a bug in a route');
      // The query (report tokens) stays out of the mail.
      expect(mail.raw).not.toContain('secret');
    } finally {
      await app.close();
    }
  });

  it('answers a database that cannot do it right now with 503 database_error, not 500', async () => {
    const { app } = await buildTestApp();
    try {
      app.get('/api/test-deadlock', async () => {
        throw Object.assign(new Error('Failed query'), {
          cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
        });
      });
      const response = await app.inject('/api/test-deadlock');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ ok: false, error: 'database_error' });
      expect(response.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
    }
  });
});
