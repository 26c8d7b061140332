import { type Document, elementsByTag, isInside } from '../page/dom.ts';
import type { CheckOf, OutcomeOf } from './check.ts';
import { MAX_LISTED, plural } from './markup-helpers.ts';
import { baseOf, bothSides, lacking, notRendered } from './render-diff.ts';

/**
 * `rendered-links` (links): internal links (same site, `www.` ignored) that exist only after
 * script runs. Crawlers that do not run script cannot discover pages through them, and Google
 * finds them only after rendering. From MIN_SCRIPT_LINKS such links on it is a warning; one or
 * two (a login link, a widget) are listed as information. Links script removes are listed too,
 * without a verdict: crawlers that read the HTML still follow them.
 */

export const MIN_SCRIPT_LINKS = 3;

const siteHost = (host: string) => host.replace(/^www\./, '');

function internalLinksOf(doc: Document, pageUrl: URL): string[] {
  const base = baseOf(doc, pageUrl);
  const site = siteHost(pageUrl.hostname);
  const links = new Set<string>();
  for (const el of elementsByTag(doc, 'a')) {
    const href = el.attribs.href;
    if (href === undefined || isInside(doc, el, 'template')) continue;
    let url: URL;
    try {
      url = new URL(href.trim(), base);
    } catch {
      continue;
    }
    if (
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      siteHost(url.hostname) !== site
    ) {
      continue;
    }
    url.hash = '';
    links.add(url.href);
  }
  return [...links];
}

export const renderedLinks: CheckOf<'rendered-links'> = {
  meta: {
    id: 'rendered-links',
    title: 'Internal links with and without JavaScript',
    why: 'Crawlers discover pages by following links in the HTML. Links that script adds are invisible to crawlers that do not run JavaScript, and Google finds them only after rendering; put navigation and content links in the server HTML.',
    howToFix:
      'Render the internal links in the server HTML as <a href> elements, so crawlers that do not run JavaScript can follow them.',
  },
  run(page): OutcomeOf<'rendered-links'> {
    const sides = bothSides(page, (doc) => internalLinksOf(doc, page.url));
    if (sides === null) return notRendered(page, 'Internal links')!;
    const added = lacking(sides.rendered, sides.server);
    const removed = lacking(sides.server, sides.rendered);
    const details = {
      serverLinks: sides.server.length,
      renderedLinks: sides.rendered.length,
      scriptOnly: added.length,
      removedByScript: removed.length,
      scriptOnlySample: added.slice(0, MAX_LISTED),
      removedSample: removed.slice(0, MAX_LISTED),
    };
    if (added.length >= MIN_SCRIPT_LINKS) {
      return {
        severity: 'warning',
        message: `${plural(added.length, 'internal link')} only appear with JavaScript`,
        why: `The page after script links to ${plural(added.length, 'page')} of the site that the server HTML does not link to (${sides.server.length} internal links in the HTML, ${sides.rendered.length} after script). Crawlers that do not run script cannot find those pages from here. Render the links on the server.`,
        details,
      };
    }
    if (added.length > 0) {
      return {
        severity: 'success',
        message: `${plural(added.length, 'internal link')} only ${added.length === 1 ? 'appears' : 'appear'} with JavaScript`,
        why: 'A link or two that script adds (a login or account link, a widget) hardly matters for discovery; make sure navigation and content links are in the server HTML.',
        details,
      };
    }
    return {
      severity: 'success',
      message: 'Every internal link is in the server HTML',
      details,
    };
  },
};
