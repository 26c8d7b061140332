import { COMPILING_FROM_PERCENT, SIMULATED_PROGRESS_MS } from './limits.ts';
import type { ReportStatus } from './report.ts';
import type { SiteCheckStatus } from './site-check.ts';

/**
 * Display rules (product spec, points 4 and 9) as pure functions, so the report screen, the profile
 * list and the server's e-mails show a report the same way. Colours are tone names; each client
 * maps a tone to its own styles.
 */

export type Tone = 'green' | 'blue' | 'yellow' | 'red' | 'gray';

/**
 * A report's status badge: completed green, queued blue, analyzing yellow, failed red. Typed by
 * the status union and exhaustive, so a new status cannot fall through to a silent grey (issue
 * 24: the rule once coloured an `error` status no report has, and failed reports showed grey).
 */
export function statusTone(status: ReportStatus): Tone {
  switch (status) {
    case 'completed':
      return 'green';
    case 'queued':
      return 'blue';
    case 'analyzing':
      return 'yellow';
    case 'failed':
      return 'red';
    default:
      return unreachable(status);
  }
}

/** A site check's status badge, the same colours for the same meaning. */
export function siteCheckTone(status: SiteCheckStatus): Tone {
  switch (status) {
    case 'discovering':
    case 'cancelled':
      return 'blue';
    case 'running':
      return 'yellow';
    case 'completed':
      return 'green';
    case 'failed':
      return 'red';
    default:
      return unreachable(status);
  }
}

function unreachable(status: never): Tone {
  throw new Error(`No display rule for the status ${String(status)}`);
}

export const SCORE_WARNING_FROM = 50;
export const SCORE_GOOD_FROM = 75;

/** Score colour: no score grey, below 50 red, 50 to 74 yellow, 75 and above green. */
export function scoreTone(score: number | null | undefined): Tone {
  if (typeof score !== 'number' || Number.isNaN(score)) return 'gray';
  if (score < SCORE_WARNING_FROM) return 'red';
  if (score < SCORE_GOOD_FROM) return 'yellow';
  return 'green';
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * 'N minutes ago' under an hour, 'N hours ago' under a day, 'N days ago' under a week, otherwise
 * the locale date. A time slightly in the future (clock skew) reads as 0 minutes ago.
 */
export function relativeTime(
  when: Date | string | number,
  now: Date | number = Date.now(),
  locale?: string,
): string {
  const date = when instanceof Date ? when : new Date(when);
  const elapsed = Math.max(0, Number(now) - date.getTime());
  if (elapsed < HOUR_MS) return ago(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return ago(Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < WEEK_MS) return ago(Math.floor(elapsed / DAY_MS), 'day');
  return date.toLocaleDateString(locale);
}

/** Simulated analysis progress (0-100) after `elapsedMs`: a straight climb over 8 seconds. */
export function simulatedProgress(elapsedMs: number): number {
  if (elapsedMs <= 0) return 0;
  return Math.min(100, (elapsedMs / SIMULATED_PROGRESS_MS) * 100);
}

export const COMPILING_TEXT = 'Compiling Results...';

/**
 * Status text under the progress bar: below 85% the remaining seconds (remaining percent / 10,
 * rounded up), from 85% on 'Compiling Results...'.
 */
export function progressText(progress: number): string {
  if (progress >= COMPILING_FROM_PERCENT) return COMPILING_TEXT;
  const seconds = Math.ceil((100 - Math.max(0, progress)) / 10);
  return `Estimated ${seconds} seconds remaining`;
}

/* ---------- Report summary ---------- */

export type TileStatus = 'pass' | 'warning' | 'fail';

export interface SummaryTile {
  id: 'findability' | 'site-speed' | 'content-basics' | 'issues-found';
  label: string;
  /** What the tile shows. */
  value: string;
  /** The number behind `value`, when there is one (lets a client animate it). */
  amount?: number;
  status: TileStatus;
  /** What the tile judges, in a few words, shown on it (issue 27: "Can Google Find It?" is HTTPS and a viewport). */
  checks: string;
}

/** The parts of a report's meta_json the summary reads (CHECKS.md); everything may be missing. */
export interface ReportMeta {
  technical?: { ssl?: unknown; viewport?: unknown } | null;
  performance?: { loadTime?: unknown } | null;
  title?: { status?: unknown } | null;
  metaDescription?: { status?: unknown } | null;
  wordCount?: { status?: unknown } | null;
}

export type IssueSeverity = 'critical' | 'warning' | 'success';

/** Anything with a severity: a full issue, or a locked placeholder the server sends instead. */
export interface HasSeverity {
  severity?: string | null;
}

const asMeta = (meta: unknown): ReportMeta =>
  meta && typeof meta === 'object' ? (meta as ReportMeta) : {};

export const DEFAULT_LOAD_TIME_SECONDS = 2.5;
export const FAST_LOAD_SECONDS = 3;
export const SLOW_LOAD_SECONDS = 5;

/** 'Can Google Find It?': Yes when both ssl and viewport are present. */
export function findabilityTile(meta: unknown): SummaryTile {
  const technical = asMeta(meta).technical;
  const ssl = Boolean(technical?.ssl);
  const viewport = Boolean(technical?.viewport);
  const missing = [ssl ? null : 'no HTTPS', viewport ? null : 'no mobile viewport'].filter(Boolean);
  return {
    id: 'findability',
    label: 'Can Google Find It?',
    value: ssl && viewport ? 'Yes' : 'No',
    status: ssl && viewport ? 'pass' : 'fail',
    checks:
      missing.length === 0
        ? 'HTTPS and a mobile viewport: both present'
        : `HTTPS and a mobile viewport: ${missing.join(', ')}`,
  };
}

/** 'Site Speed': load time to 1 decimal; under 3 s pass, under 5 s warning, else fail. */
export function siteSpeedTile(meta: unknown): SummaryTile {
  const raw = asMeta(meta).performance?.loadTime;
  const seconds =
    typeof raw === 'number' && Number.isFinite(raw) && raw >= 0 ? raw : DEFAULT_LOAD_TIME_SECONDS;
  const rounded = Math.round(seconds * 10) / 10;
  return {
    id: 'site-speed',
    label: 'Site Speed',
    value: `${rounded.toFixed(1)}s`,
    amount: rounded,
    status: seconds < FAST_LOAD_SECONDS ? 'pass' : seconds < SLOW_LOAD_SECONDS ? 'warning' : 'fail',
    checks: 'Time to fetch the page’s HTML',
  };
}

/** 'Content Basics': how many of title, meta description and word count pass. */
export function contentBasicsTile(meta: unknown): SummaryTile {
  const m = asMeta(meta);
  const passes = [m.title, m.metaDescription, m.wordCount].filter(
    (section) => section?.status === 'pass',
  ).length;
  const [value, status]: [string, TileStatus] =
    passes === 3
      ? ['Solid Foundation', 'pass']
      : passes === 2
        ? ['Attention Required', 'warning']
        : ['Losing Traffic', 'fail'];
  return {
    id: 'content-basics',
    label: 'Content Basics',
    value,
    status,
    checks: `Title, meta description and word count: ${passes} of 3 fine`,
  };
}

/** 'Issues Found': 'None' for 0, else the count; 0 pass, up to 2 warning, more fail. */
export function issuesFoundTile(count: number): SummaryTile {
  return {
    id: 'issues-found',
    label: 'Issues Found',
    value: count === 0 ? 'None' : `${count} issue${count === 1 ? '' : 's'}`,
    amount: count,
    status: count === 0 ? 'pass' : count <= 2 ? 'warning' : 'fail',
    checks: 'Critical problems and warnings',
  };
}

/** Only critical and warning issues count as top issues, in the order the server ranked them. */
export function topIssues<T extends HasSeverity>(issues: readonly T[] | null | undefined): T[] {
  return (issues ?? []).filter((i) => i.severity === 'critical' || i.severity === 'warning');
}

/** The four summary tiles of a completed report, in display order. */
export function summaryTiles(
  meta: unknown,
  issues: readonly HasSeverity[] | null | undefined,
): SummaryTile[] {
  return [
    findabilityTile(meta),
    siteSpeedTile(meta),
    contentBasicsTile(meta),
    issuesFoundTile(topIssues(issues).length),
  ];
}

/** Characters of an address kept whole at its end when a list shortens it in the middle. */
export const ADDRESS_TAIL_CHARS = 24;

/**
 * An address split for shortening in the middle (issue 27: lists cut long addresses from the end,
 * so every row of one site read "http://example.com/produ…"): the scheme is dropped, `head` may be
 * cut (with an ellipsis) where the row runs out of room, `tail` — the end of the path, which tells
 * the rows apart — is always shown whole.
 */
export function addressParts(
  url: string,
  tailChars = ADDRESS_TAIL_CHARS,
): { head: string; tail: string } {
  const shown = url.replace(/^https?:\/\//i, '');
  if (shown.length <= tailChars * 2) return { head: shown, tail: '' };
  return { head: shown.slice(0, -tailChars), tail: shown.slice(-tailChars) };
}

/** A site-level finding's badge (shared/site-findings.ts severities). */
export function siteFindingTone(severity: 'critical' | 'warning' | 'notice'): Tone {
  return severity === 'critical' ? 'red' : severity === 'warning' ? 'yellow' : 'blue';
}
