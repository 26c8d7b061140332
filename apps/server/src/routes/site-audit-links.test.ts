import type { AuditLinkRow, AuditLinksResponse } from '@crawlwise/shared/api/site-audit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { call, signUp, type TestAccount } from '../test-support/accounts.ts';
import { buildTestApp, startTestSite, type TestSite } from '../test-support/test-app.ts';

/**
 * The links list's status filter (issue 20.6): `statuses` names what this crawl's broken and
 * redirected links have — the statuses their targets answered, and targets that never answered
 * (a refused connection, a timeout) as `null` — and `status` (a number, or `none`) keeps exactly
 * those links. The rows are an audit snapshot as the worker writes it (the crawl of a 300-page
 * site in site-audit.test.ts covers the snapshot build; its broken targets all answer).
 */

let app: FastifyInstance;
let database: Database;
let site: TestSite;
let owner: TestAccount;
let id: string;

/** Broken: two 404s, a 410, a 500, two without an answer; redirected: two 301s, a 308. */
const LINKS: Array<{
  kind: 'broken' | 'redirected';
  source: string;
  target: string;
  status: number | null;
  error: string | null;
}> = [
  { kind: 'broken', source: '/blog/a', target: '/gone', status: 404, error: null },
  { kind: 'broken', source: '/blog/b', target: '/gone', status: 404, error: null },
  { kind: 'broken', source: '/shop/a', target: '/removed', status: 410, error: null },
  { kind: 'broken', source: '/shop/b', target: '/fails', status: 500, error: null },
  { kind: 'broken', source: '/', target: '/down', status: null, error: 'timeout' },
  { kind: 'broken', source: '/blog/c', target: '/refused', status: null, error: 'fetch_failed' },
  { kind: 'redirected', source: '/', target: '/old', status: 301, error: null },
  { kind: 'redirected', source: '/blog/a', target: '/older', status: 301, error: null },
  { kind: 'redirected', source: '/shop/a', target: '/moved', status: 308, error: null },
];

const get = (path: string) => call(app, 'GET', path, { cookie: owner.cookie });

async function links(query: string): Promise<AuditLinksResponse> {
  const response = await get(`/api/site-checks/${id}/audit/links?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditLinksResponse;
}

beforeAll(async () => {
  site = await startTestSite({ '/': { body: '<title>Home</title>' } });
  ({ app, database } = await buildTestApp());
  owner = await signUp(app);
  // A crawl the account owns (no worker runs here, so it stays queued) ...
  const started = await call(app, 'POST', '/api/site-checks', {
    cookie: owner.cookie,
    payload: { siteUrl: site.url('/'), source: 'crawl' },
  });
  expect(started.statusCode, started.body).toBe(201);
  id = started.json().siteCheck.id as string;
  // ... and its audit snapshot's links, as the worker's build writes them.
  const url = (path: string) => site.url(path);
  const rows = LINKS.map(
    (link, position) =>
      sql`(${id}::uuid, ${link.kind}, ${position}, ${url(link.source)},
        ${`/${link.source.split('/')[1]}`}, ${url(link.target)}, ${`to ${link.target}`}, false,
        false, ${link.status}::int, ${link.error}, ${link.kind === 'redirected' ? url('/') : null})`,
  );
  await database.db.execute(sql`insert into site_audit_links (site_check_id, kind, position,
    source, section, target, anchor, nofollow, rendered_only, target_status, target_error,
    final_url) values ${sql.join(rows, sql`, `)}`);
  await database.db.execute(sql`update site_checks set audit_built_at = now() where id = ${id}`);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await site?.close();
});

describe('the links status filter', () => {
  it('lists the statuses of the broken links with their counts, no answer last', async () => {
    const broken = await links('kind=broken');
    expect(broken.total).toBe(6);
    expect(broken.statuses).toEqual([
      { status: 404, links: 2 },
      { status: 410, links: 1 },
      { status: 500, links: 1 },
      { status: null, links: 2 },
    ]);
  });

  it('lists the redirect statuses for redirected links', async () => {
    const redirected = await links('kind=redirected');
    expect(redirected.statuses).toEqual([
      { status: 301, links: 2 },
      { status: 308, links: 1 },
    ]);
  });

  it('keeps the links of each listed status, and `none` the targets that never answered', async () => {
    for (const kind of ['broken', 'redirected'] as const) {
      const { statuses } = await links(`kind=${kind}`);
      for (const { status, links: count } of statuses) {
        const filtered = await links(`kind=${kind}&status=${status ?? 'none'}&pageSize=200`);
        expect(filtered.total, `${kind} ${status}`).toBe(count);
        expect(filtered.rows.every((row: AuditLinkRow) => row.targetStatus === status)).toBe(true);
      }
    }
    const none = await links('kind=broken&status=none&sort=source');
    expect(none.rows.map((row) => [new URL(row.target).pathname, row.targetError])).toEqual([
      ['/down', 'timeout'],
      ['/refused', 'fetch_failed'],
    ]);
    // The statuses stay those of the whole kind while a status is chosen (the filter's options).
    expect(none.statuses).toHaveLength(4);
  });

  it('exports the links of a status as CSV, and refuses a status that is not one', async () => {
    const csv = await get(`/api/site-checks/${id}/audit/links.csv?kind=broken&status=none`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);
    const wrong = await get(`/api/site-checks/${id}/audit/links?kind=broken&status=missing`);
    expect(wrong.statusCode).toBe(400);
  });
});
