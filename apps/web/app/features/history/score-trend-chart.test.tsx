import type { PageHistoryEntry } from '@crawlwise/shared/page-history';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { HistoryTable } from './history-table.tsx';
import { axisLabels, ScoreTrendChart } from './score-trend-chart.tsx';

const entry = (
  token: string,
  score: number | null,
  createdAt: string,
  status: PageHistoryEntry['status'] = 'completed',
): PageHistoryEntry => ({
  id: '0b5f9c1e-7d4a-4c3b-9f2e-1a2b3c4d5e6f',
  access_token: token,
  status,
  score,
  score_model: score === null ? null : 2,
  error_code: null,
  created_at: createdAt,
  completed_at: null,
  categories: [],
});

// Newest first, as the API sends them.
const HISTORY = [
  entry('newest', 82, '2026-11-22T10:00:00.000Z'),
  entry('broken', null, '2026-11-21T10:00:00.000Z', 'failed'),
  entry('oldest', 64, '2026-11-20T10:00:00.000Z'),
];

describe('the page history', () => {
  it('charts the completed reports under an accessible name, each point titled', () => {
    renderRoute(<ScoreTrendChart entries={HISTORY} />);
    const chart = screen.getByRole('img', {
      name: 'Score trend Score over 2 completed reports: from 64, rose by 18 to 82.',
    });
    const points = chart.querySelectorAll('circle');
    expect([...points].map((point) => point.getAttribute('data-score'))).toEqual(['64', '82']);
    expect(points[0]?.querySelector('title')?.textContent).toMatch(/^Score 64 on /);
  });

  it('lists every report, the failed one too, with Compare with previous where there is one', () => {
    renderRoute(<HistoryTable entries={HISTORY} />);
    const rows = screen.getAllByTestId('history-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Failed')).toBeTruthy();
    const compare = within(rows[0] as HTMLElement).getByRole('link', {
      name: 'Compare with previous',
    });
    expect(compare.getAttribute('href')).toBe('/compare?a=oldest&b=newest');
    expect(within(rows[2] as HTMLElement).queryByRole('link', { name: /Compare/ })).toBeNull();
  });

  it('names the score model only where it changes (issue 27)', () => {
    const changed = [
      { ...entry('newest', 82, '2026-11-22T10:00:00.000Z'), score_model: 3 },
      { ...entry('middle', 80, '2026-11-21T10:00:00.000Z'), score_model: 3 },
      entry('oldest', 64, '2026-11-20T10:00:00.000Z'),
    ];
    renderRoute(<HistoryTable entries={changed} />);
    const rows = screen.getAllByTestId('history-row');
    expect(rows.map((row) => row.textContent?.includes('Score model'))).toEqual([
      false,
      true,
      false,
    ]);
    expect(rows[1]).toHaveTextContent('Score model 3');
  });

  it('repeats no score model when one model made every score', () => {
    renderRoute(<HistoryTable entries={HISTORY} />);
    expect(screen.queryByText(/Score model/)).toBeNull();
  });

  it('labels the axis with times when every point is on one day', () => {
    const [start, end] = axisLabels('2026-11-24T09:15:00.000Z', '2026-11-24T16:40:00.000Z');
    expect(start).toMatch(/\d{1,2}:\d{2}/);
    expect(end).toMatch(/\d{1,2}:\d{2}/);
    expect(start).not.toBe(end);
    const [day1, day2] = axisLabels('2026-11-20T09:15:00.000Z', '2026-11-24T16:40:00.000Z');
    expect(day1).not.toMatch(/:/);
    expect(day1).not.toBe(day2);
  });
});
