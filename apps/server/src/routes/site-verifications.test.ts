import net from 'node:net';
import { createEngine } from '@crawlwise/analyzer/engine';
import { VERIFICATION_TOKEN_PATTERN } from '@crawlwise/shared/site-verification';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/database.ts';
import { call, signUp, type TestAccount } from '../test-support/accounts.ts';
import {
  buildAppWith,
  buildTestApp,
  HEALTHY_PAGE,
  startTestSite,
  type TestSite,
  testConfig,
} from '../test-support/test-app.ts';

/**
 * Site ownership verification (issue 19, item 6): the life cycle of a verification against a
 * local site on 127.0.0.1 (meta tag, then file, then neither), the crawl limits it unlocks, and
 * the address guard in front of its fetches.
 */

type Page = { body: string; type?: string };
let pages: Record<string, Page>;
let app: FastifyInstance;
let site: TestSite;
let owner: TestAccount;

const FILE = '/.well-known/crawlwise-verification.txt';
const homeWithMeta = (token: string) =>
  HEALTHY_PAGE.replace(
    '<head>',
    `<head><meta name="crawlwise-site-verification" content="${token}">`,
  );

beforeAll(async () => {
  pages = { '/': { body: HEALTHY_PAGE } };
  site = await startTestSite(pages);
  ({ app } = await buildTestApp({ SITE_CHECK_PAGE_INTERVAL_MS: '1000' }));
  owner = await signUp(app);
});

afterAll(async () => {
  await app.close();
  await site.close();
});

const start = (account: TestAccount, siteUrl = site.url('/some/page')) =>
  call(app, 'POST', '/api/site-verifications', { cookie: account.cookie, payload: { siteUrl } });
const check = (account: TestAccount, id: string) =>
  call(app, 'POST', `/api/site-verifications/${id}/check`, { cookie: account.cookie });
const crawl = (account: TestAccount, maxPages: number) =>
  call(app, 'POST', '/api/site-checks', {
    cookie: account.cookie,
    payload: { siteUrl: site.url('/'), source: 'crawl', crawl: { maxPages } },
  });
const cancel = (account: TestAccount, id: string) =>
  call(app, 'POST', `/api/site-checks/${id}/cancel`, { cookie: account.cookie });

describe('site verification life cycle', () => {
  let id: string;
  let token: string;

  it('needs a session', async () => {
    const response = await call(app, 'POST', '/api/site-verifications', {
      payload: { siteUrl: site.url('/') },
    });
    expect(response.statusCode).toBe(401);
  });

  it('creates one verification per account and origin, with a random token and both proofs', async () => {
    const first = await start(owner);
    expect(first.statusCode).toBe(200);
    const verification = first.json().verification;
    ({ id, token } = verification);
    expect(token).toMatch(VERIFICATION_TOKEN_PATTERN);
    expect(verification).toMatchObject({
      siteUrl: site.url('/'),
      metaTag: `<meta name="crawlwise-site-verification" content="${token}">`,
      fileUrl: site.url(FILE),
      verifiedAt: null,
    });
    const again = await start(owner, site.url('/'));
    expect(again.json().verification).toMatchObject({ id, token });
    const other = await start(await signUp(app));
    expect(other.json().verification.token).not.toBe(token);
  });

  it('is verified by the meta tag on the home page', async () => {
    pages['/'] = { body: homeWithMeta(token) };
    const response = await check(owner, id);
    expect(response.statusCode).toBe(200);
    expect(response.json().verification.verifiedAt).not.toBeNull();
    expect(response.json().verification.lastError).toBeNull();
  });

  it('is verified by the well-known file', async () => {
    pages['/'] = { body: HEALTHY_PAGE };
    pages[FILE] = { body: `${token}\n`, type: 'text/plain' };
    const response = await check(owner, id);
    expect(response.statusCode).toBe(200);
    expect(response.json().verification.verifiedAt).not.toBeNull();
  });

  it('is refused, saying what was found, when neither proof is there', async () => {
    delete pages[FILE];
    pages['/'] = { body: homeWithMeta('someone-elses-token') };
    const response = await check(owner, id);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('site_verification_failed');
    expect(response.json().message).toContain('someone-elses-token');
    expect(response.json().message).toContain('HTTP 404');
    const listed = await call(app, 'GET', '/api/site-verifications', { cookie: owner.cookie });
    expect(listed.json().verifications).toEqual([
      expect.objectContaining({ id, verifiedAt: null, lastError: response.json().message }),
    ]);
    expect(listed.json().verifiedLimits).toEqual({ maxPages: 10_000, pageIntervalMs: 100 });
  });

  it('refuses a crawl of 600 pages while unverified, and takes it once verified', async () => {
    const refused = await crawl(owner, 600);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('site_not_verified');

    pages[FILE] = { body: token, type: 'text/plain' };
    expect((await check(owner, id)).statusCode).toBe(200);
    const accepted = await crawl(owner, 600);
    expect(accepted.statusCode).toBe(201);
    const checkId = accepted.json().siteCheck.id as string;
    const [row] = await queryRows<{ page_interval_ms: number | null }>(
      app.database.db,
      sql`select page_interval_ms from site_checks where id = ${checkId}`,
    );
    expect(row?.page_interval_ms).toBe(100);
    expect((await cancel(owner, checkId)).statusCode).toBe(200);
  });

  it('keeps an unverified crawl at the server floor', async () => {
    const account = await signUp(app);
    const accepted = await crawl(account, 500);
    expect(accepted.statusCode).toBe(201);
    const checkId = accepted.json().siteCheck.id as string;
    const [row] = await queryRows<{ page_interval_ms: number | null }>(
      app.database.db,
      sql`select page_interval_ms from site_checks where id = ${checkId}`,
    );
    expect(row?.page_interval_ms).toBeNull();
    expect((await cancel(account, checkId)).statusCode).toBe(200);
  });

  it('refuses a crawl over SITE_CRAWL_MAX_PAGES even when verified', async () => {
    const response = await crawl(owner, 10_001);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('crawl_over_page_cap');
  });

  it('re-checks before a crawl: a proof that is gone refuses it and unverifies the site', async () => {
    delete pages[FILE];
    pages['/'] = { body: HEALTHY_PAGE };
    const fetchesBefore = site.hits.get(FILE) ?? 0;
    const refused = await crawl(owner, 600);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('site_verification_lost');
    expect(site.hits.get(FILE)).toBe(fetchesBefore + 1);
    const listed = await call(app, 'GET', '/api/site-verifications', { cookie: owner.cookie });
    expect(listed.json().verifications[0].verifiedAt).toBeNull();
    // Now plainly unverified: a crawl within the unverified limits runs.
    const small = await crawl(owner, 100);
    expect(small.statusCode).toBe(201);
    expect((await cancel(owner, small.json().siteCheck.id)).statusCode).toBe(200);
  });

  it("answers another account's verification as not found", async () => {
    const stranger = await signUp(app);
    expect((await check(stranger, id)).json().error).toBe('site_verification_not_found');
    const removed = await call(app, 'DELETE', `/api/site-verifications/${id}`, {
      cookie: stranger.cookie,
    });
    expect(removed.statusCode).toBe(404);
    expect((await check(owner, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('removes a verification', async () => {
    const removed = await call(app, 'DELETE', `/api/site-verifications/${id}`, {
      cookie: owner.cookie,
    });
    expect(removed.statusCode).toBe(200);
    const listed = await call(app, 'GET', '/api/site-verifications', { cookie: owner.cookie });
    expect(listed.json().verifications).toEqual([]);
  });
});

describe('site verification check: the rate limit and the address guard', () => {
  let guarded: FastifyInstance;
  const resolver = vi.fn(async () => [{ address: '10.1.2.3', family: 4 as const }]);

  beforeAll(async () => {
    // A real guard (private targets refused) whose DNS answers a private address for any name.
    const engine = createEngine({
      allowPrivate: false,
      resolver,
      render: false,
      analysisThreads: 0,
    });
    guarded = await buildAppWith(testConfig({ ALLOW_PRIVATE_TARGETS: '0', RATE_LIMITS: 'on' }), {
      engine,
    });
    guarded.addHook('onClose', () => engine.close());
  });
  afterAll(() => guarded.close());

  it('reads no proof from a site whose name resolves to a private address, and limits checks', async () => {
    const account = await signUp(guarded);
    const started = await call(guarded, 'POST', '/api/site-verifications', {
      cookie: account.cookie,
      payload: { siteUrl: 'https://owned-site.example/' },
    });
    const verificationId = started.json().verification.id as string;
    const connect = vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(() => {
      throw new Error('a connection was attempted');
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt += 1) {
        const response = await call(
          guarded,
          'POST',
          `/api/site-verifications/${verificationId}/check`,
          {
            cookie: account.cookie,
          },
        );
        statuses.push(response.statusCode);
        if (attempt === 0) {
          expect(response.json().error).toBe('site_verification_failed');
          expect(response.json().message).toMatch(/private network/i);
        }
      }
      // Six checks a minute per account; the seventh is refused before any fetch.
      expect(statuses).toEqual([422, 422, 422, 422, 422, 422, 429]);
      expect(resolver).toHaveBeenCalledWith('owned-site.example');
      expect(connect).not.toHaveBeenCalled();
    } finally {
      connect.mockRestore();
    }
  });
});
