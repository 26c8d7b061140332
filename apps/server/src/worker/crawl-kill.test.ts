import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSite } from '../../../../bench/site-generator/generate-site.ts';
import { type ServedSite, serveSite } from '../../../../bench/site-generator/serve-site.ts';
import { queryRows } from '../db/database.ts';
import { call, signUp, type TestAccount } from '../test-support/accounts.ts';
import { buildTestApp } from '../test-support/test-app.ts';
import { startWorkerProcess, stopWorker } from '../test-support/worker-process.ts';

/**
 * Issue 19: a crawl survives a worker killed with SIGKILL in its middle. Two real worker
 * processes crawl the generated 200-page site on PostgreSQL (processes can share only a real
 * PostgreSQL, so this runs when DATABASE_URL is set, as CI does); one is killed mid-crawl, the
 * other finishes. Every address is then a page of the crawl exactly once, each page was
 * completed once, and the site findings are still exactly the planted ones.
 */

const LEASE_SECONDS = 4;

/** A log line as JSON, or null for the killed worker's last line cut short by SIGKILL. */
function parseLogLine(line: string): { reportId: string; accepted: boolean } | null {
  try {
    return JSON.parse(line) as { reportId: string; accepted: boolean };
  } catch {
    return null;
  }
}

const startWorker = () =>
  startWorkerProcess({
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    SITE_CHECK_PAGE_INTERVAL_MS: '0',
  });

describe.skipIf(!process.env.DATABASE_URL)('a crawl on PostgreSQL', () => {
  let app: FastifyInstance;
  let served: ServedSite;
  let owner: TestAccount;

  beforeAll(async () => {
    served = await serveSite(
      generateSite({ pages: 200, seed: 'crawl-kill', origin: 'https://site.test' }),
    );
    ({ app } = await buildTestApp());
    owner = await signUp(app);
  });

  afterAll(async () => {
    await app?.close();
    await served?.close();
  });

  it('accounts for every page exactly once when a worker is killed with SIGKILL mid-crawl', async () => {
    const { expected } = served;
    const started = await call(app, 'POST', '/api/site-checks', {
      cookie: owner.cookie,
      payload: { siteUrl: expected.startUrl, source: 'crawl', crawl: { maxPages: 500 } },
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().siteCheck.id as string;
    const count = async (status: string) => {
      const [row] = await queryRows<{ n: number }>(
        app.database.db,
        sql`select count(*)::int as n from reports where site_check_id = ${id} and status = ${status}`,
      );
      return Number(row?.n ?? 0);
    };
    const statusOf = async () =>
      (await call(app, 'GET', `/api/site-checks/${id}`, { cookie: owner.cookie })).json().siteCheck
        .status as string;

    const doomed = startWorker();
    const survivor = startWorker();
    try {
      // Killed once the crawl is under way and the doomed worker has completed pages of it: with
      // renders as fast as they are now, the survivor alone could reach 40 pages while the doomed
      // one still started its browser (a CI run saw the kill come before its first page).
      await waitUntil(
        async () => (await count('completed')) >= 40 && doomed.log().includes('"report completed"'),
        { timeoutMs: 60_000, intervalMs: 100, what: 'the crawl to be under way in both workers' },
      );
      doomed.child.kill('SIGKILL');
      await new Promise((resolve) => doomed.child.once('exit', resolve));
      await waitUntil(async () => !['discovering', 'running'].includes(await statusOf()), {
        timeoutMs: 150_000,
        intervalMs: 250,
        what: 'the survivor to finish the crawl',
      });
    } finally {
      doomed.child.kill('SIGKILL');
      await stopWorker(survivor);
    }
    expect(await statusOf()).toBe('completed');

    // Every address is a page of the crawl once, and every page is settled.
    const rows = await queryRows<{ id: string; url: string; status: string }>(
      app.database.db,
      sql`select r.id, u.normalized_url as url, r.status from reports r
          join urls u on u.id = r.url_id where r.site_check_id = ${id}`,
    );
    const urls = rows.map((row) => row.url).sort();
    expect(urls).toEqual([...expected.crawl.requested, ...expected.crawl.blocked].sort());
    expect(rows.filter((row) => row.status === 'queued' || row.status === 'analyzing')).toEqual([]);

    // Each completed page was completed by exactly one of the two processes.
    const completions = new Map<string, number>();
    for (const worker of [doomed, survivor]) {
      for (const line of worker.log().split('\n')) {
        if (!line.includes('"report completed"')) continue;
        const entry = parseLogLine(line);
        if (!entry) continue;
        const { reportId, accepted } = entry;
        // A completion refused because the lease had passed on is not a completion.
        if (!accepted) continue;
        completions.set(reportId, (completions.get(reportId) ?? 0) + 1);
      }
    }
    // A worker logs a completion just after committing it, so a report the doomed worker
    // committed in the instant before SIGKILL has no line; at most its concurrency (2) can.
    const completed = rows.filter((r) => r.status === 'completed');
    for (const row of completed) {
      expect(completions.get(row.id) ?? 0, row.url).toBeLessThanOrEqual(1);
    }
    const unlogged = completed.filter((row) => !completions.has(row.id)).map((row) => row.url);
    expect(unlogged.length, unlogged.join(' ')).toBeLessThanOrEqual(2);
    expect(
      [...doomed.log().matchAll(/"report completed"/g)].length,
      'the killed worker had done part of the crawl',
    ).toBeGreaterThan(0);

    // The link graph is whole: the findings are exactly the planted ones.
    const report = (
      await call(app, 'GET', `/api/site-checks/${id}/report`, { cookie: owner.cookie })
    ).json().report;
    const found: Record<string, string[]> = {};
    for (const finding of report.crawl.findings as Array<{
      id: string;
      items: Array<{ url: string }>;
    }>) {
      found[finding.id] = [...new Set(finding.items.map((item) => item.url))].sort();
    }
    for (const [finding, affected] of Object.entries(expected.affected)) {
      expect(found[finding] ?? [], finding).toEqual(affected);
    }
  }, 240_000);
});
