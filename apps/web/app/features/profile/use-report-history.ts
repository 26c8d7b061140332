import { useEffect, useRef, useState } from 'react';
import { asApiResult } from '../../lib/auth-result.ts';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { fetchReportPage, type HistoryReport } from './api/profile-api.ts';

/**
 * "My SEO Reports" (spec points 7 and 9): the first page on load, Load More appends the next;
 * more exist while the exact total is greater than what is loaded. A failed fetch is logged and
 * shows an empty list, as the spec says.
 */
export function useReportHistory() {
  const first = useApiQuery(async (signal) => asApiResult(await fetchReportPage(0, signal)), [], {
    onError: (code) => console.error('Could not load your reports', code),
  });
  // Pages after the first (Load More), and the exact total the latest page reported.
  const [later, setLater] = useState<{ reports: HistoryReport[]; total: number } | null>(null);
  // Deleted rows go at once, from every page loaded; the server agrees on its next answer.
  const [removedTokens, setRemovedTokens] = useState<ReadonlySet<string>>(new Set());
  const [loadingMore, setLoadingMore] = useState(false);
  // Load More is a click, not a screen load: the hook does not own it, so it is aborted here.
  const more = useRef<AbortController | null>(null);
  useEffect(() => () => more.current?.abort(), []);

  const firstPage = first.status === 'success' ? first.data : { reports: [], total: 0 };
  const reports = [...firstPage.reports, ...(later?.reports ?? [])].filter(
    (report) => !removedTokens.has(report.access_token),
  );
  const total = Math.max(0, (later?.total ?? firstPage.total) - removedTokens.size);

  const loadMore = async () => {
    const controller = new AbortController();
    more.current = controller;
    setLoadingMore(true);
    const result = await fetchReportPage(reports.length, controller.signal).catch(() => null);
    if (controller.signal.aborted || result === null) return;
    setLoadingMore(false);
    if (!result.ok) {
      console.error('Could not load your reports', result);
      return;
    }
    setLater((current) => ({
      reports: [...(current?.reports ?? []), ...result.data.reports],
      total: result.data.total + removedTokens.size,
    }));
  };

  /** After a deletion: the row goes, and the total with it. */
  const removed = (accessToken: string) => {
    setRemovedTokens((current) => new Set(current).add(accessToken));
  };

  return {
    reports,
    total,
    loading: first.status === 'loading' || first.status === 'idle',
    loadingMore,
    hasMore: total > reports.length,
    loadMore,
    removed,
  };
}

/** The three stat cards, over the loaded reports only (spec point 9). */
export function reportStats(reports: readonly HistoryReport[]) {
  const scores = reports
    .filter((report) => report.status === 'completed' && typeof report.score === 'number')
    .map((report) => report.score as number);
  return {
    total: reports.length,
    average: scores.length
      ? Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length)
      : null,
    best: scores.length ? Math.max(...scores) : null,
  };
}
