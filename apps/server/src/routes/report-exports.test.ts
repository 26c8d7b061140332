import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Report, reportSchema, type ScoredFinding } from '@crawlwise/shared/report';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/database.ts';
import { signUp, type TestAccount } from '../test-support/accounts.ts';
import { parseCsv } from '../test-support/csv.ts';
import { FIXTURE_ANALYSIS, insertFixtureReport } from '../test-support/fixture-report.ts';
import { buildTestApp } from '../test-support/test-app.ts';

/**
 * GET /api/reports/:token/export.{json,csv,pdf} on the stored fixture report (a real analysis):
 * the owner's copy holds every finding, an anonymous reader's copy holds exactly what the
 * screen shows them, in every format. The PDF is made by the real headless browser and read
 * back with poppler's pdftotext.
 */

let app: FastifyInstance;
let database: Database;
let owner: TestAccount;
let token: string;

/** The moment the fixture report finished (FIXTURE_COMPLETED_AT), as file names carry it. */
const FILE_MOMENT = '2026-11-22-1030';
const findings = FIXTURE_ANALYSIS.issues;
/** The fixture's failed findings after the free three: locked for anonymous readers. */
const lockedForAnonymous = findings.filter((finding) => finding.severity !== 'success').slice(3);

beforeAll(async () => {
  // Limits on, as in production. Every request names its own documentation address
  // (203.0.113.0/24, never contacted: inject has no network), so runs on a kept PostgreSQL
  // never add up to a limit.
  ({ app, database } = await buildTestApp({
    PUBLIC_URL: 'https://crawlwise.example.com',
    RATE_LIMITS: 'on',
  }));
  owner = await signUp(app, { remoteAddress: randomAddress() });
  token = await insertFixtureReport(app, database, { userId: owner.userId });
});

afterAll(async () => {
  await app.close();
});

/** An address of TEST-NET-3 with a random last byte: each requester of a run its own. */
const randomAddress = () => `203.0.113.${randomInt(1, 255)}`;

const get = (url: string, account: TestAccount | null = null) =>
  app.inject({
    method: 'GET',
    url,
    remoteAddress: randomAddress(),
    ...(account ? { headers: { cookie: account.cookie } } : {}),
  });

/** The text of a PDF, through poppler's pdftotext, whitespace collapsed. */
function pdfText(pdf: Buffer): string {
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
  return text.replace(/\s+/g, ' ');
}

/** The PDF's pages (pdfinfo). */
function pdfPages(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

/** Whitespace-collapsed, as pdftotext's words come out (long lines wrap). */
const words = (text: string) => text.replace(/\s+/g, ' ');

describe('report exports: JSON', () => {
  it('gives the owner the whole report in the shared schema, as a named attachment', async () => {
    const response = await get(`/api/reports/${token}/export.json`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="crawlwise-shop.acme.example-${FILE_MOMENT}.json"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const report = reportSchema.parse(response.json());
    expect(report.access).toBe('full');
    expect(report.score).toBe(FIXTURE_ANALYSIS.score);
    expect(report.issues).toEqual(findings);
    expect(report.categories).toEqual(FIXTURE_ANALYSIS.categories);
  });

  it('gives an anonymous reader the same locked report as GET /api/reports/:token', async () => {
    const response = await get(`/api/reports/${token}/export.json`);
    expect(response.statusCode).toBe(200);
    const report = reportSchema.parse(response.json());
    const onScreen = (await get(`/api/reports/${token}`)).json().report as Report;
    expect(report).toEqual(onScreen);
    expect(report.access).toBe('anonymous');
    expect(lockedForAnonymous.length).toBeGreaterThan(0);
    for (const finding of lockedForAnonymous) {
      expect(response.body).not.toContain(finding.message);
      expect(response.body).not.toContain(finding.howToFix as string);
    }
  });
});

describe('report exports: CSV', () => {
  it('has one row per finding with its page, title, details (as text and JSON) and fix', async () => {
    const response = await get(`/api/reports/${token}/export.csv`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="crawlwise-shop.acme.example-${FILE_MOMENT}.csv"`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]).toEqual([
      'page_url',
      'id',
      'category',
      'severity',
      'outcome',
      'points',
      'title',
      'why',
      'details',
      'details_json',
      'how_to_fix',
    ]);
    expect(rows).toHaveLength(findings.length + 1);
    for (const [index, finding] of findings.entries()) {
      const row = rows[index + 1] as string[];
      expect(row.slice(0, 8)).toEqual([
        'http://shop.acme.example/',
        finding.id,
        finding.category,
        finding.severity,
        finding.outcome,
        String(finding.points),
        finding.message,
        finding.why,
      ]);
      const shown = Object.keys(finding.details).filter((key) => key !== 'fixSnippet');
      if (shown.length > 0) {
        // Plain text a person reads: labelled lines, not JSON.
        expect(row[8]).toMatch(/^[A-Z][^:\n]*:/);
        expect(row[8]).not.toMatch(/^[{[]/);
        expect(JSON.parse(row[9] as string)).toEqual(finding.details);
      }
      expect(row[10]).toBe(finding.howToFix ?? '');
    }
  });

  it('keeps locked findings locked for an anonymous reader', async () => {
    const response = await get(`/api/reports/${token}/export.csv`);
    const rows = parseCsv(response.body.slice(1));
    expect(rows).toHaveLength(findings.length + 1);
    const locked = rows.filter((row) => row[4] === 'locked');
    expect(locked.map((row) => row[1])).toEqual(lockedForAnonymous.map((finding) => finding.id));
    for (const finding of lockedForAnonymous) {
      expect(response.body).not.toContain(finding.message);
      expect(response.body).not.toContain(finding.howToFix as string);
    }
  });

  it('defuses cells a spreadsheet would run as formulas', async () => {
    const hostile: ScoredFinding = {
      ...(findings[0] as ScoredFinding),
      message: '=HYPERLINK("http://evil.example","click")',
      why: '+1+cmd|" /C calc"!A0',
      howToFix: '@SUM(1,2)',
      details: {},
    };
    const tabbed: ScoredFinding = {
      ...(findings[1] as ScoredFinding),
      message: '\t=1+1',
      why: '-2',
      howToFix: 'Plain, with "quotes"\nand a line break',
      details: {},
    };
    const hostileToken = await insertFixtureReport(app, database, {
      userId: owner.userId,
      issues: [hostile, tabbed],
    });
    const response = await get(`/api/reports/${hostileToken}/export.csv`, owner);
    const rows = parseCsv(response.body.slice(1));
    // Columns: page_url, id, category, severity, outcome, points, title (6), why (7), ... how_to_fix (10).
    expect(rows[1]?.[6]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(rows[1]?.[7]).toBe(`'+1+cmd|" /C calc"!A0`);
    expect(rows[1]?.[10]).toBe(`'@SUM(1,2)`);
    expect(rows[2]?.[6]).toBe(`'\t=1+1`);
    expect(rows[2]?.[7]).toBe(`'-2`);
    expect(rows[2]?.[10]).toBe('Plain, with "quotes"\nand a line break');
  });
});

describe('report exports: PDF', () => {
  it('prints the score, every finding title, the fixes, the crawler view and the ledger', async () => {
    const response = await get(`/api/reports/${token}/export.pdf`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="crawlwise-shop.acme.example-${FILE_MOMENT}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Kept for looking at: pdftoppm -png -r 60 <file> <prefix>
    writeFileSync(join(tmpdir(), 'crawlwise-export-owner.pdf'), response.rawPayload);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`${FIXTURE_ANALYSIS.score} / 100`);
    expect(text).toContain('SEO report for shop.acme.example');
    // The cover names the page and shows each category's score (issue 27).
    expect(text).toMatch(/Page: “[^”]+”/);
    expect(text).toContain('Score by category');
    for (const category of [
      'Crawlability',
      'Performance',
      'Metadata',
      'Social',
      'Content',
      'Links',
    ]) {
      expect(text).toMatch(new RegExp(`${category}\\s+\\d+ / 100`));
    }
    for (const finding of findings) expect(text).toContain(words(finding.message));
    for (const finding of findings.filter((entry) => entry.howToFix)) {
      expect(text).toContain(words(finding.howToFix as string).slice(0, 60));
    }
    expect(text).toContain('What crawlers see');
    expect(text).toContain('Score ledger');
    expect(text).toMatch(/Page 1 of \d+/);
    expect(pdfPages(response.rawPayload)).toBeGreaterThanOrEqual(4);
  });

  it('leaves the locked findings out of an anonymous reader’s PDF', async () => {
    const response = await get(`/api/reports/${token}/export.pdf`);
    expect(response.statusCode).toBe(200);
    writeFileSync(join(tmpdir(), 'crawlwise-export-anonymous.pdf'), response.rawPayload);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`${lockedForAnonymous.length} findings are locked`);
    for (const finding of lockedForAnonymous) {
      expect(text).not.toContain(words(finding.message));
    }
  });
});

describe('report exports: errors', () => {
  it('answers report_not_found, report_not_ready and report_deleted in every format', async () => {
    const queued = await insertFixtureReport(app, database, { status: 'queued' });
    const deleted = await insertFixtureReport(app, database);
    await database.db.execute(
      sql`update reports set deleted_at = now() where access_token = ${deleted}`,
    );
    for (const format of ['json', 'csv', 'pdf']) {
      const missing = await get(`/api/reports/${'x'.repeat(43)}/export.${format}`);
      expect([missing.statusCode, missing.json().error]).toEqual([404, 'report_not_found']);
      const pending = await get(`/api/reports/${queued}/export.${format}`);
      expect([pending.statusCode, pending.json().error]).toEqual([409, 'report_not_ready']);
      const gone = await get(`/api/reports/${deleted}/export.${format}`);
      expect([gone.statusCode, gone.json().error]).toEqual([410, 'report_deleted']);
    }
  });

  it('counts PDFs per requester: the 31st in an hour is refused with Retry-After', async () => {
    const reader = await signUp(app, { remoteAddress: randomAddress() });
    const own = await insertFixtureReport(app, database, { userId: reader.userId });
    // 30 PDFs made in the last hour, as the limiter itself records them.
    await database.db.execute(sql`
      insert into throttle_events (kind, requester_key, created_at)
      select 'export_pdf', ${`user:${reader.userId}`}, now() - interval '10 minutes'
      from generate_series(1, 30)`);
    const refused = await get(`/api/reports/${own}/export.pdf`, reader);
    expect([refused.statusCode, refused.json().error]).toEqual([429, 'too_many_requests']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // CSV and JSON are not counted.
    expect((await get(`/api/reports/${own}/export.csv`, reader)).statusCode).toBe(200);
  });

  it('answers HEAD with the PDF headers, without making a PDF or counting one', async () => {
    const reader = await signUp(app, { remoteAddress: randomAddress() });
    const own = await insertFixtureReport(app, database, { userId: reader.userId });
    const counted = async () => {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from throttle_events
            where kind = 'export_pdf' and requester_key = ${`user:${reader.userId}`}`,
      );
      return row?.n;
    };
    const head = await app.inject({
      method: 'HEAD',
      url: `/api/reports/${own}/export.pdf`,
      remoteAddress: randomAddress(),
      headers: { cookie: reader.cookie },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(head.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(head.rawPayload.length).toBe(0);
    expect(await counted()).toBe(0);
    // A missing report is still a 404 for HEAD.
    const missing = await app.inject({
      method: 'HEAD',
      url: `/api/reports/${'x'.repeat(43)}/export.pdf`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('describes the three downloads in the OpenAPI document', async () => {
    const document = (await get('/api/docs/json')).json();
    for (const format of ['json', 'csv', 'pdf']) {
      expect(document.paths[`/api/reports/{token}/export.${format}`]?.get).toBeDefined();
    }
    const pdf = document.paths['/api/reports/{token}/export.pdf'].get;
    expect(Object.keys(pdf.responses['200'].content)).toEqual(['application/pdf']);
    expect(pdf.responses['503'].description).toContain('export_busy');
  });
});
