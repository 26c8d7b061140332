import type {
  CategoryScore,
  LockedIssue,
  MetaJson,
  Report,
  ReportResponse,
  ReportStatus,
  ScoredFinding,
} from '@crawlwise/shared/report';

/**
 * Report fixtures typed by the shared report contract: a fixture that drifts from what the
 * server sends fails to type-check (report-fixtures.test.ts also parses them with the schema).
 */

export const REPORT_META: MetaJson = {
  technical: { ssl: true, viewport: true, statusCode: 200, redirects: 0 },
  performance: { loadTime: 1.2 },
  title: { status: 'pass', value: 'Example Domain for documentation', length: 32 },
  metaDescription: { status: 'fail', value: null, length: 0 },
  wordCount: { status: 'pass', count: 412, renderedCount: null },
};

/** A failed finding (or a passed one for severity success), with the texts given. */
export function finding(
  fields: Pick<ScoredFinding, 'id' | 'category' | 'severity' | 'message' | 'why'> &
    Partial<ScoredFinding>,
): ScoredFinding {
  const passed = fields.severity === 'success';
  return {
    outcome: passed ? 'passed' : 'failed',
    howToFix: passed ? null : `Fix ${fields.id}.`,
    details: {},
    points: 0,
    ...fields,
  };
}

export const locked = (fields: Pick<LockedIssue, 'id' | 'severity' | 'category'>): LockedIssue => ({
  ...fields,
  locked: true,
});

/** The issues of a completed report as an anonymous reader gets them: three free, one locked. */
export const ANONYMOUS_ISSUES: Report['issues'] = [
  finding({
    id: 'robots-meta',
    category: 'crawlability',
    severity: 'critical',
    message: 'Page is not indexable',
    why: 'noindex set.',
    points: 30,
  }),
  finding({
    id: 'title',
    category: 'metadata',
    severity: 'warning',
    message: 'Title too short',
    why: 'Aim for 20-60.',
    points: 4,
  }),
  finding({
    id: 'image-alt',
    category: 'content',
    severity: 'warning',
    message: 'Missing alt text',
    why: '3 images.',
    points: 3,
  }),
  locked({ id: 'open-graph', severity: 'warning', category: 'social' }),
  finding({
    id: 'https',
    category: 'crawlability',
    severity: 'success',
    message: 'HTTPS is on',
    why: 'Good.',
  }),
];

export const CATEGORIES: CategoryScore[] = [
  { id: 'crawlability', weight: 30, score: 0, deductions: [{ check: 'robots-meta', points: 30 }] },
  { id: 'performance', weight: 10, score: 100, deductions: [] },
  { id: 'metadata', weight: 20, score: 80, deductions: [{ check: 'title', points: 4 }] },
  { id: 'social', weight: 10, score: 70, deductions: [{ check: 'open-graph', points: 3 }] },
  { id: 'content', weight: 20, score: 85, deductions: [{ check: 'image-alt', points: 3 }] },
  { id: 'links', weight: 10, score: 100, deductions: [] },
];

/**
 * `GET /api/reports/:token`'s answer for a report in `status`: pending reports have score 0,
 * no meta_json and no issues, as the server sends them; a completed one carries the above.
 */
export function reportResponse(
  status: ReportStatus,
  overrides: Partial<Report> = {},
): ReportResponse {
  const completed = status === 'completed';
  return {
    ok: true,
    report: {
      id: '0b5f9c1e-7d4a-4c3b-9f2e-1a2b3c4d5e6f',
      url: 'https://example.com/',
      url_id: '6f5e4d3c-2b1a-4e9f-8b3c-4d7a1e9c5f0b',
      final_url: status === 'queued' ? null : 'https://example.com/',
      status,
      access: 'anonymous',
      score: completed ? 82 : 0,
      error_code: null,
      error_message: null,
      meta_json: completed ? REPORT_META : null,
      categories: completed ? CATEGORIES : [],
      issues: completed ? ANONYMOUS_ISSUES : [],
      created_at: '2026-01-02T03:04:05.000Z',
      started_at: status === 'queued' ? null : '2026-01-02T03:04:06.000Z',
      completed_at: completed || status === 'failed' ? '2026-01-02T03:04:09.000Z' : null,
      ...overrides,
    },
  };
}
