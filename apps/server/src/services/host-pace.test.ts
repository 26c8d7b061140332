import type http from 'node:http';
import type { Engine } from '@crawlwise/analyzer/engine';
import { isOriginProbe } from '@crawlwise/analyzer/gather/origin-probes';
import { startHttpServer } from '@crawlwise/analyzer/test-support/local-server';
import { MAX_CRAWL_DELAY_MS, MAX_RETRY_AFTER_MS } from '@crawlwise/shared/crawl-pace';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import { signUp } from '../test-support/accounts.ts';
import { buildTestApp, HEALTHY_PAGE, testWorker } from '../test-support/test-app.ts';
import type { Worker } from '../worker/worker.ts';
import { createEngine } from './engine-factory.ts';
import { JobQueue } from './job-queue.ts';
import { cancelSiteCheck, getSiteCheck, startSiteCheck } from './site-checks.ts';

/**
 * The per-host pace of site checks (issue 19, item 5), measured against the clock on real local
 * sites. Each test's site has a host name of its own (RESOLVE_OVERRIDES sends it to 127.0.0.1),
 * so the hosts' pace rows never mix, on PGlite or on a PostgreSQL shared between runs. Intervals
 * are short parameters: no test waits for a real Crawl-delay or Retry-After cap.
 */

const HOSTS = [
  'pace.test',
  'turns.test',
  'delay.test',
  'hostile-delay.test',
  'slow.test',
  'busy.test',
  'busy-cap.test',
];

interface Hit {
  path: string;
  at: number;
}

interface Host {
  url: (path: string) => string;
  /** Every request, in order of arrival. */
  hits: Hit[];
  close(): Promise<void>;
}

async function startHost(
  name: string,
  respond: (path: string, res: http.ServerResponse) => void,
): Promise<Host> {
  const hits: Hit[] = [];
  const server = await startHttpServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.push({ path, at: performance.now() });
    respond(path, res);
  });
  return {
    url: (path) => `http://${name}:${server.port}${path}`,
    hits,
    close: () => server.close(),
  };
}

const page = (res: http.ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HEALTHY_PAGE);

const robots = (text: string) => (res: http.ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/plain' }).end(text);

/**
 * Gaps between consecutive page requests: robots.txt, llms.txt and the other files the engine
 * asks once per origin (favicon.ico, the sitemap, the soft-404 probe's unknown path) left out.
 */
const pageGaps = (hits: readonly Hit[]) => {
  const pages = hits.filter((hit) => !isOriginProbe(hit.path));
  return pages.slice(1).map((hit, index) => hit.at - pages[index]!.at);
};

let app: FastifyInstance;
const extraEngines: Engine[] = [];

beforeAll(async () => {
  ({ app } = await buildTestApp({
    RESOLVE_OVERRIDES: HOSTS.map((host) => `${host}=127.0.0.1`).join(','),
  }));
  // A PostgreSQL kept between runs still has these hosts' rows from the last run.
  await app.database.db.execute(
    sql`delete from host_pace where host in (${sql.join(
      HOSTS.map((host) => sql`${host}`),
      sql`, `,
    )})`,
  );
});

afterAll(async () => {
  await Promise.all(extraEngines.map((engine) => engine.close()));
  await app?.close();
});

/** A worker of its own, as another process would be: its own engine (robots.txt kept apart). */
async function separateWorker(queue: JobQueue): Promise<Worker> {
  const engine = await createEngine(app.services.config);
  extraEngines.push(engine);
  return testWorker(app, { queue, engine, concurrency: 2, pollIntervalMs: 10 });
}

async function listCheck(host: Host, paths: string[]) {
  const owner = await signUp(app);
  const site = new URL(host.url('/'));
  const check = await startSiteCheck({ database: app.database, limits: app.limits }, owner.userId, {
    site,
    source: 'list',
    list: paths.map((path) => host.url(path)).join('\n'),
  });
  return { owner, id: check.id };
}

async function runUntilSettled(
  workers: Worker[],
  checks: { owner: { userId: string }; id: string }[],
) {
  for (const worker of workers) await worker.start();
  try {
    await waitUntil(
      async () => {
        for (const check of checks) {
          const summary = await getSiteCheck(app.database.db, check.owner.userId, check.id);
          if (summary?.status === 'running') return false;
        }
        return true;
      },
      { timeoutMs: 30_000, intervalMs: 20, what: 'the site checks to end' },
    );
  } finally {
    for (const worker of workers) await worker.stop(0);
  }
}

const pagesOf = (id: string) =>
  queryRows<{ url: string; status: string; attempts: number; error_code: string | null }>(
    app.database.db,
    sql`select u.normalized_url as url, r.status, r.attempts, r.error_code from reports r
        join urls u on u.id = r.url_id where r.site_check_id = ${id} order by r.run_after`,
  );

describe('the per-host pace', () => {
  it('holds across two workers and two checks of one host, which take turns', async () => {
    const host = await startHost('pace.test', (path, res) =>
      path === '/robots.txt' ? robots('User-agent: *\nAllow: /\n')(res) : page(res),
    );
    try {
      const intervalMs = 250;
      const queue = new JobQueue(app.database, { leaseSeconds: 5, sitePageIntervalMs: intervalMs });
      const first = await listCheck(host, ['/a/1', '/a/2', '/a/3', '/a/4']);
      const second = await listCheck(host, ['/b/1', '/b/2', '/b/3', '/b/4']);
      await runUntilSettled(
        [await separateWorker(queue), await separateWorker(queue)],
        [first, second],
      );

      const pages = [...(await pagesOf(first.id)), ...(await pagesOf(second.id))];
      expect(pages.map((row) => row.status)).toEqual(Array(8).fill('completed'));
      // Claimed in the database: never closer than the interval, across both checks.
      const claims = await queryRows<{ ms: number }>(
        app.database.db,
        sql`select (extract(epoch from started_at) * 1000)::float8 as ms from reports
            where site_check_id in (${first.id}, ${second.id}) order by started_at`,
      );
      const claimGaps = claims.slice(1).map((row, index) => row.ms - claims[index]!.ms);
      expect(claimGaps).toHaveLength(7);
      for (const gap of claimGaps) expect(gap).toBeGreaterThanOrEqual(intervalMs);
      // Received by the site: each request starts at least the interval after the previous one
      // was answered (the turn is held from the claim until the answer is in).
      const gaps = pageGaps(host.hits);
      expect(gaps).toHaveLength(7);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(intervalMs);
      // The two checks took turns instead of one waiting for the other to finish.
      const order = host.hits.filter((hit) => !isOriginProbe(hit.path)).map((hit) => hit.path[1]);
      expect(order.slice(0, 4).sort()).toEqual(['a', 'a', 'b', 'b']);
    } finally {
      await host.close();
    }
  });

  it("claims a paced host's next page at its turn, not at the worker's next poll", async () => {
    const host = await startHost('turns.test', (path, res) =>
      path === '/robots.txt' ? robots('User-agent: *\nAllow: /\n')(res) : page(res),
    );
    try {
      const intervalMs = 200;
      const queue = new JobQueue(app.database, { leaseSeconds: 5, sitePageIntervalMs: intervalMs });
      const check = await listCheck(host, ['/t/1', '/t/2', '/t/3', '/t/4']);
      // No poll within the test: only the wake-up at each turn can claim the pages after the
      // first (bench:crawl measured a paced crawl at one page per poll before it existed).
      const engine = await createEngine(app.services.config);
      extraEngines.push(engine);
      const worker = testWorker(app, { queue, engine, concurrency: 2, pollIntervalMs: 600_000 });
      await runUntilSettled([worker], [check]);
      const pages = await pagesOf(check.id);
      expect(pages.map((row) => row.status)).toEqual(Array(4).fill('completed'));
      const gaps = pageGaps(host.hits);
      expect(gaps).toHaveLength(3);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(intervalMs);
    } finally {
      await host.close();
    }
  });

  it("honours the robots.txt Crawl-delay of the site's * group", async () => {
    const host = await startHost('delay.test', (path, res) =>
      path === '/robots.txt'
        ? robots('User-agent: *\nCrawl-delay: 0.4\nAllow: /\n')(res)
        : page(res),
    );
    try {
      // The floor is far below the Crawl-delay, which is learnt when the first page's worker
      // reads robots.txt, while it holds the host's turn.
      const queue = new JobQueue(app.database, { leaseSeconds: 5, sitePageIntervalMs: 50 });
      const check = await listCheck(host, ['/1', '/2', '/3', '/4']);
      await runUntilSettled([await separateWorker(queue), await separateWorker(queue)], [check]);

      expect((await pagesOf(check.id)).map((row) => row.status)).toEqual(
        Array(4).fill('completed'),
      );
      expect(await queue.hostPace.state('delay.test')).toMatchObject({ crawlDelayMs: 400 });
      const gaps = pageGaps(host.hits);
      expect(gaps).toHaveLength(3);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(400);
    } finally {
      await host.close();
    }
  });

  it('caps a hostile Crawl-delay, and the check can still be cancelled', async () => {
    const host = await startHost('hostile-delay.test', (path, res) =>
      path === '/robots.txt' ? robots('User-agent: *\nCrawl-delay: 86400\n')(res) : page(res),
    );
    try {
      const queue = new JobQueue(app.database, { leaseSeconds: 5, sitePageIntervalMs: 50 });
      const check = await listCheck(host, ['/1', '/2']);
      const worker = await separateWorker(queue);
      await worker.start();
      try {
        await waitUntil(async () => (await pagesOf(check.id))[0]?.status === 'completed', {
          timeoutMs: 15_000,
          intervalMs: 20,
          what: 'the first page',
        });
      } finally {
        await worker.stop(0);
      }
      const [row] = await queryRows<{ crawl_delay_ms: number; wait_ms: number }>(
        app.database.db,
        sql`select crawl_delay_ms, extract(epoch from (next_at - now())) * 1000 as wait_ms
            from host_pace where host = 'hostile-delay.test'`,
      );
      // A day's Crawl-delay counts as the cap: the next page waits 30 s from the first answer.
      expect(row?.crawl_delay_ms).toBe(MAX_CRAWL_DELAY_MS);
      expect(Number(row?.wait_ms)).toBeGreaterThan(MAX_CRAWL_DELAY_MS - 10_000);
      expect(Number(row?.wait_ms)).toBeLessThanOrEqual(MAX_CRAWL_DELAY_MS);
      const cancelled = await cancelSiteCheck(
        { database: app.database, limits: app.limits },
        check.owner.userId,
        check.id,
      );
      expect(cancelled.counts).toMatchObject({ completed: 1, cancelled: 1 });
      expect(host.hits.filter((hit) => hit.path === '/2')).toEqual([]);
    } finally {
      await host.close();
    }
  });
});

describe('back-off on slow answers', () => {
  it('slows the host down when an answer is far slower than its baseline', async () => {
    const host = await startHost('slow.test', (path, res) => {
      if (path === '/robots.txt') return robots('User-agent: *\nAllow: /\n')(res);
      if (path === '/slow') setTimeout(() => page(res), 600);
      else page(res);
    });
    try {
      const floorMs = 20;
      const queue = new JobQueue(app.database, { leaseSeconds: 5, sitePageIntervalMs: floorMs });
      const check = await listCheck(host, ['/1', '/2', '/3', '/4', '/5', '/6', '/slow']);
      await runUntilSettled([await separateWorker(queue)], [check]);

      const state = await queue.hostPace.state('slow.test');
      // Six quick answers made the baseline; the seventh, 600 ms, slowed the host by half.
      expect(state?.samples).toBe(7);
      expect(state?.baselineTtfbMs).toBeLessThan(250);
      expect(state?.intervalMs).toBeGreaterThanOrEqual(floorMs * 1.5);
    } finally {
      await host.close();
    }
  });
});

describe('back-off on 429 / 503', () => {
  it('retries a page after its Retry-After, holds the whole host off as long, then completes it', async () => {
    let refusals = 2;
    const host = await startHost('busy.test', (path, res) => {
      if (path === '/robots.txt') return robots('User-agent: *\nAllow: /\n')(res);
      if (path === '/busy' && refusals > 0) {
        refusals -= 1;
        return res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/html' }).end('wait');
      }
      page(res);
    });
    try {
      const queue = new JobQueue(app.database, { leaseSeconds: 5, sitePageIntervalMs: 50 });
      const check = await listCheck(host, ['/busy', '/1', '/2', '/3']);
      await runUntilSettled([await separateWorker(queue), await separateWorker(queue)], [check]);

      const pages = await pagesOf(check.id);
      expect(pages.map((row) => [new URL(row.url).pathname, row.status]).sort()).toEqual([
        ['/1', 'completed'],
        ['/2', 'completed'],
        ['/3', 'completed'],
        ['/busy', 'completed'],
      ]);
      expect(pages.find((row) => row.url.endsWith('/busy'))?.attempts).toBe(3);
      const busy = host.hits.filter((hit) => hit.path === '/busy');
      expect(busy).toHaveLength(3);
      const pageHits = host.hits.filter((hit) => !isOriginProbe(hit.path));
      for (const refused of busy.slice(0, 2)) {
        // The refused page waited its Retry-After …
        const retry = busy[busy.indexOf(refused) + 1]!;
        expect(retry.at - refused.at).toBeGreaterThanOrEqual(1000);
        // … and so did every other page of the host.
        const next = pageHits[pageHits.indexOf(refused) + 1]!;
        expect(next.at - refused.at).toBeGreaterThanOrEqual(1000);
      }
    } finally {
      await host.close();
    }
  });

  it('caps a Retry-After far in the future, and slows the host down', async () => {
    const host = await startHost('busy-cap.test', (path, res) =>
      path === '/robots.txt'
        ? robots('User-agent: *\nAllow: /\n')(res)
        : res.writeHead(503, { 'retry-after': String(7 * 24 * 3600) }).end(),
    );
    try {
      const queue = new JobQueue(app.database, { leaseSeconds: 5, sitePageIntervalMs: 200 });
      const check = await listCheck(host, ['/down', '/later']);
      const worker = await separateWorker(queue);
      await worker.start();
      try {
        await waitUntil(
          async () =>
            (await pagesOf(check.id)).find((row) => row.url.endsWith('/down'))?.status ===
              'queued' && host.hits.some((hit) => hit.path === '/down'),
          { timeoutMs: 15_000, intervalMs: 20, what: 'the first answer' },
        );
        await waitUntil(async () => (await queue.hostPace.state('busy-cap.test'))?.intervalMs, {
          timeoutMs: 5000,
          intervalMs: 20,
          what: 'the slow-down',
        });
      } finally {
        await worker.stop(0);
      }
      const [row] = await queryRows<{ page_wait_ms: number; host_wait_ms: number; status: string }>(
        app.database.db,
        sql`select r.status,
              extract(epoch from (r.run_after - now())) * 1000 as page_wait_ms,
              extract(epoch from (hp.next_at - now())) * 1000 as host_wait_ms
            from reports r join host_pace hp on hp.host = 'busy-cap.test'
            join urls u on u.id = r.url_id
            where r.site_check_id = ${check.id} and u.normalized_url like '%/down'`,
      );
      // A week's Retry-After counts as the cap, for the page and for its host.
      expect(row?.status).toBe('queued');
      for (const wait of [Number(row?.page_wait_ms), Number(row?.host_wait_ms)]) {
        expect(wait).toBeGreaterThan(MAX_RETRY_AFTER_MS - 10_000);
        expect(wait).toBeLessThanOrEqual(MAX_RETRY_AFTER_MS);
      }
      expect((await queue.hostPace.state('busy-cap.test'))?.intervalMs).toBe(300);
      // Nothing else of the host was requested meanwhile.
      expect(host.hits.filter((hit) => hit.path === '/later')).toEqual([]);
      await cancelSiteCheck(
        { database: app.database, limits: app.limits },
        check.owner.userId,
        check.id,
      );
    } finally {
      await host.close();
    }
  });
});
