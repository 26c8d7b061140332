import { progressText } from '@crawlwise/shared/display';
import { COMPILING_FROM_PERCENT, SIMULATED_PROGRESS_MS } from '@crawlwise/shared/limits';

/**
 * The progress card's stages (docs/report-states.md). The bar climbs at the spec's pace (0 to 100
 * in 8 s) but never ahead of what the server last said: while the report is queued it stops at
 * the end of the queue stage, while it is analysing just before 'Compiling Results...'. A fast
 * analysis therefore still shows every stage in turn, and a slow one waits at its real stage
 * instead of claiming "100% Compiling Results..." forever.
 */

export type StageId = 'queued' | 'analyzing' | 'compiling' | 'complete';

export const STAGES: ReadonlyArray<{ id: StageId; label: string }> = [
  { id: 'queued', label: 'In the queue' },
  { id: 'analyzing', label: 'Analysing the page' },
  { id: 'compiling', label: 'Compiling results' },
  { id: 'complete', label: 'Complete' },
];

/** The queue stage is the bar's first quarter: 2 s of the 8 s climb, one poll interval. */
export const QUEUE_STAGE_END = 25;
/** The analysing stage ends where the spec's 'Compiling Results...' starts (85%). */
export const ANALYSIS_STAGE_END = COMPILING_FROM_PERCENT;
/** Held just below 85%: 'Compiling Results...' is only said once the analysis is done. */
const ANALYSIS_HOLD = ANALYSIS_STAGE_END - 1;

/**
 * Past this long pending, the card says plainly that the report is taking longer than usual:
 * the spec puts an analysis at "about 5-10 seconds", and by then the bar's 8 s estimate has run
 * out. The server gives up later (REPORT_STUCK_AFTER_SECONDS, 5 minutes by default).
 */
export const SLOW_NOTICE_AFTER_MS = 10_000;

export const isPending = (status: string | undefined) =>
  status === 'queued' || status === 'analyzing';

export const isFailure = (status: string | undefined) => status === 'failed' || status === 'error';

const msFor = (percent: number) => (percent / 100) * SIMULATED_PROGRESS_MS;

/** How far (in ms of the 8 s climb) the bar may go while the server says `status`. */
export function holdAt(status: string | undefined): number {
  if (status === 'queued') return msFor(QUEUE_STAGE_END);
  if (status === 'analyzing') return msFor(ANALYSIS_HOLD);
  return SIMULATED_PROGRESS_MS;
}

/** Where each stage ends on the climb (ms of the 8 s). */
const STAGE_ENDS_MS = [msFor(QUEUE_STAGE_END), msFor(ANALYSIS_STAGE_END), SIMULATED_PROGRESS_MS];

/**
 * The climb after `dtMs` more: the spec's pace, stopped at the hold of the current status. One
 * step never crosses more than one stage's end, so a late timer (a busy machine, a tab in the
 * background) still shows every stage instead of jumping over one.
 */
export function advanceClimb(climbMs: number, dtMs: number, status: string | undefined): number {
  const nextEnd = STAGE_ENDS_MS.find((end) => end > climbMs) ?? SIMULATED_PROGRESS_MS;
  return Math.max(climbMs, Math.min(climbMs + dtMs, holdAt(status), nextEnd));
}

/** The stage to show: the bar's stage, never past the server's. */
export function stageOf(progress: number, status: string | undefined): StageId {
  const byBar: StageId =
    progress >= 100
      ? 'complete'
      : progress >= ANALYSIS_STAGE_END
        ? 'compiling'
        : progress >= QUEUE_STAGE_END
          ? 'analyzing'
          : 'queued';
  if (status === 'queued') return 'queued';
  if (status === 'analyzing' && (byBar === 'compiling' || byBar === 'complete')) {
    return 'analyzing';
  }
  return byBar;
}

/** Whether the bar has caught up with the server and is waiting for it. */
export function isHeld(climbMs: number, status: string | undefined): boolean {
  return isPending(status) && climbMs >= holdAt(status);
}

/** The line under the bar: the spec's estimate, unless the bar is waiting for the server. */
export function statusLine(progress: number, status: string | undefined, held: boolean): string {
  if (held && status === 'queued') return 'Waiting in the queue...';
  if (held && status === 'analyzing') return 'Analysing the page...';
  return progressText(progress);
}

/** The honest explanation once a report has been pending longer than usual. */
export function slowNotice(status: string | undefined, pendingForMs: number): string | null {
  if (!isPending(status) || pendingForMs < SLOW_NOTICE_AFTER_MS) return null;
  const giveUp =
    'If it has not finished a few minutes after you submitted it, we stop waiting, say so here, ' +
    'and you can try again.';
  return status === 'queued'
    ? `This is taking longer than usual: your report is still waiting in the queue for a free analyser. It starts as soon as one is free. ${giveUp}`
    : `This is taking longer than usual: the page is still being analysed. ${giveUp}`;
}
