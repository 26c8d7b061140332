import { randomUUID } from 'node:crypto';
import { pageHistoryResponseSchema } from '@crawlwise/shared/page-history';
import type { ScoredFinding } from '@crawlwise/shared/report';
import { comparisonResponseSchema } from '@crawlwise/shared/report-compare';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { newAccessToken } from '../services/access-token.ts';
import { call, signUp, type TestAccount } from '../test-support/accounts.ts';
import { buildTestApp } from '../test-support/test-app.ts';

/**
 * A page's history and the comparison of two reports through the real routes and database:
 * only the owner's readable reports of one normalised address, and a diff that keeps what an
 * anonymous reader may not see locked.
 */

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
});

afterAll(async () => {
  await app.close();
});

function finding(id: string, severity: ScoredFinding['severity'], message = `${id} text`) {
  const failed = severity !== 'success';
  return {
    id,
    category: 'metadata',
    outcome: failed ? 'failed' : 'passed',
    severity,
    message,
    why: 'why it matters',
    howToFix: failed ? 'the fix' : null,
    details: {},
    points: failed ? 4 : 0,
  } satisfies ScoredFinding;
}

interface StoredReport {
  url: string;
  userId: string | null;
  daysAgo: number;
  status?: 'completed' | 'failed' | 'queued';
  score?: number;
  scoreModel?: number;
  issues?: ScoredFinding[];
}

/** A report row as the worker leaves it; returns its access token. */
async function stored(report: StoredReport): Promise<string> {
  const urlId = await app.reports.upsertUrl(report.url);
  const token = newAccessToken();
  const status = report.status ?? 'completed';
  const done = status === 'completed';
  const categories = done
    ? [{ id: 'metadata', weight: 20, score: report.score ?? 70, deductions: [] }]
    : [];
  await database.db.execute(sql`
    insert into reports (url_id, access_token, user_id, status, score, score_model, error_code,
                         issues, categories, created_at, completed_at)
    values (${urlId}, ${token}, ${report.userId}, ${status}, ${done ? (report.score ?? 70) : null},
            ${done ? (report.scoreModel ?? 2) : null}, ${status === 'failed' ? 'fetch_failed' : null},
            ${JSON.stringify(report.issues ?? [])}::jsonb, ${JSON.stringify(categories)}::jsonb,
            now() - make_interval(days => ${report.daysAgo}),
            ${done ? sql`now() - make_interval(days => ${report.daysAgo})` : null})`);
  return token;
}

const historyOf = (account: TestAccount | null, url: string) =>
  call(app, 'GET', `/api/me/history?url=${encodeURIComponent(url)}`, account ? account : {});

const compare = (a: string, b: string, account: TestAccount | null = null) =>
  call(app, 'GET', `/api/compare?a=${a}&b=${b}`, account ? account : {});

describe('GET /api/me/history', () => {
  it('lists the owner’s readable reports of one normalised address, newest first', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const page = `https://history-${randomUUID()}.example/pricing`;
    const oldest = await stored({ url: page, userId: owner.userId, daysAgo: 5, score: 60 });
    const failed = await stored({ url: page, userId: owner.userId, daysAgo: 4, status: 'failed' });
    // Stored under the same normalised form: upper-case host, a fragment.
    const newest = await stored({
      url: page.replace('https://history', 'HTTPS://HISTORY').concat('#plans'),
      userId: owner.userId,
      daysAgo: 1,
      score: 75,
    });
    await stored({ url: page, userId: other.userId, daysAgo: 2 });
    await stored({ url: `${page}/other`, userId: owner.userId, daysAgo: 2 });
    await stored({ url: page, userId: owner.userId, daysAgo: 40 });
    const deleted = await stored({ url: page, userId: owner.userId, daysAgo: 3 });
    expect((await call(app, 'DELETE', `/api/reports/${deleted}`, owner)).statusCode).toBe(200);

    const response = await historyOf(owner, page.toUpperCase().replace('/PRICING', '/pricing'));
    expect(response.statusCode).toBe(200);
    const body = pageHistoryResponseSchema.parse(response.json());
    expect(body.url).toBe(page);
    expect(body.total).toBe(3);
    expect(body.reports.map((entry) => entry.access_token)).toEqual([newest, failed, oldest]);
    expect(body.reports[0]).toMatchObject({
      status: 'completed',
      score: 75,
      score_model: 2,
      categories: [{ id: 'metadata', score: 75 }],
    });
    expect(body.reports[1]).toMatchObject({
      status: 'failed',
      score: null,
      error_code: 'fetch_failed',
      categories: [],
    });
  });

  it('asks for a session and a valid address', async () => {
    const anonymous = await historyOf(null, 'https://example.com/');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ ok: false, error: 'invalid_request' });
    const owner = await signUp(app);
    const missing = await call(app, 'GET', '/api/me/history', owner);
    expect(missing.json()).toMatchObject({ ok: false, error: 'missing_url' });
    const wrong = await historyOf(owner, 'ftp://example.com/');
    expect(wrong.json()).toMatchObject({ ok: false, error: 'unsupported_protocol' });
  });
});

describe('GET /api/compare', () => {
  it('diffs two reports of one page in date order, in full for a signed-in reader', async () => {
    const owner = await signUp(app);
    const page = `https://compare-${randomUUID()}.example/`;
    const older = await stored({
      url: page,
      userId: owner.userId,
      daysAgo: 3,
      score: 60,
      issues: [
        finding('meta-description', 'critical'),
        finding('title', 'success'),
        { ...finding('rendered-h1', 'warning'), details: { server: [], rendered: ['Oak'] } },
      ],
    });
    const newer = await stored({
      url: page,
      userId: owner.userId,
      daysAgo: 1,
      score: 80,
      issues: [
        finding('title', 'warning'),
        finding('meta-description', 'success'),
        { ...finding('rendered-h1', 'success'), details: { server: ['Oak'], rendered: ['Oak'] } },
      ],
    });

    // Given newest first, the answer still puts the older report before.
    const response = await compare(newer, older, owner);
    expect(response.statusCode, response.body).toBe(200);
    const { comparison } = comparisonResponseSchema.parse(response.json());
    expect(comparison).toMatchObject({
      url: page,
      access: 'full',
      before: { access_token: older, score: 60 },
      after: { access_token: newer, score: 80 },
      score_delta: 20,
      same_score_model: true,
      categories: [{ id: 'metadata', before: 60, after: 80, delta: 20 }],
    });
    expect(comparison.findings.map((entry) => [entry.id, entry.change])).toEqual([
      ['title', 'new'],
      ['meta-description', 'fixed'],
      ['rendered-h1', 'fixed'],
    ]);
    // The crawler view's sides survive the response serialiser (lists, empty lists, outcomes).
    expect(comparison.crawler).toEqual([
      {
        check: 'rendered-h1',
        signal: 'H1 headings',
        before: { outcome: 'failed', server: [], rendered: ['Oak'] },
        after: { outcome: 'passed', server: ['Oak'], rendered: ['Oak'] },
      },
    ]);
    expect(comparison.findings[1]?.before?.message).toBe('meta-description text');
  });

  it('shows an anonymous reader only what the reports show them: locked stays locked', async () => {
    const page = `https://locked-${randomUUID()}.example/`;
    const problems = ['a', 'b', 'c', 'd'].map((id) => finding(`check-${id}`, 'warning'));
    const older = await stored({ url: page, userId: null, daysAgo: 2, issues: problems });
    const newer = await stored({
      url: page,
      userId: null,
      daysAgo: 1,
      scoreModel: 3,
      issues: [...problems.slice(0, 3), finding('check-d', 'critical', 'secret words')],
    });
    const response = await compare(older, newer);
    expect(response.statusCode).toBe(200);
    const { comparison } = response.json();
    expect(comparison.access).toBe('anonymous');
    expect(comparison.same_score_model).toBe(false);
    expect(comparison.findings).toEqual([
      {
        id: 'check-d',
        category: 'metadata',
        change: 'changed',
        before: { severity: 'warning', outcome: null, message: null, points: null, locked: true },
        after: { severity: 'critical', outcome: null, message: null, points: null, locked: true },
      },
    ]);
    expect(response.body).not.toContain('secret words');
    expect(comparison.unchanged_problems).toBe(3);
  });

  it('refuses reports of different pages, pending ones, and unknown or equal tokens', async () => {
    const owner = await signUp(app);
    const one = await stored({
      url: `https://one-${randomUUID()}.example/`,
      userId: null,
      daysAgo: 2,
    });
    const two = await stored({
      url: `https://two-${randomUUID()}.example/`,
      userId: null,
      daysAgo: 1,
    });
    const pending = await stored({
      url: `https://two-${randomUUID()}.example/`,
      userId: null,
      daysAgo: 0,
      status: 'queued',
    });
    const different = await compare(one, two);
    expect(different.statusCode).toBe(422);
    expect(different.json()).toMatchObject({ ok: false, error: 'compare_different_pages' });
    expect((await compare(one, pending)).json()).toMatchObject({ error: 'compare_not_ready' });
    const unknown = await compare(one, newAccessToken());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'report_not_found' });
    expect(unknown.json().message).toContain('(b)');
    expect((await compare(one, one, owner)).json()).toMatchObject({ error: 'invalid_request' });
    const missing = await call(app, 'GET', `/api/compare?a=${one}`);
    expect(missing.statusCode).toBe(400);
  });
});
