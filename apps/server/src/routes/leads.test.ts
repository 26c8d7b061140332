import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { buildTestApp } from '../test-support/test-app.ts';

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
});

afterAll(async () => {
  await app.close();
});

const SUBSCRIBED = { ok: true, message: "You're subscribed! Stay tuned for SEO tips and updates." };

/** Unique per test run: the PostgreSQL suite keeps rows between runs. */
const uniqueEmail = (name = 'reader') => `${name}-${randomUUID()}@example.com`;

const subscribe = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/leads', payload });

type LeadRow = Record<string, unknown> & { id: string; unsubscribe_token: string };

async function leadRow(email: string): Promise<LeadRow | undefined> {
  const result = (await database.db.execute(
    sql`select * from leads where lower(email) = lower(${email})`,
  )) as unknown as { rows: LeadRow[] };
  return result.rows[0];
}

/** A finished report (no worker here, so nothing would pick up a queued one). */
async function seedReport(): Promise<{ urlId: string; reportId: string }> {
  const urlId = await app.reports.upsertUrl(`https://example.com/${randomUUID()}`);
  const result = (await database.db.execute(sql`
    insert into reports (url_id, access_token, status) values (${urlId}, ${randomUUID()}, 'completed')
    returning id`)) as unknown as { rows: Array<{ id: string }> };
  return { urlId, reportId: result.rows[0]!.id };
}

describe('POST /api/leads', () => {
  it('stores the trimmed address with its UTM values and report links', async () => {
    const email = uniqueEmail();
    const { urlId, reportId } = await seedReport();
    const response = await subscribe({
      email: `  ${email}  `,
      urlId,
      reportId,
      honeypot: '',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'launch',
      utm_term: '',
      utm_content: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SUBSCRIBED);
    const row = await leadRow(email);
    expect(row).toMatchObject({
      email,
      url_id: urlId,
      report_id: reportId,
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'launch',
      utm_term: null,
      utm_content: null,
      unsubscribed_at: null,
    });
    expect(row?.unsubscribe_token).toMatch(/^[\w-]{43}$/);
  });

  it('answers duplicate_email (409) for an address already subscribed, in any case', async () => {
    const email = uniqueEmail('Case');
    expect((await subscribe({ email })).statusCode).toBe(200);
    const again = await subscribe({ email: email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ok: false, error: 'duplicate_email' });
  });

  it('lets exactly one of two simultaneous sign-ups of one address in', async () => {
    const email = uniqueEmail();
    const statuses = (await Promise.all([subscribe({ email }), subscribe({ email })])).map(
      (response) => response.statusCode,
    );
    expect(statuses.sort()).toEqual([200, 409]);
  });

  it.each([
    [{}, 'Please enter a valid email address'],
    [{ email: '   ' }, 'Please enter a valid email address'],
    [{ email: 'no-at-sign' }, 'Please enter a valid email address'],
    [{ email: 'a@b' }, 'Please enter a valid email address.'],
    [{ email: 'two@@example.com' }, 'Please enter a valid email address.'],
  ])('refuses %j with invalid_email', async (payload, message) => {
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      error: 'invalid_email',
      message,
      field: 'body.email',
    });
  });

  it('refuses a body that is not a sign-up with invalid_request', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/leads', payload: [1, 2] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'invalid_request' });
  });

  it('cuts an overlong UTM value instead of refusing the sign-up', async () => {
    const email = uniqueEmail();
    const response = await subscribe({ email, utm_content: 'x'.repeat(500) });
    expect(response.statusCode).toBe(200);
    expect((await leadRow(email))?.utm_content).toBe('x'.repeat(200));
  });

  it('refuses a filled honeypot as suspicious_activity, storing nothing (issue 27)', async () => {
    const email = uniqueEmail('bot');
    const response = await subscribe({ email, honeypot: 'http://spam.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ ok: false, error: 'suspicious_activity' });
    expect(await leadRow(email)).toBeUndefined();
  });

  it('refuses a disposable or reserved address as email_blocked (issue 27)', async () => {
    for (const email of ['someone@mailinator.com', 'x@inbox.yopmail.com', 'me@server.invalid']) {
      const response = await subscribe({ email });
      expect(response.statusCode, email).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, error: 'email_blocked' });
      expect(await leadRow(email)).toBeUndefined();
    }
  });

  it('stores null for report links that are malformed or unknown', async () => {
    for (const [urlId, reportId] of [
      ['not-a-uuid', 42],
      [randomUUID(), randomUUID()],
      ["'; drop table leads; --", ''],
    ]) {
      const email = uniqueEmail();
      const response = await subscribe({ email, urlId, reportId });
      expect(response.statusCode, String(urlId)).toBe(200);
      expect(await leadRow(email)).toMatchObject({ url_id: null, report_id: null });
    }
  });
});

describe('GET /api/leads/unsubscribe', () => {
  const unsubscribe = (token: string) =>
    app.inject({ method: 'GET', url: `/api/leads/unsubscribe?token=${encodeURIComponent(token)}` });

  it('unsubscribes from the link with a plain confirmation page, also when used twice', async () => {
    const email = uniqueEmail();
    await subscribe({ email });
    const { unsubscribe_token: token } = (await leadRow(email))!;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await unsubscribe(token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('You are unsubscribed');
      expect(response.body).not.toContain('<script');
    }
    // The address itself is erased: emails are kept only until the person unsubscribes.
    expect(await leadRow(email)).toBeUndefined();
  });

  it('answers 404 with a page saying the link is invalid', async () => {
    for (const url of [
      `/api/leads/unsubscribe?token=${'A'.repeat(43)}`,
      '/api/leads/unsubscribe?token=short',
      '/api/leads/unsubscribe',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('This link is invalid');
    }
  });

  it('takes a new subscription from an address that unsubscribed', async () => {
    const email = uniqueEmail();
    await subscribe({ email, utm_source: 'first' });
    const before = (await leadRow(email))!;
    await unsubscribe(before.unsubscribe_token);
    const again = await subscribe({ email: email.toUpperCase(), utm_source: 'second' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(SUBSCRIBED);
    const after = (await leadRow(email))!;
    expect(after).toMatchObject({ unsubscribed_at: null, utm_source: 'second' });
    expect(after.id).not.toBe(before.id);
    // The link from earlier mails keeps answering.
    expect((await unsubscribe(before.unsubscribe_token)).statusCode).toBe(200);
  });
});
