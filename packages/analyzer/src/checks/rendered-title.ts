import { collapseWhitespace } from '../page/dom.ts';
import type { CheckOf } from './check.ts';
import { elementText } from './fix-snippets.ts';
import { documentTitle } from './markup-helpers.ts';
import { valueOutcome } from './render-diff.ts';

/**
 * `rendered-title` (metadata): does script change the `<title>`? A title set or changed by
 * JavaScript is a warning naming both values (render-diff.ts): Google indexes the rendered one,
 * crawlers that do not run script and link previews read the server one.
 */

const titleOf = (doc: Parameters<typeof documentTitle>[0]) => {
  const title = documentTitle(doc);
  return title === null ? null : collapseWhitespace(title);
};

export const renderedTitle: CheckOf<'rendered-title'> = {
  meta: {
    id: 'rendered-title',
    title: 'Title with and without JavaScript',
    why: 'Crawlers that do not run JavaScript read the title in the server HTML; Google reads the title after script runs. When script changes it, search engines and link previews show different titles.',
    howToFix:
      "Put the final title in the server HTML's <title>, so crawlers that do not run JavaScript read the same title as browsers.",
    fixSnippet:
      'the <title> to serve in the HTML: the one script sets, or the one of the server HTML that script removes.',
  },
  run: (page) =>
    valueOutcome(page, 'Title', titleOf, (value) => `<title>${elementText(value)}</title>`),
};
