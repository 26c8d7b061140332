import { describe, expect, it } from 'vitest';
import {
  type PageHistoryEntry,
  pageHistoryResponseSchema,
  previousCompleted,
} from './page-history.ts';

const entry = (token: string, status: PageHistoryEntry['status']): PageHistoryEntry => ({
  id: '0b5f9c1e-7d4a-4c3b-9f2e-1a2b3c4d5e6f',
  access_token: token,
  status,
  score: status === 'completed' ? 70 : null,
  score_model: status === 'completed' ? 2 : null,
  error_code: status === 'failed' ? 'fetch_failed' : null,
  created_at: '2026-11-20T10:00:00.000Z',
  completed_at: null,
  categories: [],
});

// Newest first, as the API sends them.
const HISTORY = [
  entry('d', 'completed'),
  entry('c', 'failed'),
  entry('b', 'completed'),
  entry('a', 'completed'),
];

describe('a page history', () => {
  it('finds the completed report before a given one, skipping failed ones', () => {
    expect(previousCompleted(HISTORY, 'd')?.access_token).toBe('b');
    expect(previousCompleted(HISTORY, 'b')?.access_token).toBe('a');
    expect(previousCompleted(HISTORY, 'a')).toBeNull();
    expect(previousCompleted(HISTORY, 'unknown')).toBeNull();
  });

  it('is the shape the API answers', () => {
    const answer = { ok: true, url: 'https://example.com/', total: 4, reports: HISTORY };
    expect(pageHistoryResponseSchema.parse(answer)).toEqual(answer);
  });
});
