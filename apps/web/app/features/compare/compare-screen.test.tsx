import type { ReportComparison } from '@crawlwise/shared/report-compare';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { CompareScreen } from './compare-screen.tsx';

const side = (score: number, token: string, createdAt: string, model = 2) => ({
  access_token: token,
  created_at: createdAt,
  completed_at: createdAt,
  score,
  score_model: model,
});

const COMPARISON: ReportComparison = {
  url: 'https://example.com/',
  access: 'anonymous',
  before: side(70, 'old', '2026-11-20T10:00:00.000Z', 1),
  after: side(64, 'new', '2026-11-22T10:00:00.000Z'),
  score_delta: -6,
  same_score_model: false,
  categories: [{ id: 'metadata', before: 60, after: 75, delta: 15 }],
  findings: [
    {
      id: 'canonical',
      category: 'crawlability',
      change: 'new',
      before: null,
      after: { severity: 'warning', outcome: null, message: null, points: null, locked: true },
    },
    {
      id: 'title',
      category: 'metadata',
      change: 'fixed',
      before: {
        severity: 'warning',
        outcome: 'failed',
        message: 'Title is too long',
        points: 4,
        locked: false,
      },
      after: {
        severity: 'success',
        outcome: 'passed',
        message: 'Title ok',
        points: 0,
        locked: false,
      },
    },
  ],
  unchanged_problems: 2,
  crawler: [],
};

describe('CompareScreen', () => {
  it('shows the score change, the model note, locked findings as locked and the fixes', () => {
    renderRoute(
      <CompareScreen
        state={{ status: 'success', data: COMPARISON, error: null, message: undefined }}
        path="/compare?a=old&b=new"
      />,
    );
    expect(screen.getByText('The score fell by 6 points.')).toBeTruthy();
    expect(screen.getByText(/scored by different score models/)).toBeTruthy();
    const fresh = screen.getByTestId('findings-new');
    expect(within(fresh).getByText('Sign in to read this finding')).toBeTruthy();
    expect(
      within(screen.getByTestId('findings-fixed')).getByText('Title is too long'),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Sign in to see every finding' }).getAttribute('href'),
    ).toBe('/auth?next=%2Fcompare%3Fa%3Dold%26b%3Dnew');
    expect(screen.getByText('2 problems are in both reports unchanged.')).toBeTruthy();
  });

  it('names a catalogue error in words', () => {
    renderRoute(
      <CompareScreen
        state={{
          status: 'error',
          data: undefined,
          error: 'compare_different_pages',
          message: undefined,
        }}
        path="/compare?a=x&b=y"
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Different Pages');
  });
});
