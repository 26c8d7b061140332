import { simulatedProgress } from '@crawlwise/shared/display';
import { RESULTS_DELAY_MS } from '@crawlwise/shared/limits';
import { useEffect, useRef, useState } from 'react';

/** How often the simulated progress bar moves: smooth enough, cheap enough. */
const PROGRESS_TICK_MS = 100;

export interface AnalysisProgress {
  /** 0-100, simulated: the server does not report real progress. */
  progress: number;
  /** True once results may be shown (spec point 4). */
  resultsShown: boolean;
}

/**
 * The report screen's progress (spec point 4). While the report is queued or analyzing, progress
 * climbs from 0 to 100 over 8 s from the moment we first saw it pending. Once progress is at 100
 * and the report is completed, results appear after 4 s.
 *
 * A report that is already finished when the page opens (a revisit, a link from the profile) has
 * no analysis to watch: progress is full at once and results show without the 4 s pause, which
 * only exists to let a live run finish visibly.
 */
export function useAnalysisProgress(status: string | undefined): AnalysisProgress {
  const startedAt = useRef<number | null>(null);
  const [progress, setProgress] = useState(0);
  const [resultsShown, setResultsShown] = useState(false);
  const [watchedLive, setWatchedLive] = useState(false);
  const pending = status === 'queued' || status === 'analyzing';

  useEffect(() => {
    if (status === undefined || status === 'failed') return;
    if (!pending && startedAt.current === null) {
      setProgress(100);
      return;
    }
    if (startedAt.current === null) {
      startedAt.current = Date.now();
      setWatchedLive(true);
    }
    const start = startedAt.current;
    const tick = () => {
      const next = simulatedProgress(Date.now() - start);
      setProgress(next);
      return next;
    };
    if (tick() >= 100) return;
    const id = setInterval(() => {
      if (tick() >= 100) clearInterval(id);
    }, PROGRESS_TICK_MS);
    return () => clearInterval(id);
  }, [status, pending]);

  const ready = status === 'completed' && progress >= 100;
  useEffect(() => {
    if (!ready || resultsShown) return;
    if (!watchedLive) {
      setResultsShown(true);
      return;
    }
    const id = setTimeout(() => setResultsShown(true), RESULTS_DELAY_MS);
    return () => clearTimeout(id);
  }, [ready, resultsShown, watchedLive]);

  return { progress, resultsShown };
}
