import type { CategoryId } from '../types.ts';

/**
 * The check catalogue and the score model's numbers, kept here and not in the checks (like
 * Lighthouse's default-config and its auditRefs): six weighted categories whose weights sum to
 * 100, and for every check, in catalogue order, its category and the points a critical or a
 * warning finding costs. A check file keeps only its id, texts and run (checks/check.ts). A category never loses more than its weight (see score.ts), so a
 * critical that costs a whole category's weight means "nothing else in this category matters
 * until this is fixed" (a 404, a noindex, a robots.txt block).
 *
 * docs/score-model.md publishes these tables and docs/checks.md the catalogue; tests keep them
 * identical (`npm run docs:checks` rewrites docs/checks.md).
 */

/**
 * The score model's version, stored with every report. Raise it whenever a change to the
 * catalogue or the weights would give the same page another score, and add its line to the
 * history in docs/score-model.md.
 */
export const SCORE_MODEL_VERSION = 5;

export interface CategoryConfig {
  id: CategoryId;
  title: string;
  /** Points out of 100 the category is worth; also the most it can lose. */
  weight: number;
}

export interface CatalogueEntry {
  check: string;
  category: CategoryId;
  critical: number;
  warning: number;
}

export const SCORE_CATEGORIES: readonly CategoryConfig[] = [
  { id: 'crawlability', title: 'Crawlability', weight: 30 },
  { id: 'performance', title: 'Performance', weight: 10 },
  { id: 'metadata', title: 'Metadata', weight: 20 },
  { id: 'social', title: 'Social', weight: 10 },
  { id: 'content', title: 'Content', weight: 20 },
  { id: 'links', title: 'Links', weight: 10 },
];

/**
 * Every check, in catalogue order (CHECKS.md): the order the checks run and findings are
 * produced in, and the tie-break order of the issue list. checks/index.ts runs exactly these.
 */
export const CHECK_CATALOGUE: readonly CatalogueEntry[] = [
  { check: 'http-status', category: 'crawlability', critical: 30, warning: 10 },
  { check: 'redirects', category: 'crawlability', critical: 5, warning: 3 },
  { check: 'https', category: 'crawlability', critical: 15, warning: 5 },
  { check: 'robots-meta', category: 'crawlability', critical: 30, warning: 6 },
  { check: 'robots-txt', category: 'crawlability', critical: 30, warning: 5 },
  { check: 'canonical', category: 'crawlability', critical: 10, warning: 4 },
  { check: 'js-rendering', category: 'crawlability', critical: 20, warning: 8 },
  { check: 'response-time', category: 'performance', critical: 8, warning: 4 },
  { check: 'page-weight', category: 'performance', critical: 5, warning: 3 },
  { check: 'title', category: 'metadata', critical: 10, warning: 4 },
  { check: 'meta-description', category: 'metadata', critical: 8, warning: 3 },
  { check: 'duplicate-metadata', category: 'metadata', critical: 4, warning: 2 },
  { check: 'viewport', category: 'metadata', critical: 6, warning: 3 },
  { check: 'lang', category: 'metadata', critical: 3, warning: 2 },
  { check: 'hreflang', category: 'metadata', critical: 3, warning: 2 },
  { check: 'open-graph', category: 'social', critical: 6, warning: 3 },
  { check: 'twitter-card', category: 'social', critical: 4, warning: 2 },
  { check: 'structured-data', category: 'social', critical: 4, warning: 2 },
  { check: 'word-count', category: 'content', critical: 12, warning: 5 },
  { check: 'headings', category: 'content', critical: 6, warning: 3 },
  { check: 'image-alt', category: 'content', critical: 6, warning: 3 },
  { check: 'link-text', category: 'links', critical: 5, warning: 3 },
  { check: 'crawlable-anchors', category: 'links', critical: 6, warning: 3 },
  // Issue 9: what each crawler sees (render diff) and AI-search and bot access.
  { check: 'bot-access', category: 'crawlability', critical: 10, warning: 4 },
  { check: 'snippet-directives', category: 'metadata', critical: 4, warning: 3 },
  { check: 'llms-txt', category: 'crawlability', critical: 2, warning: 1 },
  { check: 'rendered-title', category: 'metadata', critical: 6, warning: 3 },
  { check: 'rendered-meta-description', category: 'metadata', critical: 4, warning: 2 },
  { check: 'rendered-canonical', category: 'crawlability', critical: 10, warning: 4 },
  { check: 'rendered-robots', category: 'crawlability', critical: 15, warning: 4 },
  { check: 'rendered-h1', category: 'content', critical: 4, warning: 2 },
  { check: 'rendered-hreflang', category: 'metadata', critical: 3, warning: 2 },
  { check: 'rendered-structured-data', category: 'social', critical: 3, warning: 2 },
  { check: 'rich-results', category: 'social', critical: 3, warning: 2 },
  { check: 'rendered-links', category: 'links', critical: 5, warning: 3 },
  // Issue 26: what peers check that we did not.
  { check: 'image-dimensions', category: 'performance', critical: 5, warning: 3 },
  { check: 'image-lazy-lcp', category: 'performance', critical: 5, warning: 3 },
  { check: 'html-compression', category: 'performance', critical: 4, warning: 2 },
  { check: 'mixed-content', category: 'crawlability', critical: 10, warning: 3 },
  { check: 'answer-structure', category: 'content', critical: 4, warning: 2 },
  { check: 'authorship', category: 'content', critical: 3, warning: 2 },
  { check: 'meta-refresh', category: 'crawlability', critical: 5, warning: 3 },
  { check: 'charset', category: 'metadata', critical: 3, warning: 2 },
  // Issue 26, per-origin probes (gather/origin-probes.ts).
  { check: 'favicon', category: 'metadata', critical: 3, warning: 2 },
  { check: 'https-redirect', category: 'crawlability', critical: 4, warning: 2 },
  { check: 'sitemap-listing', category: 'crawlability', critical: 3, warning: 2 },
  { check: 'soft-404', category: 'crawlability', critical: 20, warning: 3 },
  // Issue 26, score model 5: from the render and per-page requests.
  { check: 'layout-shift', category: 'performance', critical: 5, warning: 3 },
  { check: 'image-weight', category: 'performance', critical: 4, warning: 2 },
  { check: 'broken-images', category: 'content', critical: 4, warning: 2 },
  { check: 'og-image', category: 'social', critical: 4, warning: 2 },
  { check: 'content-language', category: 'metadata', critical: 3, warning: 2 },
];

export const CATALOGUE_BY_ID: ReadonlyMap<string, CatalogueEntry> = new Map(
  CHECK_CATALOGUE.map((entry) => [entry.check, entry]),
);

/** Each check's first position in the catalogue (the score sorts findings by it). */
const CATALOGUE_INDEX: ReadonlyMap<string, number> = new Map(
  CHECK_CATALOGUE.map((entry, index) => [entry.check, index] as const).reverse(),
);

/** Position in the catalogue; checks the config does not know sort after all known ones. */
export function catalogueIndex(check: string): number {
  return CATALOGUE_INDEX.get(check) ?? CHECK_CATALOGUE.length;
}
