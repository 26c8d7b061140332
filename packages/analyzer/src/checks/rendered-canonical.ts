import { linkLookup } from '../page/metadata.ts';
import type { CheckOf, OutcomeOf } from './check.ts';
import { attributeText, withFix } from './fix-snippets.ts';
import { listPhrase, resolveUrl } from './markup-helpers.ts';
import { baseOf, bothSides, listDiff, notRendered } from './render-diff.ts';

/**
 * `rendered-canonical` (crawlability): does script change the canonical link in the head? Google
 * asks for the canonical in the HTML and, if script must set it, that script never change it
 * (Google Search Central, "JavaScript SEO basics": "make sure that you always set the canonical
 * URL to the same value as the original HTML"). So script that swaps, adds a second or removes
 * the server's canonical is critical: crawlers then disagree on the page's preferred address.
 * A canonical that only script sets is a warning: Google accepts it, crawlers that do not run
 * script see none. The Link header is the same for both and is not compared.
 */

const canonicalsOf = (doc: Parameters<typeof linkLookup>[0], pageUrl: URL) => {
  const base = baseOf(doc, pageUrl);
  return linkLookup(doc, 'canonical').head.map((el) => resolveUrl(el.attribs.href ?? '', base));
};

export const renderedCanonical: CheckOf<'rendered-canonical'> = {
  meta: {
    id: 'rendered-canonical',
    title: 'Canonical URL with and without JavaScript',
    why: 'The canonical link tells search engines the preferred address of the page. Set it in the server HTML and never change it with script: crawlers that do not run JavaScript read the server value, Google the rendered one.',
    howToFix:
      'Write the one canonical link in the server HTML and keep scripts from adding, changing or removing it.',
    fixSnippet:
      'the <link rel="canonical"> to serve in the HTML: the one script sets (the first, when script changes it), or the server one that script removes.',
  },
  run(page): OutcomeOf<'rendered-canonical'> {
    const sides = bothSides(page, (doc) => canonicalsOf(doc, page.url));
    if (sides === null) return notRendered(page, 'Canonical URL')!;
    const diff = listDiff(sides.server, sides.rendered);
    const details = diff.details;
    const server = listPhrase(sides.server);
    const rendered = listPhrase(sides.rendered);
    if (diff.same) {
      return {
        severity: 'success',
        message:
          sides.server.length === 0
            ? 'No canonical link, with or without JavaScript'
            : 'The canonical URL is the same with and without JavaScript',
        details,
      };
    }
    const link = (href: string) => `<link rel="canonical" href="${attributeText(href)}">`;
    if (sides.server.length === 0) {
      const fixSnippet = link(sides.rendered[0]!);
      return withFix(
        {
          severity: 'warning',
          message: 'The canonical URL is only set by JavaScript',
          why: `The server HTML has no canonical link; script adds ${rendered}. Google may take it after rendering, but crawlers that do not run script see none. Put the canonical link in the server HTML.`,
          details,
        },
        {
          howToFix: `Serve ${fixSnippet} in the server HTML's <head> and drop the script that adds it.`,
          fixSnippet,
        },
      );
    }
    if (sides.rendered.length === 0) {
      const fixSnippet = link(sides.server[0]!);
      return withFix(
        {
          severity: 'critical',
          message: 'JavaScript removes the canonical URL',
          why: `The server HTML declares ${server} as canonical, but script removes it, so Google (which reads the rendered page) and other crawlers disagree on the preferred address. Keep the canonical link and do not touch it with script.`,
          details,
        },
        {
          howToFix: `Keep ${fixSnippet} in the page: stop the script that removes it.`,
          fixSnippet,
        },
      );
    }
    const fixSnippet = link(sides.rendered[0]!);
    return withFix(
      {
        severity: 'critical',
        message: 'JavaScript changes the canonical URL',
        why: `The server HTML declares ${server}, the page after script ${rendered}. Crawlers that do not run script take the first, Google sees the second (or conflicting canonicals and ignores them). Serve the final canonical in the HTML and stop script from changing it.`,
        details,
      },
      {
        howToFix: `Serve one canonical in the server HTML — ${fixSnippet} if that is the address you mean, as script sets it — and stop script from changing it.`,
        fixSnippet,
      },
    );
  },
};
