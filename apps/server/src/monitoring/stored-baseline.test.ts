import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import { Mailer } from '../services/mailer.ts';
import { ORIGIN, signUp } from '../test-support/accounts.ts';
import {
  buildTestApp,
  startSmtpServer,
  startTestSite,
  type TestSmtpServer,
  testWorker,
} from '../test-support/test-app.ts';
import type { Worker } from '../worker/worker.ts';
import { WatchMonitor } from './watch-monitor.ts';

/**
 * Issue 24's bug: a page watch whose baseline report holds findings in the older stored shape
 * (no `outcome`, no `howToFix`) judged an unchanged critical failure as a new critical problem
 * and mailed a false alarm — the monitor read stored findings raw while the presenter upgraded
 * them. Both now read them through db/stored-findings.ts.
 */

const PUBLIC_URL = 'http://crawlwise.test:8080';
const HOUR = 60 * 60 * 1000;
/** Fails a critical check (no title) the same way on every run. */
const BROKEN_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><p>Gone.</p></body></html>';

let app: FastifyInstance;
let smtp: TestSmtpServer;
let mailer: Mailer;
let now = new Date();

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ app } = await buildTestApp({ PUBLIC_URL }));
  // A PostgreSQL database shared between test files holds earlier files' watches, due by this
  // file's clock a day ahead, and their queued reports: the monitor starts due watches oldest
  // first, 20 a tick, and the worker takes queued reports in order, so this watch's run could
  // wait behind theirs past the settle's timeout (CI once did). No other file runs in this
  // database meanwhile (one per test worker), so theirs are parked.
  await app.database.db.execute(sql`update watches set next_run_at = 'infinity'`);
  await app.database.db.execute(
    sql`update reports set status = 'failed', error_code = 'internal_error',
          error_message = 'Parked by stored-baseline.test.ts', lease_owner = null
        where status in ('queued', 'analyzing')`,
  );
  mailer = new Mailer({ smtpUrl: smtp.url, from: 'Crawlwise <watch@crawlwise.test>' }, app.log);
});

afterAll(async () => {
  await mailer.close();
  await app.close();
  await smtp.close();
});

function worker(): Worker {
  return testWorker(app, {
    clock: () => now,
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
  queryRows<{ status: string; access_token: string }>(
    app.database.db,
    sql`select reports.status, reports.access_token from watch_runs
        join reports on reports.id = watch_runs.report_id
        where watch_runs.watch_id = ${watchId} order by watch_runs.slot`,
  );

const tick = (workers: Worker[]) => Promise.all(workers.map((each) => each.runMonitoring()));

/**
 * Ticks until the watch has `runs` runs, each judged. Ticking until its own run exists, not a
 * fixed number of ticks: the monitor starts due watches in batches across the whole database,
 * and other files' watches in a shared test database can take a tick's batch.
 */
async function settle(watchId: string, workers: Worker[], runs: number) {
  await waitUntil(
    async () => {
      const [row] = await queryRows<{ runs: number; pending: number }>(
        app.database.db,
        sql`select count(*)::int as runs, count(*) filter (where evaluated_at is null)::int as pending
            from watch_runs where watch_id = ${watchId}`,
      );
      if (row && row.runs >= runs && row.pending === 0) return true;
      await tick(workers);
      return false;
    },
    { timeoutMs: 15_000, what: 'the watch runs to be started and judged' },
  );
}

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

describe('a baseline stored in the older shape of findings', () => {
  it('does not call an unchanged critical failure new', async () => {
    // A page failing a critical check (no title) that stays the same between the two runs.
    const stuckPages = { '/stuck': { body: BROKEN_PAGE } };
    const stuck = await startTestSite(stuckPages);
    const account = await signUp(app);
    try {
      const created = await app.inject({
        method: 'POST',
        url: '/api/watches',
        headers: { origin: ORIGIN, cookie: account.cookie },
        payload: { url: stuck.url('/stuck'), frequency: 'daily', threshold: 50 },
      });
      expect(created.statusCode).toBe(201);
      const watch = created.json().watch as { id: string; next_run_at: string };
      const firstSlot = new Date(watch.next_run_at);
      const workers = [worker()];
      await Promise.all(workers.map((each) => each.start()));
      now = new Date(firstSlot.getTime() + 60_000);
      await tick(workers);
      await tick(workers);
      await settle(watch.id, workers, 1);
      const [baseline] = await runsOf(watch.id);
      // Reports analysed before findings carried an outcome and a how-to-fix were stored so.
      await app.database.db.execute(
        sql`update reports set issues = (
              select jsonb_agg((finding - 'outcome') - 'howToFix')
              from jsonb_array_elements(issues) finding)
            where access_token = ${baseline!.access_token}`,
      );
      const [old] = await queryRows<{ critical_failures: number }>(
        app.database.db,
        sql`select count(*)::int as critical_failures
            from reports, jsonb_array_elements(issues) finding
            where access_token = ${baseline!.access_token}
              and finding->>'severity' = 'critical' and not finding ? 'outcome'`,
      );
      expect(old!.critical_failures).toBeGreaterThan(0);

      now = new Date(firstSlot.getTime() + 24 * HOUR + 60_000);
      await tick(workers);
      await tick(workers);
      await settle(watch.id, workers, 2);
      await tick(workers);
      expect(await runsOf(watch.id)).toHaveLength(2);
      expect(mailsTo(account.email)).toHaveLength(0);
      await Promise.all(workers.map((each) => each.stop()));
    } finally {
      await stuck.close();
    }
  });
});
