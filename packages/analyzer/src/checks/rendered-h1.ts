import { type Document, elementsByTag, isInside } from '../page/dom.ts';
import { elementText, imageAltText } from '../page/element-text.ts';
import type { CheckOf, OutcomeOf } from './check.ts';
import { elementText as escapedText, withFix } from './fix-snippets.ts';
import { listPhrase, SHOWN_READ, truncate } from './markup-helpers.ts';
import { bothSides, listDiff, notRendered } from './render-diff.ts';

/**
 * `rendered-h1` (content): does script change the page's `<h1>` headings (their text, or the
 * alt text of a logo heading, as `headings` reads them)? Any difference is a warning naming
 * both: the main heading is a strong signal of the topic, and crawlers that do not run script
 * read the server one.
 */

function h1sOf(doc: Document): string[] {
  return elementsByTag(doc, 'h1')
    .filter((el) => !isInside(doc, el, 'template'))
    .map((el) =>
      truncate(
        elementText(doc, el, { max: SHOWN_READ }) || imageAltText(doc, el, { max: SHOWN_READ }),
      ),
    )
    .filter((text) => text !== '');
}

const quotedList = (texts: readonly string[]) => listPhrase(texts.map((t) => `"${t}"`));

export const renderedH1: CheckOf<'rendered-h1'> = {
  meta: {
    id: 'rendered-h1',
    title: 'Main heading with and without JavaScript',
    why: 'The <h1> names the topic of the page. Crawlers that do not run JavaScript read the one in the server HTML; when script adds or changes it, they see another page than Google does.',
    howToFix:
      "Render the page's main heading in the server HTML, so it does not depend on JavaScript.",
    fixSnippet:
      'the <h1> to serve in the HTML: the first one script sets (its text as shown, up to 120 characters), or the server one that script removes.',
  },
  run(page): OutcomeOf<'rendered-h1'> {
    const sides = bothSides(page, h1sOf);
    if (sides === null) return notRendered(page, 'Main heading')!;
    const diff = listDiff(sides.server, sides.rendered);
    const details = diff.details;
    if (diff.same) {
      return {
        severity: 'success',
        message: 'The main heading is the same with and without JavaScript',
        details,
      };
    }
    const serve = (texts: readonly string[], step: string) => {
      const fixSnippet = `<h1>${escapedText(texts[0]!)}</h1>`;
      return { howToFix: step.replace('{h1}', fixSnippet), fixSnippet };
    };
    if (sides.server.length === 0) {
      return withFix(
        {
          severity: 'warning',
          message: 'The main heading only appears with JavaScript',
          why: `The server HTML has no <h1>; script adds ${quotedList(sides.rendered)}. Crawlers that do not run script see a page without a main heading. Put the <h1> in the server HTML.`,
          details,
        },
        serve(sides.rendered, "Serve {h1} in the server HTML's main content, not from script."),
      );
    }
    if (sides.rendered.length === 0) {
      return withFix(
        {
          severity: 'warning',
          message: 'JavaScript removes the main heading',
          why: `The server HTML has ${quotedList(sides.server)}, the page after script no <h1>. Google reads the rendered page and finds no main heading. Keep the <h1> in the page.`,
          details,
        },
        serve(sides.server, 'Keep {h1} in the page: stop the script that removes it.'),
      );
    }
    return withFix(
      {
        severity: 'warning',
        message: 'JavaScript changes the main heading',
        why: `The server HTML has ${quotedList(sides.server)}, the page after script ${quotedList(sides.rendered)}. Google reads the second, crawlers that do not run script the first. Serve the final heading in the HTML.`,
        details,
      },
      serve(
        sides.rendered,
        'Serve {h1} in the server HTML in place of the current <h1>, so every crawler reads the heading Google reads.',
      ),
    );
  },
};
