import { describe, expect, it } from 'vitest';
import { CHECK_POINTS } from '../score/score-config.ts';
import { ALL_CHECKS } from './index.ts';

/** The catalogue of CHECKS.md, in its order. Ids are a public contract: never rename these. */
const CATALOGUE = [
  'http-status',
  'redirects',
  'https',
  'robots-meta',
  'robots-txt',
  'canonical',
  'js-rendering',
  'response-time',
  'page-weight',
  'title',
  'meta-description',
  'duplicate-metadata',
  'viewport',
  'lang',
  'hreflang',
  'open-graph',
  'twitter-card',
  'structured-data',
  'word-count',
  'headings',
  'image-alt',
  'link-text',
  'crawlable-anchors',
  // Issue 9
  'bot-access',
  'snippet-directives',
  'llms-txt',
  'rendered-title',
  'rendered-meta-description',
  'rendered-canonical',
  'rendered-robots',
  'rendered-h1',
  'rendered-hreflang',
  'rendered-structured-data',
  'rendered-links',
];

describe('ALL_CHECKS', () => {
  it('lists every catalogue check once, in catalogue order', () => {
    expect(ALL_CHECKS.map((check) => check.meta.id)).toEqual(CATALOGUE);
  });

  it('has a title and a why for every check', () => {
    for (const { meta } of ALL_CHECKS) {
      expect(meta.title.trim(), meta.id).not.toBe('');
      expect(meta.why.trim(), meta.id).not.toBe('');
    }
  });

  it('matches the score config: same checks, same order, same categories', () => {
    expect(ALL_CHECKS.map(({ meta }) => [meta.id, meta.category])).toEqual(
      CHECK_POINTS.map(({ check, category }) => [check, category]),
    );
  });
});
