import type { PageHistoryEntry } from '@crawlwise/shared/page-history';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { HistoryTable } from './history-table.tsx';
import { ScoreTrendChart } from './score-trend-chart.tsx';

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
});
