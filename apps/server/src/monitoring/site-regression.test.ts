import { describe, expect, it } from 'vitest';
import type { JudgedFinding } from './regression.ts';
import { averageScore, type JudgedSitePage, judgeSiteRegression } from './site-regression.ts';

const finding = (id: string, outcome: string, severity: string): JudgedFinding => ({
  id,
  outcome,
  severity,
  message: `${id} ${outcome}`,
});

const page = (url: string, score: number, issues: JudgedFinding[] = [], scoreModel = 2) =>
  ({ url, score, scoreModel, issues }) satisfies JudgedSitePage;

describe('judgeSiteRegression', () => {
  it('reports a drop of the average score of at least the threshold, and not a smaller one', () => {
    const before = [page('/a', 90), page('/b', 90)];
    expect(judgeSiteRegression(before, [page('/a', 90), page('/b', 80)], 5)).toEqual({
      previousAverage: 90,
      currentAverage: 85,
      scoreDrop: 5,
      newCritical: [],
    });
    expect(judgeSiteRegression(before, [page('/a', 90), page('/b', 82)], 5)).toBeNull();
  });

  it('reports a page that newly fails a check as critical, naming the page', () => {
    const before = [page('/a', 90, [finding('title', 'passed', 'success')])];
    const after = [page('/a', 89, [finding('title', 'failed', 'critical')])];
    expect(judgeSiteRegression(before, after, 10)?.newCritical).toEqual([
      { url: '/a', id: 'title', message: 'title failed' },
    ]);
  });

  it('does not call failures of pages new to the site, or already failing, new', () => {
    const failing = finding('title', 'failed', 'critical');
    const before = [page('/a', 90, [failing])];
    const after = [page('/a', 90, [failing]), page('/new', 90, [failing])];
    expect(judgeSiteRegression(before, after, 10)).toBeNull();
  });

  it('does not compare averages of different score models', () => {
    expect(judgeSiteRegression([page('/a', 90, [], 1)], [page('/a', 50, [], 2)], 5)).toBeNull();
  });

  it('averages as the site report rounds, and has no average without pages', () => {
    expect(averageScore([page('/a', 90), page('/b', 85)])).toBe(88);
    expect(averageScore([])).toBeNull();
  });
});
