import type { CrawlChanges } from '../services/site-audit-compare.ts';
import { type JudgedSitePage, judgeSiteRegression, scoreModels } from './site-regression.ts';

/**
 * Whether a crawl watch's crawl got worse than the previous one (pure; the monitor reads both
 * crawls' pages and their audit snapshots' changes). Besides a site watch's two signals, a
 * crawl is judged on what only a crawl sees:
 * - the site score (the crawl report's headline, docs/score-model.md "Site score") dropped by at
 *   least the owner's threshold (not compared across page score models);
 * - a page present in both crawls newly fails a check as critical (site-regression.ts);
 * - an internal link newly points at a broken page (source → target);
 * - a page indexable in the previous crawl no longer is (and why).
 */

export interface JudgedCrawl {
  /** The crawl's site score from its audit snapshot (null: none). */
  siteScore: number | null;
  pages: readonly JudgedSitePage[];
}

export interface CrawlRegression {
  previousScore: number | null;
  currentScore: number | null;
  /** Points lost by the site score (positive), or null when not comparable or not enough. */
  scoreDrop: number | null;
  newCritical: Array<{ url: string; id: string; message: string }>;
  newBrokenLinks: CrawlChanges['newBrokenLinks'];
  newlyNonIndexable: CrawlChanges['newlyNonIndexable'];
}

export function judgeCrawlRegression(
  previous: JudgedCrawl,
  current: JudgedCrawl,
  changes: CrawlChanges,
  thresholdPoints: number,
): CrawlRegression | null {
  const drop =
    previous.siteScore !== null &&
    current.siteScore !== null &&
    scoreModels(previous.pages) === scoreModels(current.pages)
      ? previous.siteScore - current.siteScore
      : null;
  const scoreDrop = drop !== null && drop >= thresholdPoints ? drop : null;
  // The per-page critical rule of a site watch; its average score plays no part here.
  const newCritical =
    judgeSiteRegression(previous.pages, current.pages, Number.POSITIVE_INFINITY)?.newCritical ?? [];
  if (
    scoreDrop === null &&
    newCritical.length === 0 &&
    changes.newBrokenLinks.total === 0 &&
    changes.newlyNonIndexable.total === 0
  ) {
    return null;
  }
  return {
    previousScore: previous.siteScore,
    currentScore: current.siteScore,
    scoreDrop,
    newCritical,
    newBrokenLinks: changes.newBrokenLinks,
    newlyNonIndexable: changes.newlyNonIndexable,
  };
}
