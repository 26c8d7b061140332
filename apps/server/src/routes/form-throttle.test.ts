import { randomInt, randomUUID } from 'node:crypto';
import { ERROR_CATALOGUE } from '@crawlwise/shared/error-catalogue';
import { FORM_SUBMISSIONS_PER_HOUR } from '@crawlwise/shared/limits';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, startSmtpServer, type TestSmtpServer } from '../test-support/test-app.ts';

/**
 * The public forms are throttled per requester: 30 submissions from one address get
 * FORM_SUBMISSIONS_PER_HOUR through, the rest 429 too_many_requests with Retry-After, and only
 * the accepted contact messages reach the support inbox. Each test uses its own client address
 * (a kept PostgreSQL remembers earlier runs).
 */

let app: FastifyInstance;
let smtp: TestSmtpServer;
const SUPPORT = 'throttled-inbox@example.com';

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ app } = await buildTestApp({ RATE_LIMITS: 'on', SMTP_URL: smtp.url, SUPPORT_EMAIL: SUPPORT }));
});

afterAll(async () => {
  await app.close();
  await smtp.close();
});

const freshAddress = () =>
  `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}::9`;

const forms = {
  contact: (tag: string) => ({
    url: '/api/contact',
    payload: { name: 'Flood', email: 'flood@example.com', message: `message ${tag}` },
  }),
  partner: (tag: string) => ({
    url: '/api/partner-waitlist',
    payload: { email: `partner-${tag}@example.com` },
  }),
  newsletter: (tag: string) => ({
    url: '/api/leads',
    payload: { email: `reader-${tag}@example.com`, honeypot: '' },
  }),
};

describe.each(Object.keys(forms) as Array<keyof typeof forms>)('the %s form', (form) => {
  it(`accepts ${FORM_SUBMISSIONS_PER_HOUR} of 30 submissions from one address, then answers 429`, async () => {
    const address = freshAddress();
    const run = randomUUID();
    const statuses: number[] = [];
    let refusal: { body: unknown; retryAfter: unknown } | null = null;
    for (let i = 0; i < 30; i += 1) {
      const response = await app.inject({
        method: 'POST',
        remoteAddress: address,
        ...forms[form](`${run}-${i}`),
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429 && !refusal) {
        refusal = { body: response.json(), retryAfter: response.headers['retry-after'] };
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(FORM_SUBMISSIONS_PER_HOUR);
    expect(statuses.slice(FORM_SUBMISSIONS_PER_HOUR).every((status) => status === 429)).toBe(true);
    expect(refusal?.body).toEqual({
      ok: false,
      error: 'too_many_requests',
      message: ERROR_CATALOGUE.too_many_requests.description,
    });
    const retryAfter = Number(refusal?.retryAfter);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // Someone else is not affected.
    const other = await app.inject({
      method: 'POST',
      remoteAddress: freshAddress(),
      ...forms[form](`${run}-other`),
    });
    expect(other.statusCode).toBe(200);

    if (form === 'contact') {
      await smtp.waitForMail((mail) => mail.raw.includes(`message ${run}-other`));
      const flood = smtp.mails.filter((mail) => mail.raw.includes(`message ${run}-`));
      expect(flood).toHaveLength(FORM_SUBMISSIONS_PER_HOUR + 1);
    }
  });

  it('does not count a submission that fails validation', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i += 1) {
      const response = await app.inject({
        method: 'POST',
        remoteAddress: address,
        url: forms[form]('x').url,
        payload: { email: '' },
      });
      expect(response.statusCode).toBe(400);
    }
    const valid = await app.inject({
      method: 'POST',
      remoteAddress: address,
      ...forms[form](randomUUID()),
    });
    expect(valid.statusCode).toBe(200);
  });
});
