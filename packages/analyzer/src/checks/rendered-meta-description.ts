import { metaValues } from '../page/metadata.ts';
import type { CheckOf } from './check.ts';
import { attributeText } from './fix-snippets.ts';
import { valueOutcome } from './render-diff.ts';

/**
 * `rendered-meta-description` (metadata): does script change the meta description (the first
 * one in the real head)? A difference is a warning naming both values (render-diff.ts).
 */

export const renderedMetaDescription: CheckOf<'rendered-meta-description'> = {
  meta: {
    id: 'rendered-meta-description',
    title: 'Meta description with and without JavaScript',
    why: 'Crawlers that do not run JavaScript read the meta description in the server HTML; Google reads it after script runs. When script changes it, search snippets and link previews differ.',
    howToFix:
      'Put the final meta description in the server HTML, not in script, so every crawler reads the same description.',
    fixSnippet:
      'the <meta name="description"> to serve in the HTML: the one script sets, or the one of the server HTML that script removes.',
  },
  run: (page) =>
    valueOutcome(
      page,
      'Meta description',
      (doc) => metaValues(doc, 'description')[0] ?? null,
      (value) => `<meta name="description" content="${attributeText(value)}">`,
    ),
};
