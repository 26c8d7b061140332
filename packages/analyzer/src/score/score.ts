import type { CategoryScore, Finding, ScoredFinding, Severity } from '../types.ts';
import { CATALOGUE_BY_ID, catalogueIndex, SCORE_CATEGORIES } from './score-config.ts';

/**
 * Findings → the 0-100 score (see docs/score-model.md for the plain-language version).
 *
 * 1. Each failed finding costs the points the catalogue (score-config) gives its check for its
 *    severity. Passed, not applicable and skipped findings (the check could not judge the page,
 *    even when it warns about why) and checks the catalogue does not know cost nothing.
 * 2. Within a category the costs are capped at the category's weight. When they exceed it, each
 *    cost is scaled down in proportion (cost × weight / total) and rounded to whole points by the
 *    largest-remainder method, so the listed points are whole numbers that add up exactly to the
 *    weight — every listed point was really deducted, and each issue keeps a share that reflects
 *    how serious it is (trimming the smallest to zero would show a real problem as free).
 * 3. score = 100 − all capped deductions, rounded and kept within 0-100. A category's own score
 *    is the share of its weight it kept, 0-100.
 *
 * Issues list every finding with the points it cost, ordered critical, warning, success, then by
 * points lost (descending), then catalogue order: the first three are the most valuable fixes.
 */

export type { ScoredFinding };

export interface ScoreResult {
  score: number;
  categories: CategoryScore[];
  issues: ScoredFinding[];
}

const SEVERITY_RANK: Record<Severity, number> = { critical: 0, warning: 1, success: 2 };

/** Points the finding would cost before capping. */
export function uncappedCost(finding: Finding): number {
  if (finding.outcome !== 'failed' || finding.severity === 'success') return 0;
  return CATALOGUE_BY_ID.get(finding.id)?.[finding.severity] ?? 0;
}

/** Costs ordered most expensive first, then by catalogue order: the order capping credits them. */
function byCostThenCatalogue(a: ScoredFinding, b: ScoredFinding): number {
  return b.points - a.points || catalogueIndex(a.id) - catalogueIndex(b.id);
}

/**
 * Scales costs whose total exceeds the cap down to whole points that sum exactly to the cap
 * (largest remainder; ties go to the costlier, then earlier, check). `costs` is in credit order.
 */
export function capCosts(costs: number[], cap: number): number[] {
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  if (total <= cap) return [...costs];
  const exact = costs.map((cost) => (cost * cap) / total);
  const capped = exact.map(Math.floor);
  let left = cap - capped.reduce((sum, points) => sum + points, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    capped[index]! += 1;
    left -= 1;
  }
  return capped;
}

export function compareIssues(a: ScoredFinding, b: ScoredFinding): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    b.points - a.points ||
    catalogueIndex(a.id) - catalogueIndex(b.id) ||
    a.id.localeCompare(b.id)
  );
}

export function scoreFindings(findings: readonly Finding[]): ScoreResult {
  const issues: ScoredFinding[] = findings.map((finding) => ({
    ...finding,
    points: uncappedCost(finding),
  }));

  const categories: CategoryScore[] = SCORE_CATEGORIES.map(({ id, weight }) => {
    const members = issues.filter((issue) => issue.category === id).sort(byCostThenCatalogue);
    const points = capCosts(
      members.map((issue) => issue.points),
      weight,
    );
    members.forEach((issue, index) => {
      issue.points = points[index]!;
    });
    const lost = points.reduce((sum, value) => sum + value, 0);
    return {
      id,
      weight,
      // Weights are positive whole numbers (score-model-doc.test.ts holds the config to that).
      score: Math.round((100 * (weight - lost)) / weight),
      deductions: members
        .filter((issue) => issue.points > 0)
        .map((issue) => ({ check: issue.id, points: issue.points })),
    };
  });

  const lost = categories.reduce(
    (sum, category) => sum + category.deductions.reduce((s, d) => s + d.points, 0),
    0,
  );
  return {
    score: Math.min(100, Math.max(0, Math.round(100 - lost))),
    categories,
    issues: issues.sort(compareIssues),
  };
}
