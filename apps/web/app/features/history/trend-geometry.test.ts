import type { PageHistoryEntry } from '@crawlwise/shared/page-history';
import { describe, expect, it } from 'vitest';
import { CHART_PADDING, CHART_WIDTH, scoreY, trendPoints, trendSummary } from './trend-geometry.ts';

const entry = (
  token: string,
  score: number | null,
  status: PageHistoryEntry['status'] = 'completed',
): PageHistoryEntry => ({
  id: '0b5f9c1e-7d4a-4c3b-9f2e-1a2b3c4d5e6f',
  access_token: token,
  status,
  score,
  score_model: score === null ? null : 2,
  error_code: status === 'failed' ? 'fetch_failed' : null,
  created_at: '2026-11-20T10:00:00.000Z',
  completed_at: null,
  categories: [],
});

// Newest first, as the API sends them.
const HISTORY = [entry('d', 80), entry('c', null, 'failed'), entry('b', 60), entry('a', 70)];

describe('the score trend', () => {
  it('charts only completed reports, oldest first, evenly spaced across the plot', () => {
    const points = trendPoints(HISTORY);
    expect(points.map((point) => [point.accessToken, point.score])).toEqual([
      ['a', 70],
      ['b', 60],
      ['d', 80],
    ]);
    expect(points[0]?.x).toBe(CHART_PADDING.left);
    expect(points[2]?.x).toBe(CHART_WIDTH - CHART_PADDING.right);
    expect(points[1]?.x).toBe((CHART_PADDING.left + CHART_WIDTH - CHART_PADDING.right) / 2);
    expect(scoreY(100)).toBe(CHART_PADDING.top);
    expect(scoreY(0)).toBeGreaterThan(scoreY(50));
  });

  it('says in one sentence how the score moved', () => {
    expect(trendSummary(trendPoints(HISTORY))).toBe(
      'Score over 3 completed reports: from 70, rose by 10 to 80.',
    );
    expect(trendSummary(trendPoints([entry('x', 55)]))).toBe('One completed report, scored 55.');
    expect(trendSummary([])).toBe('No completed report to chart yet.');
  });
});
