import { scoreTone } from '@crawlwise/shared/display';
import type { PageHistoryEntry } from '@crawlwise/shared/page-history';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import {
  CHART_HEIGHT,
  CHART_PADDING,
  CHART_WIDTH,
  SCORE_GRID,
  scoreY,
  trendPoints,
  trendSummary,
} from './trend-geometry.ts';

const POINT_FILL = {
  green: 'fill-green-600',
  blue: 'fill-blue-600',
  yellow: 'fill-yellow-500',
  red: 'fill-red-600',
  gray: 'fill-slate-400',
} as const;

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
const shortTime = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The axis labels of the first and last points: their days, or their times when both fall on
 * one day (issue 27: "Nov 24 … Nov 24" said nothing).
 */
export function axisLabels(firstIso: string, lastIso: string): [string, string] {
  const sameDay = shortDate(firstIso) === shortDate(lastIso);
  return sameDay
    ? [`${shortDate(firstIso)}, ${shortTime(firstIso)}`, shortTime(lastIso)]
    : [shortDate(firstIso), shortDate(lastIso)];
}
const longDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The chart draws at its box's own width (text stays at its real size on a phone and on a wide
 * screen, which a scaled viewBox would not give); before the box is measured, CHART_WIDTH.
 */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(CHART_WIDTH);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.round(entry.contentRect.width)));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The score trend of a page: a small SVG line chart of our own (no charting library, so the
 * history screen's chunk stays small and no other page loads it). Its accessible name is the
 * heading, its description a one-sentence summary; every point carries a title with its score
 * and date, and the table below the chart holds the same data.
 */
export function ScoreTrendChart({ entries }: { entries: readonly PageHistoryEntry[] }) {
  const { ref, width } = useBoxWidth();
  const titleId = useId();
  const descId = useId();
  const points = trendPoints(entries, width);
  const summary = trendSummary(points);
  const first = points[0];
  const last = points.at(-1);
  const labels = first && last ? axisLabels(first.createdAt, last.createdAt) : null;
  const line = points.map((point) => `${point.x},${point.y}`).join(' ');
  const right = width - CHART_PADDING.right;

  return (
    <figure className="m-0">
      <div ref={ref} className="w-full">
        <svg
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          width={width}
          height={CHART_HEIGHT}
          viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
          className="block max-w-full text-slate-600"
          data-testid="score-trend-chart"
        >
          <title id={titleId}>Score trend</title>
          <desc id={descId}>{summary}</desc>
          {SCORE_GRID.map((score) => (
            <g key={score}>
              <line
                x1={CHART_PADDING.left}
                x2={right}
                y1={scoreY(score)}
                y2={scoreY(score)}
                className="stroke-slate-200"
                strokeDasharray={score === 0 ? undefined : '4 4'}
              />
              <text
                x={CHART_PADDING.left - 8}
                y={scoreY(score)}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-slate-600 text-xs"
              >
                {score}
              </text>
            </g>
          ))}
          {points.length > 1 ? (
            <polyline
              points={line}
              fill="none"
              className="stroke-brand-600"
              strokeWidth={2.5}
              strokeLinejoin="round"
            />
          ) : null}
          {points.map((point) => (
            <circle
              key={point.accessToken}
              cx={point.x}
              cy={point.y}
              r={6}
              className={cn(POINT_FILL[scoreTone(point.score)], 'stroke-white')}
              strokeWidth={2}
              data-score={point.score}
            >
              <title>{`Score ${point.score} on ${longDate(point.createdAt)}`}</title>
            </circle>
          ))}
          {first ? (
            <text
              x={first.x}
              y={CHART_HEIGHT - 10}
              textAnchor={points.length > 1 ? 'start' : 'middle'}
              className="fill-slate-600 text-xs"
            >
              {labels?.[0]}
            </text>
          ) : null}
          {last && last !== first ? (
            <text
              x={last.x}
              y={CHART_HEIGHT - 10}
              textAnchor="end"
              className="fill-slate-600 text-xs"
            >
              {labels?.[1]}
            </text>
          ) : null}
        </svg>
      </div>
      <figcaption className="mt-2 text-sm text-slate-700">{summary}</figcaption>
    </figure>
  );
}
