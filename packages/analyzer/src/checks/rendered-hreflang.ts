import type { Document } from '../page/dom.ts';
import { linkLookup } from '../page/metadata.ts';
import type { CheckOf, OutcomeOf } from './check.ts';
import { plural, resolveUrl } from './markup-helpers.ts';
import { baseOf, bothSides, listDiff, notRendered } from './render-diff.ts';

/**
 * `rendered-hreflang` (metadata): does script change the set of hreflang alternates in the head
 * (language code and resolved URL)? Any difference is a warning naming what script added and
 * removed: crawlers that do not run script see a different set of language versions.
 */

function alternatesOf(doc: Document, pageUrl: URL): string[] {
  const base = baseOf(doc, pageUrl);
  return linkLookup(doc, 'alternate', 'hreflang').head.map(
    (el) =>
      `${el.attribs.hreflang!.trim().toLowerCase()} ${resolveUrl(el.attribs.href ?? '', base)}`,
  );
}

export const renderedHreflang: CheckOf<'rendered-hreflang'> = {
  meta: {
    id: 'rendered-hreflang',
    title: 'Hreflang alternates with and without JavaScript',
    why: 'Hreflang links tell search engines which pages are the other language versions of this one. Put them in the server HTML: crawlers that do not run JavaScript never see alternates that script adds.',
    howToFix:
      'List every hreflang alternate in the server HTML (or the HTTP Link header or the sitemap), not only after script.',
  },
  run(page): OutcomeOf<'rendered-hreflang'> {
    const sides = bothSides(page, (doc) => alternatesOf(doc, page.url));
    if (sides === null) return notRendered(page, 'Hreflang alternates')!;
    const diff = listDiff(sides.server, sides.rendered);
    const details = diff.details;
    if (diff.same) {
      return {
        severity: 'success',
        message:
          sides.server.length === 0
            ? 'No hreflang alternates, with or without JavaScript'
            : 'The hreflang alternates are the same with and without JavaScript',
        details,
      };
    }
    const changes = [
      diff.added.length > 0 ? `adds ${plural(diff.added.length, 'alternate')}` : '',
      diff.removed.length > 0 ? `removes ${plural(diff.removed.length, 'alternate')}` : '',
    ].filter(Boolean);
    return {
      severity: 'warning',
      message: `JavaScript changes the hreflang alternates (${changes.join(', ')})`,
      why: `The server HTML has ${plural(sides.server.length, 'hreflang alternate')}, the page after script ${sides.rendered.length}. Crawlers that do not run script read the first set, Google the second. Serve every alternate in the HTML.`,
      details,
    };
  },
};
