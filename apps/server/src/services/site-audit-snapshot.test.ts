import { describe, expect, it } from 'vitest';
import { buildAuditSnapshot, sectionOf, statusOfErrorCode } from './site-audit-snapshot.ts';
import type { SitePageRow } from './site-checks.ts';

function row(url: string, fields: Partial<SitePageRow> = {}): SitePageRow {
  return {
    reportId: `report-${url}`,
    url,
    accessToken: `token-${url}`,
    status: 'completed',
    score: 80,
    finalUrl: url,
    errorCode: null,
    errorMessage: null,
    metaJson: { title: { value: `Title of ${url}` }, wordCount: { count: 120 } },
    issues: [],
    pageSignals: null,
    completedAt: '2026-11-26T10:00:00.000Z',
    ...fields,
  };
}

const failing = (id: string, severity: 'critical' | 'warning', points: number) => ({
  id,
  category: 'seo',
  outcome: 'failed',
  severity,
  message: `${id} fails here`,
  why: 'why',
  howToFix: 'fix',
  details: {},
  points,
});

describe('buildAuditSnapshot of a list or sitemap check (no link graph)', () => {
  const rows = [
    row('https://s.example/a', {
      score: 70,
      issues: [failing('title', 'warning', 4), failing('meta-description', 'critical', 6)],
    }),
    row('https://s.example/b', { score: 90, issues: [failing('title', 'critical', 8)] }),
    row('https://s.example/old', {
      finalUrl: 'https://s.example/a',
      issues: [failing('title', 'warning', 4)],
    }),
    row('https://s.example/gone', {
      status: 'failed',
      score: null,
      finalUrl: null,
      metaJson: null,
      errorCode: 'http_error_404',
    }),
    row('https://s.example/private', {
      status: 'failed',
      score: null,
      finalUrl: null,
      errorCode: 'blocked_by_robots',
    }),
    row('https://s.example/later', { status: 'queued', score: null, completedAt: null }),
    row('https://s.example/dropped', { status: 'cancelled', score: null }),
  ];
  const snapshot = buildAuditSnapshot(rows, null);
  const page = (url: string) => snapshot.pages.find((entry) => entry.url === url);

  it('gives every address a state, a status and why it cannot be indexed', () => {
    expect(
      snapshot.pages.map(({ url, state, httpStatus, indexable, nonIndexableReason }) => [
        url.slice(18),
        state,
        httpStatus,
        indexable,
        nonIndexableReason,
      ]),
    ).toEqual([
      ['a', 'completed', 200, true, null],
      ['b', 'completed', 200, true, null],
      ['old', 'redirected', 200, false, 'redirect'],
      ['gone', 'failed', 404, false, 'error'],
      ['private', 'blocked', null, false, 'blocked'],
      ['later', 'pending', null, false, 'not-analysed'],
      ['dropped', 'cancelled', null, false, 'not-analysed'],
    ]);
    // No graph: no depth, inbound or link score; no report to open for a page never analysed.
    expect(page('https://s.example/a')).toMatchObject({
      depth: null,
      inbound: null,
      linkScore: null,
      words: 120,
      score: 70,
      accessToken: 'token-https://s.example/a',
    });
    expect(page('https://s.example/old')?.score).toBeNull();
    expect(page('https://s.example/later')?.accessToken).toBeNull();
  });

  it('counts each failing page check once per analysed page, worth its points per page', () => {
    expect(snapshot.issues).toEqual([
      // (4 + 8) points over the 2 analysed pages; the redirect's analysis is another page's.
      { kind: 'page', issueId: 'title', severity: 'critical', count: 2, worth: 6 },
      { kind: 'page', issueId: 'meta-description', severity: 'critical', count: 1, worth: 3 },
    ]);
    expect(snapshot.items.filter((item) => item.issueId === 'title')).toEqual([
      {
        issueId: 'title',
        position: 0,
        url: 'https://s.example/a',
        detail: 'title fails here',
        sources: [],
        sourceCount: 0,
      },
      {
        issueId: 'title',
        position: 1,
        url: 'https://s.example/b',
        detail: 'title fails here',
        sources: [],
        sourceCount: 0,
      },
    ]);
    expect(snapshot.links).toEqual([]);
    expect(snapshot.duplicates).toEqual([]);
  });
});

describe('audit helpers', () => {
  it('reads an HTTP status from an error code, and the section from an address', () => {
    expect(statusOfErrorCode('http_error_410')).toBe(410);
    expect(statusOfErrorCode('dns_error')).toBeNull();
    expect(statusOfErrorCode(null)).toBeNull();
    expect(sectionOf('https://s.example/blog/post?x=1')).toBe('/blog');
    expect(sectionOf('https://s.example/')).toBe('/');
    expect(sectionOf('https://s.example/about')).toBe('/about');
    expect(sectionOf('not a url')).toBe('/');
  });
});
