import { type MappedCheckId, readDetails } from '@crawlwise/shared/check-details';
import { describe, expect, it } from 'vitest';
import type { PageContext } from '../page/page-context.ts';
import { makePage } from '../page/test-artifacts.ts';
import { botAccess } from './bot-access.ts';
import { canonical } from './canonical.ts';
import type { CheckOf } from './check.ts';
import { CHECKS } from './index.ts';
import { jsRendering } from './js-rendering.ts';
import { metaDescription } from './meta-description.ts';
import { renderedCanonical } from './rendered-canonical.ts';
import { renderedH1 } from './rendered-h1.ts';
import { renderedHreflang } from './rendered-hreflang.ts';
import { renderedLinks } from './rendered-links.ts';
import { renderedMetaDescription } from './rendered-meta-description.ts';
import { renderedRobots } from './rendered-robots.ts';
import { renderedStructuredData } from './rendered-structured-data.ts';
import { renderedTitle } from './rendered-title.ts';
import { richResults } from './rich-results.ts';
import { robotsTxt } from './robots-txt.ts';
import { runCheck } from './run-checks.ts';
import { structuredData } from './structured-data.ts';
import { title } from './title.ts';
import { wordCount } from './word-count.ts';

/**
 * Every id of CheckDetailsMap bound to its check as CheckOf<id>: a mapped check declared as a
 * plain Check (free-form details), or an id added to the map without its check, fails to
 * typecheck here.
 */
const TYPED_CHECKS: { [Id in MappedCheckId]: CheckOf<Id> } = {
  canonical,
  title,
  'meta-description': metaDescription,
  'word-count': wordCount,
  'robots-txt': robotsTxt,
  'bot-access': botAccess,
  'structured-data': structuredData,
  'rich-results': richResults,
  'js-rendering': jsRendering,
  'rendered-title': renderedTitle,
  'rendered-meta-description': renderedMetaDescription,
  'rendered-canonical': renderedCanonical,
  'rendered-robots': renderedRobots,
  'rendered-h1': renderedH1,
  'rendered-hreflang': renderedHreflang,
  'rendered-structured-data': renderedStructuredData,
  'rendered-links': renderedLinks,
};

const ENTRIES = Object.entries(TYPED_CHECKS) as Array<[MappedCheckId, CheckOf<MappedCheckId>]>;

const head = [
  '<title>Oak tables</title>',
  '<meta name="description" content="Handmade oak tables">',
  '<link rel="canonical" href="https://example.com/">',
  '<link rel="alternate" hreflang="en" href="https://example.com/">',
  '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Oak"}</script>',
  '<script type="application/ld+json">{"@type":"Organization",}</script>',
].join('');
const body = '<h1>Oak</h1><p>Tables made by hand.</p><a href="/about">About</a>';
const html = (extraBody = '') =>
  `<html><head>${head}</head><body>${body}${extraBody}</body></html>`;
/** The page after script: another title, description and canonical, noindex, more JSON-LD. */
const changed = [
  '<html><head><title>Oak tables | Shop</title>',
  '<meta name="description" content="Oak tables, made to order">',
  '<link rel="canonical" href="https://example.com/shop">',
  '<meta name="robots" content="noindex">',
  '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article"}</script>',
  `</head><body><h1>Oak tables</h1><a href="/a">A</a><a href="/b">B</a><a href="/c">C</a>`,
  `${'<p>more words here</p>'.repeat(40)}</body></html>`,
].join('');

/** Pages that take the checks through their shapes: not rendered, same, changed by script. */
const PAGES: Record<string, () => PageContext> = {
  'not rendered, robots.txt unread': () => makePage({ html: html() }),
  'conflicting canonicals': () =>
    makePage({
      html: '<html><head><link rel="canonical" href="/a"><link rel="canonical" href="/b"></head></html>',
    }),
  'a canonical that does not resolve': () =>
    makePage({ html: '<html><head><link rel="canonical" href="http://[oak"></head></html>' }),
  'metadata outside the head': () =>
    makePage({
      html: '<html><head><iframe></iframe><title>Oak</title><meta name="description" content="Oak"></head><body><p>Oak</p></body></html>',
    }),
  'rendered the same': () =>
    makePage({ html: html(), render: { status: 'rendered', html: html() } }),
  'changed by script': () =>
    makePage({
      html: html(),
      render: {
        status: 'rendered',
        html: changed,
      },
      robots: {
        status: 'ok',
        allowedForGooglebot: true,
        bots: [
          { bot: 'Googlebot', kind: 'search', allowed: false, rule: 'Disallow: /' },
          { bot: 'GPTBot', kind: 'training', allowed: false, rule: 'Disallow: /' },
        ],
      },
    }),
};

describe('typed check details', () => {
  it('binds each mapped id to the check of that id, which runs', () => {
    const running = new Set(CHECKS.map((check) => check.meta.id));
    for (const [id, check] of ENTRIES) {
      expect(check.meta.id).toBe(id);
      expect(running.has(id)).toBe(true);
    }
  });

  // What a check writes must read back whole: a reader that dropped a key the check writes would
  // empty a panel as surely as a renamed key.
  for (const [name, page] of Object.entries(PAGES)) {
    it(`reads back every key the mapped checks write (${name})`, () => {
      const context = page();
      for (const [id, check] of ENTRIES) {
        const finding = runCheck(context, check);
        expect(finding.details.error, id).toBeUndefined();
        expect(readDetails(id, finding.details), id).toEqual(finding.details);
      }
    });
  }
});
