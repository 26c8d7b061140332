import { isOriginProbe } from '@crawlwise/analyzer/gather/origin-probes';
import { startHttpServer } from '@crawlwise/analyzer/test-support/local-server';
import { ERROR_WINDOW_MIN_TRIED } from '@crawlwise/shared/crawl-error-rate';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import { call, signUp } from '../test-support/accounts.ts';
import { buildTestApp, testWorker } from '../test-support/test-app.ts';

/**
 * The error-rate stop (issue 19, item 5) on a real local site whose every page but the home page
 * answers 500: the crawl stops with its reason instead of asking for all 40 pages, the pages
 * still waiting are cancelled, and the site hears nothing more (its requests are counted).
 */

const HOST = 'failing.test';
const LINKED_PAGES = 40;
/** Pages each of the test's two workers handles at once. */
const WORKER_SLOTS = 3;

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp({
    RESOLVE_OVERRIDES: `${HOST}=127.0.0.1`,
    SITE_CHECK_PAGE_INTERVAL_MS: '0',
  }));
  await app.database.db.execute(sql`delete from host_pace where host = ${HOST}`);
});

afterAll(async () => {
  await app?.close();
});

describe('the error-rate stop', () => {
  it('stops a crawl of a failing site with its reason, and asks the site for nothing more', async () => {
    const requests: string[] = [];
    const links = Array.from(
      { length: LINKED_PAGES },
      (_, index) => `<a href="/p/${index + 1}">Page ${index + 1}</a>`,
    ).join('');
    const server = await startHttpServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      // robots.txt, llms.txt and the sitemap (the crawl looks for seeds first): none here.
      if (path.endsWith('.txt') || path.endsWith('.xml')) return res.writeHead(404).end();
      // The engine's once-per-origin probes (favicon.ico, the unknown path) are not page requests.
      if (isOriginProbe(path)) return res.writeHead(500).end();
      requests.push(path);
      if (path === '/') {
        return res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<!doctype html><html lang="en"><title>A failing site</title><body>${links}`);
      }
      res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
    });
    const owner = await signUp(app);
    const workers = [1, 2].map(() =>
      testWorker(app, { concurrency: WORKER_SLOTS, pollIntervalMs: 10, retryBaseDelayMs: 10 }),
    );
    try {
      const started = await call(app, 'POST', '/api/site-checks', {
        cookie: owner.cookie,
        payload: {
          siteUrl: `http://${HOST}:${server.port}/`,
          source: 'crawl',
          crawl: { maxDepth: 1 },
        },
      });
      expect(started.statusCode).toBe(201);
      const id = started.json().siteCheck.id as string;
      for (const worker of workers) await worker.start();

      // The check ends, and the pages that were being requested at that moment finish.
      const check = await waitUntil(
        async () => {
          const response = await call(app, 'GET', `/api/site-checks/${id}`, {
            cookie: owner.cookie,
          });
          const siteCheck = response.json().siteCheck;
          return !['discovering', 'running'].includes(siteCheck.status) &&
            siteCheck.counts.analyzing === 0
            ? siteCheck
            : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 20, what: 'the crawl to stop' },
      );
      const heardAtStop = requests.length;

      expect(check.status).toBe('failed');
      expect(check.errorCode).toBe('site_check_error_rate');
      expect(check.errorMessage).toMatch(
        /^Stopped: \d+ of the last 20 pages failed with a server error or no answer/,
      );
      const { counts } = check;
      expect(counts.completed).toBe(1);
      // The stop came with the page that made the window full; the pages the workers were
      // requesting then may have ended after it — with no gap between a host's pages (a zero
      // floor), as many as the workers have slots (docs/site-checks.md › Politeness).
      expect(counts.failed).toBeGreaterThanOrEqual(ERROR_WINDOW_MIN_TRIED - 1);
      expect(counts.failed).toBeLessThan(ERROR_WINDOW_MIN_TRIED + workers.length * WORKER_SLOTS);
      expect(counts.total).toBe(1 + LINKED_PAGES);
      expect(counts.cancelled).toBe(LINKED_PAGES - counts.failed);
      expect(check.errorMessage).toContain(`The ${counts.cancelled} pages still waiting`);

      // Every request was for a page that has an outcome; no cancelled page was asked for.
      const pages = await queryRows<{ path: string; status: string; error_code: string | null }>(
        app.database.db,
        sql`select u.normalized_url as path, r.status, r.error_code from reports r
            join urls u on u.id = r.url_id where r.site_check_id = ${id}`,
      );
      const tried = pages
        .filter((page) => page.status !== 'cancelled')
        .map((page) => new URL(page.path).pathname)
        .sort();
      expect([...requests].sort()).toEqual(tried);
      for (const page of pages.filter((row) => row.status === 'failed')) {
        expect(page.error_code).toBe('http_error_500');
      }
      for (const page of pages.filter((row) => row.status === 'cancelled')) {
        expect(page.error_code).toBe('site_check_cancelled');
      }

      // And nothing more reaches the site while the workers keep polling.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(requests).toHaveLength(heardAtStop);
    } finally {
      for (const worker of workers) await worker.stop(0);
      await server.close();
    }
  });
});
