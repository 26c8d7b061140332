import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchReportPage, type HistoryReport } from './api/profile-api.ts';

/**
 * "My SEO Reports" (spec points 7 and 9): the first page on load, Load More appends the next;
 * more exist while the exact total is greater than what is loaded. A failed fetch is logged and
 * shows an empty list, as the spec says.
 */
export function useReportHistory() {
  const [reports, setReports] = useState<HistoryReport[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const live = useRef(true);

  const load = useCallback(async (offset: number) => {
    const result = await fetchReportPage(offset);
    if (!live.current) return;
    if (!result.ok) {
      console.error('Could not load your reports', result);
      if (offset === 0) {
        setReports([]);
        setTotal(0);
      }
      return;
    }
    setReports((current) =>
      offset === 0 ? result.data.reports : [...current, ...result.data.reports],
    );
    setTotal(result.data.total);
  }, []);

  useEffect(() => {
    live.current = true;
    void load(0).finally(() => {
      if (live.current) setLoading(false);
    });
    return () => {
      live.current = false;
    };
  }, [load]);

  const loadMore = async () => {
    setLoadingMore(true);
    await load(reports.length);
    if (live.current) setLoadingMore(false);
  };

  /** After a deletion: the row goes, and the total with it. */
  const removed = (accessToken: string) => {
    setReports((current) => current.filter((report) => report.access_token !== accessToken));
    setTotal((current) => Math.max(0, current - 1));
  };

  return {
    reports,
    total,
    loading,
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
