import type {
  AuditDiffResponse,
  AuditDuplicatesResponse,
  AuditIssue,
  AuditIssueItemsResponse,
  AuditIssuesResponse,
  AuditLinksResponse,
  AuditOverviewResponse,
  AuditPageRow,
  AuditPagesResponse,
  AuditStructureResponse,
} from '@crawlwise/shared/api/site-audit';
import type { SiteCheck } from '@crawlwise/shared/api/site-checks';

/** Answers shaped by the audit contract's types, for the workspace's jsdom tests. */

export const AUDIT_ID = '11111111-2222-3333-4444-555555555555';
export const PREVIOUS_ID = '99999999-2222-3333-4444-555555555555';
const BUILT = '2026-11-26T10:00:00.000Z';

export function crawlCheck(overrides: Partial<SiteCheck> = {}): SiteCheck {
  return {
    id: AUDIT_ID,
    siteUrl: 'https://shop.example/',
    source: 'crawl',
    status: 'completed',
    counts: {
      total: 120,
      queued: 0,
      analyzing: 0,
      completed: 115,
      failed: 5,
      blocked: 0,
      cancelled: 0,
    },
    skipped: null,
    discovery: null,
    errorCode: null,
    errorMessage: null,
    createdAt: '2026-11-26T09:55:00.000Z',
    completedAt: BUILT,
    ...overrides,
  };
}

export const ORPHANS: AuditIssue = {
  kind: 'site',
  id: 'orphan-pages',
  title: 'Orphan pages',
  severity: 'warning',
  why: 'No crawled page links to them.',
  howToFix: 'Link to them from a related page.',
  count: 3,
  worth: 4,
};
export const MISSING_ALT: AuditIssue = {
  kind: 'page',
  id: 'image-alt',
  title: 'Images without alt text',
  severity: 'warning',
  why: 'Screen readers cannot describe them.',
  howToFix: 'Add an alt attribute.',
  count: 40,
  worth: 2.345,
};

export function overview(
  overrides: Partial<AuditOverviewResponse['overview']> = {},
  check: Partial<SiteCheck> = {},
): AuditOverviewResponse {
  return {
    ok: true,
    siteCheck: crawlCheck(check),
    builtAt: BUILT,
    overview: {
      score: 78,
      base: 84,
      ledger: [{ id: 'orphan-pages', title: 'Orphan pages', points: 4 }],
      pagesByState: {
        completed: 115,
        failed: 5,
        blocked: 0,
        cancelled: 0,
        pending: 0,
        redirected: 0,
      },
      indexable: 110,
      nonIndexable: {
        noindex: 3,
        error: 5,
        canonicalised: 0,
        blocked: 0,
        redirect: 0,
        'not-analysed': 0,
      },
      topIssues: [ORPHANS, MISSING_ALT],
      progress: {
        discovered: 120,
        waiting: 0,
        done: 115,
        failed: 5,
        pagesPerMinute: null,
        etaSeconds: null,
        lastPages: [],
      },
      previous: {
        siteCheckId: PREVIOUS_ID,
        createdAt: '2026-11-20T09:00:00.000Z',
        score: 74,
        scoreDelta: 4,
        newIssues: 1,
        fixedIssues: 2,
      },
      ...overrides,
    },
  };
}

export function pageRow(index: number, overrides: Partial<AuditPageRow> = {}): AuditPageRow {
  return {
    url: `https://shop.example/p/${index}`,
    finalUrl: null,
    state: 'completed',
    httpStatus: 200,
    indexable: true,
    nonIndexableReason: null,
    score: 60 + (index % 40),
    depth: 1 + (index % 4),
    inbound: index % 7,
    linkScore: index % 100,
    title: `Product ${index}`,
    words: 300 + index,
    inSitemap: true,
    accessToken: `token-${index}`,
    ...overrides,
  };
}

export function pages(page = 1, total = 120, pageSize = 50): AuditPagesResponse {
  const first = (page - 1) * pageSize;
  const count = Math.max(0, Math.min(pageSize, total - first));
  return {
    ok: true,
    total,
    page,
    pageSize,
    builtAt: BUILT,
    rows: Array.from({ length: count }, (_, at) => pageRow(first + at + 1)),
  };
}

export const issues = (): AuditIssuesResponse => ({
  ok: true,
  builtAt: BUILT,
  issues: [ORPHANS, MISSING_ALT],
});

export function issueItems(page = 1, total = 3, pageSize = 50): AuditIssueItemsResponse {
  const first = (page - 1) * pageSize;
  return {
    ok: true,
    total,
    page,
    pageSize,
    builtAt: BUILT,
    rows: Array.from({ length: Math.min(pageSize, total - first) }, (_, at) => ({
      url: `https://shop.example/orphan/${first + at + 1}`,
      detail: 'in the sitemap only',
      sources: [{ url: 'https://shop.example/sitemap.xml', anchor: 'Sitemap entry' }],
      sourceCount: 3,
      accessToken: `orphan-token-${first + at + 1}`,
    })),
  };
}

export const links = (): AuditLinksResponse => ({
  ok: true,
  total: 2,
  page: 1,
  pageSize: 50,
  builtAt: BUILT,
  sections: [
    { section: '/blog', links: 1 },
    { section: '/', links: 1 },
  ],
  statuses: [
    { status: 404, links: 1 },
    { status: null, links: 1 },
  ],
  rows: [
    {
      source: 'https://shop.example/blog/a',
      target: 'https://shop.example/gone',
      anchor: 'Old sale',
      nofollow: false,
      renderedOnly: false,
      targetStatus: 404,
      targetError: null,
      finalUrl: null,
    },
    {
      source: 'https://shop.example/',
      target: 'https://shop.example/down',
      anchor: '',
      nofollow: true,
      renderedOnly: false,
      targetStatus: null,
      targetError: 'timeout',
      finalUrl: null,
    },
  ],
});

export const structure = (): AuditStructureResponse => ({
  ok: true,
  builtAt: BUILT,
  depthHistogram: [
    { depth: 0, pages: 1 },
    { depth: 1, pages: 12 },
    { depth: 2, pages: 80 },
    { depth: null, pages: 3 },
  ],
  orphans: 3,
  mostLinked: [{ url: 'https://shop.example/', inbound: 95, linkScore: 100, accessToken: 't0' }],
  leastLinked: [{ url: 'https://shop.example/p/9', inbound: 1, linkScore: 2, accessToken: null }],
});

export const duplicates = (): AuditDuplicatesResponse => ({
  ok: true,
  total: 1,
  page: 1,
  pageSize: 50,
  builtAt: BUILT,
  rows: [
    {
      cluster: 1,
      size: 2,
      similarity: 0.93,
      members: [
        { url: 'https://shop.example/red-chair', title: 'Red chair', words: 420 },
        { url: 'https://shop.example/blue-chair', title: 'Blue chair', words: 418 },
      ],
    },
  ],
});

export const diff = (): AuditDiffResponse => ({
  ok: true,
  a: {
    url: 'https://shop.example/red-chair',
    truncated: false,
    blocks: [
      { text: 'Handmade oak chair.', shared: true },
      { text: 'Painted red.', shared: false },
    ],
  },
  b: {
    url: 'https://shop.example/blue-chair',
    truncated: true,
    blocks: [
      { text: 'Handmade oak chair.', shared: true },
      { text: 'Painted blue.', shared: false },
    ],
  },
});
