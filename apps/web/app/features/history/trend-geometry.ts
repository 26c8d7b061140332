import type { PageHistoryEntry } from '@crawlwise/shared/page-history';

/**
 * Where the score trend chart draws its points. Pure, so the rules are tested once: only
 * completed reports are charted (a failed or pending one has no score; the list still shows
 * it), oldest on the left, and the points are spaced evenly in run order rather than by time,
 * so two runs minutes apart (a fix and a rerun) do not sit on top of each other. The exact dates
 * are in each point's title and in the table.
 */

/** The width drawn before the chart has measured its box; then it draws at its own width. */
export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 240;
/** Room for the score labels on the left and the date labels below. */
export const CHART_PADDING = { top: 16, right: 20, bottom: 36, left: 40 } as const;
export const SCORE_GRID = [0, 25, 50, 75, 100] as const;

export interface TrendPoint {
  x: number;
  y: number;
  score: number;
  createdAt: string;
  accessToken: string;
}

export const scoreY = (score: number) => {
  const plot = CHART_HEIGHT - CHART_PADDING.top - CHART_PADDING.bottom;
  return CHART_PADDING.top + plot * (1 - score / 100);
};

/** The charted points, oldest first; `entries` come newest first, as the API sends them. */
export function trendPoints(
  entries: readonly PageHistoryEntry[],
  width: number = CHART_WIDTH,
): TrendPoint[] {
  const scored = entries
    .filter((entry) => entry.status === 'completed' && typeof entry.score === 'number')
    .reverse();
  const plot = width - CHART_PADDING.left - CHART_PADDING.right;
  const step = scored.length > 1 ? plot / (scored.length - 1) : 0;
  return scored.map((entry, index) => ({
    // A single report sits in the middle.
    x: CHART_PADDING.left + (scored.length > 1 ? index * step : plot / 2),
    y: scoreY(entry.score as number),
    score: entry.score as number,
    createdAt: entry.created_at,
    accessToken: entry.access_token,
  }));
}

/** One sentence for screen readers: how the score moved over the charted reports. */
export function trendSummary(points: readonly TrendPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No completed report to chart yet.';
  if (points.length === 1) return `One completed report, scored ${first.score}.`;
  const change = last.score - first.score;
  const moved =
    change === 0 ? 'stayed at' : change > 0 ? `rose by ${change} to` : `fell by ${-change} to`;
  return `Score over ${points.length} completed reports: from ${first.score}, ${moved} ${last.score}.`;
}
