import { describe, expect, it } from 'vitest';
import type { SitePageRow } from './site-checks.ts';
import { buildSiteReport } from './site-report.ts';
import { csvCell, siteReportCsv } from './site-report-csv.ts';

function row(
  url: string,
  fields: Partial<SitePageRow> & { title?: string; description?: string } = {},
): SitePageRow {
  const { title, description, ...rest } = fields;
  return {
    reportId: `report-${url}`,
    url,
    accessToken: `token-${url}`,
    status: 'completed',
    score: 80,
    finalUrl: url,
    errorCode: null,
    errorMessage: null,
    metaJson: {
      title: { value: title ?? `Title of ${url}` },
      metaDescription: { value: description ?? `Description of ${url}` },
    },
    issues: [],
    pageSignals: null,
    completedAt: null,
    ...rest,
  };
}

describe('buildSiteReport', () => {
  const rows: SitePageRow[] = [
    row('https://s.example/a', { score: 90, title: 'Shop' }),
    row('https://s.example/b', { score: 40, title: '  shop ', description: 'Same words here' }),
    row('https://s.example/c', { score: 70, description: 'same words  here' }),
    row('https://s.example/old', { finalUrl: 'https://s.example/a', score: 90, title: 'x' }),
    row('https://s.example/slash', { finalUrl: 'https://s.example/slash/', score: 60 }),
    row('https://s.example/gone', {
      status: 'failed',
      score: null,
      finalUrl: null,
      metaJson: null,
      errorCode: 'http_error_404',
      errorMessage: 'Not found',
    }),
    row('https://s.example/later', {
      status: 'queued',
      score: null,
      metaJson: null,
      finalUrl: null,
    }),
    row('https://s.example/canon', {
      score: 75,
      issues: [
        { id: 'canonical', details: { canonical: 'https://s.example/a' } },
        { id: 'robots-txt', details: { allowedForGooglebot: false, detail: 'Disallow: /canon' } },
      ],
    }),
  ];
  const report = buildSiteReport(rows);

  it('orders analysed pages by score, then failed, then pending', () => {
    // A listed address that redirects ('old') is a redirect only, not a page (issue 27).
    expect(report.pages.map((page) => page.url.slice(18))).toEqual([
      'b',
      'slash',
      'c',
      'canon',
      'a',
      'gone',
      'later',
    ]);
    expect(report).toMatchObject({
      pagesAnalysed: 5,
      pagesFailed: 1,
      pagesPending: 1,
      pagesRedirected: 1,
    });
    expect(report.averageScore).toBe(Math.round((90 + 40 + 70 + 60 + 75) / 5));
  });

  it('counts a redirecting entry as a redirect only: not a duplicate of its target', () => {
    const redirecting = buildSiteReport([
      row('https://s.example/a', { title: 'Oak tables', description: 'Solid oak.' }),
      row('https://s.example/old-a', {
        finalUrl: 'https://s.example/a',
        title: 'Oak tables',
        description: 'Solid oak.',
      }),
    ]);
    expect(redirecting.duplicateTitles).toEqual([]);
    expect(redirecting.duplicateDescriptions).toEqual([]);
    expect(redirecting.pages.map((page) => page.url)).toEqual(['https://s.example/a']);
    expect(redirecting.entryProblems).toEqual([
      {
        url: 'https://s.example/old-a',
        kind: 'redirect',
        finalUrl: 'https://s.example/a',
        code: null,
        message: null,
      },
    ]);
  });

  it('lists a page robots.txt kept Crawlwise from as blocked, not as failed', () => {
    const blocked = buildSiteReport([
      row('https://s.example/a'),
      row('https://s.example/private/x', {
        status: 'failed',
        score: null,
        finalUrl: null,
        metaJson: null,
        errorCode: 'blocked_by_robots',
        errorMessage:
          'robots.txt does not allow Crawlwise to fetch this page ("Disallow: /private/"), so it was not requested.',
      }),
    ]);
    expect(blocked).toMatchObject({ pagesBlocked: 1, pagesFailed: 0, entryProblems: [] });
    expect(blocked.robotsBlocked).toEqual([
      { url: 'https://s.example/private/x', rule: 'Disallow: /private/' },
    ]);
    expect(blocked.pages.map((page) => page.url)).toEqual(['https://s.example/a']);
  });

  it('groups duplicate titles and descriptions whatever their case and spacing', () => {
    expect(report.duplicateTitles).toEqual([
      { value: 'Shop', urls: ['https://s.example/a', 'https://s.example/b'] },
    ]);
    expect(report.duplicateDescriptions[0]?.urls).toEqual([
      'https://s.example/b',
      'https://s.example/c',
    ]);
  });

  it('lists canonicals elsewhere, robots.txt blocks, and entries that redirect or fail', () => {
    expect(report.canonicalElsewhere).toEqual([
      { url: 'https://s.example/canon', canonical: 'https://s.example/a' },
    ]);
    expect(report.robotsBlocked).toEqual([
      { url: 'https://s.example/canon', rule: 'Disallow: /canon' },
    ]);
    // A trailing slash added by the server is not worth listing as a redirect.
    expect(report.entryProblems).toEqual([
      {
        url: 'https://s.example/old',
        kind: 'redirect',
        finalUrl: 'https://s.example/a',
        code: null,
        message: null,
      },
      {
        url: 'https://s.example/gone',
        kind: 'failed',
        finalUrl: null,
        code: 'http_error_404',
        message: 'Not found',
      },
    ]);
  });
});

describe('site report CSV', () => {
  it('quotes every cell and defuses what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('@sum')).toBe(`"'@sum"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('plain, text')).toBe('"plain, text"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it('writes one row per page with the cross-page findings', () => {
    const report = buildSiteReport([
      row('https://s.example/a', { title: '=cmd|calc' }),
      row('https://s.example/b', { title: '=cmd|calc' }),
    ]);
    const lines = siteReportCsv(
      report,
      (token) => `https://crawlwise.example/report?token=${token}`,
    )
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      '"url","status","score","title","final_url","duplicate_title","duplicate_description","canonical_elsewhere","blocked_by_robots_txt","error_code","error_message","report_link","depth","inbound_links","link_score","site_findings"',
    );
    expect(lines[1]).toContain(`"'=cmd|calc"`);
    expect(lines[1]).toContain('"yes","no"');
  });

  it('gives a crawl its site findings, page facts and their CSV columns', () => {
    const signals = (path: string) => ({
      finalKey: `https://s.example${path}`,
      status: 200,
      redirects: [],
      noindex: false,
      canonical: null,
      hreflang: [],
      fingerprint: null,
      words: 100,
      externalLinks: 0,
    });
    const sources = Array.from({ length: 12 }, (_, i) => `/p${i}`);
    const rows = [
      row('https://s.example/', { pageSignals: signals('/') }),
      ...sources.map((path) => row(`https://s.example${path}`, { pageSignals: signals(path) })),
      row('https://s.example/gone', {
        status: 'failed',
        score: null,
        finalUrl: null,
        errorCode: 'http_error_404',
        errorMessage: 'The page answered 404.',
      }),
    ];
    const links = [
      ...sources.map((path) => ({
        source: 'https://s.example/',
        target: `https://s.example${path}`,
        anchor: path,
        nofollow: false,
        renderedOnly: false,
      })),
      ...sources.map((path) => ({
        source: `https://s.example${path}`,
        target: 'https://s.example/gone',
        anchor: `Gone from ${path}`,
        nofollow: false,
        renderedOnly: false,
      })),
    ];
    const report = buildSiteReport(rows, {
      startKey: 'https://s.example/',
      links,
      sitemap: new Set(),
      sitemapRead: false,
    });
    const broken = report.crawl?.findings.find((f) => f.id === 'broken-internal-links');
    // One broken target among 13 pages: round(15 × (1/13) / 0.1) = 12 points.
    expect(broken).toMatchObject({ severity: 'critical', count: 1, points: 12 });
    expect(broken?.items[0]?.sources).toHaveLength(10);
    expect(broken?.items[0]?.sourceCount).toBe(12);
    expect(broken?.items[0]?.sources[0]).toEqual({
      url: 'https://s.example/p0',
      anchor: 'Gone from /p0',
    });
    expect(report.crawl?.score).toBe(
      80 - 12 - (report.crawl?.findings.find((f) => f.id === 'single-inbound-link')?.points ?? 0),
    );
    expect(report.pages.find((p) => p.url === 'https://s.example/p3')).toMatchObject({
      depth: 1,
      inbound: 1,
    });

    const csv = siteReportCsv(report, (token) => `https://c.example/r?token=${token}`).split(
      '\r\n',
    );
    const gone = csv.find((line) => line.startsWith('"https://s.example/gone"'));
    expect(gone).toContain('"broken-internal-links"');
    const p3 = csv.find((line) => line.startsWith('"https://s.example/p3"'));
    expect(p3).toMatch(/"1","1","\d+","single-inbound-link"$/);
  });

  it('reports the broken external targets of a crawl that checks them, and names their pages in the CSV', () => {
    const signals = (path: string) => ({
      finalKey: `https://s.example${path}`,
      status: 200,
      redirects: [],
      noindex: false,
      canonical: null,
      hreflang: [],
      fingerprint: null,
      words: 100,
      externalLinks: 2,
    });
    const rows = [
      row('https://s.example/', { pageSignals: signals('/') }),
      row('https://s.example/a', { pageSignals: signals('/a') }),
    ];
    const report = buildSiteReport(rows, {
      startKey: 'https://s.example/',
      links: [
        {
          source: 'https://s.example/',
          target: 'https://s.example/a',
          anchor: 'A',
          nofollow: false,
          renderedOnly: false,
        },
      ],
      sitemap: new Set(),
      sitemapRead: false,
      external: [
        {
          target: 'https://other.example/gone',
          status: 404,
          finalUrl: null,
          error: null,
          sources: [{ url: 'https://s.example/a', anchor: 'Gone' }],
        },
        {
          target: 'https://other.example/ok',
          status: 200,
          finalUrl: null,
          error: null,
          sources: [],
        },
        {
          target: 'https://refusing.example/',
          status: 403,
          finalUrl: null,
          error: null,
          sources: [],
        },
      ],
      externalProgress: { total: 4, checked: 3 },
    });
    expect(report.crawl?.externalLinks).toEqual({ total: 4, checked: 3 });
    const finding = report.crawl?.findings.find((f) => f.id === 'broken-external-links');
    expect(finding?.items).toEqual([
      {
        url: 'https://other.example/gone',
        detail: '404',
        sources: [{ url: 'https://s.example/a', anchor: 'Gone' }],
        sourceCount: 1,
      },
    ]);
    const csv = siteReportCsv(report, (token) => `https://c.example/r?token=${token}`).split(
      '\r\n',
    );
    expect(csv.find((line) => line.startsWith('"https://s.example/a"'))).toMatch(
      /"broken-external-links;single-inbound-link"$/,
    );
    expect(csv.some((line) => line.includes('other.example'))).toBe(false);
  });
});
