import { simulatedProgress } from '@crawlwise/shared/display';
import { RESULTS_DELAY_MS, SIMULATED_PROGRESS_MS } from '@crawlwise/shared/limits';
import { useEffect, useRef, useState } from 'react';
import {
  advanceClimb,
  isFailure,
  isHeld,
  isPending,
  type StageId,
  stageOf,
} from './report-stages.ts';

/** How often the bar moves: smooth enough, cheap enough. */
const PROGRESS_TICK_MS = 100;
const SECOND_MS = 1000;

export interface AnalysisProgressInput {
  status: string | undefined;
  /** The visitor has just asked for this report (lib/report-navigation.ts). */
  fresh: boolean;
  /** When the report was created: a pending report opened from a link may be old already. */
  createdAt: string | undefined;
}

export interface AnalysisProgress {
  /** 0-100, simulated at the spec's pace but never ahead of the server (report-stages.ts). */
  progress: number;
  stage: StageId;
  /** The bar has caught up with the server and waits for it. */
  held: boolean;
  /** How long the report has been pending as far as this screen knows, in whole seconds. */
  pendingForMs: number;
  /** True once results may be shown (spec point 4). */
  resultsShown: boolean;
}

/**
 * The report screen's progress (spec point 4, docs/report-states.md). A report seen pending, or
 * opened by the visitor's own submission, is watched live: the bar climbs over 8 s through the
 * real stages, and results appear 4 s after 'Analysis Complete ✓'. So a fresh submission shows
 * the whole run even when the analysis took 300 ms. A report that was already finished when the
 * page opened from a link has no analysis to watch: it is complete at once, results without delay.
 */
export function useAnalysisProgress({
  status,
  fresh,
  createdAt,
}: AnalysisProgressInput): AnalysisProgress {
  const watch = useRef<{ firstSeen: number; lastTick: number; climbMs: number } | null>(null);
  const [climbMs, setClimbMs] = useState(0);
  const [pendingForMs, setPendingForMs] = useState(0);
  const [resultsShown, setResultsShown] = useState(false);
  const [watchedLive, setWatchedLive] = useState(false);
  const pending = isPending(status);

  useEffect(() => {
    if (status === undefined || isFailure(status)) return;
    if (watch.current === null && !pending && !fresh) {
      setClimbMs(SIMULATED_PROGRESS_MS);
      return;
    }
    if (watch.current === null) {
      const now = Date.now();
      watch.current = { firstSeen: now, lastTick: now, climbMs: 0 };
      setWatchedLive(true);
    }
    const watched = watch.current;
    // Opened from a link, a pending report may have waited long before this screen saw it.
    const created = fresh || !createdAt ? Number.NaN : Date.parse(createdAt);
    const tick = () => {
      const now = Date.now();
      watched.climbMs = advanceClimb(watched.climbMs, now - watched.lastTick, status);
      watched.lastTick = now;
      setClimbMs(watched.climbMs);
      if (pending) {
        const waited = Math.max(now - watched.firstSeen, now - created || 0);
        setPendingForMs(Math.floor(waited / SECOND_MS) * SECOND_MS);
      }
      return !pending && watched.climbMs >= SIMULATED_PROGRESS_MS;
    };
    if (tick()) return;
    const id = setInterval(() => {
      if (tick()) clearInterval(id);
    }, PROGRESS_TICK_MS);
    return () => clearInterval(id);
  }, [status, pending, fresh, createdAt]);

  const ready = status === 'completed' && climbMs >= SIMULATED_PROGRESS_MS;
  useEffect(() => {
    if (!ready || resultsShown) return;
    if (!watchedLive) {
      setResultsShown(true);
      return;
    }
    const id = setTimeout(() => setResultsShown(true), RESULTS_DELAY_MS);
    return () => clearTimeout(id);
  }, [ready, resultsShown, watchedLive]);

  const progress = simulatedProgress(climbMs);
  return {
    progress,
    stage: stageOf(progress, status),
    held: isHeld(climbMs, status),
    pendingForMs,
    resultsShown,
  };
}
