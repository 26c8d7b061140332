import { SITE_FINDINGS, type SiteFindingId } from '@crawlwise/shared/site-findings';
import type { SiteNode } from './site-graph.ts';

/**
 * The site score (docs/score-model.md, "Site score"): the average score of the crawl's pages,
 * less points for each site-level finding. A finding takes points in proportion to the share of
 * pages it affects, reaching its full weight when it affects a tenth of them, and never less
 * than one point: one broken link on a large site still shows in the score.
 */

/** Share of the pages at which a finding takes its whole weight. */
export const FULL_WEIGHT_SHARE = 0.1;

export interface SiteScore {
  /** 0-100; null until a page of the crawl is analysed. */
  value: number | null;
  /** The average page score the deductions start from. */
  base: number | null;
  points: Map<SiteFindingId, number>;
}

export function findingPoints(id: SiteFindingId, affected: number, pages: number): number {
  if (affected === 0) return 0;
  const { weight } = SITE_FINDINGS[id];
  const share = affected / Math.max(1, pages);
  return Math.min(weight, Math.max(1, Math.round((weight * share) / FULL_WEIGHT_SHARE)));
}

export function siteScore(
  nodes: readonly SiteNode[],
  findings: ReadonlyArray<{ id: SiteFindingId; items: ReadonlyArray<{ url: string }> }>,
): SiteScore {
  const scores = nodes.flatMap((node) =>
    node.kind === 'page' && node.page.score !== null ? [node.page.score] : [],
  );
  const points = new Map<SiteFindingId, number>();
  if (scores.length === 0) return { value: null, base: null, points };
  const base = Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
  let value = base;
  for (const finding of findings) {
    // Affected addresses, not items: a page with three broken hreflang targets counts once.
    const affected = new Set(finding.items.map((item) => item.url)).size;
    const taken = findingPoints(finding.id, affected, scores.length);
    points.set(finding.id, taken);
    value -= taken;
  }
  return { value: Math.max(0, value), base, points };
}
