import type { AnalysisReport } from '../types.ts';

/**
 * A small, fixed report for the format tests: one finding of each severity, and page text that
 * would break Markdown, HTML or JSON if it were not escaped.
 */
export function reportFixture(overrides: Partial<AnalysisReport> = {}): AnalysisReport {
  return {
    url: 'https://example.com/',
    finalUrl: 'https://example.com/shop?a=1&b=2',
    fetchedAt: '2026-11-23T10:00:00.000Z',
    score: 84,
    scoreModel: 2,
    categories: [
      { id: 'crawlability', weight: 30, score: 100, deductions: [] },
      { id: 'metadata', weight: 20, score: 12, deductions: [{ check: 'title', points: 8 }] },
      { id: 'links', weight: 10, score: 7, deductions: [{ check: 'canonical', points: 3 }] },
    ],
    issues: [
      {
        id: 'title',
        category: 'metadata',
        outcome: 'failed',
        severity: 'critical',
        message: 'Title is missing: <script>alert("x")</script> | *bold*',
        why: 'Search engines show the title as the headline of the result & rank by it.',
        howToFix: 'Add a <title> of 30-60 characters that names the page.',
        details: { length: 0 },
        points: 8,
      },
      {
        id: 'canonical',
        category: 'links',
        outcome: 'failed',
        severity: 'warning',
        message: 'The canonical URL points to another host',
        why: "A canonical on another host hands this page's ranking to that host.",
        howToFix: null,
        details: { canonical: 'https://other.example/' },
        points: 3,
      },
      {
        id: 'https',
        category: 'crawlability',
        outcome: 'passed',
        severity: 'success',
        message: 'Served over HTTPS',
        why: 'HTTPS is a ranking signal.',
        howToFix: null,
        details: {},
        points: 0,
      },
    ],
    meta_json: {
      technical: { ssl: true, viewport: true, statusCode: 200, redirects: 1 },
      performance: { loadTime: 0.2 },
      title: { status: 'fail', value: null, length: 0 },
      metaDescription: { status: 'pass', value: 'A description', length: 13 },
      wordCount: { status: 'pass', count: 400, renderedCount: null },
    },
    ...overrides,
  };
}
