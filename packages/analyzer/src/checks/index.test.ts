import { describe, expect, it } from 'vitest';
import { CHECK_CATALOGUE } from '../score/score-config.ts';
import { ALL_CHECKS, CHECKS } from './index.ts';

/**
 * The catalogue of CHECKS.md, in its order, with each check's category. Ids are a public
 * contract: never rename these.
 */
const CATALOGUE = [
  ['http-status', 'crawlability'],
  ['redirects', 'crawlability'],
  ['https', 'crawlability'],
  ['robots-meta', 'crawlability'],
  ['robots-txt', 'crawlability'],
  ['canonical', 'crawlability'],
  ['js-rendering', 'crawlability'],
  ['response-time', 'performance'],
  ['page-weight', 'performance'],
  ['title', 'metadata'],
  ['meta-description', 'metadata'],
  ['duplicate-metadata', 'metadata'],
  ['viewport', 'metadata'],
  ['lang', 'metadata'],
  ['hreflang', 'metadata'],
  ['open-graph', 'social'],
  ['twitter-card', 'social'],
  ['structured-data', 'social'],
  ['word-count', 'content'],
  ['headings', 'content'],
  ['image-alt', 'content'],
  ['link-text', 'links'],
  ['crawlable-anchors', 'links'],
  // Issue 9: what each crawler sees, and AI-search and bot access.
  ['bot-access', 'crawlability'],
  ['snippet-directives', 'metadata'],
  ['llms-txt', 'crawlability'],
  ['rendered-title', 'metadata'],
  ['rendered-meta-description', 'metadata'],
  ['rendered-canonical', 'crawlability'],
  ['rendered-robots', 'crawlability'],
  ['rendered-h1', 'content'],
  ['rendered-hreflang', 'metadata'],
  ['rendered-structured-data', 'social'],
  ['rich-results', 'social'],
  ['rendered-links', 'links'],
  // Issue 26: what peers check that we did not.
  ['image-dimensions', 'performance'],
  ['image-lazy-lcp', 'performance'],
  ['html-compression', 'performance'],
  ['mixed-content', 'crawlability'],
  ['answer-structure', 'content'],
  ['authorship', 'content'],
  ['meta-refresh', 'crawlability'],
  ['charset', 'metadata'],
  // Issue 26, per-origin probes.
  ['favicon', 'metadata'],
  ['https-redirect', 'crawlability'],
  ['sitemap-listing', 'crawlability'],
  ['soft-404', 'crawlability'],
  // Issue 26, score model 5: from the render and per-page requests.
  ['layout-shift', 'performance'],
  ['image-weight', 'performance'],
  ['broken-images', 'content'],
  ['og-image', 'social'],
  ['content-language', 'metadata'],
];

describe('the check catalogue', () => {
  it('lists every CHECKS.md check once, in catalogue order, in its category', () => {
    expect(CHECK_CATALOGUE.map(({ check, category }) => [check, category])).toEqual(CATALOGUE);
  });

  it('runs exactly the catalogue, in its order', () => {
    expect(ALL_CHECKS.map((check) => check.meta.id)).toEqual(CATALOGUE.map(([id]) => id));
  });

  it('has an implementation for every catalogue entry and an entry for every implementation', () => {
    expect(CHECKS.map((check) => check.meta.id).sort()).toEqual(
      CHECK_CATALOGUE.map((entry) => entry.check).sort(),
    );
    expect(new Set(CHECKS.map((check) => check.meta.id)).size).toBe(CHECKS.length);
  });

  it('has a title, a why and a how-to-fix for every check', () => {
    for (const { meta } of ALL_CHECKS) {
      expect(meta.title.trim(), meta.id).not.toBe('');
      expect(meta.why.trim(), meta.id).not.toBe('');
      expect(meta.howToFix.trim(), meta.id).not.toBe('');
    }
  });
});
