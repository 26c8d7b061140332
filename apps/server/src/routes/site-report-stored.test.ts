import { setTimeout } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { siteReportResponseSchema } from '@crawlwise/shared/api/site-checks';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, queryRows } from '../db/database.ts';
import { siteAuditPages } from '../db/schema.ts';
import { currentAuditKey, writeAuditSnapshot } from '../db/tables/site-audit.ts';
import { upsertSnapshot } from '../db/tables/site-report-snapshots.ts';
import { deflateFragment, inflateFragment } from '../services/gzip-splice.ts';
import {
  buildAuditSnapshotOf,
  dropLeftoverAuditRows,
  type ReportStored,
} from '../services/site-audit-build.ts';
import type { AuditSnapshot } from '../services/site-audit-snapshot.ts';
import { siteReportChangeKey } from '../services/site-report-store.ts';
import { reportStored } from '../services/site-report-waiters.ts';
import { call, ORIGIN, signUp, type TestAccount } from '../test-support/accounts.ts';
import {
  buildTestApp,
  startTestSite,
  type TestSite,
  testWorker,
} from '../test-support/test-app.ts';

/**
 * The stored site report (issue 19; docs/site-checks.md "Stored site report"): once a check has
 * ended, the worker's snapshot build stores the report it builds, and GET /report and the CSV
 * answer from it — the same answer as the report built from the pages — only while the check's
 * pages have not changed since.
 */

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
  <meta name="description" content="About ${title}.">${head}</head>
  <body><h1>${title}</h1>${body}</body></html>`;

let app: FastifyInstance;
let site: TestSite;
let owner: TestAccount;
let checkId: string;
/** How long a request for a just-ended check's report waits for the worker's build, here. */
const AWAIT_BUILD_MS = 1500;

/** The key the check's current snapshot rows carry (migration 0028). */
const auditKeyOf = async (id: string) =>
  String(
    (
      await queryRows<{ key: string }>(app.database.db, sql`select ${currentAuditKey(id)} as key`)
    )[0]?.key,
  );

const stored = async () =>
  queryRows<{ change_key: string }>(
    app.database.db,
    sql`select change_key from site_report_snapshots where site_check_id = ${checkId}`,
  );
const reportBody = async () => {
  const response = await call(app, 'GET', `/api/site-checks/${checkId}/report`, {
    cookie: owner.cookie,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.body;
};
const report = async () => JSON.parse(await reportBody());
const csv = async () =>
  (await call(app, 'GET', `/api/site-checks/${checkId}/export.csv`, { cookie: owner.cookie })).body;

beforeAll(async () => {
  const pages: Parameters<typeof startTestSite>[0] = {
    '/': {
      body: page('Home', '<a href="/a">A</a><a href="/b">B</a><a href="/old">Old</a>'),
    },
    '/a': { body: page('Same', '<a href="/missing">Gone</a><a href="/b">B</a>') },
    '/b': {
      body: page('Same', '<a href="/a">A</a>', '<link rel="canonical" href="/a">'),
    },
    '/old': { status: 301, body: '', headers: { location: '/b' } },
    '/orphan': { body: page('Orphan', '<a href="/">Home</a>') },
  };
  site = await startTestSite(pages);
  pages['/sitemap.xml'] = {
    type: 'application/xml',
    body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
      '/',
      '/a',
      '/orphan',
    ]
      .map((path) => `<url><loc>${site.url(path)}</loc></url>`)
      .join('')}</urlset>`,
  };
  ({ app } = await buildTestApp({
    SITE_CHECK_PAGE_INTERVAL_MS: '0',
    SITE_REPORT_AWAIT_BUILD_MS: String(AWAIT_BUILD_MS),
  }));
  owner = await signUp(app);
  const started = await call(app, 'POST', '/api/site-checks', {
    cookie: owner.cookie,
    payload: { siteUrl: site.url('/'), source: 'crawl', crawl: {} },
  });
  expect(started.statusCode).toBe(201);
  checkId = started.json().siteCheck.id as string;

  // Before any page is analysed the check runs: nothing is stored, the report is built live.
  await buildAuditSnapshotOf(app.database.db, checkId);
  expect(await siteReportChangeKey(app.database.db, checkId)).toBeNull();
  expect(await stored()).toEqual([]);

  const worker = testWorker(app, { concurrency: 2, pollIntervalMs: 50 });
  await worker.start();
  try {
    await waitUntil(
      async () => {
        const { siteCheck } = await report();
        return siteCheck.status === 'completed' ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the crawl to end' },
    );
  } finally {
    await worker.stop();
  }
});

afterAll(async () => {
  await app?.close();
  await site?.close();
});

/** The check has just ended: its final build has not run and no report is stored. */
async function endJustNow(): Promise<void> {
  const db = app.database.db;
  await db.execute(
    sql`update site_checks set completed_at = now(), audit_built_at = null where id = ${checkId}`,
  );
  await db.execute(sql`delete from site_report_snapshots where site_check_id = ${checkId}`);
}

/**
 * The check's build, noting when it stored the report and whether the request `answered` tells
 * of had its answer by the time the build went on to the snapshot.
 */
async function buildWatchingTheAnswer(answered: () => boolean) {
  let storedAt = 0;
  let answeredBeforeSnapshot = false;
  const build = await buildAuditSnapshotOf(app.database.db, checkId, {
    onReportStored: () => {
      storedAt = performance.now();
    },
    afterAnalysis: async () => {
      answeredBeforeSnapshot = answered();
    },
  });
  return { build, storedAt, answeredBeforeSnapshot };
}

/**
 * Puts an ended check back to running, unbuilt and without a stored report (a build of it
 * running is then under test); returns what puts its original end time back.
 */
async function runAgain(checkId: string): Promise<() => Promise<void>> {
  const db = app.database.db;
  const [before] = await queryRows<{ completed_at: string }>(
    db,
    sql`select completed_at from site_checks where id = ${checkId}`,
  );
  await db.execute(
    sql`update site_checks set status = 'running', completed_at = null, audit_built_at = null
        where id = ${checkId}`,
  );
  await db.execute(sql`delete from site_report_snapshots where site_check_id = ${checkId}`);
  return async () => {
    await db.execute(
      sql`update site_checks set completed_at = ${before?.completed_at}::timestamptz where id = ${checkId}`,
    );
  };
}

describe('the stored site report', () => {
  it('answers exactly what the report built from the pages answers, CSV included', async () => {
    // The live answer: no stored report.
    await app.database.db.execute(sql`delete from site_report_snapshots`);
    const liveBody = await reportBody();
    const live = JSON.parse(liveBody);
    const liveCsv = await csv();
    expect(live.report.crawl.findings.map((f: { id: string }) => f.id)).toContain(
      'broken-internal-links',
    );
    expect(live.report.duplicateTitles).toHaveLength(1);
    expect(live.report.canonicalElsewhere).toHaveLength(1);

    const told: ReportStored[] = [];
    const build = await buildAuditSnapshotOf(app.database.db, checkId, {
      onReportStored: (each) => told.push(each),
    });
    expect(build.written).toBe(true);
    // Told once, as soon as the report was stored (before the snapshot's rows were written).
    expect(told).toEqual([
      {
        siteCheckId: checkId,
        pages: build.pages,
        readMs: build.readMs,
        builtMs: expect.any(Number),
        reportMs: build.reportMs,
      },
    ]);
    expect(told[0]!.builtMs).toBeGreaterThanOrEqual(told[0]!.readMs);
    expect(told[0]!.reportMs).toBeGreaterThanOrEqual(told[0]!.builtMs);
    const [row] = await stored();
    expect(row?.change_key).toBe(await siteReportChangeKey(app.database.db, checkId));

    // Sent as stored: the very bytes the serializer writes for the live report, in the contract.
    const storedBody = await reportBody();
    expect(storedBody).toBe(liveBody);
    expect(siteReportResponseSchema.safeParse(JSON.parse(storedBody)).success).toBe(true);
    expect(await csv()).toBe(liveCsv);

    // To a client that takes gzip (every browser), the stored report goes out compressed as it
    // is stored, inside one gzip member whose trailer gunzip checks: the same bytes once decoded.
    for (const accept of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5']) {
      const zipped = await app.inject({
        method: 'GET',
        url: `/api/site-checks/${checkId}/report`,
        headers: { origin: ORIGIN, cookie: owner.cookie, 'accept-encoding': accept },
      });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(liveBody);
    }
    // One that takes only brotli gets it inflated and compressed on the fly, as any answer.
    const brotli = await app.inject({
      method: 'GET',
      url: `/api/site-checks/${checkId}/report`,
      headers: { origin: ORIGIN, cookie: owner.cookie, 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(liveBody);
  });

  it('is what the route serves while current, and is set aside once a page changes', async () => {
    await buildAuditSnapshotOf(app.database.db, checkId);
    const live = await report();
    // Mark the stored copy to see which one the route answers.
    const [row] = await queryRows<{ change_key: string; report: Uint8Array }>(
      app.database.db,
      sql`select change_key, report from site_report_snapshots where site_check_id = ${checkId}`,
    );
    const marked = JSON.parse(inflateFragment({ deflated: Buffer.from(row!.report) }));
    marked.averageScore = -7;
    await upsertSnapshot(
      app.database.db,
      checkId,
      row!.change_key,
      deflateFragment(JSON.stringify(marked)),
    );
    expect((await report()).report.averageScore).toBe(-7);

    // A page finishing after the build (as after a cancel) changes the key: built live again.
    await app.database.db.execute(
      sql`update reports set completed_at = now() + interval '1 second'
          where id = (select id from reports where site_check_id = ${checkId}
            and status = 'completed' order by id limit 1)`,
    );
    expect(await report()).toEqual(live);
  });

  it('goes with a page its owner erases, and the next build stores the report without it', async () => {
    await buildAuditSnapshotOf(app.database.db, checkId);
    expect(await stored()).toHaveLength(1);
    const before = await report();
    const erased = before.report.pages.find((p: { title: string | null }) => p.title === 'Orphan');
    const deleted = await call(app, 'DELETE', `/api/reports/${erased.accessToken}`, {
      cookie: owner.cookie,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    // Its title and token are no longer kept in a stored copy.
    expect(await stored()).toEqual([]);
    const live = await report();
    expect(live.report.pages.map((p: { url: string }) => p.url)).not.toContain(erased.url);

    await buildAuditSnapshotOf(app.database.db, checkId);
    expect(await stored()).toHaveLength(1);
    expect(await report()).toEqual(live);
  });

  it('waits for the final build of a check that has just ended, and builds it itself when none comes', async () => {
    const db = app.database.db;
    await endJustNow();
    let answeredAt = 0;
    const asked = performance.now();
    const answer = reportBody().then((body) => {
      answeredAt = performance.now();
      return body;
    });
    await setTimeout(400);
    // Five pages build in milliseconds: not answered yet means the request is waiting.
    expect(answeredAt).toBe(0);
    const build = await buildAuditSnapshotOf(db, checkId);
    expect(build.written).toBe(true);
    const built = performance.now();
    const body = await answer;
    expect(answeredAt - built).toBeLessThan(AWAIT_BUILD_MS / 2);
    expect(await stored()).toHaveLength(1);
    expect(body).toBe(await reportBody());
    expect(siteReportResponseSchema.safeParse(JSON.parse(body)).success).toBe(true);
    expect(answeredAt - asked).toBeGreaterThanOrEqual(400);

    // No build comes (no worker): it is built here once the wait is over, the same report.
    await endJustNow();
    const reportOf = (text: string) => JSON.parse(text).report;
    let started = performance.now();
    expect(reportOf(await reportBody())).toEqual(reportOf(body));
    expect(performance.now() - started).toBeGreaterThanOrEqual(AWAIT_BUILD_MS - 50);
    expect(await stored()).toEqual([]);

    // A check that ended long ago is not waited for: its build is not coming.
    await db.execute(
      sql`update site_checks set completed_at = now() - interval '10 minutes', audit_built_at = null
          where id = ${checkId}`,
    );
    started = performance.now();
    const csvStarted = csv();
    expect(reportOf(await reportBody())).toEqual(reportOf(body));
    expect(performance.now() - started).toBeLessThan(AWAIT_BUILD_MS);
    expect(await csvStarted).toContain(site.url('/a'));
  });

  it('lets a request waiting in this process read the report before the build goes on to the snapshot', async () => {
    // The embedded worker's case: the build and the waiting request share the process (and, on
    // PGlite, its one connection), and the snapshot's analysis and write come after the report.
    await endJustNow();
    let answeredAt = 0;
    const answer = reportBody().then((body) => {
      answeredAt = performance.now();
      return body;
    });
    await setTimeout(200);
    expect(answeredAt).toBe(0);
    const { build, storedAt, answeredBeforeSnapshot } = await buildWatchingTheAnswer(
      () => answeredAt > 0,
    );
    expect(build.written).toBe(true);
    expect(storedAt).toBeGreaterThan(0);
    expect(answeredBeforeSnapshot).toBe(true);
    // Let through by the build, which held for it (its route registers it on arrival).
    expect(build.pickup?.waiters).toBeGreaterThanOrEqual(1);
    expect(answeredAt).toBeGreaterThanOrEqual(storedAt);
    expect(JSON.parse(await answer).siteCheck.status).toBe('completed');
  });

  it('lets a request that arrived before the report was stored, still reading its check, answer first', async () => {
    await endJustNow();
    let answeredAt = 0;
    // Both at once: the request is signing in and reading its check while the build reads.
    const [body, { build, storedAt, answeredBeforeSnapshot }] = await Promise.all([
      reportBody().then((text) => {
        answeredAt = performance.now();
        return text;
      }),
      buildWatchingTheAnswer(() => answeredAt > 0),
    ]);
    expect(build.written).toBe(true);
    expect(storedAt).toBeGreaterThan(0);
    expect(answeredBeforeSnapshot).toBe(true);
    // Let through by the build, which held for it (its route registers it on arrival).
    expect(build.pickup?.waiters).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(body).siteCheck.status).toBe('completed');
  });

  it('lets an API client polling the check read the end, then the report it asks for, before the build goes on', async () => {
    // The embedded worker's case after a big crawl: the client's poll of the check is under way
    // while the build stores the report (its read waits here on a lock, as it waits for the
    // build's connection there), and the report's request comes only once the poll answered.
    await endJustNow();
    await buildAuditSnapshotOf(app.database.db, checkId);
    let unlock = () => {};
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = inTransaction(app.database.db, async (tx) => {
      await tx.execute(sql`lock table site_checks in access exclusive mode`);
      locked();
      await new Promise<void>((resolve) => {
        unlock = resolve;
      });
    });
    await lockTaken;
    let reportAnsweredAt = 0;
    const client = call(app, 'GET', `/api/site-checks/${checkId}`, { cookie: owner.cookie }).then(
      async (status) => {
        expect(status.json().siteCheck.status).toBe('completed');
        const body = await reportBody();
        reportAnsweredAt = performance.now();
        return body;
      },
    );
    await setTimeout(50);
    // What the build does once it has stored the report.
    const storing = reportStored(checkId, 3_000);
    await setTimeout(20);
    unlock();
    await holding;
    const pickup = await storing;
    const wentOnAt = performance.now();
    // Both let through: the poll, then the report's request that followed it.
    expect(pickup.waiters).toBe(2);
    expect(reportAnsweredAt).toBeGreaterThan(0);
    expect(reportAnsweredAt).toBeLessThanOrEqual(wentOnAt);
    expect(JSON.parse(await client).siteCheck.status).toBe('completed');
  });

  it('is stored before the snapshot rows, and a check ending during a build of it running gets its final build at once', async () => {
    const db = app.database.db;
    const ended = await buildAuditSnapshotOf(db, checkId);
    expect(ended.written).toBe(true);
    expect(ended.reportMs).toBeGreaterThan(0);
    expect(ended.reportMs).toBeLessThanOrEqual(ended.readMs + ended.analyseMs + ended.writeMs + 50);

    const restoreEnd = await runAgain(checkId);
    const running = await buildAuditSnapshotOf(db, checkId, {
      afterRead: async () => {
        expect(await siteReportChangeKey(db, checkId)).toBeNull();
        await db.execute(
          sql`update site_checks set status = 'completed', completed_at = now() where id = ${checkId}`,
        );
      },
    });
    // What it returns is the final build's: the report stored, the snapshot newer than the end.
    expect(running).toMatchObject({ claimed: true, written: true });
    expect(running.reportMs).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(1);
    const [check] = await queryRows<{ final: boolean }>(
      db,
      sql`select audit_built_at >= completed_at as final from site_checks where id = ${checkId}`,
    );
    expect(check?.final).toBe(true);
    expect(JSON.parse(await reportBody()).siteCheck.status).toBe('completed');
    await restoreEnd();
  });

  it('tells afterReport of an ended check once its report is stored, before its snapshot, and never for a running one', async () => {
    const db = app.database.db;
    const events: string[] = [];
    let toldPages = -1;
    await endJustNow();
    const ended = await buildAuditSnapshotOf(db, checkId, {
      onReportStored: () => events.push('stored'),
      afterReport: (pages) => {
        toldPages = pages;
        events.push('after report');
      },
      afterAnalysis: async () => {
        events.push('snapshot analysed');
      },
    });
    expect(events).toEqual(['stored', 'after report', 'snapshot analysed']);
    expect(toldPages).toBe(ended.pages);
    expect(toldPages).toBeGreaterThan(0);

    const restoreEnd = await runAgain(checkId);
    events.length = 0;
    const running = await buildAuditSnapshotOf(db, checkId, {
      afterReport: () => events.push('after report'),
    });
    expect(running).toMatchObject({ claimed: true, written: true });
    expect(events).toEqual([]);
    // Ended again as it was, with its final build (report and snapshot) for the tests after.
    await db.execute(sql`update site_checks set status = 'completed' where id = ${checkId}`);
    await restoreEnd();
    await db.execute(sql`update site_checks set audit_built_at = null where id = ${checkId}`);
    expect((await buildAuditSnapshotOf(db, checkId)).reportMs).toBeGreaterThan(0);
  });

  it('gives a check that ends while its running build analyses it its final build at once', async () => {
    const db = app.database.db;
    const restoreEnd = await runAgain(checkId);
    const snapshotRows = async () =>
      (
        await queryRows<{ rows: number }>(
          db,
          sql`select count(*)::int as rows from site_audit_pages
              where site_check_id = ${currentAuditKey(checkId)}`,
        )
      )[0]?.rows;
    await db.execute(
      sql`delete from site_audit_pages where site_check_id = ${currentAuditKey(checkId)}`,
    );
    // The hook runs in the running build only (the final build is started without options).
    const rowsSeen: Array<number | undefined> = [];
    const build = await buildAuditSnapshotOf(db, checkId, {
      afterAnalysis: async () => {
        expect(await siteReportChangeKey(db, checkId)).toBeNull();
        await db.execute(
          sql`update site_checks set status = 'completed', completed_at = now() where id = ${checkId}`,
        );
        rowsSeen.push(await snapshotRows());
      },
    });
    expect(rowsSeen).toEqual([0]);
    expect(build).toMatchObject({ claimed: true, written: true });
    expect(build.reportMs).toBeGreaterThan(0);
    expect(await snapshotRows()).toBeGreaterThan(0);
    const [check] = await queryRows<{ final: boolean }>(
      db,
      sql`select audit_built_at >= completed_at as final from site_checks where id = ${checkId}`,
    );
    expect(check?.final).toBe(true);
    await restoreEnd();
  });

  it('stops the write of a running build when its check ends meanwhile, and builds the final one at once', async () => {
    const db = app.database.db;
    const restoreEnd = await runAgain(checkId);
    // The hooks run in the running build only (the final build is started without them): the
    // check ends once its snapshot is built, before the write's first insert.
    let batches = 0;
    const build = await buildAuditSnapshotOf(db, checkId, {
      beforeWrite: async () => {
        expect(await siteReportChangeKey(db, checkId)).toBeNull();
        await db.execute(
          sql`update site_checks set status = 'completed', completed_at = now() where id = ${checkId}`,
        );
      },
      onWriteBatch: () => {
        batches += 1;
      },
    });
    // Stopped before its first insert (a snapshot takes several: pages, issues, items...).
    expect(batches).toBe(0);
    expect(build).toMatchObject({ claimed: true, written: true });
    expect(build.reportMs).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(1);
    const [check] = await queryRows<{ final: boolean; pages: number }>(
      db,
      sql`select audit_built_at >= completed_at as final,
            (select count(*)::int from site_audit_pages
              where site_check_id = ${currentAuditKey(checkId)}) as pages
          from site_checks where id = ${checkId}`,
    );
    expect(check?.final).toBe(true);
    expect(check?.pages).toBeGreaterThan(0);
    await restoreEnd();
  });

  it('writes a new snapshot under a new key, readers keep the old one meanwhile and are answered between its inserts', async () => {
    const db = app.database.db;
    await buildAuditSnapshotOf(db, checkId);
    const oldKey = await auditKeyOf(checkId);
    const pagesOf = async (key: SQL | string) =>
      (
        await queryRows<{ rows: number }>(
          db,
          sql`select count(*)::int as rows from site_audit_pages where site_check_id = ${key}`,
        )
      )[0]?.rows;
    const oldPages = await pagesOf(oldKey);
    expect(oldPages).toBeGreaterThan(0);
    const restoreEnd = await runAgain(checkId);
    const events: string[] = [];
    let reading: Promise<void> | undefined;
    const build = await buildAuditSnapshotOf(db, checkId, {
      onWriteBatch: () => {
        events.push('insert');
        // Sent from inside the write's first transaction, on the database, not the transaction.
        reading ??= pagesOf(currentAuditKey(checkId)).then((rows) => {
          events.push(`read ${rows}`);
        });
      },
    });
    await reading;
    expect(build).toMatchObject({ claimed: true, written: true });
    // The old snapshot, whole, while the new one is written.
    expect(events).toContain(`read ${oldPages}`);
    // The embedded database has one connection: the read waited for one insert, not the write.
    if (app.database.kind === 'pglite') {
      expect(events.slice(0, 3)).toEqual(['insert', `read ${oldPages}`, 'insert']);
    }
    const newKey = await auditKeyOf(checkId);
    expect(newKey).not.toBe(oldKey);
    expect(await pagesOf(newKey)).toBe(oldPages);
    // The replaced rows are dropped, and the check names no key but its current one.
    const [left] = await queryRows<Record<string, number | null>>(
      db,
      sql`select (select count(*)::int from site_audit_pages where site_check_id = ${oldKey}) +
            (select count(*)::int from site_audit_issues where site_check_id = ${oldKey}) +
            (select count(*)::int from site_audit_issue_items where site_check_id = ${oldKey}) +
            (select count(*)::int from site_audit_links where site_check_id = ${oldKey}) as rows,
          (select audit_retired_key from site_checks where id = ${checkId}) as retired,
          (select audit_writing_key from site_checks where id = ${checkId}) as writing`,
    );
    expect(left).toEqual({ rows: 0, retired: null, writing: null });
    await restoreEnd();
  });

  it('drops the rows of a build that died while writing, once no builder holds the check', async () => {
    const db = app.database.db;
    const dead = '00000000-0000-4000-8000-0000000000d1';
    await db.execute(sql`insert into site_audit_pages (site_check_id, url, state, indexable, in_sitemap)
        values (${dead}, 'http://example.test/a', 'completed', true, true),
          (${dead}, 'http://example.test/b', 'completed', true, true)`);
    await db.execute(sql`insert into site_audit_issues (site_check_id, kind, issue_id, severity, count, worth)
        values (${dead}, 'site', 'broken-internal-links', 'critical', 1, 1)`);
    const deadRows = async () =>
      (
        await queryRows<{ rows: number }>(
          db,
          sql`select (select count(*)::int from site_audit_pages where site_check_id = ${dead}) +
                (select count(*)::int from site_audit_issues where site_check_id = ${dead}) as rows`,
        )
      )[0]?.rows;
    // Still held by a builder (it may be writing): left alone.
    await db.execute(
      sql`update site_checks set audit_writing_key = ${dead},
            audit_build_claimed_until = now() + interval '1 minute' where id = ${checkId}`,
    );
    await dropLeftoverAuditRows(db);
    expect(await deadRows()).toBe(3);
    // Its hold lapsed: dropped, and the key forgotten.
    await db.execute(
      sql`update site_checks set audit_build_claimed_until = now() - interval '1 second'
          where id = ${checkId}`,
    );
    expect(await dropLeftoverAuditRows(db)).toBe(1);
    expect(await deadRows()).toBe(0);
    const [check] = await queryRows<{ writing: string | null }>(
      db,
      sql`select audit_writing_key as writing from site_checks where id = ${checkId}`,
    );
    expect(check?.writing).toBeNull();
    expect(await dropLeftoverAuditRows(db)).toBe(0);
    // The current snapshot is untouched.
    expect((await report()).report.pages.length).toBeGreaterThan(0);
  });

  it('is built by one builder at a time: a second one reads nothing, and a lapsed hold is taken over', async () => {
    const builds = await Promise.all([
      buildAuditSnapshotOf(app.database.db, checkId),
      buildAuditSnapshotOf(app.database.db, checkId),
    ]);
    expect(builds.map((build) => build.claimed).sort()).toEqual([false, true]);
    const skipped = builds.find((build) => !build.claimed);
    expect(skipped).toMatchObject({ written: false, pages: 0 });
    expect(builds.find((build) => build.claimed)?.pages).toBeGreaterThan(0);

    // Released after the build; a hold left by a builder that died is taken once it lapses.
    expect((await buildAuditSnapshotOf(app.database.db, checkId)).claimed).toBe(true);
    await app.database.db.execute(
      sql`update site_checks set audit_build_claimed_until = now() + interval '1 minute'
          where id = ${checkId}`,
    );
    expect((await buildAuditSnapshotOf(app.database.db, checkId)).claimed).toBe(false);
    await app.database.db.execute(
      sql`update site_checks set audit_build_claimed_until = now() - interval '1 second'
          where id = ${checkId}`,
    );
    expect((await buildAuditSnapshotOf(app.database.db, checkId)).claimed).toBe(true);
  });

  it('goes with its check, whatever deletes it, and a write for a check that is gone writes nothing', async () => {
    // The snapshot's rows have no key to their check (migration 0026): a trigger deletes them,
    // under every key the check names (migration 0028).
    const db = app.database.db;
    const rowsOf = async (key: string) => {
      const [row] = await queryRows<Record<string, number>>(
        db,
        sql`select (select count(*)::int from site_audit_pages where site_check_id = ${key}) as pages,
              (select count(*)::int from site_audit_issues where site_check_id = ${key}) as issues,
              (select count(*)::int from site_audit_issue_items where site_check_id = ${key}) as items,
              (select count(*)::int from site_audit_links where site_check_id = ${key}) as links,
              (select count(*)::int from site_audit_duplicates where site_check_id = ${key}) as duplicates`,
      );
      return row;
    };
    await buildAuditSnapshotOf(db, checkId);
    const key = await auditKeyOf(checkId);
    expect(key).not.toBe(checkId);
    const before = await rowsOf(key);
    expect(before).toMatchObject({
      pages: expect.any(Number),
      issues: expect.any(Number),
      items: expect.any(Number),
      links: expect.any(Number),
    });
    for (const table of ['pages', 'issues', 'items', 'links'] as const) {
      expect(before?.[table]).toBeGreaterThan(0);
    }
    const pages = await db.select().from(siteAuditPages).where(eq(siteAuditPages.siteCheckId, key));
    // A build that died while writing left rows under the key it was writing.
    const abandoned = '00000000-0000-4000-8000-00000000dead';
    await db.execute(sql`insert into site_audit_pages (site_check_id, url, state, indexable, in_sitemap)
        values (${abandoned}, 'http://example.test/', 'completed', true, true)`);
    await db.execute(
      sql`update site_checks set audit_writing_key = ${abandoned} where id = ${checkId}`,
    );

    await db.execute(sql`delete from site_checks where id = ${checkId}`);
    const none = { pages: 0, issues: 0, items: 0, links: 0, duplicates: 0 };
    expect(await rowsOf(key)).toEqual(none);
    expect(await rowsOf(abandoned)).toEqual(none);

    const snapshot = {
      score: null,
      pages: pages.map(({ siteCheckId: _, ...row }) => row),
      issues: [],
      items: [],
      links: [],
      duplicates: [],
    } as unknown as AuditSnapshot;
    const total = async () =>
      (
        await queryRows<{ rows: number }>(
          db,
          sql`select count(*)::int as rows from site_audit_pages`,
        )
      )[0]?.rows;
    const rowsBefore = await total();
    expect(await writeAuditSnapshot(db, checkId, snapshot)).toBeNull();
    expect(await total()).toBe(rowsBefore);
  });
});
