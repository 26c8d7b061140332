import type http from 'node:http';
import net from 'node:net';
import { createEngine as createAnalyzerEngine } from '@crawlwise/analyzer/engine';
import { startHttpServer } from '@crawlwise/analyzer/test-support/local-server';
import type { SiteReport } from '@crawlwise/shared/api/site-checks';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { inTransaction, queryRows } from '../db/database.ts';
import { call, signUp, type TestAccount } from '../test-support/accounts.ts';
import { waitForSiteCheckEnd } from '../test-support/site-check-end.ts';
import { buildTestApp, testWorker } from '../test-support/test-app.ts';
import { ExternalLinkChecks, recordExternalLinks } from './external-link-checks.ts';
import { buildDueAuditSnapshots } from './site-audit-build.ts';
import { cancelSiteCheck, startSiteCheck } from './site-checks.ts';

/**
 * The crawl's external-link option on the server (issue 19.3), end to end: a crawl of a local
 * site whose pages link to two "other sites", each a local server with a host name of its own
 * (RESOLVE_OVERRIDES sends them to 127.0.0.1), measured at those servers. Then the address
 * guard: a target whose name resolves to a private address is refused without a connection.
 */

const PACE_MS = 150;
const HOSTS = ['ext-site.test', 'ext-a.test', 'ext-b.test', 'ext-private.test'];

interface Hit {
  path: string;
  method: string;
  at: number;
}

interface Host {
  origin: string;
  hits: Hit[];
  connections(): number;
  close(): Promise<void>;
}

async function startHost(
  name: string,
  respond: (path: string, res: http.ServerResponse) => void,
): Promise<Host> {
  const hits: Hit[] = [];
  const server = await startHttpServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.push({ path, method: req.method ?? '', at: performance.now() });
    respond(path, res);
  });
  return {
    origin: `http://${name}:${server.port}`,
    hits,
    connections: () => server.connections(),
    close: () => server.close(),
  };
}

const html = (res: http.ServerResponse, body: string, status = 200) =>
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);

const page = (title: string, links: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
  <body><h1>${title}</h1><p>${'A few words about this page and what it offers. '.repeat(10)}</p>
  ${links}</body></html>`;

/** ext-a: a robots.txt that keeps /private from crawlers, and one path per kind of answer. */
const EXT_A: Record<string, [number, Record<string, string>?]> = {
  '/ok': [200],
  '/gone': [404],
  '/removed': [410],
  '/error': [500],
  '/refuses': [403],
  '/moved': [301, { location: '/landing' }],
  '/landing': [200],
  '/private': [200],
};

let app: FastifyInstance;
let site: Host;
let extA: Host;
let extB: Host;

beforeAll(async () => {
  extA = await startHost('ext-a.test', (path, res) => {
    if (path === '/robots.txt') {
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nDisallow: /private\n');
      return;
    }
    const [status, headers] = EXT_A[path] ?? [404];
    res.writeHead(status, { 'content-type': 'text/html', ...headers }).end('<p>ext-a</p>');
  });
  extB = await startHost('ext-b.test', (path, res) => {
    if (path === '/robots.txt') return html(res, 'not here', 404);
    return html(res, '<p>ext-b</p>', path === '/missing' ? 404 : 200);
  });
  const a = (path: string, anchor: string) => `<a href="${extA.origin}${path}">${anchor}</a>`;
  const b = (path: string, anchor: string) => `<a href="${extB.origin}${path}">${anchor}</a>`;
  const pages: Record<string, string> = {
    '/': page(
      'Home',
      `<a href="/one">One</a><a href="/two">Two</a>${a('/ok', 'Fine')}${a('/gone', 'Gone')}${b('/fine', 'B fine')}`,
    ),
    '/one': page(
      'One',
      `<a href="/">Home</a>${a('/gone', 'Gone again')}${a('/removed', 'Removed')}${a('/error', 'Broken server')}${a('/refuses', 'Refuses crawlers')}`,
    ),
    '/two': page(
      'Two',
      `<a href="/">Home</a>${a('/moved', 'Moved')}${a('/private', 'Private')}${b('/missing', 'B missing')}`,
    ),
  };
  site = await startHost('ext-site.test', (path, res) => {
    if (path === '/robots.txt') return html(res, 'none', 404);
    const body = pages[path];
    return body === undefined ? html(res, 'not found', 404) : html(res, body);
  });
  ({ app } = await buildTestApp({
    RESOLVE_OVERRIDES: HOSTS.map((host) => `${host}=127.0.0.1`).join(','),
    SITE_CHECK_PAGE_INTERVAL_MS: String(PACE_MS),
  }));
  // A PostgreSQL kept between runs still has these hosts' pace rows from the last run.
  await app.database.db.execute(
    sql`delete from host_pace where host in (${sql.join(
      HOSTS.map((host) => sql`${host}`),
      sql`, `,
    )})`,
  );
});

beforeEach(() => {
  for (const host of [site, extA, extB]) host.hits.length = 0;
});

afterAll(async () => {
  await app?.close();
  await Promise.all([site, extA, extB].map((host) => host?.close()));
});

interface ReportBody {
  siteCheck: { id: string; status: string };
  report: SiteReport;
  owner: TestAccount;
}

/** Starts a crawl of the site through the API, runs a worker until it ends, returns the report. */
async function crawl(options: Record<string, unknown>): Promise<ReportBody> {
  const owner = await signUp(app);
  const started = await call(app, 'POST', '/api/site-checks', {
    cookie: owner.cookie,
    payload: { siteUrl: `${site.origin}/`, source: 'crawl', crawl: options },
  });
  expect(started.statusCode).toBe(201);
  const id = started.json().siteCheck.id as string;
  const worker = testWorker(app, { concurrency: 3, pollIntervalMs: 50 });
  await worker.start();
  try {
    const json = await waitForSiteCheckEnd<Omit<ReportBody, 'owner'>>(app, owner.cookie, id, {
      timeoutMs: 30_000,
      intervalMs: 50,
      what: 'the crawl to end',
    });
    return { ...json, owner };
  } finally {
    await worker.stop(0);
  }
}

/** Requests for link targets (robots.txt, read once per host, left out). */
const targetHits = (host: Host) => host.hits.filter((hit) => hit.path !== '/robots.txt');

describe('the crawl’s external links', () => {
  it('asks each external target once, paced per host, and reports the broken ones', async () => {
    const body = await crawl({ checkExternal: true });
    expect(body.siteCheck.status).toBe('completed');
    const summary = body.report.crawl;
    if (!summary) throw new Error('a crawl has a crawl summary');
    // Nine distinct targets, all answered before the check completed.
    expect(summary.externalLinks).toEqual({ total: 9, checked: 9 });

    const finding = summary.findings.find((f) => f.id === 'broken-external-links');
    expect(finding?.items.map((item) => [item.url, item.detail])).toEqual(
      [
        [`${extA.origin}/error`, '500'],
        [`${extA.origin}/gone`, '404'],
        [`${extA.origin}/removed`, '410'],
        [`${extB.origin}/missing`, '404'],
      ].sort((x, y) => (x[0]! < y[0]! ? -1 : 1)),
    );
    const gone = finding?.items.find((item) => item.url === `${extA.origin}/gone`);
    expect(gone?.sourceCount).toBe(2);
    expect(gone?.sources).toEqual(
      expect.arrayContaining([
        { url: `${site.origin}/`, anchor: 'Gone' },
        { url: `${site.origin}/one`, anchor: 'Gone again' },
      ]),
    );

    // Each target asked exactly once; the one robots.txt disallows never.
    const asked = [...targetHits(extA), ...targetHits(extB)].map((hit) => hit.path).sort();
    expect(asked).toEqual(
      // /landing is /moved's redirect, followed within the same ask.
      [
        '/ok',
        '/gone',
        '/removed',
        '/error',
        '/refuses',
        '/moved',
        '/landing',
        '/fine',
        '/missing',
      ].sort(),
    );
    expect(targetHits(extA).every((hit) => hit.method === 'GET')).toBe(true);
    // ext-a's seven targets came one at a time, at least the host's pace apart.
    const starts = targetHits(extA)
      .filter((hit) => hit.path !== '/landing')
      .map((hit) => hit.at);
    const gaps = starts.slice(1).map((at, index) => at - starts[index]!);
    expect(gaps.length).toBeGreaterThanOrEqual(5);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(PACE_MS - 5);

    // The audit workspace lists the same finding from the same analysis, CSV included.
    await buildDueAuditSnapshots(app.database.db, (_id, error) => {
      throw error;
    });
    const base = `/api/site-checks/${body.siteCheck.id}/audit/issues/broken-external-links/items`;
    const items = await call(app, 'GET', base, { cookie: body.owner.cookie });
    expect(items.statusCode).toBe(200);
    expect(
      (items.json().rows as Array<{ url: string; detail: string; sourceCount: number }>)
        .map((item) => [item.url, item.detail, item.sourceCount])
        .sort(),
    ).toEqual(finding?.items.map((item) => [item.url, item.detail, item.sourceCount]).sort());
    const csv = await call(app, 'GET', `${base.replace(/items$/, 'items.csv')}`, {
      cookie: body.owner.cookie,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"${extA.origin}/gone","404","2",`);
    expect(csv.body).toContain(`${site.origin}/one (Gone again)`);
  });

  it('asks no more targets than maxExternal', async () => {
    const body = await crawl({ checkExternal: true, maxExternal: 3 });
    expect(body.siteCheck.status).toBe('completed');
    expect(body.report.crawl?.externalLinks).toEqual({ total: 3, checked: 3 });
    // The first three the crawl found: the start page's, in the order of its links.
    const asked = [...targetHits(extA), ...targetHits(extB)].map((hit) => hit.path).sort();
    expect(asked).toEqual(['/fine', '/gone', '/ok']);
    const [row] = await queryRows<{ n: number }>(
      app.database.db,
      sql`select count(*)::int as n from site_external_targets
          where site_check_id = ${body.siteCheck.id}`,
    );
    expect(Number(row?.n)).toBe(3);
  });

  it('is off by default: no external request at all', async () => {
    const connectionsBefore = extA.connections() + extB.connections();
    const body = await crawl({});
    expect(body.siteCheck.status).toBe('completed');
    expect(body.report.crawl?.externalLinks ?? null).toBeNull();
    expect(body.report.crawl?.findings.some((f) => f.id === 'broken-external-links')).toBe(false);
    expect(extA.connections() + extB.connections()).toBe(connectionsBefore);
    expect(targetHits(site).length).toBeGreaterThanOrEqual(3);
    const [row] = await queryRows<{ n: number }>(
      app.database.db,
      sql`select count(*)::int as n from site_external_targets
          where site_check_id = ${body.siteCheck.id}`,
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('refuses a target on a private address without connecting (unless allowed)', async () => {
    // An engine as production builds it (private targets refused) whose resolver answers the
    // target's name with a private address. A connection there is refused by the test before it
    // could leave (and counted), so the guard's refusal is what the test sees.
    const PRIVATE = '10.0.0.5';
    const original = net.Socket.prototype.connect;
    const attempts: unknown[] = [];
    const connect = vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (
      this: net.Socket,
      ...args: unknown[]
    ) {
      if (JSON.stringify(args[0] ?? null).includes(PRIVATE)) {
        attempts.push(args[0]);
        throw new Error('a connection to a private address was attempted');
      }
      return (original as (...a: unknown[]) => net.Socket).apply(this, args);
    } as typeof original);
    const resolved: string[] = [];
    const engine = createAnalyzerEngine({
      allowPrivate: false,
      render: false,
      analysisThreads: 0,
      resolver: async (hostname) => {
        resolved.push(hostname);
        return [{ address: PRIVATE, family: 4 }];
      },
    });
    try {
      const owner = await signUp(app);
      const check = await startSiteCheck(
        { database: app.database, limits: app.limits },
        owner.userId,
        { site: new URL(`${site.origin}/`), source: 'list', list: `${site.origin}/` },
      );
      const [report] = await queryRows<{ id: string }>(
        app.database.db,
        sql`select id from reports where site_check_id = ${check.id}`,
      );
      const target = 'http://ext-private.test/page';
      await inTransaction(app.database.db, (tx) =>
        recordExternalLinks(
          tx,
          { siteCheckId: check.id, reportId: report!.id },
          [{ key: target, anchor: 'Inside', nofollow: false }],
          10,
        ),
      );
      const checks = new ExternalLinkChecks(app.database, app.queue.hostPace, 5);
      const job = await waitUntil(() => checks.claim('guard-worker').then((j) => j ?? undefined), {
        timeoutMs: 5_000,
        intervalMs: 20,
        what: 'the target to be claimable',
      });
      expect(job.target).toBe(target);
      expect(await checks.run(job, 'guard-worker', engine)).toBe(true);
      const [row] = await queryRows<{ status: number | null; error: string | null }>(
        app.database.db,
        sql`select status, error from site_external_targets where id = ${job.id}::bigint`,
      );
      expect(row).toEqual({ status: null, error: 'private_ip' });
      expect(resolved).toContain('ext-private.test');
      expect(attempts).toEqual([]);
      // Its page was never meant to run: the check is cancelled, as a user would.
      await cancelSiteCheck({ database: app.database, limits: app.limits }, owner.userId, check.id);
    } finally {
      connect.mockRestore();
      await engine.close();
    }
  });

  it('accepts one answer per target when its lease moves to another worker', async () => {
    const owner = await signUp(app);
    const check = await startSiteCheck(
      { database: app.database, limits: app.limits },
      owner.userId,
      { site: new URL(`${site.origin}/`), source: 'list', list: `${site.origin}/` },
    );
    try {
      const [report] = await queryRows<{ id: string }>(
        app.database.db,
        sql`select id from reports where site_check_id = ${check.id}`,
      );
      const target = `${extB.origin}/lease`;
      await inTransaction(app.database.db, (tx) =>
        recordExternalLinks(
          tx,
          { siteCheckId: check.id, reportId: report!.id },
          [{ key: target, anchor: 'Lease', nofollow: false }],
          10,
        ),
      );
      const checks = new ExternalLinkChecks(app.database, app.queue.hostPace, 1);
      const claimOf = (worker: string) =>
        waitUntil(() => checks.claim(worker).then((job) => job ?? undefined), {
          timeoutMs: 10_000,
          intervalMs: 50,
          what: `${worker} to claim the target`,
        });
      // The first worker claims it and dies: its turn is given back (a dead worker's turn would
      // lapse after TURN_HOLD_SECONDS), its lease of 1 s runs out, and another worker claims it.
      const first = await claimOf('worker-dead');
      await app.queue.hostPace.endTurn(first.turn, { requested: false });
      expect(await checks.claim('worker-early')).toBeNull();
      const second = await claimOf('worker-next');
      expect(second.id).toBe(first.id);
      expect(second.attempts).toBe(2);
      expect(await checks.run(second, 'worker-next', app.engine)).toBe(true);
      // The first worker comes back late: its answer is refused, and nothing asks the target
      // again.
      expect(await checks.run(first, 'worker-dead', app.engine)).toBe(false);
      await app.queue.hostPace.endTurn(second.turn, { requested: false });
      expect(await checks.claim('worker-after')).toBeNull();
      const rows = await queryRows<{ status: number; checked: boolean }>(
        app.database.db,
        sql`select status, checked_at is not null as checked from site_external_targets
            where site_check_id = ${check.id}`,
      );
      expect(rows).toEqual([{ status: 200, checked: true }]);
    } finally {
      await cancelSiteCheck({ database: app.database, limits: app.limits }, owner.userId, check.id);
    }
  });
});
