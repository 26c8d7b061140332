import { type JudgedFinding, judgeRegression } from './regression.ts';

/**
 * Whether a site watch's check got worse than the previous one (pure; the monitor reads the
 * pages of both site checks). The same two signals as a page watch: the site's average score
 * (over its analysed pages, rounded as the site report shows it) dropped by at least the owner's
 * threshold, or a page present in both checks newly fails a check as critical. Pages that are new
 * in this check have no "before", so their failures are not called new; scores of different
 * score models are not compared (both would be changes of Crawlwise, not of the site).
 */

export interface JudgedSitePage {
  url: string;
  score: number;
  scoreModel: number | null;
  issues: JudgedFinding[];
}

export interface SiteRegression {
  previousAverage: number | null;
  currentAverage: number | null;
  /** Points lost by the average (positive), or null when not comparable or not enough. */
  scoreDrop: number | null;
  newCritical: Array<{ url: string; id: string; message: string }>;
}

export function averageScore(pages: readonly JudgedSitePage[]): number | null {
  if (pages.length === 0) return null;
  return Math.round(pages.reduce((sum, page) => sum + page.score, 0) / pages.length);
}

export function scoreModels(pages: readonly JudgedSitePage[]): string {
  return [...new Set(pages.map((page) => page.scoreModel))].sort().join(',');
}

export function judgeSiteRegression(
  previous: readonly JudgedSitePage[],
  current: readonly JudgedSitePage[],
  thresholdPoints: number,
): SiteRegression | null {
  const previousAverage = averageScore(previous);
  const currentAverage = averageScore(current);
  const comparable =
    previousAverage !== null &&
    currentAverage !== null &&
    scoreModels(previous) === scoreModels(current);
  const drop = comparable ? previousAverage - currentAverage : 0;
  const scoreDrop = comparable && drop >= thresholdPoints ? drop : null;

  const before = new Map(previous.map((page) => [page.url, page]));
  const newCritical: SiteRegression['newCritical'] = [];
  for (const page of current) {
    const earlier = before.get(page.url);
    if (!earlier) continue;
    // Per page, the page rule: only its critical findings matter here (threshold unreachable).
    const pageRegression = judgeRegression(
      { score: 0, scoreModel: null, issues: earlier.issues },
      { score: 0, scoreModel: null, issues: page.issues },
      Number.POSITIVE_INFINITY,
    );
    for (const finding of pageRegression?.newCritical ?? []) {
      newCritical.push({ url: page.url, ...finding });
    }
  }

  if (scoreDrop === null && newCritical.length === 0) return null;
  return { previousAverage, currentAverage, scoreDrop, newCritical };
}
