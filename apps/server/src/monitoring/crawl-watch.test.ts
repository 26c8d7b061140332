import { waitUntil } from '@crawlwise/shared/wait-until';
import { MAX_WATCHES_PER_ACCOUNT } from '@crawlwise/shared/watches';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GeneratedSite,
  generateSite,
} from '../../../../bench/site-generator/generate-site.ts';
import { type ServedSite, serveSite } from '../../../../bench/site-generator/serve-site.ts';
import { queryRows } from '../db/database.ts';
import { currentAuditKey } from '../db/tables/site-audit.ts';
import { Mailer } from '../services/mailer.ts';
import { call, signUp, type TestAccount } from '../test-support/accounts.ts';
import {
  buildTestApp,
  mailText,
  startSmtpServer,
  type TestSmtpServer,
  testWorker,
} from '../test-support/test-app.ts';
import type { Worker } from '../worker/worker.ts';
import { WatchMonitor } from './watch-monitor.ts';

/**
 * A crawl watch end to end (issue 20.4, docs/monitoring.md › Crawl watches): a crawl of the
 * generated site (bench/site-generator) through the API, a watch made from it, then one link
 * broken and one page marked noindex on the served site, the watch's run crawls again with the
 * stored settings, and the one mail, through a real SMTP server on 127.0.0.1, names exactly that
 * new broken link and that page. The real database, real workers, a moved clock.
 */

const PUBLIC_URL = 'http://crawlwise.test:8080';
const HOUR = 60 * 60 * 1000;

let app: FastifyInstance;
let site: GeneratedSite;
let served: ServedSite;
let smtp: TestSmtpServer;
let mailer: Mailer;
let owner: TestAccount;
let now = new Date();

beforeAll(async () => {
  site = generateSite({ pages: 200, seed: 'crawl-watch', origin: 'https://site.test' });
  served = await serveSite(site);
  smtp = await startSmtpServer();
  ({ app } = await buildTestApp({ PUBLIC_URL, SITE_CHECK_PAGE_INTERVAL_MS: '0' }));
  mailer = new Mailer({ smtpUrl: smtp.url, from: 'Crawlwise <watch@crawlwise.test>' }, app.log);
  owner = await signUp(app);
});

afterAll(async () => {
  await mailer?.close();
  await app?.close();
  await smtp?.close();
  await served?.close();
});

function worker(): Worker {
  return testWorker(app, {
    clock: () => now,
    concurrency: 2,
    pollIntervalMs: 20,
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

const tick = (workers: Worker[]) => Promise.all(workers.map((each) => each.runMonitoring()));

/** A served path's HTML, changed in place (the server reads the map on every request). */
function edit(path: string, change: (body: string) => string) {
  const response = site.responses.get(path);
  if (!response) throw new Error(`no page ${path}`);
  site.responses.set(path, { ...response, body: change(response.body) });
}

describe('a crawl watch', () => {
  it('crawls again with the stored settings and mails exactly the new broken link and the newly noindexed page', async () => {
    const started = await call(app, 'POST', '/api/site-checks', {
      cookie: owner.cookie,
      payload: { siteUrl: served.url, source: 'crawl', crawl: { maxPages: 300, maxDepth: 12 } },
    });
    expect(started.statusCode).toBe(201);
    const firstCrawl = started.json().siteCheck.id as string;
    now = new Date();
    const workers = [worker(), worker()];
    await Promise.all(workers.map((each) => each.start()));
    try {
      // The first crawl ends and its audit snapshot is built.
      await waitUntil(
        async () => {
          const [row] = await queryRows<{ ok: boolean }>(
            app.database.db,
            sql`select status = 'completed' and audit_built_at >= completed_at as ok
                from site_checks where id = ${firstCrawl}`,
          );
          return row?.ok ? true : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 250, what: 'the first crawl and its snapshot' },
      );

      const created = await call(app, 'POST', '/api/watches', {
        cookie: owner.cookie,
        payload: {
          url: served.url,
          kind: 'crawl',
          frequency: 'daily',
          threshold: 50,
          siteCheckId: firstCrawl,
        },
      });
      expect(created.statusCode).toBe(201);
      const watch = created.json().watch as { id: string; next_run_at: string };
      expect(created.json().watch).toMatchObject({ kind: 'crawl', url: served.url });
      // The crawl's settings are stored with the watch, through the crawl's schema.
      const [stored] = await queryRows<{ crawl: unknown; last_site_check_id: string }>(
        app.database.db,
        sql`select crawl, last_site_check_id from watches where id = ${watch.id}`,
      );
      expect(stored).toEqual({
        crawl: {
          maxPages: 300,
          maxDepth: 12,
          includeSubdomains: false,
          followNofollow: false,
          include: [],
          exclude: [],
          checkExternal: false,
          maxExternal: 500,
        },
        last_site_check_id: firstCrawl,
      });

      // Between the crawls: one article links to a page that does not exist, another is noindex.
      const articles = await queryRows<{ url: string }>(
        app.database.db,
        sql`select url from site_audit_pages where site_check_id = ${currentAuditKey(firstCrawl)}
              and indexable and state = 'completed' and url ~ '^http://[^/]+/[^/]+/[^/]+/[^/]+$'
            order by url collate "C" limit 2`,
      );
      const [linking, noindexed] = articles.map((row) => new URL(row.url));
      if (!linking || !noindexed) throw new Error('the site has articles');
      const related = site.responses
        .get(linking.pathname)!
        .body.match(/<aside[\s\S]*?href="(\/[^"]+)"/);
      if (!related?.[1]) throw new Error('an article links to related items');
      const goneTarget = `${related[1]}-gone`;
      edit(linking.pathname, (body) =>
        body.replace(`href="${related[1]}"`, `href="${goneTarget}"`),
      );
      edit(noindexed.pathname, (body) =>
        body.replace('<head>', '<head>\n<meta name="robots" content="noindex">'),
      );

      // The watch's first slot: one crawl starts (two workers), runs, is judged once.
      now = new Date(new Date(watch.next_run_at).getTime() + 60_000);
      await tick(workers);
      await tick(workers);
      const runs = await queryRows<{ site_check_id: string; crawl: { maxPages: number } }>(
        app.database.db,
        sql`select watch_runs.site_check_id, site_checks.crawl from watch_runs
            join site_checks on site_checks.id = watch_runs.site_check_id
            where watch_runs.watch_id = ${watch.id}`,
      );
      expect(runs).toHaveLength(1);
      expect(runs[0]!.crawl).toMatchObject({ maxPages: 300, maxDepth: 12 });
      await waitUntil(
        async () => {
          const pending = await queryRows(
            app.database.db,
            sql`select 1 from watch_runs where watch_id = ${watch.id} and evaluated_at is null`,
          );
          if (pending.length === 0) return true;
          await tick(workers);
          return undefined;
        },
        { timeoutMs: 150_000, intervalMs: 500, what: 'the crawl run to be judged' },
      );
      await tick(workers);

      const mails = smtp.mails.filter((mail) => mail.to.includes(owner.email));
      expect(mails).toHaveLength(1);
      // mailText undoes quoted-printable byte by byte; the bytes are UTF-8 (the → of a link).
      const text = Buffer.from(mailText(mails[0]!), 'latin1').toString('utf8');
      expect(mails[0]!.raw).toMatch(/Subject: New broken links on 127\.0\.0\.1:\d+/);
      const origin = served.url.slice(0, -1);
      const lines = text.split(/\r?\n/);
      const section = (heading: RegExp) => {
        const start = lines.findIndex((line) => heading.test(line));
        if (start < 0) return [];
        const items: string[] = [];
        for (const line of lines.slice(start + 1)) {
          if (!line.startsWith('  ')) break;
          items.push(line.trim());
        }
        return items;
      };
      expect(section(/^- 1 new broken internal link:$/)).toEqual([
        `${linking.href} → ${origin}${goneTarget} (HTTP 404)`,
      ]);
      expect(section(/^- 1 page became non-indexable:$/)).toEqual([
        `${noindexed.href} (Marked noindex)`,
      ]);
      expect(text).toContain(`${PUBLIC_URL}/site-check?id=${runs[0]!.site_check_id}`);
      expect(text).toContain(`${PUBLIC_URL}/site-check?id=${firstCrawl}`);
      expect(text).toMatch(/\/api\/watches\/stop\?token=\S+/);

      // The run is the new baseline; the profile's list shows the crawl's site score.
      const listed = await call(app, 'GET', '/api/watches', { cookie: owner.cookie });
      expect(listed.json().watches[0]).toMatchObject({
        kind: 'crawl',
        last_score: expect.any(Number),
      });
    } finally {
      await Promise.all(workers.map((each) => each.stop()));
    }
  }, 300_000);
});

describe('the crawl watch API and limits', () => {
  const post = (account: TestAccount, payload: Record<string, unknown>) =>
    call(app, 'POST', '/api/watches', { cookie: account.cookie, payload });

  it('counts crawl watches with the others towards the account limit, one per site', async () => {
    const account = await signUp(app);
    const crawl = await post(account, { url: served.url, kind: 'crawl' });
    expect(crawl.statusCode).toBe(201);
    // The defaults of a crawl when neither settings nor a crawl to copy are given.
    const [stored] = await queryRows<{ crawl: { maxPages: number; maxDepth: number } }>(
      app.database.db,
      sql`select crawl from watches where id = ${crawl.json().watch.id}`,
    );
    expect(stored!.crawl).toMatchObject({ maxPages: 200, maxDepth: 10 });
    expect((await post(account, { url: `${served.url}about`, kind: 'crawl' })).json().error).toBe(
      'watch_exists',
    );
    // A sitemap watch of the same site is another watch.
    expect((await post(account, { url: served.url, kind: 'site' })).statusCode).toBe(201);
    for (let index = 0; index < MAX_WATCHES_PER_ACCOUNT - 2; index += 1) {
      const page = await post(account, { url: `${served.url}page-${index}` });
      expect(page.statusCode).toBe(201);
    }
    const over = await post(account, { url: 'http://127.0.0.1:9/', kind: 'crawl' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe('watch_limit_reached');
  });

  it('validates the settings with the crawl schema and the page caps of a crawl', async () => {
    const account = await signUp(app);
    const deep = await post(account, { url: served.url, kind: 'crawl', crawl: { maxDepth: 99 } });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error).toBe('invalid_request');
    const unknown = await post(account, { url: served.url, kind: 'crawl', crawl: { speed: 9 } });
    expect(unknown.json().error).toBe('invalid_request');
    const unverified = await post(account, {
      url: served.url,
      kind: 'crawl',
      crawl: { maxPages: 600 },
    });
    expect(unverified.json().error).toBe('site_not_verified');
    const overCap = await post(account, {
      url: served.url,
      kind: 'crawl',
      crawl: { maxPages: 100_000 },
    });
    expect(overCap.json().error).toBe('crawl_over_page_cap');
    const listed = await call(app, 'GET', '/api/watches', { cookie: account.cookie });
    expect(listed.json().watches).toEqual([]);
  });

  it('skips a run the crawl rules refuse (a large crawl of a site no longer verified)', async () => {
    const account = await signUp(app);
    const created = await post(account, { url: served.url, kind: 'crawl' });
    const watch = created.json().watch as { id: string; next_run_at: string };
    // As if the site had been verified when the watch was made, and is not any more.
    await app.database.db.execute(
      sql`update watches set crawl = jsonb_set(crawl, '{maxPages}', '600') where id = ${watch.id}`,
    );
    const slot = new Date(watch.next_run_at);
    now = new Date(slot.getTime() + 60_000);
    const monitor = new WatchMonitor({
      database: app.database,
      mailer,
      publicOrigin: PUBLIC_URL,
      logger: app.log,
      limits: app.limits,
      verifications: app.services.siteVerifications,
      siteCrawlMaxPages: app.services.config.SITE_CRAWL_MAX_PAGES,
    });
    // Only this watch is due (the other tests' watches wait).
    await app.database.db.execute(
      sql`update watches set next_run_at = next_run_at + interval '30 days'
          where id <> ${watch.id}`,
    );
    expect(await monitor.startDueRuns(now)).toBe(0);
    const [row] = await queryRows<{ next_run_at: Date; runs: number }>(
      app.database.db,
      sql`select next_run_at, (select count(*)::int from watch_runs where watch_id = ${watch.id})
            as runs from watches where id = ${watch.id}`,
    );
    expect(row!.runs).toBe(0);
    expect(new Date(row!.next_run_at)).toEqual(new Date(slot.getTime() + 24 * HOUR));
  });
});
