import { describe, expect, it } from 'vitest';
import type { Report, ReportIssue, ScoredFinding } from './report.ts';
import { compareReports, reportComparisonSchema } from './report-compare.ts';

function finding(
  id: string,
  fields: Partial<ScoredFinding> & Pick<ScoredFinding, 'severity'>,
): ScoredFinding {
  const failed = fields.severity !== 'success';
  return {
    id,
    category: 'metadata',
    outcome: failed ? 'failed' : 'passed',
    message: `${id} message`,
    why: 'why',
    howToFix: failed ? 'fix it' : null,
    details: {},
    points: failed ? 3 : 0,
    ...fields,
  };
}

function report(createdAt: string, issues: ReportIssue[], overrides: Partial<Report> = {}): Report {
  return {
    id: '0b5f9c1e-7d4a-4c3b-9f2e-1a2b3c4d5e6f',
    url: 'https://example.com/',
    url_id: '6f5e4d3c-2b1a-4e9f-8b3c-4d7a1e9c5f0b',
    final_url: 'https://example.com/',
    status: 'completed',
    access: 'full',
    score: 70,
    score_model: 2,
    error_code: null,
    error_message: null,
    meta_json: null,
    categories: [
      { id: 'metadata', weight: 20, score: 60, deductions: [] },
      { id: 'content', weight: 20, score: 90, deductions: [] },
    ],
    issues,
    created_at: createdAt,
    started_at: createdAt,
    completed_at: createdAt,
    ...overrides,
  };
}

const OLD = '2026-11-01T10:00:00.000Z';
const NEW = '2026-11-02T10:00:00.000Z';

describe('compareReports', () => {
  const older = report(OLD, [
    finding('title', { severity: 'warning', message: 'Title is too long (74 characters)' }),
    finding('meta-description', { severity: 'critical' }),
    finding('h1', { severity: 'warning' }),
    finding('lang', { severity: 'success' }),
  ]);
  const newer = report(
    NEW,
    [
      finding('lang', { severity: 'critical', category: 'content' }),
      finding('title', { severity: 'warning', message: 'Title is too long (68 characters)' }),
      finding('h1', { severity: 'warning' }),
      finding('meta-description', { severity: 'success' }),
    ],
    {
      score: 64,
      categories: [
        { id: 'metadata', weight: 20, score: 75, deductions: [] },
        { id: 'content', weight: 20, score: 70, deductions: [] },
      ],
    },
  );

  it('names new, changed and fixed findings, new first, and counts unchanged problems', () => {
    const diff = compareReports(
      { report: older, accessToken: 'a' },
      { report: newer, accessToken: 'b' },
    );
    expect(diff.findings.map((entry) => [entry.id, entry.change])).toEqual([
      ['lang', 'new'],
      ['title', 'changed'],
      ['meta-description', 'fixed'],
    ]);
    expect(diff.findings[1]?.before?.message).toBe('Title is too long (74 characters)');
    expect(diff.findings[1]?.after?.message).toBe('Title is too long (68 characters)');
    expect(diff.unchanged_problems).toBe(1);
    expect(reportComparisonSchema.parse(diff)).toEqual(diff);
  });

  it('gives the score and each category’s delta, the older report always before', () => {
    const diff = compareReports(
      { report: newer, accessToken: 'b' },
      { report: older, accessToken: 'a' },
    );
    expect(diff.before.access_token).toBe('a');
    expect(diff.after.access_token).toBe('b');
    expect(diff.score_delta).toBe(-6);
    expect(diff.same_score_model).toBe(true);
    expect(diff.categories).toEqual([
      { id: 'metadata', before: 60, after: 75, delta: 15 },
      { id: 'content', before: 90, after: 70, delta: -20 },
    ]);
  });

  it('flags reports scored by different models', () => {
    const diff = compareReports(
      { report: { ...older, score_model: 1 }, accessToken: 'a' },
      { report: newer, accessToken: 'b' },
    );
    expect(diff.same_score_model).toBe(false);
  });

  it('keeps locked findings locked: only their severity is compared', () => {
    const lockedBefore = report(
      OLD,
      [
        { id: 'canonical', severity: 'warning', category: 'crawlability', locked: true },
        { id: 'robots', severity: 'warning', category: 'crawlability', locked: true },
        { id: 'images', severity: 'critical', category: 'content', locked: true },
      ],
      { access: 'anonymous' },
    );
    const lockedAfter = report(
      NEW,
      [
        { id: 'canonical', severity: 'critical', category: 'crawlability', locked: true },
        { id: 'robots', severity: 'warning', category: 'crawlability', locked: true },
        finding('images', { severity: 'success', category: 'content' }),
      ],
      { access: 'anonymous' },
    );
    const diff = compareReports(
      { report: lockedBefore, accessToken: 'a' },
      { report: lockedAfter, accessToken: 'b' },
    );
    expect(diff.access).toBe('anonymous');
    expect(diff.findings).toEqual([
      {
        id: 'canonical',
        category: 'crawlability',
        change: 'changed',
        before: { severity: 'warning', outcome: null, message: null, points: null, locked: true },
        after: { severity: 'critical', outcome: null, message: null, points: null, locked: true },
      },
      expect.objectContaining({ id: 'images', change: 'fixed' }),
    ]);
    expect(diff.unchanged_problems).toBe(1);
    // The fixed finding was locked before: its old words stay hidden, its new ones are readable.
    expect(diff.findings[1]?.before).toMatchObject({ locked: true, message: null });
    expect(diff.findings[1]?.after).toMatchObject({ locked: false, message: 'images message' });
  });

  it('lists the crawler-view signals whose sides or result moved, and only those', () => {
    const before = report(OLD, [
      finding('rendered-title', {
        severity: 'warning',
        details: { server: 'Old title', rendered: 'New title' },
      }),
      finding('rendered-links', {
        severity: 'success',
        details: { serverLinks: 4, renderedLinks: 4 },
      }),
      finding('rendered-h1', { severity: 'success', details: { server: ['A'], rendered: ['A'] } }),
    ]);
    const after = report(NEW, [
      finding('rendered-title', {
        severity: 'success',
        details: { server: 'New title', rendered: 'New title' },
      }),
      finding('rendered-links', {
        severity: 'success',
        details: { serverLinks: 4, renderedLinks: 4 },
      }),
      finding('rendered-h1', { severity: 'success', details: { server: ['A'], rendered: ['A'] } }),
      finding('js-rendering', {
        severity: 'success',
        details: { serverWords: 300, renderedWords: 310 },
      }),
    ]);
    const diff = compareReports(
      { report: before, accessToken: 'a' },
      { report: after, accessToken: 'b' },
    );
    expect(diff.crawler).toEqual([
      {
        check: 'rendered-title',
        signal: 'Title',
        before: { outcome: 'failed', server: ['Old title'], rendered: ['New title'] },
        after: { outcome: 'passed', server: ['New title'], rendered: ['New title'] },
      },
      {
        check: 'js-rendering',
        signal: 'Main text',
        before: null,
        after: { outcome: 'passed', server: ['300 words'], rendered: ['310 words'] },
      },
    ]);
  });
});
