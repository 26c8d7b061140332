import { buildSiteView } from '@crawlwise/analyzer/batch/site-view';
import type { AnalysisReport } from '@crawlwise/analyzer/types';
import { waitUntil } from '@crawlwise/shared/wait-until';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import { decodeStoredFindings } from '../db/stored-findings.ts';
import { call, signUp } from '../test-support/accounts.ts';
import {
  buildTestApp,
  startTestSite,
  type TestSite,
  testWorker,
} from '../test-support/test-app.ts';
import { listSitePages, withAuditIssues } from './site-checks.ts';
import { auditIssuesOf, viewFindingsOf } from './site-page-findings.ts';

/**
 * A site page's findings and metadata as its check's builds read them are written with the page
 * (reports.audit_issues, reports.view_findings, reports.report_meta) and equal what the SQL
 * fallback takes out of the whole stored findings and meta for a row written before those columns.
 */

describe('auditIssuesOf and viewFindingsOf', () => {
  const findings = [
    { id: 'title', outcome: 'failed', severity: 'critical', message: 'No title', points: 8 },
    { id: 'alt', severity: 'warning', message: 'Alt', points: 2, details: { items: [1, 2] } },
    { id: 'h1', outcome: 'passed', severity: 'critical', message: 'ok', points: 0 },
    { id: 'lang', outcome: 'failed', severity: 'notice', message: 'Lang', points: 1 },
    { id: 'js', outcome: 'failed', severity: 'warning', details: { skipped: 'no render' } },
    { id: 'canonical', outcome: 'passed', severity: 'info', details: { href: '/a' } },
    'not a finding',
    { id: 'robots-txt', outcome: 'failed', severity: 'warning', message: 'Blocked', points: 3 },
  ];

  it('keeps the failing critical and warning findings, slimmed, in their order', () => {
    expect(auditIssuesOf(findings)).toEqual([
      {
        id: 'title',
        outcome: 'failed',
        severity: 'critical',
        message: 'No title',
        points: 8,
        details: {},
      },
      { id: 'alt', outcome: null, severity: 'warning', message: 'Alt', points: 2, details: {} },
      {
        id: 'js',
        outcome: 'failed',
        severity: 'warning',
        message: null,
        points: null,
        details: { skipped: 'no render' },
      },
      {
        id: 'robots-txt',
        outcome: 'failed',
        severity: 'warning',
        message: 'Blocked',
        points: 3,
        details: {},
      },
    ]);
  });

  it('keeps the canonical and robots.txt findings with the details the site view reads', () => {
    const canonical = {
      id: 'canonical',
      outcome: 'failed',
      severity: 'warning',
      message: 'The canonical URL points elsewhere',
      why: 'A page-specific why',
      details: {
        pageUrl: 'https://example.com/a?x=1',
        canonical: 'https://example.com/b',
        declarations: [{ source: 'link element', href: '/b', resolved: 'https://example.com/b' }],
        ignored: [],
        invalid: null,
      },
      points: 4,
    };
    const robots = {
      id: 'robots-txt',
      severity: 'critical',
      details: {
        robotsUrl: 'https://example.com/robots.txt',
        allowedForGooglebot: false,
        detail: 'Disallow: /',
      },
    };
    expect(viewFindingsOf([robots, ...findings, canonical])).toEqual([
      {
        id: 'robots-txt',
        outcome: null,
        severity: 'critical',
        details: { allowedForGooglebot: false, detail: 'Disallow: /' },
      },
      { id: 'canonical', outcome: 'passed', severity: 'info', details: {} },
      { id: 'robots-txt', outcome: 'failed', severity: 'warning', details: {} },
      {
        id: 'canonical',
        outcome: 'failed',
        severity: 'warning',
        details: { canonical: 'https://example.com/b' },
      },
    ]);
  });

  it('reads the same canonical elsewhere and robots.txt block from the kept findings', () => {
    const report = (issues: unknown[]) =>
      ({
        url: 'https://example.com/a',
        finalUrl: 'https://example.com/a',
        score: 50,
        issues: decodeStoredFindings(issues),
        meta_json: { title: { value: null }, metaDescription: { value: null } },
      }) as unknown as AnalysisReport;
    const whole = [
      {
        id: 'canonical',
        outcome: 'failed',
        severity: 'warning',
        message: 'Conflicting canonicals',
        details: {
          pageUrl: 'https://example.com/a',
          canonicals: ['https://example.com/a', 'https://example.com/c'],
          declarations: [],
          ignored: [],
        },
      },
      {
        id: 'robots-txt',
        outcome: 'failed',
        severity: 'critical',
        message: 'Blocked',
        details: {
          robotsUrl: 'https://example.com/robots.txt',
          status: 'ok',
          allowedForGooglebot: false,
          detail: 'Disallow: /a',
        },
      },
    ];
    const pages = (issues: unknown[]) => [
      {
        index: 0,
        url: 'https://example.com/a',
        status: 'ok' as const,
        durationMs: 0,
        report: report(issues),
      },
    ];
    const fromWhole = buildSiteView(pages(whole));
    expect(fromWhole.canonicalElsewhere).toEqual([
      { url: 'https://example.com/a', canonical: 'https://example.com/c' },
    ]);
    expect(fromWhole.robotsBlocked).toEqual([
      { url: 'https://example.com/a', rule: 'Disallow: /a' },
    ]);
    expect(buildSiteView(pages(viewFindingsOf(whole)))).toEqual(fromWhole);
  });
});

describe('a site page stored by the worker', () => {
  let app: FastifyInstance;
  let site: TestSite;
  let checkId: string;

  /** Runs a test worker until `statusQuery` (one row, a `status` column) reads completed. */
  async function workUntilCompleted(statusQuery: SQL): Promise<void> {
    const worker = testWorker(app, { concurrency: 2, pollIntervalMs: 50 });
    await worker.start();
    try {
      await waitUntil(
        async () => {
          const [row] = await queryRows<{ status: string }>(app.database.db, statusQuery);
          return row?.status === 'completed' ? true : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 100, what: 'the work to complete' },
      );
    } finally {
      await worker.stop();
    }
  }

  const page = (title: string, head: string, body: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body>${body}</body></html>`;

  beforeAll(async () => {
    site = await startTestSite({
      '/': { body: page('Home', '', '<img src="a.png"><a href="/b">B</a>') },
      '/b': { body: page('B', '<link rel="canonical" href="/">', '<h1>B</h1><p>Short.</p>') },
      '/c': { body: page('', '<meta name="robots" content="noindex">', '<p>Nothing</p>') },
    });
    ({ app } = await buildTestApp());
    const owner = await signUp(app);
    const list = ['/', '/b', '/c'].map((path) => site.url(path)).join('\n');
    const started = await call(app, 'POST', '/api/site-checks', {
      cookie: owner.cookie,
      payload: { siteUrl: site.url('/'), source: 'list', list },
    });
    expect(started.statusCode).toBe(201);
    checkId = started.json().siteCheck.id as string;
    await workUntilCompleted(sql`select status from site_checks where id = ${checkId}`);
  });

  afterAll(async () => {
    await app?.close();
    await site?.close();
  });

  it('has them written, and the build reads the same as from the whole findings', async () => {
    const db = app.database.db;
    const written = await queryRows<{
      audit_issues: unknown;
      view_findings: unknown;
      report_meta: unknown;
    }>(
      db,
      sql`select audit_issues, view_findings, report_meta from reports
          where site_check_id = ${checkId}`,
    );
    expect(written).toHaveLength(3);
    for (const row of written) {
      expect(row.audit_issues).not.toBeNull();
      expect(row.view_findings).not.toBeNull();
      expect(row.report_meta).not.toBeNull();
    }
    const fromColumns = await listSitePages(db, checkId, { slim: true, report: true });
    // Some page has failing findings and a canonical finding, so the comparison means something.
    expect(fromColumns.some((row) => (row.issues as unknown[]).length > 0)).toBe(true);
    expect(fromColumns.some((row) => (row.viewFindings as unknown[]).length > 0)).toBe(true);
    // A page with a title and one without (its meta's title is there, with no value).
    const titles = fromColumns.map(
      (row) => (row.metaJson as { title?: { value?: unknown } })?.title?.value,
    );
    expect(titles).toContain('B');
    expect(
      fromColumns.every((row) => (row.metaJson as { wordCount?: unknown }).wordCount != null),
    ).toBe(true);

    await db.execute(
      sql`update reports set audit_issues = null, view_findings = null, report_meta = null
          where site_check_id = ${checkId}`,
    );
    const fromFindings = await listSitePages(db, checkId, { slim: true, report: true });
    expect(fromFindings).toEqual(fromColumns);
  });

  it('are read apart for an ended check as the one read gives them; a page erased since gets none', async () => {
    const db = app.database.db;
    const whole = await listSitePages(db, checkId, { slim: true, report: true });
    const withoutIssues = await listSitePages(db, checkId, { slim: false, report: true });
    expect(withoutIssues.every((row) => row.issues === null)).toBe(true);
    expect(await withAuditIssues(db, checkId, withoutIssues)).toEqual(whole);

    // A page with failing findings, so "none" is a change.
    const erased = whole.find((row) => (row.issues as unknown[]).length > 0)!;
    await db.execute(sql`update reports set deleted_at = now() where id = ${erased.reportId}`);
    try {
      const read = await withAuditIssues(db, checkId, withoutIssues);
      expect(read.find((row) => row.reportId === erased.reportId)?.issues).toEqual([]);
    } finally {
      await db.execute(sql`update reports set deleted_at = null where id = ${erased.reportId}`);
    }
  });

  it('is not written for a report of no site check', async () => {
    const owner = await signUp(app);
    const created = await call(app, 'POST', '/api/reports', {
      cookie: owner.cookie,
      payload: { url: site.url('/b') },
    });
    expect(created.statusCode).toBe(201);
    await workUntilCompleted(
      sql`select status from reports where access_token = ${created.json().accessToken}`,
    );
    const [row] = await queryRows<{
      audit_issues: unknown;
      view_findings: unknown;
      report_meta: unknown;
    }>(
      app.database.db,
      sql`select audit_issues, view_findings, report_meta from reports
          where access_token = ${created.json().accessToken}`,
    );
    expect(row).toEqual({ audit_issues: null, view_findings: null, report_meta: null });
  });
});
