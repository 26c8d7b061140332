import { describe, expect, it } from 'vitest';
import type { CategoryScore, ScoredFinding } from './report.ts';
import { fixesFirst } from './report-reading.ts';

const finding = (
  id: string,
  category: ScoredFinding['category'],
  points: number,
  cause?: ScoredFinding['cause'],
): ScoredFinding => ({
  id,
  category,
  outcome: 'failed',
  severity: 'critical',
  message: `Fix ${id}`,
  why: id,
  howToFix: null,
  details: {},
  points,
  ...(cause ? { cause } : {}),
});

describe('fixesFirst', () => {
  const issues = [
    finding('js-rendering', 'crawlability', 20, 'client-side-rendering'),
    finding('word-count', 'content', 12, 'client-side-rendering'),
    finding('rendered-title', 'metadata', 4, 'client-side-rendering'),
    finding('image-alt', 'content', 6),
    finding('https', 'crawlability', 15),
  ];
  const categories: CategoryScore[] = (['crawlability', 'content', 'metadata'] as const).map(
    (id) => ({
      id,
      weight: 30,
      score: 50,
      deductions: issues
        .filter((issue) => issue.category === id)
        .map((issue) => ({ check: issue.id, points: issue.points })),
    }),
  );

  it('gathers the deductions one cause explains into one to-do worth their sum', () => {
    const fixes = fixesFirst(categories, issues);
    expect(fixes.map((entry) => [entry.kind, entry.points])).toEqual([
      ['cause', 36],
      ['check', 15],
      ['check', 6],
    ]);
    const [cause] = fixes;
    expect(cause?.kind === 'cause' && cause.rows.map((row) => row.check)).toEqual([
      'js-rendering',
      'word-count',
      'rendered-title',
    ]);
    expect(cause?.kind === 'cause' && cause.title).toBe('The content is built by JavaScript');
  });

  it('lists a report without causes (made before causes existed) as before', () => {
    const plain = issues.map(({ cause: _cause, ...rest }) => rest);
    expect(fixesFirst(categories, plain).every((entry) => entry.kind === 'check')).toBe(true);
  });
});
