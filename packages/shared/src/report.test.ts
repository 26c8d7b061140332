import { describe, expect, it } from 'vitest';
import {
  analysisReportSchema,
  FREE_TOP_ISSUES,
  findingSchema,
  isLockedIssue,
  type Report,
  reportResponseSchema,
  reportSchema,
  type ScoredFinding,
} from './report.ts';

const finding: ScoredFinding = {
  id: 'title',
  category: 'metadata',
  outcome: 'failed',
  severity: 'warning',
  message: 'Title is too long (74 characters)',
  why: 'Search results cut titles after about 60 characters.',
  howToFix: 'Shorten it to 20-60 characters.',
  details: { value: 'x', length: 74 },
  points: 4,
};

const metaJson = {
  technical: { ssl: true, viewport: true, statusCode: 200, redirects: 0 },
  performance: { loadTime: 0.4 },
  title: { status: 'warning', value: 'x', length: 74 },
  metaDescription: { status: 'fail', value: null, length: 0 },
  wordCount: { status: 'pass', count: 420, renderedCount: null },
} as const;

const report: Report = {
  id: '0b5f9c1e-7d4a-4c3b-9f2e-1a2b3c4d5e6f',
  url: 'https://example.com/',
  url_id: '6f5e4d3c-2b1a-4e9f-8b3c-4d7a1e9c5f0b',
  final_url: 'https://example.com/',
  status: 'completed',
  access: 'anonymous',
  score: 96,
  score_model: 2,
  error_code: null,
  error_message: null,
  meta_json: metaJson,
  categories: [
    { id: 'metadata', weight: 20, score: 80, deductions: [{ check: 'title', points: 4 }] },
  ],
  issues: [finding, { id: 'lang', severity: 'warning', category: 'metadata', locked: true }],
  created_at: '2026-01-02T03:04:05.000Z',
  started_at: '2026-01-02T03:04:06.000Z',
  completed_at: '2026-01-02T03:04:07.000Z',
};

/** The contract's error paths for a value, or [] when it parses. */
const problems = (
  schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[] }[] } } },
  value: unknown,
) => (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('the report contract', () => {
  it('accepts a report as the API sends it, unchanged', () => {
    expect(reportResponseSchema.parse({ ok: true, report })).toEqual({ ok: true, report });
  });

  it('keeps sections of meta_json it does not know yet', () => {
    const extended = { ...metaJson, social: { ogImage: true } };
    expect(reportSchema.parse({ ...report, meta_json: extended }).meta_json).toEqual(extended);
  });

  it('refuses a report whose fields drifted', () => {
    const { url_id: _urlId, ...withoutUrlId } = report;
    expect(problems(reportSchema, withoutUrlId)).toEqual(['url_id']);
    expect(problems(reportSchema, { ...report, status: 'error' })).toEqual(['status']);
    expect(problems(reportSchema, { ...report, score: null })).toEqual(['score']);
    expect(problems(reportSchema, { ...report, id: 1 })).toEqual(['id']);
    expect(
      problems(reportSchema, { ...report, meta_json: { ...metaJson, performance: {} } }),
    ).toEqual(['meta_json.performance.loadTime']);
    expect(
      problems(reportSchema, {
        ...report,
        meta_json: { ...metaJson, title: { status: 'good', value: 'x', length: 1 } },
      }),
    ).toEqual(['meta_json.title.status']);
  });

  it('refuses an issue that is neither a full finding nor a locked one', () => {
    // The web fixtures' old shape: numeric id, no category, outcome or points.
    const old = { id: 1, severity: 'critical', message: 'Page is not indexable', why: 'noindex' };
    expect(problems(reportSchema, { ...report, issues: [old] })).toEqual(['issues.0']);
    const lockedWithoutId = { locked: true, severity: 'warning', category: 'social' };
    expect(problems(reportSchema, { ...report, issues: [lockedWithoutId] })).toEqual(['issues.0']);
    const lockedSuccess = { id: 'lang', locked: true, severity: 'success', category: 'metadata' };
    expect(problems(reportSchema, { ...report, issues: [lockedSuccess] })).toEqual(['issues.0']);
  });

  it('refuses a finding whose outcome contradicts its severity', () => {
    expect(problems(findingSchema, { ...finding, outcome: 'passed' })).toEqual(['severity']);
    expect(problems(findingSchema, { ...finding, outcome: 'not_applicable' })).toEqual([
      'severity',
    ]);
    expect(problems(findingSchema, { ...finding, outcome: 'failed', severity: 'success' })).toEqual(
      ['severity'],
    );
    expect(problems(findingSchema, { ...finding, outcome: 'skipped' })).toEqual([]);
    expect(
      problems(findingSchema, { ...finding, outcome: 'skipped', severity: 'critical' }),
    ).toEqual(['severity']);
  });

  it('refuses a finding with an unknown outcome, category or missing text', () => {
    expect(problems(findingSchema, { ...finding, outcome: 'error' })).toEqual(['outcome']);
    expect(problems(findingSchema, { ...finding, category: 'seo' })).toEqual(['category']);
    const { howToFix: _fix, ...withoutFix } = finding;
    expect(problems(findingSchema, withoutFix)).toEqual(['howToFix']);
    expect(problems(findingSchema, { ...finding, message: '' })).toEqual(['message']);
  });

  it('describes the analyzer output with camel-case report fields and meta_json', () => {
    const output = {
      url: report.url,
      finalUrl: report.url,
      fetchedAt: '2026-01-02T03:04:05.000Z',
      score: 96,
      scoreModel: 2,
      categories: report.categories,
      issues: [finding],
      meta_json: metaJson,
    };
    expect(analysisReportSchema.parse(output)).toEqual(output);
    expect(problems(analysisReportSchema, { ...output, issues: [report.issues[1]] })).not.toEqual(
      [],
    );
  });

  it('tells a locked issue from a finding, and frees three top issues', () => {
    expect(report.issues.map(isLockedIssue)).toEqual([false, true]);
    expect(FREE_TOP_ISSUES).toBe(3);
  });
});
