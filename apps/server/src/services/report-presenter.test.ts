import {
  FREE_TOP_ISSUES,
  reportSchema,
  type ScoredFinding,
  type Severity,
} from '@crawlwise/shared/report';
import { describe, expect, it } from 'vitest';
import { presentCategories, presentIssues, presentReport } from './report-presenter.ts';
import type { ReportView } from './report-service.ts';

const finding = (id: string, severity: Severity): ScoredFinding => ({
  id,
  category: 'metadata',
  outcome: severity === 'success' ? 'passed' : 'failed',
  severity,
  message: `${id} message`,
  why: `${id} why`,
  howToFix: severity === 'success' ? null : `${id} fix`,
  details: { secret: id },
  points: 3,
});

const issues = [
  finding('a', 'critical'),
  finding('b', 'critical'),
  finding('c', 'warning'),
  finding('d', 'warning'),
  finding('e', 'warning'),
  finding('f', 'success'),
];

describe('presentIssues', () => {
  it('locks top issues after the free ones for anonymous readers', () => {
    expect(FREE_TOP_ISSUES).toBe(3);
    const shown = presentIssues(issues, false);
    expect(shown.slice(0, 3)).toEqual(issues.slice(0, 3));
    expect(shown[3]).toEqual({ id: 'd', severity: 'warning', category: 'metadata', locked: true });
    expect(shown[4]).toEqual({ id: 'e', severity: 'warning', category: 'metadata', locked: true });
    expect(JSON.stringify(shown.slice(3, 5))).not.toMatch(/message|why|fix|secret/);
    // Passed checks are not "top issues" and stay readable.
    expect(shown[5]).toEqual(issues[5]);
  });

  it('gives a signed-in reader everything', () => {
    expect(presentIssues(issues, true)).toEqual(issues);
  });
});

describe('presentCategories', () => {
  const categories = [
    { id: 'metadata' as const, weight: 20, score: 70, deductions: [{ check: 'd', points: 6 }] },
    { id: 'links' as const, weight: 10, score: 100, deductions: [] },
  ];

  it('keeps the scores but not the ledger for anonymous readers', () => {
    const shown = presentCategories(categories, false);
    expect(shown).toEqual([
      { id: 'metadata', weight: 20, score: 70, deductions: [] },
      { id: 'links', weight: 10, score: 100, deductions: [] },
    ]);
    // The ledger names the locked checks; none of it may reach an anonymous reader.
    expect(JSON.stringify(shown)).not.toContain('"d"');
  });

  it('gives a signed-in reader every deduction', () => {
    expect(presentCategories(categories, true)).toEqual(categories);
  });
});

describe('presentReport', () => {
  const row = (overrides: Partial<ReportView> = {}): ReportView => ({
    id: '0b5f9c1e-7d4a-4c3b-9f2e-1a2b3c4d5e6f',
    urlId: '6f5e4d3c-2b1a-4e9f-8b3c-4d7a1e9c5f0b',
    userId: null,
    status: 'queued',
    score: null,
    scoreModel: null,
    errorCode: null,
    errorMessage: null,
    finalUrl: null,
    metaJson: null,
    issues: null,
    categories: null,
    createdAt: new Date('2026-01-02T03:04:05.000Z'),
    startedAt: null,
    completedAt: null,
    deletedAt: null,
    ...overrides,
  });

  it('presents a pending report that satisfies the report contract', () => {
    const report = presentReport(row(), 'https://example.com/', false);
    expect(reportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({
      score: 0,
      score_model: null,
      meta_json: null,
      issues: [],
      categories: [],
    });
  });

  it('tells the reader which view the answer holds', () => {
    expect(presentReport(row(), 'https://example.com/', false).access).toBe('anonymous');
    expect(presentReport(row(), 'https://example.com/', true).access).toBe('full');
  });

  it('presents a report stored before explicit outcomes in the current contract', () => {
    const { outcome: _o, howToFix: _h, ...old } = finding('js-rendering', 'success');
    const report = presentReport(
      row({
        status: 'completed',
        score: 100,
        issues: [{ ...old, category: 'crawlability', details: { skipped: 'No browser' } }],
      }),
      'https://example.com/',
      false,
    );
    expect(reportSchema.parse(report).issues[0]).toMatchObject({
      outcome: 'skipped',
      details: {},
    });
  });
});
