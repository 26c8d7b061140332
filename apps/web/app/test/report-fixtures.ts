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

/** Category scores as an anonymous reader gets them: the ledger is withheld by the server. */
export const ANONYMOUS_CATEGORIES: CategoryScore[] = CATEGORIES.map((category) => ({
  ...category,
  deductions: [],
}));

/**
 * Every finding of a completed report as its signed-in reader gets them: failed checks with fix
 * snippets and offending elements, the crawler-view checks, bot access, structured data, passed,
 * not applicable and skipped checks. Detail keys are the ones the analyzer's checks write.
 */
export const FULL_ISSUES: ScoredFinding[] = [
  finding({
    id: 'robots-meta',
    category: 'crawlability',
    severity: 'critical',
    message: 'Page is not indexable',
    why: 'A robots meta tag says noindex, so search engines drop the page.',
    howToFix: 'Remove noindex from the robots meta tag.',
    points: 30,
    details: {
      fixSnippet: '<meta name="robots" content="index, follow">',
      directives: ['noindex'],
    },
  }),
  finding({
    id: 'title',
    category: 'metadata',
    severity: 'warning',
    message: 'Title too short',
    why: 'Aim for 20-60.',
    points: 4,
    details: { length: 9, value: 'Oak & Co' },
  }),
  finding({
    id: 'image-alt',
    category: 'content',
    severity: 'warning',
    message: 'Missing alt text',
    why: '3 images.',
    points: 3,
    details: {
      missing: 3,
      images: [
        { src: '/img/hero.jpg', alt: null },
        { src: '/img/team.png', alt: null },
      ],
    },
  }),
  finding({
    id: 'open-graph',
    category: 'social',
    severity: 'warning',
    message: 'Open Graph tags are missing',
    why: 'Link previews show no picture.',
    points: 3,
    details: { fixSnippet: '<meta property="og:title" content="Oak & Co">' },
  }),
  finding({
    id: 'rendered-title',
    category: 'metadata',
    severity: 'warning',
    message: 'JavaScript changes the title',
    why: 'The server HTML says "Loading", the page after script "Oak tables".',
    details: { server: 'Loading', rendered: 'Oak tables', change: 'changed' },
  }),
  finding({
    id: 'rendered-h1',
    category: 'content',
    severity: 'success',
    message: 'The H1 is the same with and without JavaScript',
    why: 'Crawlers read the same H1.',
    details: {
      server: ['Oak & Co'],
      rendered: ['Oak & Co'],
      addedByScript: [],
      removedByScript: [],
    },
  }),
  finding({
    id: 'rendered-links',
    category: 'links',
    severity: 'success',
    message: 'Script adds no internal links',
    why: 'Every internal link is in the server HTML.',
    details: {
      serverLinks: 12,
      renderedLinks: 12,
      scriptOnly: 0,
      removedByScript: 0,
      scriptOnlySample: [],
      removedSample: [],
    },
  }),
  {
    ...finding({
      id: 'rendered-hreflang',
      category: 'metadata',
      severity: 'success',
      message: 'Hreflang alternates not compared with the rendered page',
      why: 'The page could not be rendered in a browser.',
      details: { reason: 'Render timed out' },
    }),
    outcome: 'skipped',
  },
  finding({
    id: 'js-rendering',
    category: 'crawlability',
    severity: 'warning',
    message: 'Most of the text appears only with JavaScript',
    why: 'The server HTML holds 40 words, the rendered page 400.',
    points: 2,
    details: {
      serverWords: 40,
      renderedWords: 400,
      ratio: 0.1,
      missingWords: 360,
      missingSample: 'handmade oak dining tables built to order',
    },
  }),
  finding({
    id: 'bot-access',
    category: 'crawlability',
    severity: 'success',
    message: 'robots.txt keeps AI training crawlers out',
    why: 'Search crawlers may fetch the page.',
    details: {
      robotsUrl: 'https://example.com/robots.txt',
      bots: [
        { bot: 'Googlebot', kind: 'search', allowed: true },
        { bot: 'ChatGPT-User', kind: 'assistant', allowed: true },
        { bot: 'GPTBot', kind: 'training', allowed: false, rule: 'Disallow: /' },
      ],
    },
  }),
  finding({
    id: 'structured-data',
    category: 'content',
    severity: 'success',
    message: 'Structured data is valid',
    why: 'The JSON-LD parses.',
    details: { count: 2, types: ['Organization', 'Product'], problems: [], problemCount: 0 },
  }),
  finding({
    id: 'rich-results',
    category: 'social',
    severity: 'warning',
    message: 'Product is not eligible for rich results: missing offers',
    why: 'Google ignores a Product snippets item that lacks a required property.',
    points: 2,
    details: {
      source: 'server',
      types: ['Product', 'BreadcrumbList'],
      items: [
        {
          type: 'Product',
          feature: 'Product snippets',
          block: 1,
          path: '',
          eligible: false,
          missingRequired: ['offers'],
          missingRecommended: ['brand'],
          invalid: [{ property: 'image', value: 'x', problem: 'not a URL' }],
        },
        {
          type: 'BreadcrumbList',
          feature: 'Breadcrumbs',
          block: 2,
          path: '',
          eligible: true,
          missingRequired: [],
          missingRecommended: [],
          invalid: [],
        },
      ],
      itemCount: 2,
      fixSnippet: '<script type="application/ld+json">{"@type":"Product","offers":{}}</script>',
    },
  }),
  {
    ...finding({
      id: 'hreflang',
      category: 'metadata',
      severity: 'success',
      message: 'No hreflang alternates',
      why: 'The page has no language alternates to check.',
    }),
    outcome: 'not_applicable',
  },
  finding({
    id: 'https',
    category: 'crawlability',
    severity: 'success',
    message: 'HTTPS is on',
    why: 'Good.',
  }),
];

export const FULL_CATEGORIES: CategoryScore[] = [
  {
    id: 'crawlability',
    weight: 30,
    score: 0,
    deductions: [
      { check: 'robots-meta', points: 30 },
      { check: 'js-rendering', points: 2 },
    ],
  },
  { id: 'performance', weight: 10, score: 100, deductions: [] },
  { id: 'metadata', weight: 20, score: 80, deductions: [{ check: 'title', points: 4 }] },
  {
    id: 'social',
    weight: 10,
    score: 50,
    deductions: [
      { check: 'open-graph', points: 3 },
      { check: 'rich-results', points: 2 },
    ],
  },
  { id: 'content', weight: 20, score: 85, deductions: [{ check: 'image-alt', points: 3 }] },
  { id: 'links', weight: 10, score: 100, deductions: [] },
];

/** A completed report as its signed-in reader gets it. */
export const fullReportResponse = (overrides: Partial<Report> = {}): ReportResponse =>
  reportResponse('completed', {
    access: 'full',
    categories: FULL_CATEGORIES,
    issues: FULL_ISSUES,
    ...overrides,
  });

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
      score_model: completed ? 2 : null,
      error_code: null,
      error_message: null,
      meta_json: completed ? REPORT_META : null,
      categories: completed ? ANONYMOUS_CATEGORIES : [],
      issues: completed ? ANONYMOUS_ISSUES : [],
      created_at: '2026-01-02T03:04:05.000Z',
      started_at: status === 'queued' ? null : '2026-01-02T03:04:06.000Z',
      completed_at: completed || status === 'failed' ? '2026-01-02T03:04:09.000Z' : null,
      ...overrides,
    },
  };
}
