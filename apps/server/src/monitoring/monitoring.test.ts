import { waitUntil } from '@crawlwise/shared/wait-until';
import { MAX_WATCHES_PER_ACCOUNT } from '@crawlwise/shared/watches';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import { Mailer } from '../services/mailer.ts';
import { ORIGIN, signUp, type TestAccount } from '../test-support/accounts.ts';
import {
  buildTestApp,
  HEALTHY_PAGE,
  mailText,
  type ReceivedMail,
  startSmtpServer,
  startTestSite,
  type TestSite,
  type TestSmtpServer,
  testWorker,
} from '../test-support/test-app.ts';
import type { Worker } from '../worker/worker.ts';
import { WatchMonitor } from './watch-monitor.ts';

/**
 * Monitoring end to end on the real database, a real test site and a real SMTP server, with a
 * moved clock: a daily watch runs once per day across two workers, a restart after two days of
 * downtime runs it once (not twice), and a regression sends exactly one mail whose stop link
 * removes the watch. The watch API (signed-in owners only, limits, catalogue errors) shares
 * the app, to pay its start-up once.
 */

const PUBLIC_URL = 'http://crawlwise.test:8080';
const HOUR = 60 * 60 * 1000;

/** The page gets worse between two checks: no title, no description, thin content. */
const BROKEN_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><p>Gone.</p></body></html>';

let app: FastifyInstance;
let site: TestSite;
let smtp: TestSmtpServer;
let mailer: Mailer;
let owner: TestAccount;
const pages = { '/oak': { body: HEALTHY_PAGE } };

/** A site of three pages with a sitemap, for the site watch. */
let siteOfThree: TestSite;
const titled = (title: string) =>
  HEALTHY_PAGE.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
const sitePages: Record<string, { body: string; type?: string }> = {
  '/': { body: titled('Oak workshop: handmade tables, chairs and shelves') },
  '/tables': { body: titled('Solid oak dining tables made by hand to order') },
  '/chairs': { body: titled('Oak chairs that match our tables, made by hand') },
};

/** The moved clock every worker reads. */
let now = new Date();

beforeAll(async () => {
  site = await startTestSite(pages);
  smtp = await startSmtpServer();
  siteOfThree = await startTestSite(sitePages);
  // Site-check pages of one host are paced in production; here they run back to back.
  ({ app } = await buildTestApp({ PUBLIC_URL, SITE_CHECK_PAGE_INTERVAL_MS: '0' }));
  mailer = new Mailer({ smtpUrl: smtp.url, from: 'Crawlwise <watch@crawlwise.test>' }, app.log);
  owner = await signUp(app);
});

afterAll(async () => {
  await mailer.close();
  await app.close();
  await smtp.close();
  await site.close();
  await siteOfThree.close();
});

function worker(): Worker {
  return testWorker(app, {
    clock: () => now,
    // The test drives the passes; the timer must not add its own.
    monitorIntervalMs: 24 * HOUR,
    monitor: new WatchMonitor({
      database: app.database,
      mailer,
      publicOrigin: PUBLIC_URL,
      logger: app.log,
      limits: app.limits,
    }),
  });
}

const runsOf = (watchId: string) =>
  queryRows<{ status: string; access_token: string; notified_at: Date | null }>(
    app.database.db,
    sql`select reports.status, reports.access_token, watch_runs.notified_at from watch_runs
        join reports on reports.id = watch_runs.report_id
        where watch_runs.watch_id = ${watchId} order by watch_runs.slot`,
  );

/** Both workers look for due watches at the same moment. */
async function tick(workers: Worker[]) {
  await Promise.all(workers.map((each) => each.runMonitoring()));
}

/** Waits until every run's report is finished and judged (the workers judge after each job). */
async function settle(watchId: string, workers: Worker[]) {
  await waitUntil(
    async () => {
      const pending = await queryRows(
        app.database.db,
        sql`select 1 from watch_runs where watch_id = ${watchId} and evaluated_at is null`,
      );
      if (pending.length === 0) return true;
      await tick(workers);
      return false;
    },
    { timeoutMs: 15_000, what: 'the watch runs to be judged' },
  );
}

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

describe('monitoring with a moved clock', () => {
  it('runs a daily watch once per day across two workers, once after a restart, and mails one regression', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/watches',
      headers: { origin: ORIGIN, cookie: owner.cookie },
      payload: { url: site.url('/oak'), frequency: 'daily', threshold: 5 },
    });
    expect(created.statusCode).toBe(201);
    const watch = created.json().watch as { id: string; next_run_at: string };
    const firstSlot = new Date(watch.next_run_at);

    let workers = [worker(), worker()];
    await Promise.all(workers.map((each) => each.start()));

    // Not due yet: nothing runs.
    now = new Date(firstSlot.getTime() - HOUR);
    await tick(workers);
    expect(await runsOf(watch.id)).toHaveLength(0);

    // Day 1: both workers see the due watch; one run starts. The first run is the baseline.
    now = new Date(firstSlot.getTime() + 60_000);
    await tick(workers);
    await tick(workers);
    expect(await runsOf(watch.id)).toHaveLength(1);
    await settle(watch.id, workers);
    // Later the same day: still one.
    now = new Date(firstSlot.getTime() + 5 * HOUR);
    await tick(workers);
    expect(await runsOf(watch.id)).toHaveLength(1);

    // Day 2: one more, the page unchanged: no mail.
    now = new Date(firstSlot.getTime() + 24 * HOUR + 60_000);
    await tick(workers);
    await tick(workers);
    expect(await runsOf(watch.id)).toHaveLength(2);
    await settle(watch.id, workers);
    expect(mailsTo(owner.email)).toHaveLength(0);

    // Both workers stop; two days pass; the page breaks; two new workers start.
    await Promise.all(workers.map((each) => each.stop()));
    pages['/oak'].body = BROKEN_PAGE;
    now = new Date(firstSlot.getTime() + 4 * 24 * HOUR + 60_000);
    workers = [worker(), worker()];
    await Promise.all(workers.map((each) => each.start()));
    await tick(workers);
    await tick(workers);
    // One catch-up run, not one per missed day, and the schedule continues the next day.
    const runs = await runsOf(watch.id);
    expect(runs).toHaveLength(3);
    const [schedule] = await queryRows<{ next_run_at: Date }>(
      app.database.db,
      sql`select next_run_at from watches where id = ${watch.id}`,
    );
    expect(new Date(schedule!.next_run_at)).toEqual(new Date(firstSlot.getTime() + 5 * 24 * HOUR));

    await settle(watch.id, workers);
    await tick(workers);
    const mails = mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [ReceivedMail];
    const finished = await runsOf(watch.id);
    expect(finished.map((run) => run.status)).toEqual(['completed', 'completed', 'completed']);
    expect(finished.filter((run) => run.notified_at !== null)).toHaveLength(1);
    const [, previous, current] = finished;
    const text = mailText(mail);
    expect(mail.raw).toMatch(/Subject: SEO score of 127\.0\.0\.1:\d+ dropped from \d+ to \d+/);
    expect(text).toContain(
      `${PUBLIC_URL}/compare?a=${previous!.access_token}&b=${current!.access_token}`,
    );
    expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const stopLink = text.match(/http:\/\/crawlwise\.test:8080\/api\/watches\/stop\?token=\S+/);
    expect(stopLink).not.toBeNull();
    const headers = (mail.raw.split('\r\n\r\n')[0] ?? '').replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${stopLink![0]}>`);

    // The stop link: the GET only asks; the one-click POST (as a mail client sends it) stops.
    const stopPath = stopLink![0].slice(PUBLIC_URL.length);
    const confirm = await app.inject({ method: 'GET', url: stopPath });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Stop watching this page?');
    expect(await runsOf(watch.id)).toHaveLength(3);
    const stopped = await app.inject({
      method: 'POST',
      url: stopPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('You stopped watching this page');
    const listed = await app.inject({
      method: 'GET',
      url: '/api/watches',
      headers: { cookie: owner.cookie },
    });
    expect(listed.json().watches).toEqual([]);
    const again = await app.inject({ method: 'GET', url: stopPath });
    expect(again.statusCode).toBe(404);

    await Promise.all(workers.map((each) => each.stop()));
  });
});

const siteRunsOf = (watchId: string) =>
  queryRows<{ site_check_id: string; status: string; notified_at: Date | null }>(
    app.database.db,
    sql`select watch_runs.site_check_id, site_checks.status, watch_runs.notified_at
        from watch_runs join site_checks on site_checks.id = watch_runs.site_check_id
        where watch_runs.watch_id = ${watchId} order by watch_runs.slot`,
  );

describe('a site watch with a moved clock', () => {
  it('runs a site check once per slot, skips a slot while another runs, and mails one regression', async () => {
    sitePages['/sitemap.xml'] = {
      type: 'application/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${['/', '/tables', '/chairs'].map((path) => `<url><loc>${siteOfThree.url(path)}</loc></url>`).join('\n')}
</urlset>`,
    };
    const account = await signUp(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/watches',
      headers: { origin: ORIGIN, cookie: account.cookie },
      payload: { url: siteOfThree.url('/tables'), kind: 'site', frequency: 'daily', threshold: 5 },
    });
    expect(created.statusCode).toBe(201);
    const watch = created.json().watch as { id: string; url: string; next_run_at: string };
    expect(created.json().watch).toMatchObject({ kind: 'site', url: siteOfThree.url('/') });
    const firstSlot = new Date(watch.next_run_at);
    // Workers run a pass as they start: not due yet.
    now = new Date(firstSlot.getTime() - HOUR);
    const workers = [worker(), worker()];
    await Promise.all(workers.map((each) => each.start()));
    try {
      // Day 1: both workers see the due watch; one site check starts: the baseline.
      now = new Date(firstSlot.getTime() + 60_000);
      await tick(workers);
      await tick(workers);
      expect(await siteRunsOf(watch.id)).toHaveLength(1);
      await settle(watch.id, workers);
      now = new Date(firstSlot.getTime() + 5 * HOUR);
      await tick(workers);
      const [baseline] = await siteRunsOf(watch.id);
      expect(baseline).toMatchObject({ status: 'completed', notified_at: null });
      const listed = await app.inject({
        method: 'GET',
        url: '/api/watches',
        headers: { cookie: account.cookie },
      });
      expect(listed.json().watches[0]).toMatchObject({
        kind: 'site',
        last_score: expect.any(Number),
        last_checked_at: expect.any(String),
      });

      // Day 2: another site check of the owner is still running: the slot is skipped.
      const [busy] = await queryRows<{ id: string }>(
        app.database.db,
        sql`insert into site_checks (user_id, site_url, host, source, status, requester_key)
            values (${account.userId}, ${siteOfThree.url('/')}, '127.0.0.1', 'list', 'discovering',
              ${`user:${account.userId}`})
            returning id`,
      );
      now = new Date(firstSlot.getTime() + 24 * HOUR + 60_000);
      await tick(workers);
      expect(await siteRunsOf(watch.id)).toHaveLength(1);
      const [schedule] = await queryRows<{ next_run_at: Date }>(
        app.database.db,
        sql`select next_run_at from watches where id = ${watch.id}`,
      );
      expect(new Date(schedule!.next_run_at)).toEqual(new Date(firstSlot.getTime() + 48 * HOUR));
      await app.database.db.execute(sql`delete from site_checks where id = ${busy!.id}`);

      // Day 3: one page broke since the baseline: one run, one mail.
      sitePages['/chairs'] = { body: BROKEN_PAGE };
      now = new Date(firstSlot.getTime() + 48 * HOUR + 60_000);
      await tick(workers);
      await tick(workers);
      expect(await siteRunsOf(watch.id)).toHaveLength(2);
      await settle(watch.id, workers);
      await tick(workers);
      const runs = await siteRunsOf(watch.id);
      expect(runs.map((run) => run.status)).toEqual(['completed', 'completed']);
      expect(runs.filter((run) => run.notified_at !== null)).toHaveLength(1);
      const mails = mailsTo(account.email);
      expect(mails).toHaveLength(1);
      const text = mailText(mails[0]!);
      expect(mails[0]!.raw).toMatch(/Subject: Average SEO score of 127\.0\.0\.1:\d+ dropped/);
      expect(text).toContain(`${PUBLIC_URL}/site-check?id=${runs[1]!.site_check_id}`);
      expect(text).toContain(`${PUBLIC_URL}/site-check?id=${runs[0]!.site_check_id}`);
      const stopLink = text.match(/http:\/\/crawlwise\.test:8080\/api\/watches\/stop\?token=\S+/);
      expect(stopLink).not.toBeNull();
      const confirm = await app.inject(stopLink![0].slice(PUBLIC_URL.length));
      expect(confirm.body).toContain('Stop watching this site?');
    } finally {
      await Promise.all(workers.map((each) => each.stop()));
    }
  });
});

describe('the watch API', () => {
  const post = (account: TestAccount | null, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/watches',
      headers: { origin: ORIGIN, ...(account ? { cookie: account.cookie } : {}) },
      payload,
    });

  it('is for signed-in accounts only', async () => {
    expect((await post(null, { url: site.url('/oak') })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/watches' })).statusCode).toBe(401);
  });

  it('creates, lists and removes a watch; the report it came from is the baseline', async () => {
    const account = await signUp(app);
    const report = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { origin: ORIGIN, cookie: account.cookie },
      payload: { url: site.url('/oak') },
    });
    const reportToken = report.json().accessToken as string;
    const analysis = worker();
    await analysis.start();
    try {
      await waitUntil(
        async () =>
          (await app.inject(`/api/reports/${reportToken}`)).json().report.status === 'completed',
        { timeoutMs: 10_000, what: 'the report to complete' },
      );
    } finally {
      await analysis.stop();
    }

    const created = await post(account, {
      url: `${site.url('/oak')}#top`,
      frequency: 'weekly',
      threshold: 10,
      reportToken,
    });
    expect(created.statusCode).toBe(201);
    const watch = created.json().watch;
    expect(watch).toMatchObject({
      url: site.url('/oak'),
      kind: 'page',
      frequency: 'weekly',
      threshold: 10,
      last_checked_at: expect.any(String),
    });
    expect(typeof watch.last_score).toBe('number');
    const inAWeek = Date.now() + 7 * 24 * HOUR;
    expect(Math.abs(new Date(watch.next_run_at).getTime() - inAWeek)).toBeLessThan(60_000);

    const duplicate = await post(account, { url: site.url('/oak') });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe('watch_exists');

    const listed = await app.inject({
      method: 'GET',
      url: '/api/watches',
      headers: { cookie: account.cookie },
    });
    expect(listed.json().watches.map((each: { id: string }) => each.id)).toEqual([watch.id]);

    // Another account can neither see nor remove it.
    const stranger = await signUp(app);
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/watches/${watch.id}`,
      headers: { origin: ORIGIN, cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('watch_not_found');

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/watches/${watch.id}`,
      headers: { origin: ORIGIN, cookie: account.cookie },
    });
    expect(removed.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: '/api/watches',
      headers: { cookie: account.cookie },
    });
    expect(after.json().watches).toEqual([]);
  });

  it('refuses bad addresses and bad thresholds with catalogue codes', async () => {
    const account = await signUp(app);
    const badSite = await post(account, { url: 'ftp://example.com/', kind: 'site' });
    expect(badSite.json().error).toBe('unsupported_protocol');
    const badUrl = await post(account, { url: 'ftp://example.com/' });
    expect(badUrl.json().error).toBe('unsupported_protocol');
    const badThreshold = await post(account, { url: site.url('/oak'), threshold: 0 });
    expect(badThreshold.statusCode).toBe(400);
    expect(badThreshold.json().error).toBe('invalid_request');
  });

  it('holds an account to its watch limit, also when creations race', async () => {
    const account = await signUp(app);
    const answers = await Promise.all(
      Array.from({ length: MAX_WATCHES_PER_ACCOUNT + 3 }, (_, index) =>
        post(account, { url: site.url(`/page-${index}`) }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(MAX_WATCHES_PER_ACCOUNT);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => answer.json().error)).toEqual([
      'watch_limit_reached',
      'watch_limit_reached',
      'watch_limit_reached',
    ]);
  });

  it('answers an unknown or malformed stop token with the invalid-link page', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: `/api/watches/stop?token=${'x'.repeat(43)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This link is invalid');
    expect((await app.inject('/api/watches/stop?token=short')).statusCode).toBe(404);
  });
});
