import { describe, expect, it } from 'vitest';
import type { CrawlChanges } from '../services/site-audit-compare.ts';
import { judgeCrawlRegression } from './crawl-regression.ts';
import type { JudgedSitePage } from './site-regression.ts';

const page = (url: string, score: number, scoreModel = 2): JudgedSitePage => ({
  url,
  score,
  scoreModel,
  issues: [],
});
const none: CrawlChanges = {
  newBrokenLinks: { total: 0, items: [] },
  newlyNonIndexable: { total: 0, items: [] },
};

describe('judgeCrawlRegression', () => {
  const pages = [page('https://a.example/', 90)];

  it('reports a site score drop of at least the threshold, not a smaller one', () => {
    const before = { siteScore: 80, pages };
    expect(judgeCrawlRegression(before, { siteScore: 75, pages }, none, 5)).toMatchObject({
      previousScore: 80,
      currentScore: 75,
      scoreDrop: 5,
    });
    expect(judgeCrawlRegression(before, { siteScore: 76, pages }, none, 5)).toBeNull();
  });

  it('does not compare site scores of different page score models', () => {
    const before = { siteScore: 80, pages: [page('https://a.example/', 90, 1)] };
    expect(judgeCrawlRegression(before, { siteScore: 40, pages }, none, 5)).toBeNull();
  });

  it('reports new broken links and newly non-indexable pages even without a score drop', () => {
    const links: CrawlChanges = {
      ...none,
      newBrokenLinks: {
        total: 1,
        items: [
          { source: 'https://a.example/', target: 'https://a.example/x', status: 404, error: null },
        ],
      },
    };
    const same = { siteScore: 80, pages };
    expect(judgeCrawlRegression(same, same, links, 5)).toMatchObject({
      scoreDrop: null,
      newBrokenLinks: links.newBrokenLinks,
      newlyNonIndexable: { total: 0 },
    });
    const noindex: CrawlChanges = {
      ...none,
      newlyNonIndexable: { total: 1, items: [{ url: 'https://a.example/', reason: 'noindex' }] },
    };
    expect(judgeCrawlRegression(same, same, noindex, 5)?.newlyNonIndexable.total).toBe(1);
  });

  it('reports a page newly failing a check as critical', () => {
    const before = {
      siteScore: 80,
      pages: [
        {
          ...page('https://a.example/', 90),
          issues: [{ id: 'title', outcome: 'passed', severity: 'success', message: 'Title' }],
        },
      ],
    };
    const after = {
      siteScore: 80,
      pages: [
        {
          ...page('https://a.example/', 90),
          issues: [{ id: 'title', outcome: 'failed', severity: 'critical', message: 'No title' }],
        },
      ],
    };
    expect(judgeCrawlRegression(before, after, none, 5)?.newCritical).toEqual([
      { url: 'https://a.example/', id: 'title', message: 'No title' },
    ]);
  });
});
